import type { ReactNode } from 'react';
import { img } from '~/lib/media';
import { money } from '~/lib/format';
import { itemHref, type OrderItem } from '~/lib/stores/orders';

/** What an item row shows of an order line (or of a line about to be ordered). */
export type ItemLine = Pick<OrderItem, 'goods_id' | 'course_id' | 'class_id' | 'title' | 'specs' | 'cover' | 'price' | 'num'>;

/** One bought line: cover, title, specs, unit price × quantity (or `quantity`, e.g. a stepper). */
export function ItemRow(props: { it: ItemLine; right?: ReactNode; quantity?: ReactNode }) {
  const it = props.it;
  return (
    <div className="flex items-center gap-4 py-3">
      <a href={itemHref(it)} className="shrink-0">
        <img src={img(it.cover)} width={80} height={60} alt="" className="h-[60px] w-[80px] rounded object-cover" loading="lazy" />
      </a>
      <div className="min-w-0 flex-1">
        <a href={itemHref(it)} className="block truncate text-sm text-ink hover:text-brand">
          {it.title}
        </a>
        {it.specs && <p className="mt-1 truncate text-xs text-ink-mute">{it.specs}</p>}
      </div>
      <span className="w-28 text-right text-sm text-ink-soft">{money(it.price)}</span>
      {props.quantity ?? <span className="w-16 text-right text-sm text-ink-soft">×{it.num}</span>}
      {props.right}
    </div>
  );
}
