import { useState } from 'react';
import type { VipPlan, VipStatus } from '~/lib/api/contract/vip';
import { formatDate, formatDateTime, priceText } from '~/lib/format';
import { vipDaysLeft } from '~/lib/rules/vip';
import { buyVipPlan, loadVip, loadVipHistory, perMonthText, vipPayHref } from '~/lib/stores/vip';
import { PagerButtons } from '../ui/PagerButtons';
import { Empty, Loading, LoadFailed } from '../ui/states';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

const HISTORY_LIMIT = 10;

/**
 * /my/vip and /m/my/vip (`phone`): the membership card (active until, days left, or lapsed), the plans
 * to buy or renew with — paid in the one pay step of every order — the benefits, and what each paid
 * order added. Only for a logged-in member (the pages wrap it in their login gate).
 */
export default function VipCenter(props: { phone?: boolean }) {
  const phone = props.phone ?? false;
  const q = useLoad(loadVip);
  if (q.error && !q.data) return <LoadFailed load={q} back={['返回我的', phone ? '/m/my' : '/my']} />;
  if (!q.data) return <Loading />;
  const s = q.data;
  return (
    <div className={phone ? 'flex flex-col gap-3 p-3' : 'flex flex-col gap-5'} data-testid="vip-center">
      <MemberCard s={s} phone={phone} />
      {s.unpaid_order_id > 0 && (
        <p className="flex items-center justify-between rounded-lg bg-warning-note px-4 py-3 text-sm text-warning-ink">
          你有一笔待支付的会员订单
          <a className="font-600 text-brand" href={vipPayHref(s.unpaid_order_id, phone)}>
            去支付
          </a>
        </p>
      )}
      <Plans plans={s.plans} active={s.active === 1} phone={phone} />
      <Benefits phone={phone} />
      <History phone={phone} />
    </div>
  );
}

function MemberCard(props: { s: VipStatus; phone: boolean }) {
  const { s } = props;
  const left = vipDaysLeft(s.ends_at);
  return (
    <section
      className={`rounded-lg border border-vip-edge bg-vip-light ${props.phone ? 'p-4' : 'p-6'} flex items-center gap-4`}
      data-testid="vip-card"
    >
      <span className="i-ri-vip-crown-2-fill text-4xl text-vip" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        {s.active === 1 && s.ends_at ? (
          <>
            <p className="text-lg font-700 text-vip" data-testid="vip-state">
              VIP会员
            </p>
            <p className="mt-1 text-sm text-ink-soft">
              有效期至 {formatDateTime(s.ends_at)}，剩余 {left} 天
            </p>
          </>
        ) : s.ends_at ? (
          <>
            <p className="text-lg font-700 text-ink" data-testid="vip-state">
              会员已过期
            </p>
            <p className="mt-1 text-sm text-ink-soft">已于 {formatDateTime(s.ends_at)} 到期，续费后立即恢复会员权益</p>
          </>
        ) : (
          <>
            <p className="text-lg font-700 text-ink" data-testid="vip-state">
              尚未开通VIP会员
            </p>
            <p className="mt-1 text-sm text-ink-soft">开通后VIP免费课程随心学，商品享会员价</p>
          </>
        )}
      </div>
    </section>
  );
}

function Plans(props: { plans: VipPlan[]; active: boolean; phone: boolean }) {
  const buy = useAction();
  const [chosen, setChosen] = useState(0);
  if (!props.plans.length) {
    return (
      <section className="gf-card p-5">
        <Empty icon="i-ri-vip-crown-line" text="暂无在售的会员套餐，平台开售后可在此开通" />
      </section>
    );
  }
  return (
    <section className={`gf-card ${props.phone ? 'p-4' : 'p-6'}`} aria-label="会员套餐">
      <h2 className="mb-4 text-base font-600 text-ink">{props.active ? '续费会员' : '开通会员'}</h2>
      <div className={props.phone ? 'flex flex-col gap-3' : 'grid grid-cols-2 gap-4'}>
        {props.plans.map((p) => (
          <div key={p.id} className="flex items-center gap-4 rounded-lg border border-line p-4" data-testid="vip-plan">
            <div className="min-w-0 flex-1">
              <p className="font-600 text-ink">{p.name}</p>
              <p className="mt-1 text-xs text-ink-mute">
                {p.days} 天 · {perMonthText(p.price, p.days)}
              </p>
            </div>
            <span className="text-xl font-700 text-price" data-testid="vip-plan-price">
              {priceText(p.price)}
            </span>
            <button
              type="button"
              className="gf-btn-primary"
              disabled={buy.busy}
              onClick={() => {
                setChosen(p.id);
                void buy.run(async () => location.assign(await buyVipPlan(p.id, props.phone)));
              }}
            >
              {buy.busy && chosen === p.id ? '请稍候…' : props.active ? '续费' : '立即开通'}
            </button>
          </div>
        ))}
      </div>
      <p className="mt-3 text-xs text-ink-mute">
        会员期从当前到期时间起顺延（已过期则从支付时起算）；支持功夫币与在线支付。会员服务开通后即时生效，不支持退款。
      </p>
    </section>
  );
}

function Benefits(props: { phone: boolean }) {
  const items: [string, string, string][] = [
    ['i-ri-play-circle-line', 'VIP免费课程', '标有「VIP免费」的课程，会员期内全部课时免费观看'],
    ['i-ri-price-tag-3-line', '商品会员价', '设有会员价的商品，结算时自动按会员价计算'],
    ['i-ri-notification-3-line', '到期提醒', '到期前 3 天发送续费提醒，到期后权益自动停止'],
  ];
  return (
    <section className={`gf-card ${props.phone ? 'p-4' : 'p-6'}`} aria-label="会员权益">
      <h2 className="mb-4 text-base font-600 text-ink">会员权益</h2>
      <ul className={props.phone ? 'flex flex-col gap-3' : 'grid grid-cols-3 gap-4'}>
        {items.map(([icon, title, text]) => (
          <li key={title} className="flex gap-3">
            <span className={`${icon} mt-0.5 shrink-0 text-2xl text-vip`} aria-hidden="true" />
            <span>
              <span className="block text-sm font-600 text-ink">{title}</span>
              <span className="block text-xs text-ink-mute">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function History(props: { phone: boolean }) {
  const [page, setPage] = useState(1);
  const q = useLoad(() => loadVipHistory(page, HISTORY_LIMIT), page);
  return (
    <section className={`gf-card ${props.phone ? 'p-4' : 'p-6'}`} aria-label="开通记录">
      <h2 className="mb-4 text-base font-600 text-ink">开通记录</h2>
      {q.error && !q.data ? (
        <LoadFailed load={q} />
      ) : !q.data ? (
        <Loading />
      ) : q.data.list.length === 0 ? (
        <Empty icon="i-ri-file-list-3-line" text="还没有开通记录" />
      ) : (
        <>
          <ul className="divide-y divide-line text-sm">
            {q.data.list.map((g) => (
              <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="vip-grant">
                <span className="font-600 text-ink">
                  {g.plan} · {g.days} 天
                </span>
                <span className="text-ink-soft">
                  {formatDate(g.starts_at)} 至 {formatDate(g.ends_at)}
                </span>
                <a
                  className="text-xs text-ink-mute hover:text-brand"
                  href={props.phone ? `/m/my/order?id=${g.order_id}` : `/order/detail?id=${g.order_id}`}
                >
                  订单详情
                </a>
              </li>
            ))}
          </ul>
          <PagerButtons page={page} total={q.data.total} limit={HISTORY_LIMIT} onPage={setPage} />
        </>
      )}
    </section>
  );
}
