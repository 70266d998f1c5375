import type { FlashCard } from '~/lib/api/contract/flash';
import { money } from '~/lib/format';
import { img } from '~/lib/media';
import { flashDiscount } from '~/lib/rules/flash';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { FlashBadge } from './FlashPanel';

/** Where a card leads: the item's own page, where the flash price and 立即抢购 are shown. */
export function itemHref(c: FlashCard, phone: boolean): string {
  if (c.kind === 'course') return `${phone ? MOBILE_PATHS.courseDetail : '/train/courseDetail'}?id=${c.course_id ?? 0}`;
  return `${phone ? MOBILE_PATHS.goodsDetail : '/shop/goodsDetail'}?id=${c.goods_id ?? 0}`;
}

/**
 * 限时秒杀 cards (/flash, /m/flash and the home pages): cover, both prices, how much is gone and the
 * countdown; one island for the whole list so the clocks tick together.
 */
export default function FlashCards(props: { list: FlashCard[]; media: string; phone?: boolean }) {
  const phone = props.phone ?? false;
  return (
    <ul className={phone ? 'divide-y divide-line bg-white' : 'grid grid-cols-4 gap-5'} data-testid="flash-cards">
      {props.list.map((c) => {
        const gone = c.stock ? Math.round(((c.stock - c.left) * 100) / c.stock) : 100;
        return (
          <li key={c.id} className={phone ? '' : 'gf-card overflow-hidden'}>
            <a href={itemHref(c, phone)} className={phone ? 'flex gap-3 p-3' : 'block'}>
              <img
                src={img(c.cover, props.media)}
                alt=""
                loading="lazy"
                width={phone ? 112 : 280}
                height={phone ? 112 : 180}
                className={phone ? 'h-28 w-28 shrink-0 rounded object-cover' : 'h-[180px] w-full object-cover'}
              />
              <div className={phone ? 'min-w-0 flex-1' : 'p-4'}>
                <p className="truncate font-600 text-ink">{c.title}</p>
                <p className="truncate text-xs text-ink-mute">{c.kind === 'course' ? '课程' : c.specs || '商品'}</p>
                <p className="mt-1">
                  <span className="text-lg font-700 text-price">{money(c.price)}</span>
                  <span className="ml-2 text-xs text-ink-mute line-through">{money(c.list_price)}</span>
                  <span className="ml-2 text-xs text-price">{flashDiscount(c.price, c.list_price)}</span>
                </p>
                <div className="mt-1 flex items-center gap-2 text-xs text-ink-mute">
                  <span className="h-1.5 flex-1 overflow-hidden rounded bg-line">
                    <span className="block h-full bg-price" style={{ width: `${gone}%` }} />
                  </span>
                  <span>{c.left > 0 ? `剩 ${c.left}` : '已抢光'}</span>
                </div>
                <div className="mt-1">
                  <FlashBadge sale={c} />
                </div>
              </div>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
