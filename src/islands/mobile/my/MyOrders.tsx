import { useEffect, useMemo, useRef, useState } from 'react';
import { img } from '~/lib/media';
import { money } from '~/lib/format';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { orderTabs, type OrderKind, type OrderTab } from '~/lib/rules/order-status';
import { createMobileOrderList, tabFromSearch, type Order } from '~/lib/stores/orders';
import { InfiniteList } from '~/islands/ui/mobile/InfiniteList';
import { MemberOnly } from '~/islands/ui/MemberOnly';
import { MobileOrderActions } from './OrderActions';

const KINDS: [OrderKind, string][] = [
  ['goods', '商品'],
  ['course', '课程'],
  ['class', '班级'],
];

/** /m/my/orders?kind=&tab=: the member's orders of one kind, by status tab, growing as they scroll. */
export default function MyOrders(props: { kind: OrderKind }) {
  return (
    <MemberOnly>
      <Orders kind={props.kind} />
    </MemberOnly>
  );
}

function Orders({ kind }: { kind: OrderKind }) {
  const [tab, setTab] = useState<OrderTab>(() => tabFromSearch(kind, location.search));
  const list = useMemo(() => createMobileOrderList(kind, tab), [kind]); // eslint-disable-line react-hooks/exhaustive-deps -- one list per kind; tabs go through setQuery
  const first = useRef(true);
  useEffect(() => {
    // The list loads its first page itself; a tab switched afterwards starts over.
    if (first.current) first.current = false;
    else void list.setQuery(tab);
    history.replaceState(null, '', `${location.pathname}?kind=${kind}${tab === 'all' ? '' : `&tab=${tab}`}`);
  }, [list, tab, kind]);
  return (
    <div>
      <nav className="flex bg-white" aria-label="订单类型">
        {KINDS.map(([k, label]) => (
          <a
            key={k}
            href={`${MOBILE_PATHS.orders}?kind=${k}`}
            aria-current={k === kind ? 'page' : undefined}
            className={`flex min-h-11 flex-1 items-center justify-center text-[15px] ${k === kind ? 'font-600 text-brand' : 'text-ink-soft'}`}
          >
            {label}订单
          </a>
        ))}
      </nav>
      <div
        className="sticky top-0 z-20 flex overflow-x-auto border-t border-line bg-white [scrollbar-width:none]"
        role="tablist"
        aria-label="订单状态"
      >
        {orderTabs(kind).map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === tab}
            onClick={() => setTab(t)}
            className={`min-h-11 shrink-0 border-b-2 px-3 text-sm ${t === tab ? 'border-brand-accent text-ink' : 'border-transparent text-ink-soft'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <InfiniteList
        list={list}
        keyOf={(o) => o.id}
        emptyText="暂无订单"
        emptyIcon="i-ri-file-list-3-line"
        className="flex flex-col gap-2 px-3 pt-2"
        item={(o) => <OrderCard o={o} onChanged={() => void list.refresh()} />}
      />
    </div>
  );
}

export function OrderCard(props: { o: Order; onChanged: () => void }) {
  const { o } = props;
  const count = o.items.reduce((n, i) => n + i.num, 0);
  return (
    <article className="gf-m-card p-3" data-testid="m-order">
      <a href={`${MOBILE_PATHS.order}?id=${o.id}`} className="block">
        <p className="flex justify-between text-xs">
          <span className="min-w-0 truncate text-ink-soft">{o.seller.name || o.order_no}</span>
          <span className="shrink-0 text-brand" data-testid="m-order-status">
            {o.status_text}
          </span>
        </p>
        {o.items.slice(0, 2).map((i) => (
          <div key={i.id} className="mt-2 flex gap-3">
            <img
              src={img(i.cover)}
              width="64"
              height="64"
              alt=""
              loading="lazy"
              className="h-16 w-16 shrink-0 rounded-lg bg-surface-grey object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm leading-5">{i.title}</p>
              {i.specs && <p className="mt-0.5 truncate text-xs text-ink-mute">{i.specs}</p>}
            </div>
            <p className="shrink-0 text-right text-xs text-ink-soft">
              {money(i.price)}
              <br />×{i.num}
            </p>
          </div>
        ))}
        <p className="mt-2 text-right text-xs text-ink-soft">
          共 {count} 件，实付 <b className="text-sm text-price">{money(o.pay_amount)}</b>
        </p>
      </a>
      <div className="mt-2 border-t border-line pt-2">
        <MobileOrderActions order={o} onChanged={props.onChanged} />
      </div>
    </article>
  );
}
