import { useCallback, useEffect, useState } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { openLogin } from '~/lib/stores/ui';
import { T } from '~/lib/texts';
import { toast } from '~/lib/toast';
import { MemberOnly } from '../account/parts';
import { useSession } from '../chrome/useSession';
import { PagerButtons } from '../ui/PagerButtons';
import { CouponTicket, ListState, type Coupon, type Page } from './parts';

type Claimable = Coupon & { left: number; claimed: number };
const TABS = [
  ['unused', '未使用'],
  ['used', '已使用'],
  ['expired', '已过期'],
] as const;
const USE_HREF: Record<string, string> = {
  course: '/train/course',
  class: '/train/class',
  goods: '/shop',
  shop: '/shop',
  all: '/train/course',
};

/** /coupon: the 领券中心 — every coupon open for claiming; guests are asked to log in to claim. */
export function CouponCenter() {
  const { ready, user } = useSession();
  const [list, setList] = useState<Claimable[] | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    untypedApi<Claimable[]>('/public/couponCenter')
      .then(setList)
      .catch((err) => setError(errorText(err)));
  }, []);
  // Reload once the session is known, so "已领取" reflects the member.
  useEffect(() => {
    if (ready) load();
  }, [ready, user, load]);

  async function claim(c: Claimable) {
    if (!user) {
      toast.warning(T.loginFirst);
      return openLogin();
    }
    try {
      await untypedApi('/member/couponClaim', { id: c.id });
      toast.success('领取成功');
      load();
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  return (
    <ListState error={error} loading={!list} empty={list?.length === 0} emptyText="暂时没有可领取的优惠券">
      <div className="grid grid-cols-2 gap-4" data-testid="coupon-center">
        {list?.map((c) => (
          <CouponTicket key={c.id} c={c} muted={c.left <= 0}>
            <div className="flex shrink-0 flex-col items-end gap-1">
              {c.claimed ? (
                <a href={USE_HREF[c.scope] ?? '/'} className="gf-btn-ghost h-8">
                  已领取，去使用
                </a>
              ) : c.left <= 0 ? (
                <span className="text-sm text-ink-mute">已领完</span>
              ) : (
                <button type="button" className="gf-btn-primary h-8" onClick={() => claim(c)}>
                  立即领取
                </button>
              )}
              <span className="text-xs text-ink-mute">剩余 {Math.max(0, c.left)} 张</span>
            </div>
          </CouponTicket>
        ))}
      </div>
    </ListState>
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
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('unused');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<Coupon & { template_id: number }> | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    untypedApi<Page<Coupon & { template_id: number }>>('/member/couponList', { status: tab, page, limit: 10 })
      .then(setData)
      .catch((err) => setError(errorText(err)));
  }, [tab, page]);

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
        {TABS.map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            onClick={() => (setTab(k), setPage(1), setData(null))}
            className={`pb-1 text-[15px] ${tab === k ? 'border-b-2 border-brand text-brand' : 'text-ink-soft hover:text-brand'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText={`暂无${TABS.find(([k]) => k === tab)![1]}的优惠券`}
        {...(tab === 'unused' ? { emptyAction: ['去领券中心', '/coupon'] as [string, string] } : {})}
      >
        <div className="grid grid-cols-2 gap-4" data-testid="my-coupons">
          {data?.list.map((c) => (
            <CouponTicket key={c.id} c={c} muted={tab !== 'unused'}>
              {tab === 'unused' ? (
                <a href={USE_HREF[c.scope] ?? '/'} className="gf-btn-ghost h-8 shrink-0">
                  去使用
                </a>
              ) : (
                <span className="shrink-0 text-sm text-ink-mute">{tab === 'used' ? '已使用' : '已过期'}</span>
              )}
            </CouponTicket>
          ))}
        </div>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={setPage} />}
    </>
  );
}
