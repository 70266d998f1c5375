import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $addresses } from '~/lib/stores/address';
import { nextQuantity } from '~/lib/stores/cart';
import {
  $checkout,
  addressSaved,
  chooseCoupon,
  payHref,
  pickAddress,
  startCheckout,
  stepLine,
  submitCheckout,
  type CheckoutKind,
  type GoodsPreview,
  type ItemPreview,
} from '~/lib/stores/checkout';
import { formatDateTime, money } from '~/lib/format';
import { ORDER_LIMITS } from '~/lib/rules/order-status';
import { maskPhone } from '~/lib/rules/phone';
import { useAction } from '../ui/useAction';
import { AddressDialog, addressText } from './AddressForm';
import { ItemRow } from './ItemRow';
import { CouponTicket } from './CouponTicket';
import { MemberOnly } from '../ui/MemberOnly';

/** /order/goodsOrder, /order/courseOrder, /order/classOrder: confirm what is bought, then create the order. */
export default function Checkout(props: { kind: CheckoutKind }) {
  return (
    <MemberOnly>
      <Confirm kind={props.kind} />
    </MemberOnly>
  );
}

const BACK = {
  goods: ['返回购物车', '/cart'],
  course: ['返回课程', '/train/course'],
  class: ['返回班级', '/train/class'],
} as const;

function Confirm({ kind }: { kind: CheckoutKind }) {
  const s = useStore($checkout);
  const [remark, setRemark] = useState('');
  const submit = useAction();
  const reprice = useAction();

  useEffect(() => {
    void startCheckout(kind, location.search);
  }, [kind]);

  if (s.pending)
    return (
      <div className="gf-card flex flex-col items-center gap-4 py-20 text-ink-soft" data-testid="pending-order">
        <span className="i-ri-time-line text-5xl text-brand" />
        <p role="alert">{s.pending.message}</p>
        <a className="gf-btn-primary" href={payHref(s.pending.orderId)}>
          去支付
        </a>
      </div>
    );
  if (s.error) {
    const req = s.request;
    const back = req && req.kind !== 'goods' ? `/train/${req.kind}Detail?id=${req.id}` : BACK[kind][1];
    return (
      <div className="gf-card flex flex-col items-center gap-4 py-20 text-ink-soft">
        <span className="i-ri-error-warning-line text-5xl text-ink-mute" />
        <p role="alert">{s.error}</p>
        <a className="gf-btn-ghost" href={back}>
          {BACK[kind][0]}
        </a>
      </div>
    );
  }
  const preview = s.goods ?? s.item;
  if (!preview) return <p className="gf-card py-20 text-center text-ink-mute">加载中…</p>;

  const place = () =>
    void submit.run(
      async () => {
        const placed = await submitCheckout(remark);
        if (placed) location.assign(placed.href);
        return placed;
      },
      { done: (placed) => placed?.done ?? '' },
    );
  const section = 'gf-card mb-4 px-6 py-5';
  const h2 = 'mb-3 text-base font-600';
  return (
    <div>
      {s.goods && <AddressSection chosen={s.addressId} />}

      <section className={section} aria-label="商品信息">
        {s.goods ? (
          <GoodsLines goods={s.goods} busy={reprice.busy} step={(sku, d) => void reprice.run(() => stepLine(sku, d))} />
        ) : (
          s.item && <ItemLines item={s.item} h2={h2} />
        )}
      </section>

      {preview.items_total > 0 && (
        <section className={section} aria-label="优惠券">
          <h2 className={h2}>优惠券</h2>
          {preview.coupons.length === 0 ? (
            <p className="text-sm text-ink-mute">
              暂无可用优惠券，
              <a className="text-brand" href="/coupon" target="_blank">
                去领券中心看看
              </a>
            </p>
          ) : (
            <div className="grid grid-cols-2 gap-3">
              {preview.coupons.map((c) => (
                <CouponTicket key={c.id} c={c} selected={c.id === s.couponId} onClick={() => void reprice.run(() => chooseCoupon(c.id))}>
                  <span
                    className={
                      c.id === s.couponId
                        ? 'i-ri-checkbox-circle-fill text-xl text-brand'
                        : 'i-ri-checkbox-blank-circle-line text-xl text-ink-mute'
                    }
                  />
                </CouponTicket>
              ))}
            </div>
          )}
        </section>
      )}

      {s.goods && (
        <section className={section}>
          <label className="flex items-start gap-3 text-sm">
            <span className="pt-2 text-ink-soft">订单备注</span>
            <textarea
              className="gf-input h-16 flex-1 py-2"
              maxLength={ORDER_LIMITS.remark}
              placeholder={`选填，给卖家留言（${ORDER_LIMITS.remark} 字以内）`}
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
          </label>
        </section>
      )}

      <section className="gf-card flex items-end justify-end gap-10 px-6 py-5">
        <dl className="grid grid-cols-[auto_120px] gap-x-6 gap-y-1.5 text-right text-sm text-ink-soft" aria-busy={s.pricing}>
          <dt>商品金额</dt>
          <dd>{money(preview.items_total)}</dd>
          {s.goods && (
            <>
              <dt>运费{s.goods.freight === 0 ? '' : `（满 ${s.goods.free_freight_from / 100} 元包邮）`}</dt>
              <dd>{s.goods.freight ? money(s.goods.freight) : '包邮'}</dd>
            </>
          )}
          {preview.discount > 0 && (
            <>
              <dt>优惠</dt>
              <dd className="text-price">-{money(preview.discount)}</dd>
            </>
          )}
          <dt className="pt-2 text-base text-ink">应付金额</dt>
          <dd className="pt-1 text-2xl font-700 text-price" data-testid="pay-amount">
            {money(preview.pay_amount)}
          </dd>
        </dl>
        <button type="button" className="gf-btn-primary h-12 w-40 text-base" disabled={submit.busy || s.pricing} onClick={place}>
          {submit.busy ? '提交中…' : kind === 'class' && preview.pay_amount === 0 ? '立即报名' : '提交订单'}
        </button>
      </section>
    </div>
  );
}

