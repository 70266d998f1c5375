import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime, money } from '~/lib/format';
import { PAY_METHOD_TEXT } from '~/lib/rules/order-status';
import type { SellerArea } from '~/lib/rules/seller-nav';
import {
  currentMonth,
  REFUND_STATE_TEXT,
  SELLER_ORDER_LIMITS,
  sellerOrderTabs,
  type SellerOrderKind,
  type SellerOrderTab,
} from '~/lib/rules/seller-orders';
import { CARRIERS } from '~/lib/stores/orders';
import {
  agreeRefund,
  createSellerOrderList,
  exportDoneText,
  exportMonth,
  refuseRefund,
  sellerQueryFromSearch,
  sellerQuerySearch,
  shipListedOrder,
  type SellerListOrder,
} from '~/lib/stores/seller-orders';
import { Modal } from '../ui/Modal';
import { PagerButtons } from '../ui/PagerButtons';
import { useAction } from '../ui/useAction';
import { SellerOnly } from './SellerOnly';
import { ItemRow } from '../commerce/ItemRow';
import { ListState } from '../ui/states';
import { saveTextFile } from '~/lib/save-file';

const KIND_NAME: Record<SellerOrderKind, string> = { all: '订单', goods: '商品订单', course: '课程订单', class: '班级订单' };

/**
 * The seller's order lists, one island for every list page of both areas: tabs by
 * status, search by order number or buyer, paging, the month's CSV, shipping and refund decisions
 * from the list; 详情 opens /order/shopdetail.
 */
export default function SellerOrders(props: { area: SellerArea; kind: SellerOrderKind }) {
  return (
    <SellerOnly area={props.area}>
      <List area={props.area} kind={props.kind} />
    </SellerOnly>
  );
}

