import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { toMobileHref } from '~/lib/rules/mobile-redirect';
import { $couponCenter, claimCoupon, couponUseHref, loadCouponCenter, type ClaimableCoupon } from '~/lib/stores/coupon';
import { useSession } from '~/islands/chrome/useSession';
import { useAction } from '~/islands/ui/useAction';
import { CouponTicket } from '~/islands/commerce/CouponTicket';

/**
 * /m/coupon: the 领券中心 on the phone — every coupon open for claiming with its state (立即领取,
 * 已领取 去使用, 已领完); a guest who claims is sent to log in (coupon store, as on the desktop).
 */
export default function CouponCenter() {
  const { ready, user } = useSession();
  const { list, error } = useStore($couponCenter);
  // Reload once the session is known, so 已领取 reflects the member.
  useEffect(() => {
    if (ready) void loadCouponCenter();
  }, [ready, user]);

  if (error && !list)
    return (
      <div className="py-16 text-center">
        <p role="alert" className="text-danger">
          {error}
        </p>
        <button type="button" className="gf-m-btn-ghost mt-4" onClick={() => void loadCouponCenter()}>
          重试
        </button>
      </div>
    );
  if (!list) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  if (list.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 py-20 text-ink-mute" data-testid="empty-state">
        <span className="i-ri-coupon-3-line text-6xl text-placeholder" aria-hidden="true" />
        <p>暂时没有可领取的优惠券</p>
      </div>
    );
  return (
    <div className="flex flex-col gap-3 px-3" data-testid="coupon-center">
      {list.map((c) => (
        <Claimable key={c.id} c={c} />
      ))}
    </div>
  );
}

function Claimable({ c }: { c: ClaimableCoupon }) {
  const claim = useAction();
  return (
    <div className="overflow-hidden rounded-lg bg-white">
      <CouponTicket c={c} muted={c.left <= 0 && !c.claimed} compact>
        <div className="flex shrink-0 flex-col items-end gap-1">
          {c.claimed ? (
            <a
              href={toMobileHref(couponUseHref(c))}
              className="flex min-h-9 items-center rounded-full border border-brand-accent px-3 text-xs text-brand"
            >
              去使用
            </a>
          ) : c.left <= 0 ? (
            <span className="text-sm text-ink-mute">已领完</span>
          ) : (
            <button
              type="button"
              className="min-h-9 rounded-full bg-brand px-3 text-xs text-white disabled:opacity-60"
              disabled={claim.busy}
              onClick={() => void claim.run(() => claimCoupon(c), { done: '领取成功' })}
            >
              立即领取
            </button>
          )}
          <span className="whitespace-nowrap text-[11px] text-ink-mute">{c.claimed ? '已领取' : `剩余 ${Math.max(0, c.left)} 张`}</span>
        </div>
      </CouponTicket>
    </div>
  );
}