/** The delivery addresses to pick from, with 新增地址 in a dialog. */
function AddressSection({ chosen }: { chosen: number }) {
  const { list, error } = useStore($addresses);
  const [dialog, setDialog] = useState(false);
  const saved = useAction();
  const addresses = list ?? [];
  return (
    <section className="gf-card mb-4 px-6 py-5" aria-label="收货地址">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-base font-600">收货地址</h2>
        <div className="flex gap-4 text-sm">
          <a className="text-ink-soft hover:text-brand" href="/my/address" target="_blank">
            管理地址
          </a>
          <button type="button" className="text-brand" onClick={() => setDialog(true)}>
            + 新增地址
          </button>
        </div>
      </div>
      {addresses.length === 0 ? (
        <button
          type="button"
          className="w-full rounded-lg border border-dashed border-line py-6 text-ink-soft hover:border-brand-accent hover:text-brand"
          onClick={() => setDialog(true)}
        >
          {list ? '还没有收货地址，点击新增' : error || '收货地址加载中…'}
        </button>
      ) : (
        <div className="grid grid-cols-3 gap-3">
          {addresses.map((a) => (
            <button
              key={a.id}
              type="button"
              aria-pressed={a.id === chosen}
              onClick={() => pickAddress(a.id)}
              className={`rounded-lg border px-4 py-3 text-left text-sm ${a.id === chosen ? 'border-brand-accent bg-brand-light/50' : 'border-line hover:border-brand-accent'}`}
            >
              <p className="font-600 text-ink">
                {a.name} <span className="ml-2 font-400 text-ink-soft">{maskPhone(a.phone)}</span>
                {a.is_default === 1 && <span className="ml-2 rounded bg-brand px-1 text-xs font-400 text-white">默认</span>}
              </p>
              <p className="mt-1 line-clamp-2 text-ink-soft">{addressText(a)}</p>
            </button>
          ))}
        </div>
      )}
      <AddressDialog
        open={dialog}
        editing={null}
        onClose={() => setDialog(false)}
        onSaved={(a) => {
          setDialog(false);
          void saved.run(() => addressSaved(a));
        }}
      />
    </section>
  );
}

/** The goods of one shop as the server priced them, each with a quantity stepper. */
function GoodsLines(props: { goods: GoodsPreview; busy: boolean; step: (skuId: number, delta: -1 | 1) => void }) {
  const { goods } = props;
  const stepBtn = 'h-7 w-7 border border-line text-ink-soft hover:text-brand disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <>
      <h2 className="mb-3 text-base font-600">
        店铺：
        <a className="gf-link" href={`/anchor?type=mechant&id=${goods.shop.id}`}>
          {goods.shop.name}
        </a>
      </h2>
      <div className="divide-y divide-line">
        {goods.items.map((i) => (
          <ItemRow
            key={i.sku_id}
            it={{ ...i, course_id: null, class_id: null }}
            quantity={
              <span className="flex w-28 items-center justify-end" role="group" aria-label={`${i.title} 数量`}>
                <button
                  type="button"
                  className={`${stepBtn} rounded-l`}
                  aria-label="减少"
                  disabled={props.busy || nextQuantity(i, -1) === null}
                  onClick={() => props.step(i.sku_id, -1)}
                >
                  −
                </button>
                <span className="h-7 min-w-9 border-y border-line px-1 text-center text-sm leading-7" data-testid="line-num">
                  {i.num}
                </span>
                <button
                  type="button"
                  className={`${stepBtn} rounded-r`}
                  aria-label="增加"
                  disabled={props.busy || nextQuantity(i, 1) === null}
                  onClick={() => props.step(i.sku_id, 1)}
                >
                  +
                </button>
              </span>
            }
            right={
              i.short ? (
                <span className="w-24 text-right text-xs text-danger">库存仅剩 {i.stock} 件</span>
              ) : i.member_price ? (
                <span className="w-24 text-right text-xs text-vip" data-testid="line-member-price">
                  已按会员价
                </span>
              ) : undefined
            }
          />
        ))}
      </div>
    </>
  );
}

/** The course or class being bought. */
function ItemLines({ item: p, h2 }: { item: ItemPreview; h2: string }) {
  const line = {
    goods_id: null,
    course_id: p.kind === 'course' ? p.item.id : null,
    class_id: p.kind === 'class' ? p.item.id : null,
    title: p.item.title,
    specs: p.kind === 'class' ? `${p.item.schedule} · ${p.item.venue}` : p.item.level,
    cover: p.item.cover,
    price: p.item.price,
    num: 1,
  };
  return (
    <>
      <h2 className={h2}>{p.kind === 'course' ? '课程信息' : '班级信息'}</h2>
      <div className="divide-y divide-line">
        <ItemRow it={line} />
      </div>
      {p.kind === 'class' && (
        <p className="mt-2 text-sm text-ink-soft">
          开课时间 {formatDateTime(p.item.starts_at)} · 剩余名额{' '}
          <b className={p.item.seats_left ? 'text-brand' : 'text-danger'}>{p.item.seats_left}</b>
        </p>
      )}
    </>
  );
}
