import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime } from '~/lib/format';
import { fenText } from '~/lib/rules/bank';
import { COMMISSION_STATE_TEXT, createOrderList, type OrderKindFilter } from '~/lib/stores/provider';
import { PagerButtons } from '../ui/PagerButtons';
import { ProviderOnly } from './ProviderOnly';
import { PageHead } from '../ui/PageHead';
import { ListState } from '../ui/states';

/** /my/service_identity/order: orders of the team's courses and classes, with the provider's commission. */
export default function TeamOrders() {
  return (
    <ProviderOnly>
      <Orders />
    </ProviderOnly>
  );
}

const TABS: [OrderKindFilter, string][] = [
  ['all', '全部'],
  ['course', '课程订单'],
  ['class', '班级订单'],
];

function Orders() {
  const [list] = useState(createOrderList);
  const { data, error, query } = useStore(list.$list);
  useEffect(() => {
    void list.load();
  }, [list]);
  return (
    <>
      <PageHead title="团队订单" sub="团队教练的课程与班级订单；佣金随订单结算，退款时扣回">
        <a className="gf-link text-sm" href="/my/service_identity">
          返回概况
        </a>
      </PageHead>
      <div className="mb-4 flex gap-6 border-b border-line" role="tablist">
        {TABS.map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={query === k}
            onClick={() => void list.setQuery(k)}
            className={`-mb-px border-b-2 px-1 pb-2.5 text-[15px] ${query === k ? 'border-brand-accent font-600 text-brand' : 'border-transparent text-ink-soft hover:text-ink'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <ListState error={error} loading={!data} empty={data?.list.length === 0} emptyText="还没有团队订单">
        <table className="w-full text-sm" data-testid="team-orders">
          <thead>
            <tr className="bg-page text-left text-ink-soft">
              <th className="px-4 py-2.5 font-400">订单</th>
              <th className="px-4 py-2.5 font-400">教练</th>
              <th className="px-4 py-2.5 font-400">买家</th>
              <th className="px-4 py-2.5 text-right font-400">实付</th>
              <th className="px-4 py-2.5 font-400">状态</th>
              <th className="px-4 py-2.5 text-right font-400">佣金</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((o) => (
              <tr key={o.id} className="border-b border-line">
                <td className="px-4 py-3">
                  <a className="gf-link block max-w-[260px] truncate" href={`/my/service_identity/orderDetail?id=${o.id}`}>
                    {o.title}
                  </a>
                  <span className="text-xs text-ink-mute">
                    {o.order_no} · {formatDateTime(o.paid_at ?? o.created_at)}
                  </span>
                </td>
                <td className="px-4 py-3">{o.coach_name}</td>
                <td className="px-4 py-3 text-ink-soft">{o.buyer}</td>
                <td className="px-4 py-3 text-right">{fenText(o.pay_amount)}</td>
                <td className="px-4 py-3">{o.status_text}</td>
                <td className="px-4 py-3 text-right">
                  <span className="font-600">{fenText(o.commission)}</span>
                  <span className="block text-xs text-ink-mute">{COMMISSION_STATE_TEXT[o.commission_state]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void list.setPage(p)} />}
    </>
  );
}
