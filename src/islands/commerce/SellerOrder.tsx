import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { formatDateTime, positiveInt } from '~/lib/format';
import { toast } from '~/lib/toast';
import { MemberOnly } from '../account/parts';
import { ItemRow, money, PAY_METHOD_TEXT, type Order } from './parts';

type SellerView = Order & { buyer: { nick_name: string; phone: string }; can_ship: number };
const CARRIERS = ['顺丰速运', '中通快递', '圆通速递', '韵达快递', '申通快递', '京东物流', 'EMS', '极兔速递'];

/** /order/shopdetail?id=: an order as its shop owner or coach sees it, with shipping for paid goods. */
export default function SellerOrder() {
  return (
    <MemberOnly>
      <View />
    </MemberOnly>
  );
}

function View() {
  const [id] = useState(() => positiveInt(new URLSearchParams(location.search).get('id')));
  const [o, setO] = useState<SellerView | null>(null);
  const [error, setError] = useState('');
  const [ship, setShip] = useState({ express_company: CARRIERS[0]!, express_no: '' });
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    if (!id) return setError('订单不存在');
    untypedApi<SellerView>('/order/shopDetail', { id })
      .then(setO)
      .catch((err) => setError(errorText(err)));
  }, [id]);
  useEffect(load, [load]);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!/^[A-Za-z0-9]{6,32}$/.test(ship.express_no.trim())) return void toast.error('快递单号为 6-32 位字母或数字');
    setBusy(true);
    try {
      await untypedApi('/order/ship', { id, ...ship, express_no: ship.express_no.trim() });
      toast.success('已发货');
      load();
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  if (error)
    return (
      <p role="alert" className="gf-card py-20 text-center text-[#f56c6c]">
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
          {o.paid_at && ` · ${PAY_METHOD_TEXT[o.pay_method] ?? o.pay_method}支付于 ${formatDateTime(o.paid_at)}`}
        </p>
        {o.refund_reason && <p className="mt-2 text-sm text-[#f56c6c]">买家申请退款：{o.refund_reason}（请在管理中心处理）</p>}
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
            {o.address['name']} {o.address['phone']}
          </p>
          <p className="mt-1 text-sm text-ink-soft">
            {o.address['province']} {o.address['city']} {o.address['district']} {o.address['detail']}
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
          实收 <b className="text-xl text-[#f56c6c]">{money(o.pay_amount)}</b>（含运费 {money(o.freight)}，优惠 {money(o.discount)}）
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
          <button type="submit" className="gf-btn-primary h-10 w-28" disabled={busy}>
            确认发货
          </button>
        </form>
      )}
    </div>
  );
}
