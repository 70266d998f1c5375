import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime, money } from '~/lib/format';
import { PAY_METHOD_TEXT } from '~/lib/rules/order-status';
import { $sellerOrder, CARRIERS, loadSellerOrder, orderIdFromSearch, shipOrder, type ShipForm } from '~/lib/stores/orders';
import { useAction } from '../ui/useAction';
import { agreeRefund, refuseRefund } from '~/lib/stores/seller-orders';
import { SELLER_ORDER_LIMITS } from '~/lib/rules/seller-orders';
import { ItemRow } from './ItemRow';
import { MemberOnly } from '../ui/MemberOnly';

/** /order/shopdetail?id=: an order as its shop owner or coach sees it, with shipping for paid goods. */
export default function SellerOrder() {
  return (
    <MemberOnly>
      <View />
    </MemberOnly>
  );
}

function View() {
  const [id] = useState(() => orderIdFromSearch(location.search));
  const { order: o, error } = useStore($sellerOrder);
  const [ship, setShip] = useState<ShipForm>({ express_company: CARRIERS[0], express_no: '' });
  const send = useAction();
  useEffect(() => {
    void loadSellerOrder(id);
  }, [id]);

  function submit(e: SubmitEvent) {
    e.preventDefault();
    if (id) void send.run(() => shipOrder(id, ship), { done: '已发货' });
  }

  if (error)
    return (
      <p role="alert" className="gf-card py-20 text-center text-danger">
        {error}
      </p>
    );
  if (!o) return <p className="gf-card py-20 text-center text-ink-mute">加载中…</p>;
  return (
    <div className="flex flex-col gap-4">
      <section className="gf-card px-8 py-6">
        <p className="text-sm text-ink-mute">店铺订单 · {o.order_no}</p>
        <h1 className="mt-1 text-2xl font-700 text-brand" data-testid="order-status">
          {o.status_text}
        </h1>
        <p className="mt-2 text-sm text-ink-soft">
          买家 {o.buyer.nick_name}（{o.buyer.phone}）· 下单 {formatDateTime(o.created_at)}
          {o.paid_at && ` · ${PAY_METHOD_TEXT[o.pay_method]}支付于 ${formatDateTime(o.paid_at)}`}
        </p>
        {o.refund_reason && o.status === 'refunding' && <p className="mt-2 text-sm text-danger">买家申请退款：{o.refund_reason}</p>}
        {o.refund_failure && o.status === 'refunding' && (
          <p className="mt-1 text-sm text-danger">退款失败：{o.refund_failure}，可再次同意重试</p>
        )}
        {o.refund_state === 'pending' && o.status === 'refunding' && (
          <p className="mt-1 text-sm text-ink-soft">已同意退款，等待支付渠道确认</p>
        )}
        {o.can_decide === 1 && id && <RefundDecision id={id} retry={o.refund_state === 'failed'} />}
        {o.express_no && (
          <p className="mt-2 text-sm text-ink-soft">
            物流：{o.express_company} {o.express_no}
          </p>
        )}
      </section>
      {o.address && (
        <section className="gf-card px-8 py-5">
          <h2 className="mb-2 text-base font-600">收货信息</h2>
          <p className="text-sm">
            {o.address.name} {o.address.phone}
          </p>
          <p className="mt-1 text-sm text-ink-soft">
            {o.address.province} {o.address.city} {o.address.district} {o.address.detail}
          </p>
          {o.remark && <p className="mt-2 text-sm text-ink-soft">买家备注：{o.remark}</p>}
        </section>
      )}
      <section className="gf-card px-8 py-5">
        <div className="divide-y divide-line">
          {o.items.map((it) => (
            <ItemRow key={it.id} it={it} />
          ))}
        </div>
        <p className="mt-3 border-t border-line pt-3 text-right text-sm text-ink-soft">
          实收 <b className="text-xl text-price">{money(o.pay_amount)}</b>
          {paidNote(o)}
        </p>
      </section>
      {o.can_ship === 1 && (
        <form className="gf-card flex items-end gap-4 px-8 py-5" onSubmit={submit} aria-label="发货">
          <label className="flex flex-col gap-1 text-sm">
            快递公司
            <select
              className="gf-input w-44"
              value={ship.express_company}
              onChange={(e) => setShip({ ...ship, express_company: e.target.value })}
            >
              {CARRIERS.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <label className="flex flex-1 flex-col gap-1 text-sm">
            快递单号
            <input
              className="gf-input"
              maxLength={32}
              value={ship.express_no}
              onChange={(e) => setShip({ ...ship, express_no: e.target.value })}
              placeholder="请输入快递单号"
            />
          </label>
          <button type="submit" className="gf-btn-primary h-10 w-28" disabled={send.busy}>
            确认发货
          </button>
        </form>
      )}
    </div>
  );
}

/** 同意 / 拒绝 a refund request on the detail page (the lists offer the same). */
function RefundDecision(props: { id: number; retry: boolean }) {
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const act = useAction();
  const reload = () => loadSellerOrder(props.id);
  function approve() {
    if (!confirm('同意退款后，款项将原路退回买家，且不可撤销。确定同意吗？')) return;
    void act.run(() => agreeRefund(props.id).finally(reload), { done: (text) => text });
  }
  function refuse(e: SubmitEvent) {
    e.preventDefault();
    void act.run(() => refuseRefund(props.id, reason).then(reload), { done: '已拒绝退款' });
  }
  return (
    <div className="mt-3 flex flex-col gap-3">
      <div className="flex gap-2">
        <button type="button" className="gf-btn-primary h-8" disabled={act.busy} onClick={approve}>
          {props.retry ? '重试退款' : '同意退款'}
        </button>
        {!props.retry && (
          <button type="button" className="gf-btn-ghost h-8" disabled={act.busy} onClick={() => setRefusing(!refusing)}>
            拒绝退款
          </button>
        )}
      </div>
      {refusing && (
        <form className="flex items-end gap-3" onSubmit={refuse} aria-label="拒绝退款">
          <label className="flex flex-1 flex-col gap-1 text-sm">
            拒绝原因（买家会收到通知）
            <input
              className="gf-input"
              maxLength={SELLER_ORDER_LIMITS.refuseReason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="请说明拒绝退款的原因"
            />
          </label>
          <button type="submit" className="gf-btn-primary h-10 w-28" disabled={act.busy}>
            确认拒绝
          </button>
        </form>
      )}
    </div>
  );
}

/** （含运费 ¥10.00，优惠 ¥5.00）: only the parts there are — no 包邮 freight, no zero discount. */
function paidNote(o: { freight: number; discount: number }): string {
  const parts = [o.freight > 0 ? `含运费 ${money(o.freight)}` : '', o.discount > 0 ? `优惠 ${money(o.discount)}` : ''].filter(Boolean);
  return parts.length ? `（${parts.join('，')}）` : '';
}
