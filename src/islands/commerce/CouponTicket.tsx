import type { ReactNode } from 'react';
import { formatDate } from '~/lib/format';
import type { CouponView } from '~/lib/api/contract/coupon';

/* The coupon ticket of the buyer's pages, desktop and mobile (领券中心, checkout, 我的优惠券). */

/** What a coupon ticket shows (a template, or a held coupon with its own end date). */
export type Coupon = CouponView;

/** A coupon as a ticket: amount on the left, rules on the right, an action slot (`compact`: a phone's narrower stub). */
export function CouponTicket(props: {
  c: Coupon;
  muted?: boolean;
  children?: ReactNode;
  selected?: boolean;
  onClick?: () => void;
  compact?: boolean;
}) {
  const { c } = props;
  const until = c.valid_to ?? c.ends_at;
  const Tag = props.onClick ? 'button' : 'div';
  return (
    <Tag
      {...(props.onClick ? { type: 'button' as const, onClick: props.onClick, 'aria-pressed': props.selected } : {})}
      className={`flex w-full overflow-hidden rounded-lg border text-left ${props.selected ? 'border-brand-accent ring-2 ring-brand-accent/30' : 'border-line'} ${props.muted ? 'opacity-55' : ''}`}
      data-testid="coupon"
    >
      <div
        className={`flex ${props.compact ? 'w-22' : 'w-28'} shrink-0 flex-col items-center justify-center py-4 text-white ${props.muted ? 'bg-coupon-off' : 'bg-gradient-to-br from-coupon-from to-coupon-to'}`}
      >
        <span className={`${props.compact ? 'text-xl' : 'text-2xl'} font-700`}>¥{c.amount / 100}</span>
        <span className="text-xs">满{c.threshold / 100}可用</span>
      </div>
      <div className={`flex min-w-0 flex-1 items-center ${props.compact ? 'gap-2 px-3' : 'gap-3 px-4'} py-3`}>
        <div className="min-w-0 flex-1">
          <p className="truncate text-[15px] font-600 text-ink">{c.title}</p>
          <p className="mt-1 text-xs text-ink-soft">{c.scope_text}</p>
          <p className="mt-1 text-xs text-ink-mute">
            {c.valid_to
              ? `有效期至 ${formatDate(until)}`
              : c.valid_days
                ? `领取后 ${c.valid_days} 天内有效`
                : `${formatDate(until)} 前有效`}
          </p>
        </div>
        {props.children}
      </div>
    </Tag>
  );
}
