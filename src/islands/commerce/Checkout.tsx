import { useCallback, useEffect, useState } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { formatDateTime, positiveInt } from '~/lib/format';
import { maskPhone } from '~/lib/rules/phone';
import { toast } from '~/lib/toast';
import { MemberOnly } from '../account/parts';
import { AddressDialog, addressText, type Address } from './AddressForm';
import { CouponTicket, ItemRow, money, type Coupon } from './parts';

type Kind = 'goods' | 'course' | 'class';
interface GoodsPreview {
  shop: { id: number; name: string };
  items: {
    goods_id: number;
    sku_id: number;
    title: string;
    cover: string;
    specs: string;
    price: number;
    num: number;
    stock: number;
    short: number;
  }[];
  lines: { sku_id: number; num: number }[];
  items_total: number;
  freight: number;
  coupons: Coupon[];
  coupon_id: number;
  discount: number;
  pay_amount: number;
  free_freight_from: number;
}
interface ItemPreview {
  item: { id: number; title: string; cover: string; price: number; specs: string; venue?: string; seats_left?: number; starts_at?: string };
  coupons: Coupon[];
  items_total: number;
}

/** /order/goodsOrder, /order/courseOrder, /order/classOrder: confirm what is bought, then create the order. */
export default function Checkout(props: { kind: Kind }) {
  return (
    <MemberOnly>
      <Confirm kind={props.kind} />
    </MemberOnly>
  );
}

/** What the URL asks to buy: cart lines, one SKU, or a course / class id. */
function request(kind: Kind) {
  const q = new URLSearchParams(location.search);
  if (kind !== 'goods') return { id: positiveInt(q.get('id')) };
  const cart = (q.get('cart') ?? '')
    .split(',')
    .map((x) => positiveInt(x))
    .filter((x): x is number => x !== null);
  const sku = positiveInt(q.get('sku_id'));
  return { cart, sku, num: positiveInt(q.get('num')) ?? 1 };
}

