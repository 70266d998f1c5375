import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime, money } from '~/lib/format';
import { PAY_METHOD_TEXT, type OrderStatus } from '~/lib/rules/order-status';
import { maskPhone } from '~/lib/rules/phone';
import { $orderDetail, loadOrderDetail, orderIdFromSearch, recheckPaid } from '~/lib/stores/orders';
import { OrderActions } from './OrderActions';
import { RefundDispute } from './RefundDispute';
import { ItemRow } from './ItemRow';
import { Countdown } from './Countdown';
import { MemberOnly } from '../ui/MemberOnly';
import { LoadFailed } from '../ui/states';

const HINT: Partial<Record<OrderStatus, string>> = {
  paid: '付款成功，等待卖家发货',
  shipped: '卖家已发货，收到商品后请确认收货',
  received: '已确认收货，感谢你的购买',
  completed: '交易已完成',
  cancelled: '订单已取消，占用的库存和优惠券已退回',
  closed: '订单超时未支付，已自动关闭',
  refunding: '退款申请已提交，等待卖家处理',
  refunded: '退款已完成',
};

/** /order/detail?id=: status with its next steps, address, items, amounts and the order's record. */
export default function OrderDetail() {
  return (
    <MemberOnly>
      <Detail />
    </MemberOnly>
  );
}

function Detail() {
  const [{ id, paid }] = useState(() => ({
    id: orderIdFromSearch(location.search),
    paid: new URLSearchParams(location.search).get('paid') === '1',
  }));
  const { order: o, error, retryable } = useStore($orderDetail);
  const loaded = o !== null;
  const reload = () => void loadOrderDetail(id);

  useEffect(() => {
    void loadOrderDetail(id);
  }, [id]);
  // Back from a gateway (?paid=1): its notice may land a moment after the redirect.
  useEffect(() => (paid && id && loaded ? recheckPaid(id) : undefined), [paid, id, loaded]);

  if (error)
    return (
      <div className="gf-card">
        <LoadFailed error={error} retry={retryable ? reload : undefined} back={['返回我的订单', '/my/order/goods']} />
      </div>
    );
  if (!o) return <p className="gf-card py-20 text-center text-ink-mute">加载中…</p>;
  const kindText =
    o.kind === 'goods'
      ? '商品订单'
      : o.kind === 'course'
        ? '课程订单'
        : o.kind === 'vip'
          ? '会员订单'
          : o.kind === 'grading'
            ? '考评订单'
            : '班级订单';
  const row = (label: string, value: ReactNode) => (
    <div className="flex gap-3 text-sm">
      <dt className="w-20 shrink-0 text-ink-mute">{label}</dt>
      <dd className="text-ink">{value}</dd>
    </div>
  );
  return (
    <div className="flex flex-col gap-4">
      <section className="gf-card flex items-center justify-between px-8 py-6" aria-label="订单状态">
        <div>
          <p className="text-sm text-ink-mute">{kindText}</p>
          <h1 className="mt-1 text-2xl font-700 text-brand" data-testid="order-status">
            {o.status_text}
          </h1>
          <p className="mt-2 text-sm text-ink-soft">
            {o.status === 'unpaid' ? (
              <>
                请在{' '}
                <b className="text-danger">
                  <Countdown until={o.expires_at} onEnd={reload} />
                </b>{' '}
                内完成支付，超时订单将自动关闭
              </>
            ) : o.kind !== 'goods' && o.status === 'paid' ? (
              o.kind === 'course' ? (
                '购买成功，全部课时已解锁'
              ) : o.kind === 'vip' ? (
                <>
                  开通成功，会员权益已生效（
                  <a className="text-brand" href="/my/vip">
                    查看我的VIP
                  </a>
                  ）
                </>
              ) : (
                '报名成功，请按时参加上课'
              )
            ) : (
              HINT[o.status]
            )}
          </p>
          {o.status === 'shipped' || o.express_no ? (
            <p className="mt-2 text-sm text-ink-soft">
              物流：{o.express_company} {o.express_no}
            </p>
          ) : null}
          {o.refund_reason && <p className="mt-2 text-sm text-ink-soft">退款原因：{o.refund_reason}</p>}
          {o.refund_refusal && o.status !== 'refunding' && o.status !== 'refunded' && (
            <p className="mt-1 text-sm text-danger">卖家拒绝了退款：{o.refund_refusal}</p>
          )}
          {o.refund_refusal && o.status !== 'refunding' && o.status !== 'refunded' && <RefundDispute orderId={o.id} />}
        </div>
        <OrderActions order={o} onChanged={reload} />
      </section>

      {o.address && (
        <section className="gf-card px-8 py-5" aria-label="收货信息">
          <h2 className="mb-2 text-base font-600">收货信息</h2>
          <p className="text-sm text-ink">
            {o.address.name} <span className="ml-2 text-ink-soft">{maskPhone(o.address.phone)}</span>
          </p>
          <p className="mt-1 text-sm text-ink-soft">
            {o.address.province} {o.address.city} {o.address.district} {o.address.detail}
          </p>
        </section>
      )}

      <section className="gf-card px-8 py-5" aria-label="订单商品">
        {o.kind === 'vip' ? (
          <h2 className="mb-1 text-base font-600">平台：VIP会员</h2>
        ) : (
          <h2 className="mb-1 text-base font-600">
            {o.seller.type === 'mechant' ? '店铺' : '教练'}：
            <a className="gf-link" href={`/anchor?type=${o.seller.type}&id=${o.seller.id ?? ''}`}>
              {o.seller.name}
            </a>
          </h2>
        )}
        <div className="divide-y divide-line">
          {o.items.map((it) => (
            <ItemRow key={it.id} it={it} />
          ))}
        </div>
        <dl className="ml-auto mt-3 grid w-72 grid-cols-2 gap-y-1.5 border-t border-line pt-3 text-right text-sm text-ink-soft">
          <dt>商品金额</dt>
          <dd>{money(o.items_total)}</dd>
          {o.kind === 'goods' && (
            <>
              <dt>运费</dt>
              <dd>{o.freight ? money(o.freight) : '包邮'}</dd>
            </>
          )}
          {o.discount > 0 && (
            <>
              <dt>优惠</dt>
              <dd className="text-price">-{money(o.discount)}</dd>
            </>
          )}
          <dt className="text-base text-ink">{o.status === 'unpaid' ? '应付' : '实付'}</dt>
          <dd className="text-xl font-700 text-price">{money(o.pay_amount)}</dd>
        </dl>
      </section>

      <section className="gf-card px-8 py-5" aria-label="订单信息">
        <h2 className="mb-3 text-base font-600">订单信息</h2>
        <dl className="grid grid-cols-2 gap-y-2">
          {row('订单编号', o.order_no)}
          {row('下单时间', formatDateTime(o.created_at))}
          {o.paid_at && row('支付时间', formatDateTime(o.paid_at))}
          {o.paid_at && row('支付方式', PAY_METHOD_TEXT[o.pay_method])}
          {o.shipped_at && row('发货时间', formatDateTime(o.shipped_at))}
          {o.received_at && row('收货时间', formatDateTime(o.received_at))}
          {o.completed_at && row('完成时间', formatDateTime(o.completed_at))}
          {o.remark && row('订单备注', o.remark)}
        </dl>
      </section>
    </div>
  );
}