function List({ area, kind }: { area: SellerArea; kind: SellerOrderKind }) {
  const tabs = sellerOrderTabs(kind);
  const [orders] = useState(() => createSellerOrderList(area, kind, sellerQueryFromSearch(kind, location.search)));
  const { query, data, error } = useStore(orders.$list);
  const [ship, setShip] = useState<SellerListOrder | null>(null);
  const [refuse, setRefuse] = useState<SellerListOrder | null>(null);
  useEffect(() => {
    void orders.load();
  }, [orders]);

  function go(q: typeof query) {
    history.replaceState(null, '', `${location.pathname}${sellerQuerySearch(q)}`);
    void orders.setQuery(q);
  }
  function search(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const key = String(new FormData(e.currentTarget).get('key') ?? '').trim();
    go({ ...query, key });
  }
  const reload = () => void orders.load();
  const tabLabel = query.tab === 'all' ? '' : (tabs.find(([k]) => k === query.tab)?.[1] ?? '');

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <div role="tablist" aria-label="订单状态" className="flex flex-wrap gap-5">
          {tabs.map(([k, label]) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={query.tab === k}
              onClick={() => go({ ...query, tab: k as SellerOrderTab })}
              className={`pb-1 text-[15px] ${query.tab === k ? 'border-b-2 border-brand-accent text-brand' : 'text-ink-soft hover:text-brand'}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div className="mb-5 flex flex-wrap items-center gap-3">
        <form role="search" aria-label="订单搜索" className="flex items-center gap-2" onSubmit={search}>
          <input
            name="key"
            className="gf-input w-64"
            defaultValue={query.key}
            maxLength={SELLER_ORDER_LIMITS.key}
            placeholder="订单号 / 买家昵称 / 手机号"
            aria-label="搜索订单"
          />
          <button type="submit" className="gf-btn-primary h-9 px-4">
            搜索
          </button>
          {query.key && (
            <button type="button" className="gf-link text-sm" onClick={() => go({ ...query, key: '' })}>
              清除
            </button>
          )}
        </form>
        <ExportBox area={area} kind={kind} />
      </div>
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText={query.key ? `没有找到与「${query.key}」相关的${KIND_NAME[kind]}` : `还没有${tabLabel}${KIND_NAME[kind]}`}
      >
        <ul className="flex flex-col gap-4" data-testid="seller-order-list">
          {data?.list.map((o) => (
            <Row key={o.id} o={o} onShip={() => setShip(o)} onRefuse={() => setRefuse(o)} onChanged={reload} />
          ))}
        </ul>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void orders.setPage(p)} />}
      {ship && <ShipDialog o={ship} onClose={() => setShip(null)} onDone={reload} />}
      {refuse && <RefuseDialog o={refuse} onClose={() => setRefuse(null)} onDone={reload} />}
    </>
  );
}

function Row(props: { o: SellerListOrder; onShip: () => void; onRefuse: () => void; onChanged: () => void }) {
  const { o } = props;
  const agree = useAction();
  function approve() {
    if (!confirm(`同意退款后，${money(o.pay_amount)} 将原路退回买家，且不可撤销。确定同意吗？`)) return;
    void agree.run(() => agreeRefund(o.id).finally(props.onChanged), { done: (text) => text });
  }
  const refundState = REFUND_STATE_TEXT[o.refund_state];
  return (
    <li className="rounded-lg border border-line" data-testid="seller-order" data-order-no={o.order_no}>
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-t-lg bg-page px-4 py-2.5 text-sm text-ink-soft">
        <span>{formatDateTime(o.created_at)}</span>
        <span>订单号 {o.order_no}</span>
        <span>
          买家 {o.buyer.nick_name}（{o.buyer.phone}）
        </span>
        {o.agent === 1 && <span className="rounded bg-brand-light px-1.5 text-xs text-brand">代理售出</span>}
        <span className={`ml-auto font-600 ${o.status === 'refunding' ? 'text-danger' : 'text-brand'}`} data-testid="seller-order-status">
          {o.status_text}
          {refundState && o.status === 'refunding' && ` · ${refundState}`}
        </span>
      </header>
      <div className="divide-y divide-line px-4">
        {o.items.map((it) => (
          <ItemRow key={it.id} it={it} />
        ))}
      </div>
      {(o.refund_reason || o.express_no || o.refund_failure) && (
        <div className="flex flex-col gap-1 border-t border-line px-4 py-2 text-sm">
          {o.refund_reason && (o.status === 'refunding' || o.status === 'refunded') && (
            <p className="text-danger">买家退款原因：{o.refund_reason}</p>
          )}
          {o.refund_failure && o.status === 'refunding' && <p className="text-danger">退款失败：{o.refund_failure}，可再次同意重试</p>}
          {o.express_no && (
            <p className="text-ink-soft">
              物流：{o.express_company} {o.express_no}
            </p>
          )}
        </div>
      )}
      <footer className="flex flex-wrap items-center gap-4 border-t border-line px-4 py-3">
        <span className="text-sm text-ink-soft">
          实付 <b className="text-lg text-price">{money(o.pay_amount)}</b>
          {o.freight > 0 && <span className="ml-1 text-xs">（含运费 {money(o.freight)}）</span>}
          {o.pay_method && <span className="ml-2 text-xs">{PAY_METHOD_TEXT[o.pay_method]}</span>}
        </span>
        {o.income > 0 && (
          <span className="text-sm text-ink-soft">
            {o.agent ? '代理佣金' : '本单收入'} <b className="text-ink">{money(o.income)}</b>
          </span>
        )}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {o.agent === 0 && (
            <a className="gf-btn-ghost h-8" href={`/order/shopdetail?id=${o.id}`}>
              订单详情
            </a>
          )}
          {o.can_ship === 1 && (
            <button type="button" className="gf-btn-primary h-8" onClick={props.onShip}>
              发货
            </button>
          )}
          {o.can_decide === 1 && (
            <>
              {o.refund_state === '' && (
                <button type="button" className="gf-btn-ghost h-8" disabled={agree.busy} onClick={props.onRefuse}>
                  拒绝退款
                </button>
              )}
              <button type="button" className="gf-btn-primary h-8" disabled={agree.busy} onClick={approve}>
                {o.refund_state === 'failed' ? '重试退款' : '同意退款'}
              </button>
            </>
          )}
        </div>
      </footer>
    </li>
  );
}

function ShipDialog(props: { o: SellerListOrder; onClose: () => void; onDone: () => void }) {
  const { o } = props;
  const [company, setCompany] = useState<string>(CARRIERS[0]);
  const [no, setNo] = useState('');
  const send = useAction();
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send
      .run(() => shipListedOrder(o.id, company, no).then(() => true), { done: '已发货' })
      .then((ok) => {
        if (ok) {
          props.onClose();
          props.onDone();
        }
      });
  }
  const a = o.address;
  return (
    <Modal open title="订单发货" width={480} onClose={props.onClose}>
      <form className="flex flex-col gap-4" onSubmit={submit} aria-label="发货">
        {a && (
          <div className="rounded bg-page px-4 py-3 text-sm">
            <p>
              {a.name} {a.phone}
            </p>
            <p className="mt-1 text-ink-soft">
              {a.province} {a.city} {a.district} {a.detail}
            </p>
            {o.remark && <p className="mt-1 text-ink-soft">买家备注：{o.remark}</p>}
          </div>
        )}
        <label className="flex flex-col gap-1 text-sm">
          快递公司
          <select className="gf-input" value={company} onChange={(e) => setCompany(e.target.value)}>
            {CARRIERS.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          快递单号
          <input className="gf-input" maxLength={32} value={no} onChange={(e) => setNo(e.target.value)} placeholder="请输入快递单号" />
        </label>
        <button type="submit" className="gf-btn-primary h-10" disabled={send.busy}>
          确认发货
        </button>
      </form>
    </Modal>
  );
}

function RefuseDialog(props: { o: SellerListOrder; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const send = useAction();
  function submit(e: SubmitEvent) {
    e.preventDefault();
    void send
      .run(() => refuseRefund(props.o.id, reason).then(() => true), { done: '已拒绝退款' })
      .then((ok) => {
        if (ok) {
          props.onClose();
          props.onDone();
        }
      });
  }
  return (
    <Modal open title="拒绝退款" width={480} onClose={props.onClose}>
      <form className="flex flex-col gap-4" onSubmit={submit} aria-label="拒绝退款">
        <p className="text-sm text-ink-soft">买家退款原因：{props.o.refund_reason}</p>
        <label className="flex flex-col gap-1 text-sm">
          拒绝原因（买家会收到通知）
          <textarea
            className="gf-input h-24 py-2"
            maxLength={SELLER_ORDER_LIMITS.refuseReason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="请说明拒绝退款的原因"
          />
        </label>
        <button type="submit" className="gf-btn-primary h-10" disabled={send.busy}>
          确认拒绝
        </button>
      </form>
    </Modal>
  );
}

/** 导出: a month picker and a button that saves that month's orders as a CSV file. */
function ExportBox(props: { area: SellerArea; kind: SellerOrderKind }) {
  const [month, setMonth] = useState(() => currentMonth());
  const run = useAction();
  function download() {
    void run.run(
      async () => {
        const r = await exportMonth(props.area, props.kind, month);
        saveTextFile(r.filename, r.csv);
        return r;
      },
      { done: exportDoneText },
    );
  }
  return (
    <div className="ml-auto flex items-center gap-2 text-sm">
      <label className="flex items-center gap-2 text-ink-soft">
        导出月份
        <input type="month" className="gf-input h-9 w-40" value={month} max={currentMonth()} onChange={(e) => setMonth(e.target.value)} />
      </label>
      <button type="button" className="gf-btn-ghost h-9" disabled={run.busy} onClick={download}>
        <span className="i-ri-download-2-line mr-1" />
        导出 CSV
      </button>
    </div>
  );
}