function Confirm({ kind }: { kind: Kind }) {
  const [req] = useState(() => request(kind));
  const [goods, setGoods] = useState<GoodsPreview | null>(null);
  const [item, setItem] = useState<ItemPreview | null>(null);
  const [error, setError] = useState('');
  const [addresses, setAddresses] = useState<Address[]>([]);
  const [addressId, setAddressId] = useState(0);
  const [couponId, setCouponId] = useState<number | undefined>(undefined);
  const [remark, setRemark] = useState('');
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);

  const loadAddresses = useCallback(async (pick?: number) => {
    const list = await untypedApi<Address[]>('/member/addressList');
    setAddresses(list);
    setAddressId((cur) => pick ?? (list.some((a) => a.id === cur) ? cur : (list.find((a) => a.is_default)?.id ?? list[0]?.id ?? 0)));
  }, []);

  useEffect(() => {
    if (kind === 'goods') {
      const r = req as ReturnType<typeof request> & { cart: number[]; sku: number | null; num: number };
      const body = r.cart.length ? { cart_ids: r.cart } : r.sku ? { items: [{ sku_id: r.sku, num: r.num }] } : null;
      if (!body) return void setError('没有要结算的商品');
      untypedApi<GoodsPreview>('/order/previewGoods', { ...body, ...(couponId !== undefined ? { coupon_id: couponId } : {}) })
        .then((p) => {
          setGoods(p);
          if (couponId === undefined) setCouponId(p.coupon_id);
        })
        .catch((err) => setError(errorText(err)));
    } else {
      if (!req.id) return void setError(kind === 'course' ? '课程不存在' : '班级不存在');
      untypedApi<ItemPreview>('/order/previewItem', { kind, id: req.id })
        .then((p) => {
          setItem(p);
          setCouponId((c) => c ?? p.coupons[0]?.id ?? 0);
        })
        .catch((err) => setError(errorText(err)));
    }
  }, [kind, req, couponId]);

  useEffect(() => {
    if (kind === 'goods') loadAddresses().catch((err) => toast.error(errorText(err)));
  }, [kind, loadAddresses]);

  const coupons = goods?.coupons ?? item?.coupons ?? [];
  const chosen = coupons.find((c) => c.id === couponId);
  const itemsTotal = goods?.items_total ?? item?.items_total ?? 0;
  const freight = goods?.freight ?? 0;
  const discount = chosen?.amount ?? 0;
  const payAmount = itemsTotal + freight - discount;
  const short = goods?.items.some((i) => i.short);

  async function submit() {
    if (kind === 'goods' && !addressId) return void toast.warning('请选择收货地址');
    if (short) return void toast.warning('部分商品库存不足，请返回修改数量');
    setBusy(true);
    try {
      const coupon = couponId ? { coupon_id: couponId } : {};
      const r = req as { cart?: number[] };
      const made =
        kind === 'goods'
          ? await untypedApi<{ id: number }>('/order/createGoods', {
              items: goods!.lines,
              address_id: addressId,
              remark,
              from_cart: Boolean(r.cart?.length),
              ...coupon,
            })
          : kind === 'course'
            ? await untypedApi<{ id: number }>('/order/createCourse', { course_id: req.id, ...coupon })
            : await untypedApi<{ id: number; status: string }>('/order/createClass', { class_id: req.id, ...coupon });
      if ('status' in made && made.status === 'paid') {
        toast.success('报名成功');
        location.assign(`/order/detail?id=${made.id}`);
      } else location.assign(`/order/middle?id=${made.id}`);
    } catch (err) {
      toast.error(errorText(err));
      setBusy(false);
    }
  }

  if (error)
    return (
      <div className="gf-card flex flex-col items-center gap-4 py-20 text-ink-soft">
        <span className="i-ri-error-warning-line text-5xl text-ink-mute" />
        <p role="alert">{error}</p>
        <a className="gf-btn-ghost" href={kind === 'goods' ? '/cart' : req.id ? `/train/${kind}Detail?id=${req.id}` : `/train/${kind}`}>
          {kind === 'goods' ? '返回购物车' : kind === 'course' ? '返回课程' : '返回班级'}
        </a>
      </div>
    );
  if (!goods && !item) return <p className="gf-card py-20 text-center text-ink-mute">加载中…</p>;

  const section = 'gf-card mb-4 px-6 py-5';
  const h2 = 'mb-3 text-base font-600';
  return (
    <div>
      {kind === 'goods' && (
        <section className={section} aria-label="收货地址">
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
              className="w-full rounded-lg border border-dashed border-line py-6 text-ink-soft hover:border-brand hover:text-brand"
              onClick={() => setDialog(true)}
            >
              还没有收货地址，点击新增
            </button>
          ) : (
            <div className="grid grid-cols-3 gap-3">
              {addresses.map((a) => (
                <button
                  key={a.id}
                  type="button"
                  aria-pressed={a.id === addressId}
                  onClick={() => setAddressId(a.id)}
                  className={`rounded-lg border px-4 py-3 text-left text-sm ${a.id === addressId ? 'border-brand bg-brand-light/50' : 'border-line hover:border-brand'}`}
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
        </section>
      )}

      <section className={section} aria-label="商品信息">
        <h2 className={h2}>
          {kind === 'goods' ? (
            <>
              店铺：
              <a className="gf-link" href={`/anchor?type=mechant&id=${goods!.shop.id}`}>
                {goods!.shop.name}
              </a>
            </>
          ) : kind === 'course' ? (
            '课程信息'
          ) : (
            '班级信息'
          )}
        </h2>
        <div className="divide-y divide-line">
          {goods?.items.map((i) => (
            <ItemRow
              key={i.sku_id}
              it={{
                goods_id: i.goods_id,
                sku_id: i.sku_id,
                course_id: null,
                class_id: null,
                title: i.title,
                specs: i.specs,
                cover: i.cover,
                price: i.price,
                num: i.num,
              }}
              right={i.short ? <span className="w-24 text-right text-xs text-[#f56c6c]">库存仅剩 {i.stock} 件</span> : undefined}
            />
          ))}
          {item && (
            <ItemRow
              it={{
                goods_id: null,
                sku_id: null,
                course_id: kind === 'course' ? item.item.id : null,
                class_id: kind === 'class' ? item.item.id : null,
                title: item.item.title,
                specs: kind === 'class' ? `${item.item.specs} · ${item.item.venue}` : item.item.specs,
                cover: item.item.cover,
                price: item.item.price,
                num: 1,
              }}
            />
          )}
        </div>
        {kind === 'class' && item?.item.starts_at && (
          <p className="mt-2 text-sm text-ink-soft">
            开课时间 {formatDateTime(item.item.starts_at)} · 剩余名额{' '}
            <b className={item.item.seats_left ? 'text-brand' : 'text-[#f56c6c]'}>{item.item.seats_left}</b>
          </p>
        )}
      </section>

      {itemsTotal > 0 && (
        <section className={section} aria-label="优惠券">
          <h2 className={h2}>优惠券</h2>
          {coupons.length === 0 ? (
            <p className="text-sm text-ink-mute">
              暂无可用优惠券，
              <a className="text-brand" href="/coupon" target="_blank">
                去领券中心看看
              </a>
            </p>
          ) : (
            <div className="grid grid-cols-2 gap-3">
              {coupons.map((c) => (
                <CouponTicket key={c.id} c={c} selected={c.id === couponId} onClick={() => setCouponId(c.id === couponId ? 0 : c.id)}>
                  <span
                    className={
                      c.id === couponId
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

      {kind === 'goods' && (
        <section className={section}>
          <label className="flex items-start gap-3 text-sm">
            <span className="pt-2 text-ink-soft">订单备注</span>
            <textarea
              className="gf-input h-16 flex-1 py-2"
              maxLength={200}
              placeholder="选填，给卖家留言（200 字以内）"
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
          </label>
        </section>
      )}

      <section className="gf-card flex items-end justify-end gap-10 px-6 py-5">
        <dl className="grid grid-cols-[auto_120px] gap-x-6 gap-y-1.5 text-right text-sm text-ink-soft">
          <dt>商品金额</dt>
          <dd>{money(itemsTotal)}</dd>
          {kind === 'goods' && (
            <>
              <dt>运费{freight === 0 ? '' : `（满 ${goods!.free_freight_from / 100} 元包邮）`}</dt>
              <dd>{freight ? money(freight) : '包邮'}</dd>
            </>
          )}
          <dt>优惠</dt>
          <dd className="text-[#f56c6c]">-{money(discount)}</dd>
          <dt className="pt-2 text-base text-ink">应付金额</dt>
          <dd className="pt-1 text-2xl font-700 text-[#f56c6c]" data-testid="pay-amount">
            {money(payAmount)}
          </dd>
        </dl>
        <button type="button" className="gf-btn-primary h-12 w-40 text-base" disabled={busy} onClick={submit}>
          {busy ? '提交中…' : kind === 'class' && payAmount === 0 ? '立即报名' : '提交订单'}
        </button>
      </section>

      <AddressDialog
        open={dialog}
        editing={null}
        onClose={() => setDialog(false)}
        onSaved={(a) => {
          setDialog(false);
          void loadAddresses(a.id);
        }}
      />
    </div>
  );
}
