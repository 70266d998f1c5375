import { formatDateTime, priceText } from '~/lib/format';
import { REASON_LIMITS } from '~/lib/rules/growth-console';
import type { QueueColumn } from '../StatusQueue';

/*
 * What 秒杀监管 and 拼团监管 (StatusQueue configs) show alike: the seller, both prices, the window,
 * the state chip, and the reason the seller is told.
 */

/** The seller: its name and whether it is a coach or a shop. */
export function sellerColumn<T extends { seller_name: string; seller_type: 'coach' | 'shop' }>(): QueueColumn<T> {
  return {
    head: '卖家',
    cell: (r) => (
      <>
        {r.seller_name || '—'}
        <span className="ml-1 text-xs text-ink-mute">{r.seller_type === 'coach' ? '教练' : '店铺'}</span>
      </>
    ),
  };
}

/** The offer price beside the list price, struck through. */
export function pricesColumn<T>(head: string, prices: (row: T) => readonly [offer: number, list: number]): QueueColumn<T> {
  return {
    head,
    className: 'whitespace-nowrap',
    cell: (r) => {
      const [offer, list] = prices(r);
      return (
        <>
          <span className="text-price">{priceText(offer)}</span>
          <span className="ml-1 text-xs text-ink-mute line-through">{priceText(list)}</span>
        </>
      );
    },
  };
}

/** 活动时间: from and until. */
export function windowColumn<T extends { starts_at: string; ends_at: string }>(): QueueColumn<T> {
  return {
    head: '活动时间',
    className: 'whitespace-nowrap text-xs text-ink-soft',
    cell: (r) => (
      <>
        {formatDateTime(r.starts_at)}
        <br />至 {formatDateTime(r.ends_at)}
      </>
    ),
  };
}

const CHIP = {
  running: 'bg-success-pale text-success-strong',
  upcoming: 'bg-page text-ink-soft',
  ended: 'bg-page text-ink-mute',
  cancelled: 'bg-danger-pale text-danger-strong',
  stopped: 'bg-danger-pale text-danger-strong',
} as const;

/** 状态 as a chip: green while running, red once cancelled or stopped. */
export function stateColumn<T, S extends keyof typeof CHIP>(state: (row: T) => S, text: Record<S, string>): QueueColumn<T> {
  return {
    head: '状态',
    cell: (r) => <span className={`rounded px-2 py-0.5 text-xs ${CHIP[state(r)]}`}>{text[state(r)]}</span>,
  };
}

/** The reason field's hint: the seller reads it. */
export const REASON_PLACEHOLDER = `将通知卖家，${REASON_LIMITS.min}–${REASON_LIMITS.max} 字`;
