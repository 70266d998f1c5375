import { useState } from 'react';
import { formatDateTime } from '~/lib/format';
import { fenText } from '~/lib/rules/bank';
import { absolute, fetchPromotionLinks, fetchPromotionOrders, fetchPromotionSummary } from '~/lib/stores/promotion';
import { copyLink } from '~/lib/stores/share';
import { MemberOnly } from '../ui/MemberOnly';
import { PagerButtons } from '../ui/PagerButtons';
import { LoadedList, LoadFailed } from '../ui/states';
import { useLoad } from '../ui/useLoad';

const KIND_TEXT = { course: '课程', class: '班级', goods: '商品' } as const;
const PAGE = 10;

/**
 * 推广中心 (/my/promotion, and /m/my/promotion with `phone`): the commission account, what the
 * member's links brought (clicks, orders and each order's commission), and the way to withdraw
 * (the seller withdrawal pages on the member's commission account).
 */
export default function PromotionCenter(props: { phone?: boolean }) {
  return (
    <MemberOnly>
      <Center phone={props.phone ?? false} />
    </MemberOnly>
  );
}

function Center({ phone }: { phone: boolean }) {
  const summary = useLoad(fetchPromotionSummary);
  const [tab, setTab] = useState<'orders' | 'links'>('orders');
  const [ordersPage, setOrdersPage] = useState(1);
  const [linksPage, setLinksPage] = useState(1);
  const orders = useLoad(() => fetchPromotionOrders(ordersPage, PAGE), ordersPage);
  const links = useLoad(() => fetchPromotionLinks(linksPage, PAGE), linksPage);
  // The withdrawal pages are the desktop's (bank cards need the full form); a phone opens them in 电脑版.
  const finance = phone ? '/my/promotion/finance?view=pc' : '/my/promotion/finance';

  if (summary.error && !summary.data) return <LoadFailed load={summary} />;
  const s = summary.data;
  const figures: [string, number, string][] = s
    ? [
        ['待结算佣金', s.pending, 'pending'],
        ['已结算佣金', s.settled, 'settled'],
        ['已退回佣金', s.reversed, 'reversed'],
      ]
    : [];
  return (
    <div data-testid="promotion-center" className={phone ? 'px-3 pb-6 pt-3' : ''}>
      {!phone && <h1 className="mb-5 border-b border-line pb-4 text-lg font-600">推广中心</h1>}
      <section className="rounded-lg bg-gradient-to-r from-warning-note to-white p-5">
        <div className={`flex ${phone ? 'flex-col gap-3' : 'items-end justify-between'}`}>
          <div>
            <p className="text-sm text-ink-soft">可提现佣金</p>
            <p className="mt-1 text-3xl font-700 text-price" data-testid="promotion-balance">
              {s ? fenText(s.balance) : '—'}
            </p>
            {s && (s.frozen > 0 || s.withdrawn > 0) && (
              <p className="mt-1 text-xs text-ink-mute">
                提现中 {fenText(s.frozen)} · 已提现 {fenText(s.withdrawn)}
              </p>
            )}
          </div>
          <a href={finance} className={phone ? 'gf-m-btn-primary w-full text-center' : 'gf-btn-primary h-9 px-6'}>
            提现与明细
          </a>
        </div>
        <ul className="mt-4 grid grid-cols-3 gap-3 text-center" aria-label="佣金">
          {figures.map(([label, fen, id]) => (
            <li key={id} className="rounded-lg bg-white py-3">
              <p className="text-lg font-600 text-ink" data-testid={`promotion-${id}`}>
                {fenText(fen)}
              </p>
              <p className="mt-1 text-xs text-ink-soft">{label}</p>
            </li>
          ))}
        </ul>
        {s && (
          <p className="mt-3 text-xs text-ink-soft">
            累计点击 <strong className="text-ink">{s.clicks}</strong> 次 · 推广订单 <strong className="text-ink">{s.orders}</strong> 笔
          </p>
        )}
      </section>
      {s && <p className="mt-3 text-xs leading-5 text-ink-mute">{s.rule} 在课程、班级或商品页点「分享赚」即可获得你的专属链接和海报。</p>}

      <div role="tablist" className="mt-5 flex gap-6 border-b border-line text-sm">
        {(
          [
            ['orders', '推广订单'],
            ['links', '我的分享'],
          ] as const
        ).map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`-mb-px border-b-2 pb-2 ${tab === k ? 'border-brand text-brand' : 'border-transparent text-ink-soft'}`}
            onClick={() => setTab(k)}
          >
            {label}
          </button>
        ))}
      </div>

      {tab === 'orders' ? (
        <LoadedList q={orders} empty="还没有推广订单：在课程、班级或商品页点「分享赚」，把链接发给好友吧">
          {(d) => (
            <>
              <ul className="divide-y divide-line" data-testid="promotion-orders">
                {d.list.map((o) => (
                  <li key={o.order_no} className="flex items-start justify-between gap-3 py-3 text-sm">
                    <div className="min-w-0">
                      <p className="truncate text-ink">{o.title}</p>
                      <p className="mt-1 text-xs text-ink-mute">
                        {o.buyer} · 实付 {fenText(o.pay_amount)} · {formatDateTime(o.created_at)}
                      </p>
                    </div>
                    <div className="shrink-0 text-right">
                      <p className={`font-600 ${o.status === 'settled' ? 'text-price' : 'text-ink'}`}>{fenText(o.commission)}</p>
                      <p className="mt-1 text-xs text-ink-soft">{o.status_text}</p>
                    </div>
                  </li>
                ))}
              </ul>
              <PagerButtons page={ordersPage} total={d.total} limit={PAGE} onPage={setOrdersPage} />
            </>
          )}
        </LoadedList>
      ) : (
        <LoadedList q={links} empty="还没有人通过你的链接访问">
          {(d) => (
            <>
              <ul className="divide-y divide-line" data-testid="promotion-links">
                {d.list.map((l) => (
                  <li key={`${l.kind}:${l.item_id}`} className="flex items-center justify-between gap-3 py-3 text-sm">
                    <div className="min-w-0">
                      <p className="truncate text-ink">
                        <span className="mr-1 rounded bg-surface-soft px-1.5 text-xs text-ink-soft">{KIND_TEXT[l.kind]}</span>
                        {l.title}
                      </p>
                      <p className="mt-1 text-xs text-ink-mute">
                        {l.clicks} 次点击 · 最近 {formatDateTime(l.last_at)}
                      </p>
                    </div>
                    <button type="button" className="gf-link shrink-0 text-xs" onClick={() => void copyLink(absolute(l.url))}>
                      复制链接
                    </button>
                  </li>
                ))}
              </ul>
              <PagerButtons page={linksPage} total={d.total} limit={PAGE} onPage={setLinksPage} />
            </>
          )}
        </LoadedList>
      )}
    </div>
  );
}
