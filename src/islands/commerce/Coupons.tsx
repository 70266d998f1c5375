import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  $couponCenter,
  claimCoupon,
  COUPON_TAB_LABELS,
  couponTabLabel,
  couponUseHref,
  createMyCoupons,
  loadCouponCenter,
  type ClaimableCoupon,
} from '~/lib/stores/coupon';
import { useSession } from '../chrome/useSession';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { CouponTicket } from './CouponTicket';
import { MemberOnly } from '../ui/MemberOnly';
import { ListState } from '../ui/states';

/** /coupon: the 领券中心 — every coupon open for claiming; guests are asked to log in to claim. */
export function CouponCenter() {
  const { ready, user } = useSession();
  const { list, error } = useStore($couponCenter);
  // Reload once the session is known, so "已领取" reflects the member.
  useEffect(() => {
    if (ready) void loadCouponCenter();
  }, [ready, user]);

  return (
    <ListState error={error} loading={!list} empty={list?.length === 0} emptyText="暂时没有可领取的优惠券">
      <div className="grid grid-cols-2 gap-4" data-testid="coupon-center">
        {list?.map((c) => (
          <Claimable key={c.id} c={c} />
        ))}
      </div>
    </ListState>
  );
}

function Claimable({ c }: { c: ClaimableCoupon }) {
  const claim = useAction();
  return (
    <CouponTicket c={c} muted={c.left <= 0}>
      <div className="flex shrink-0 flex-col items-end gap-1">
        {c.claimed ? (
          <a href={couponUseHref(c)} className="gf-btn-ghost h-8">
            已领取，去使用
          </a>
        ) : c.left <= 0 ? (
          <span className="text-sm text-ink-mute">已领完</span>
        ) : (
          <button
            type="button"
            className="gf-btn-primary h-8"
            disabled={claim.busy}
            onClick={() => void claim.run(() => claimCoupon(c), { done: '领取成功' })}
          >
            立即领取
          </button>
        )}
        <span className="text-xs text-ink-mute">剩余 {Math.max(0, c.left)} 张</span>
      </div>
    </CouponTicket>
  );
}

/** /my/wallet/coupon: the member's coupons by tab. */
export default function MyCoupons() {
  return (
    <MemberOnly>
      <Mine />
    </MemberOnly>
  );
}

function Mine() {
  const [mine] = useState(createMyCoupons);
  const { query: tab, data, error } = useStore(mine.$list);
  useEffect(() => {
    void mine.load();
  }, [mine]);

  return (
    <>
      <div className="mb-4 flex items-center justify-between border-b border-line pb-4">
        <h1 className="text-lg font-600">优惠券</h1>
        <a href="/coupon" className="gf-btn-primary">
          <span className="i-ri-coupon-3-line" />
          去领券中心
        </a>
      </div>
      <div role="tablist" className="mb-4 flex gap-6">
        {COUPON_TAB_LABELS.map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            onClick={() => void mine.setQuery(k)}
            className={`pb-1 text-[15px] ${tab === k ? 'border-b-2 border-brand-accent text-brand' : 'text-ink-soft hover:text-brand'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText={`暂无${couponTabLabel(tab)}的优惠券`}
        {...(tab === 'unused' ? { emptyAction: ['去领券中心', '/coupon'] as [string, string] } : {})}
      >
        <div className="grid grid-cols-2 gap-4" data-testid="my-coupons">
          {data?.list.map((c) => (
            <CouponTicket key={c.id} c={c} muted={tab !== 'unused'}>
              {tab === 'unused' ? (
                <a href={couponUseHref(c)} className="gf-btn-ghost h-8 shrink-0">
                  去使用
                </a>
              ) : (
                <span className="shrink-0 text-sm text-ink-mute">{tab === 'used' ? '已使用' : '已过期'}</span>
              )}
            </CouponTicket>
          ))}
        </div>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void mine.setPage(p)} />}
    </>
  );
}
