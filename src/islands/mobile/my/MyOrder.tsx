import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { img } from '~/lib/media';
import { formatDateTime, money } from '~/lib/format';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { PAY_METHOD_TEXT } from '~/lib/rules/order-status';
import { $orderDetail, loadOrderDetail, orderIdFromSearch, recheckPaid } from '~/lib/stores/orders';
import { MemberOnly } from '~/islands/ui/MemberOnly';
import { LoadFailed } from '~/islands/ui/states';
import { MobileOrderActions } from './OrderActions';

const ITEM: Record<string, string> = {
  goods: MOBILE_PATHS.goodsDetail,
  course: MOBILE_PATHS.courseDetail,
  class: MOBILE_PATHS.classDetail,
};

/** /m/my/order?id=: one order — status, address, lines, amounts, times — and what can be done with it. */
export default function MyOrder() {
  return (
    <MemberOnly>
      <Detail />
    </MemberOnly>
  );
}

function Detail() {
  const { order: o, error, retryable } = useStore($orderDetail);
  useEffect(() => {
    const id = orderIdFromSearch(location.search);
    void loadOrderDetail(id).then(() => {
      // Back from a gateway: its notice may land a moment later.
      if (id && new URLSearchParams(location.search).get('paid') === '1') recheckPaid(id);
    });
  }, []);
  const reload = () => void loadOrderDetail(orderIdFromSearch(location.search));
  if (error)
    return <LoadFailed error={error} retry={retryable ? reload : undefined} back={['我的订单', `${MOBILE_PATHS.orders}?kind=goods`]} />;
  if (!o) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  const times: [string, string | null][] = [
    ['下单时间', o.created_at],
    ['付款时间', o.paid_at],
    ['发货时间', o.shipped_at],
    ['完成时间', o.completed_at],
  ];
  return (
    <div className="pb-4" data-testid="m-order-detail">
      <section className="bg-brand px-4 py-5 text-white">
        <h2 className="text-lg font-600" data-testid="m-order-status">
          {o.status_text}
        </h2>
        {o.express_no && (
          <p className="mt-1 text-xs">
            {o.express_company} {o.express_no}
          </p>
        )}
        {o.refund_refusal && <p className="mt-1 text-xs">卖家拒绝退款：{o.refund_refusal}</p>}
      </section>
      {o.address && (
        <section className="gf-m-card mx-3 mt-3 flex gap-3 p-4 text-sm">
          <span className="i-ri-map-pin-line text-xl text-brand" aria-hidden="true" />
          <div className="min-w-0">
            <p>
              {o.address.name} <span className="text-ink-soft">{o.address.phone}</span>
            </p>
            <p className="mt-1 text-ink-soft">
              {o.address.province}
              {o.address.city}
              {o.address.district}
              {o.address.detail}
            </p>
          </div>
        </section>
      )}
      <section className="gf-m-card mx-3 mt-3 p-4">
        <p className="text-sm text-ink-soft">{o.kind === 'vip' ? '平台：VIP会员' : o.seller.name}</p>
        {o.items.map((i) => {
          const target = i.goods_id ?? i.course_id ?? i.class_id;
          return (
            <a key={i.id} href={target ? `${ITEM[o.kind]}?id=${target}` : '#'} className="mt-3 flex gap-3">
              <img
                src={img(i.cover)}
                width="64"
                height="64"
                alt=""
                className="h-16 w-16 shrink-0 rounded-lg bg-surface-grey object-cover"
              />
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 text-sm leading-5">{i.title}</span>
                {i.specs && <span className="block truncate text-xs text-ink-mute">{i.specs}</span>}
              </span>
              <span className="shrink-0 text-right text-xs text-ink-soft">
                {money(i.price)}
                <br />×{i.num}
              </span>
            </a>
          );
        })}
        <dl className="mt-4 space-y-1 border-t border-line pt-3 text-sm">
          <Line k="商品金额" v={money(o.items_total)} />
          {o.freight > 0 && <Line k="运费" v={money(o.freight)} />}
          {o.discount > 0 && <Line k="优惠" v={`-${money(o.discount)}`} />}
          <Line k="实付" v={<b className="text-price">{money(o.pay_amount)}</b>} />
        </dl>
      </section>
      <section className="gf-m-card mx-3 mt-3 p-4 text-xs text-ink-soft">
        <dl className="space-y-1">
          <Line k="订单号" v={o.order_no} />
          {o.pay_method && <Line k="支付方式" v={PAY_METHOD_TEXT[o.pay_method]} />}
          {times.map(([k, t]) => t && <Line key={k} k={k} v={formatDateTime(t)} />)}
          {o.remark && <Line k="备注" v={o.remark} />}
          {o.refund_reason && <Line k="退款原因" v={o.refund_reason} />}
        </dl>
      </section>
      <div className="mx-3 mt-3">
        <MobileOrderActions order={o} onChanged={reload} />
      </div>
    </div>
  );
}

function Line(props: { k: string; v: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="shrink-0 text-ink-soft">{props.k}</dt>
      <dd className="min-w-0 break-all text-right">{props.v}</dd>
    </div>
  );
}
