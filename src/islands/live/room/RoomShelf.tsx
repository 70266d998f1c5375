import { useStore } from '@nanostores/react';
import { priceText } from '~/lib/format';
import { img } from '~/lib/media';
import type { LiveRoomStore } from '~/lib/stores/live-room';

/** 直播货架: what the anchor sells, each with its buy button into the product's own page. */
export default function RoomShelf(props: { store: LiveRoomStore }) {
  const room = useStore(props.store.$room);
  if (room.shelf.length === 0) return null;
  return (
    <section className="gf-card mt-3 p-4" aria-label="直播货架" data-testid="live-shelf">
      <h2 className="mb-3 text-[15px] font-600">直播货架</h2>
      <ul className="grid grid-cols-4 gap-3">
        {room.shelf.map((x) => (
          <li key={`${x.type}:${x.id}`} className="overflow-hidden rounded-md border border-line">
            <img src={img(x.cover)} alt="" className="aspect-video w-full object-cover" loading="lazy" />
            <div className="p-2">
              <p className="truncate text-sm" title={x.title}>
                <span className="mr-1 rounded bg-page px-1 text-xs text-ink-mute">{x.type === 'goods' ? '商品' : '课程'}</span>
                {x.title}
              </p>
              <div className="mt-1 flex items-center">
                <span className="text-sm font-600 text-price">{priceText(x.price)}</span>
                <a
                  href={x.link}
                  className="gf-btn-primary ml-auto h-7 px-2.5 text-xs"
                  target="_blank"
                  rel="noopener"
                  data-testid="shelf-buy"
                >
                  去购买
                </a>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
