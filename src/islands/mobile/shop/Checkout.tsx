import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime, money } from '~/lib/format';
import { img } from '~/lib/media';
import { MOBILE_PATHS, toMobileHref } from '~/lib/rules/mobile-redirect';
import { ORDER_LIMITS } from '~/lib/rules/order-status';
import { maskPhone } from '~/lib/rules/phone';
import { $addresses, addressText } from '~/lib/stores/address';
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
import { useAction } from '~/islands/ui/useAction';
import { Sheet } from '~/islands/ui/mobile/Sheet';
import { MemberGate } from '~/islands/ui/mobile/MemberGate';
import { CouponTicket } from '~/islands/commerce/CouponTicket';
import { AddressForm } from './AddressForm';

/**
 * /m/checkout?kind=goods|course|class plus the desktop confirm page's query: the same store and rules
 * (checkout.ts) — address (goods), coupon, totals — laid out for the phone; 提交订单 goes to /m/pay.
 */
export default function Checkout(props: { kind: CheckoutKind }) {
  return (
    <MemberGate icon="i-ri-file-list-3-line" text="登录后确认订单">
      <Confirm kind={props.kind} />
    </MemberGate>
  );
}

const BACK = {
  goods: ['返回购物车', MOBILE_PATHS.cart],
  course: ['返回课程', `${MOBILE_PATHS.share}?type=course`],
  class: ['返回班级', `${MOBILE_PATHS.share}?type=class`],
} as const;

function Confirm({ kind }: { kind: CheckoutKind }) {
  const s = useStore($checkout);
  const [remark, setRemark] = useState('');
  const [sheet, setSheet] = useState<'address' | 'coupon' | null>(null);
  const submit = useAction();
  const reprice = useAction();

  useEffect(() => {
    void startCheckout(kind, location.search);
  }, [kind]);

  if (s.pending)
    return (
      <div className="flex flex-col items-center gap-4 px-6 py-20 text-center text-ink-soft" data-testid="pending-order">
        <span className="i-ri-time-line text-5xl text-brand" aria-hidden="true" />
        <p role="alert">{s.pending.message}</p>
        <a className="gf-m-btn-primary w-40" href={toMobileHref(payHref(s.pending.orderId))}>
          去支付
        </a>
      </div>
    );
  if (s.error) {
    const req = s.request;
    const back =
      req && req.kind !== 'goods'
        ? `${req.kind === 'course' ? MOBILE_PATHS.courseDetail : MOBILE_PATHS.classDetail}?id=${req.id}`
        : BACK[kind][1];
    return (
      <div className="flex flex-col items-center gap-4 px-6 py-20 text-center text-ink-soft">
        <span className="i-ri-error-warning-line text-5xl text-ink-mute" aria-hidden="true" />
        <p role="alert">{s.error}</p>
        <div className="flex gap-3">
          {s.request && (
            <button type="button" className="gf-m-btn-ghost" onClick={() => void startCheckout(kind, location.search)}>
              重试
            </button>
          )}
          <a className="gf-m-btn-ghost" href={back}>
            {BACK[kind][0]}
          </a>
        </div>
      </div>
    );
  }
  const preview = s.goods ?? s.item;
  if (!preview) return <p className="py-20 text-center text-sm text-ink-mute">加载中…</p>;

  const place = () =>
    void submit.run(
      async () => {
        const placed = await submitCheckout(remark);
        if (placed) location.assign(toMobileHref(placed.href));
        return placed;
      },
      { done: (placed) => placed?.done ?? '' },
    );
  const coupon = preview.coupons.find((c) => c.id === s.couponId);
  return (
    <div className="px-3 pt-3">
      {s.goods && <AddressCard chosen={s.addressId} onOpen={() => setSheet('address')} />}

      <section className="gf-m-card mb-3 px-3" aria-label="商品信息">
        {s.goods ? (
          <GoodsLines goods={s.goods} busy={reprice.busy} step={(sku, d) => void reprice.run(() => stepLine(sku, d))} />
        ) : (
          s.item && <ItemLine item={s.item} />
        )}
      </section>

      <section className="gf-m-card mb-3 px-3 text-sm">
        {preview.items_total > 0 && (
          <button
            type="button"
            className="flex min-h-12 w-full items-center gap-2 text-left"
            onClick={() => setSheet('coupon')}
            data-testid="m-coupon-row"
          >
            <span className="text-ink-soft">优惠券</span>
            <span className={`ml-auto truncate ${coupon ? 'text-price' : 'text-ink-mute'}`}>
              {coupon
                ? `-${money(preview.discount)} ${coupon.title}`
                : preview.coupons.length
                  ? `${preview.coupons.length} 张可用`
                  : '暂无可用'}
            </span>
            <span className="i-ri-arrow-right-s-line shrink-0 text-lg text-ink-mute" aria-hidden="true" />
          </button>
        )}
        {s.goods && (
          <label className="flex min-h-12 items-center gap-3 border-t border-line">
            <span className="shrink-0 text-ink-soft">订单备注</span>
            <input
              className="h-12 min-w-0 flex-1 bg-transparent text-right text-base outline-none"
              maxLength={ORDER_LIMITS.remark}
              placeholder="选填，给卖家留言"
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
          </label>
        )}
      </section>

      <section className="gf-m-card mb-3 px-3 py-2 text-sm" aria-busy={s.pricing}>
        <dl className="grid grid-cols-[1fr_auto] gap-y-1.5 text-ink-soft">
          <dt>商品金额</dt>
          <dd className="text-right text-ink">{money(preview.items_total)}</dd>
          {s.goods && (
            <>
              <dt>运费{s.goods.freight === 0 ? '' : `（满 ${s.goods.free_freight_from / 100} 元包邮）`}</dt>
              <dd className="text-right text-ink">{s.goods.freight ? money(s.goods.freight) : '包邮'}</dd>
            </>
          )}
          {preview.discount > 0 && (
            <>
              <dt>优惠</dt>
              <dd className="text-right text-price">-{money(preview.discount)}</dd>
            </>
          )}
        </dl>
      </section>

      <div className="gf-m-actions">
        <p className="ml-1 min-w-0 flex-1 truncate text-sm">
          应付：
          <b className="text-xl text-price" data-testid="pay-amount">
            {money(preview.pay_amount)}
          </b>
        </p>
        <button type="button" className="gf-m-btn-primary shrink-0 px-6" disabled={submit.busy || s.pricing} onClick={place}>
          {submit.busy ? '提交中…' : kind === 'class' && preview.pay_amount === 0 ? '立即报名' : '提交订单'}
        </button>
      </div>

      {s.goods && <AddressSheet open={sheet === 'address'} chosen={s.addressId} onClose={() => setSheet(null)} />}
      <Sheet open={sheet === 'coupon'} onClose={() => setSheet(null)} title="选择优惠券">
        {preview.coupons.length === 0 ? (
          <p className="py-8 text-center text-sm text-ink-mute">
            暂无可用优惠券，
            <a className="text-brand" href={MOBILE_PATHS.coupon}>
              去领券中心看看
            </a>
          </p>
        ) : (
          <div className="flex flex-col gap-3">
            {preview.coupons.map((c) => (
              <CouponTicket
                key={c.id}
                c={c}
                compact
                selected={c.id === s.couponId}
                onClick={() => void reprice.run(() => chooseCoupon(c.id)).then(() => setSheet(null))}
              >
                <span
                  className={`${c.id === s.couponId ? 'i-ri-checkbox-circle-fill text-brand' : 'i-ri-checkbox-blank-circle-line text-ink-mute'} shrink-0 text-xl`}
                  aria-hidden="true"
                />
              </CouponTicket>
            ))}
            {s.couponId ? (
              <button
                type="button"
                className="gf-m-btn-ghost"
                onClick={() => void reprice.run(() => chooseCoupon(s.couponId ?? 0)).then(() => setSheet(null))}
              >
                不使用优惠券
              </button>
            ) : null}
          </div>
        )}
      </Sheet>
    </div>
  );
}

