import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { orderTabs, type OrderKind, type OrderTab } from '~/lib/rules/order-status';
import { createOrderList, tabFromSearch, tabSearch } from '~/lib/stores/orders';
import { formatDateTime, money } from '~/lib/format';
import { PagerButtons } from '../ui/PagerButtons';
import { OrderActions } from './OrderActions';
import { ItemRow } from './ItemRow';
import { MemberOnly } from '../ui/MemberOnly';
import { ListState } from '../ui/states';

const TITLE = { goods: '商品订单', course: '课程订单', class: '班级订单', grading: '考评订单', vip: '会员订单' } as const;
const EMPTY_ACTION = {
  goods: ['去商城逛逛', '/shop'],
  course: ['去选课程', '/train/course'],
  class: ['去看班级', '/train/class'],
  grading: ['去看考评', '/duan'],
  vip: ['开通VIP会员', '/my/vip'],
} as const;

/** /my/order/goods|course|class: the member's orders by status tab, paged, with per-status actions. */
export default function OrderList(props: { kind: OrderKind }) {
  return (
    <MemberOnly>
      <List kind={props.kind} />
    </MemberOnly>
  );
}

function List({ kind }: { kind: OrderKind }) {
  const tabs = orderTabs(kind);
  const [orders] = useState(() => createOrderList(kind, tabFromSearch(kind, location.search)));
  const { query: tab, data, error } = useStore(orders.$list);
  useEffect(() => {
    void orders.load();
  }, [orders]);

  function pick(t: OrderTab) {
    history.replaceState(null, '', `${location.pathname}${tabSearch(t)}`);
    void orders.setQuery(t);
  }
  const reload = () => void orders.load();
  const tabLabel = tab === 'all' ? '' : (tabs.find(([k]) => k === tab)?.[1] ?? '');

  return (
    <>
      <h1 className="mb-4 border-b border-line pb-4 text-lg font-600">{TITLE[kind]}</h1>
      <div role="tablist" className="mb-4 flex gap-6">
        {tabs.map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            onClick={() => pick(k)}
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
        emptyText={`还没有${tabLabel}${TITLE[kind]}`}
        emptyAction={[...EMPTY_ACTION[kind]]}
      >
        <ul className="flex flex-col gap-4" data-testid="order-list">
          {data?.list.map((o) => (
            <li key={o.id} className="rounded-lg border border-line" data-testid="order-card">
              <header className="flex items-center gap-4 rounded-t-lg bg-page px-4 py-2.5 text-sm text-ink-soft">
                <span>{formatDateTime(o.created_at)}</span>
                <span>订单号 {o.order_no}</span>
                <a className="gf-link" href={`/anchor?type=${o.seller.type}&id=${o.seller.id ?? ''}`}>
                  {o.seller.name}
                </a>
                <span className={`ml-auto font-600 ${o.status === 'unpaid' ? 'text-danger' : 'text-brand'}`}>{o.status_text}</span>
              </header>
              <div className="divide-y divide-line px-4">
                {o.items.map((it) => (
                  <ItemRow key={it.id} it={it} />
                ))}
              </div>
              <footer className="flex items-center gap-4 border-t border-line px-4 py-3">
                <span className="text-sm text-ink-soft">
                  {o.status === 'unpaid' ? '应付' : '实付'} <b className="text-lg text-price">{money(o.pay_amount)}</b>
                  {o.freight > 0 && <span className="ml-1 text-xs">（含运费 {money(o.freight)}）</span>}
                </span>
                <div className="ml-auto">
                  <OrderActions order={o} onChanged={reload} detailLink />
                </div>
              </footer>
            </li>
          ))}
        </ul>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void orders.setPage(p)} />}
    </>
  );
}