/** The delivery address chosen (or the prompt to add one); opens the address sheet. */
function AddressCard({ chosen, onOpen }: { chosen: number; onOpen: () => void }) {
  const { list, error } = useStore($addresses);
  const a = list?.find((x) => x.id === chosen);
  return (
    <button
      type="button"
      className="gf-m-card mb-3 flex w-full items-center gap-3 px-3 py-3 text-left"
      onClick={onOpen}
      data-testid="m-address-card"
    >
      <span className="i-ri-map-pin-2-fill shrink-0 text-2xl text-brand" aria-hidden="true" />
      {a ? (
        <span className="min-w-0 flex-1">
          <span className="block text-[15px] font-600 text-ink">
            {a.name} <span className="ml-1 font-400 text-ink-soft">{maskPhone(a.phone)}</span>
          </span>
          <span className="mt-0.5 line-clamp-2 block text-sm text-ink-soft">{addressText(a)}</span>
        </span>
      ) : (
        <span className="min-w-0 flex-1 text-[15px] text-ink-soft">{list ? '请选择收货地址' : error || '收货地址加载中…'}</span>
      )}
      <span className="i-ri-arrow-right-s-line shrink-0 text-lg text-ink-mute" aria-hidden="true" />
    </button>
  );
}

/** The address book to pick from, and 新增地址 (with the region picker) in the same sheet. */
function AddressSheet(props: { open: boolean; chosen: number; onClose: () => void }) {
  const { list } = useStore($addresses);
  const [adding, setAdding] = useState(false);
  const saved = useAction();
  const close = () => {
    setAdding(false);
    props.onClose();
  };
  // An empty book opens straight on the form.
  const form = adding || list?.length === 0;
  return (
    <Sheet open={props.open} onClose={close} title={form ? '新增收货地址' : '选择收货地址'}>
      {form ? (
        <AddressForm
          editing={null}
          onCancel={list?.length ? () => setAdding(false) : undefined}
          onSaved={(a) => {
            void saved.run(() => addressSaved(a));
            close();
          }}
        />
      ) : (
        <>
          <ul className="-mx-4 divide-y divide-line">
            {(list ?? []).map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  aria-pressed={a.id === props.chosen}
                  className="flex w-full items-center gap-3 px-4 py-3 text-left"
                  onClick={() => {
                    pickAddress(a.id);
                    close();
                  }}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block text-[15px] text-ink">
                      <b>{a.name}</b> <span className="ml-1 text-ink-soft">{maskPhone(a.phone)}</span>
                      {a.is_default === 1 && <span className="ml-2 rounded bg-brand px-1 text-xs text-white">默认</span>}
                    </span>
                    <span className="mt-0.5 line-clamp-2 block text-sm text-ink-soft">{addressText(a)}</span>
                  </span>
                  <span
                    className={`${a.id === props.chosen ? 'i-ri-checkbox-circle-fill text-brand' : 'i-ri-checkbox-blank-circle-line text-ink-mute'} shrink-0 text-xl`}
                    aria-hidden="true"
                  />
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex gap-3">
            <a href={MOBILE_PATHS.address} className="gf-m-btn-ghost flex-1">
              管理地址
            </a>
            <button type="button" className="gf-m-btn-primary flex-1" onClick={() => setAdding(true)}>
              新增地址
            </button>
          </div>
        </>
      )}
    </Sheet>
  );
}

/** The goods of one shop as the server priced them, each with a quantity stepper. */
function GoodsLines(props: { goods: GoodsPreview; busy: boolean; step: (skuId: number, delta: -1 | 1) => void }) {
  const { goods } = props;
  return (
    <>
      <h2 className="flex h-11 items-center gap-1 border-b border-line text-[15px] font-600">
        <span className="i-ri-store-2-line text-brand" aria-hidden="true" />
        {goods.shop.name}
      </h2>
      <ul className="divide-y divide-line">
        {goods.items.map((i) => (
          <li key={i.sku_id} className="flex gap-3 py-3">
            <img src={img(i.cover)} width={72} height={72} alt="" className="h-18 w-18 shrink-0 rounded-lg bg-surface-grey object-cover" />
            <div className="flex min-w-0 flex-1 flex-col">
              <p className="line-clamp-2 text-sm leading-5 text-ink">{i.title}</p>
              {i.specs && <p className="truncate text-xs text-ink-mute">{i.specs}</p>}
              {i.short === 1 && <p className="text-xs text-danger">库存仅剩 {i.stock} 件</p>}
              {i.member_price === 1 && <p className="text-xs text-vip">已按会员价</p>}
              <div className="mt-auto flex items-center justify-between pt-1">
                <span className="font-600 text-price">{money(i.price)}</span>
                <span className="flex items-center rounded-full border border-line" role="group" aria-label={`${i.title} 数量`}>
                  <button
                    type="button"
                    className="h-9 w-9 text-ink-soft disabled:opacity-40"
                    aria-label="减少"
                    disabled={props.busy || nextQuantity(i, -1) === null}
                    onClick={() => props.step(i.sku_id, -1)}
                  >
                    −
                  </button>
                  <span className="w-7 text-center text-sm" data-testid="line-num">
                    {i.num}
                  </span>
                  <button
                    type="button"
                    className="h-9 w-9 text-ink-soft disabled:opacity-40"
                    aria-label="增加"
                    disabled={props.busy || nextQuantity(i, 1) === null}
                    onClick={() => props.step(i.sku_id, 1)}
                  >
                    +
                  </button>
                </span>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The course or class being bought. */
function ItemLine({ item: p }: { item: ItemPreview }) {
  return (
    <div className="py-3">
      <h2 className="mb-2 text-[15px] font-600">{p.kind === 'course' ? '课程信息' : '班级信息'}</h2>
      <div className="flex gap-3">
        <img
          src={img(p.item.cover)}
          width={112}
          height={70}
          alt=""
          className="h-[70px] w-28 shrink-0 rounded-lg bg-surface-grey object-cover"
        />
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm leading-5 text-ink">{p.item.title}</p>
          <p className="mt-0.5 truncate text-xs text-ink-mute">
            {p.kind === 'class' ? `${p.item.schedule} · ${p.item.venue}` : p.item.level}
          </p>
          <p className="mt-1 font-600 text-price">{money(p.item.price)}</p>
        </div>
      </div>
      {p.kind === 'class' && (
        <p className="mt-2 text-xs text-ink-soft">
          开课时间 {formatDateTime(p.item.starts_at)} · 剩余名额{' '}
          <b className={p.item.seats_left ? 'text-brand' : 'text-danger'}>{p.item.seats_left}</b>
        </p>
      )}
    </div>
  );
}
