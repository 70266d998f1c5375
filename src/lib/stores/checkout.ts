import { map } from 'nanostores';
import { api, ApiError, errorText } from '../api/client';
import type { Address } from '../api/contract/address';
import type { GoodsLine, GoodsPreview, ItemPreview, PendingOrderRefusal, UsableCoupon } from '../api/contract/checkout';
import { positiveInt } from '../format';
import { ORDER_LIMITS } from '../rules/order-status';
import { check, InputError } from './action';
import { $addresses, loadAddresses } from './address';
import { agentParam, parseAgentParam } from '../rules/seller-shop';
import { nextQuantity } from './cart';

export type { GoodsPreview, ItemPreview, UsableCoupon };

export type CheckoutKind = 'goods' | 'course' | 'class';

/** What a confirm page's URL asks to buy: cart lines or one SKU, or a course / class. */
/** `agent`: the `?agent=` the buyer came with from an agent's homepage (credited on the order). */
export type CheckoutRequest = ({ kind: 'goods'; cart: number[]; items: GoodsLine[] } | { kind: 'course' | 'class'; id: number }) & {
  agent?: string;
};

export const CHECKOUT_TEXTS = {
  nothing: '没有要结算的商品',
  noCourse: '课程不存在',
  noClass: '班级不存在',
  address: '请选择收货地址',
  short: '部分商品库存不足，请修改数量',
  pricing: '正在计算应付金额，请稍候',
  enrolled: '报名成功',
} as const;

/**
 * /order/goodsOrder?cart=1,2 (from the cart) or ?sku_id=&num= (立即购买); /order/courseOrder?id=
 * and /order/classOrder?id=. Null when the URL names nothing to buy.
 */
export function checkoutRequest(kind: CheckoutKind, search: string): CheckoutRequest | null {
  const q = new URLSearchParams(search);
  const agent = parseAgentParam(q.get('agent'));
  const via = agent ? { agent: agentParam(agent.type, agent.id) } : {};
  if (kind !== 'goods') {
    const id = positiveInt(q.get('id'));
    return id ? { kind, id, ...via } : null;
  }
  const cart = (q.get('cart') ?? '')
    .split(',')
    .map((x) => positiveInt(x))
    .filter((x): x is number => x !== null)
    .slice(0, ORDER_LIMITS.goodsKinds);
  if (cart.length) return { kind, cart, items: [] };
  const sku = positiveInt(q.get('sku_id'));
  return sku ? { kind, cart: [], items: [{ sku_id: sku, num: positiveInt(q.get('num')) ?? 1 }], ...via } : null;
}

/** A course or class the member already ordered and has not paid: the server's message and that order. */
export interface PendingOrder {
  orderId: number;
  message: string;
}

/** The order a refusal points to (`data.order_id`), if it does. */
export function pendingOrderOf(err: unknown): PendingOrder | null {
  if (!(err instanceof ApiError) || typeof err.data !== 'object' || err.data === null || !('order_id' in err.data)) return null;
  const id = (err.data as PendingOrderRefusal).order_id;
  return typeof id === 'number' && id > 0 ? { orderId: id, message: err.message } : null;
}

/** Where the member pays an order. */
export const payHref = (orderId: number): string => `/order/middle?id=${orderId}`;

export interface CheckoutState {
  request: CheckoutRequest | null;
  /** The server's preview of a goods checkout (null until loaded). */
  goods: GoodsPreview | null;
  /** The server's preview of a course or class. */
  item: ItemPreview | null;
  /** The coupon asked for: undefined lets the server pick the best; 0 is none. */
  couponId: number | undefined;
  /** The goods lines as the member has them now (after the first preview). */
  lines: GoodsLine[];
  /** The delivery address chosen (0 = none yet). */
  addressId: number;
  /** Why the page cannot be shown. */
  error: string;
  /** A course/class already awaiting payment: the page leads to paying that order. */
  pending: PendingOrder | null;
  /** A new preview is on its way: the shown total is about to change. */
  pricing: boolean;
}

const EMPTY: CheckoutState = {
  request: null,
  goods: null,
  item: null,
  couponId: undefined,
  lines: [],
  addressId: 0,
  error: '',
  pending: null,
  pricing: false,
};

/** The confirm page (/order/goodsOrder|courseOrder|classOrder). */
export const $checkout = map<CheckoutState>(EMPTY);

let latest = 0;

/** Asks the server to price the checkout as it stands; only the newest answer is kept. */
async function fetchPreview(): Promise<void> {
  const s = $checkout.get();
  const req = s.request;
  if (!req) return;
  const mine = ++latest;
  $checkout.setKey('pricing', true);
  try {
    const coupon = s.couponId === undefined ? {} : { coupon_id: s.couponId };
    if (req.kind === 'goods') {
      const body = s.lines.length ? { items: s.lines } : req.cart.length ? { cart_ids: req.cart } : { items: req.items };
      const goods = await api('/order/previewGoods', { ...body, ...coupon });
      if (mine === latest) $checkout.set({ ...$checkout.get(), goods, lines: goods.lines, couponId: goods.coupon_id, pricing: false });
    } else {
      const item = await api('/order/previewItem', { kind: req.kind, id: req.id, ...coupon });
      if (mine === latest) $checkout.set({ ...$checkout.get(), item, couponId: item.coupon_id, pricing: false });
    }
  } catch (err) {
    if (mine === latest) $checkout.setKey('pricing', false);
    throw err;
  }
}

/** Loads a confirm page: what the URL asks for, priced by the server, and (goods) the addresses. */
export async function startCheckout(kind: CheckoutKind, search: string): Promise<void> {
  const request = checkoutRequest(kind, search);
  $checkout.set({ ...EMPTY, request });
  if (!request) {
    $checkout.setKey(
      'error',
      kind === 'goods' ? CHECKOUT_TEXTS.nothing : kind === 'course' ? CHECKOUT_TEXTS.noCourse : CHECKOUT_TEXTS.noClass,
    );
    return;
  }
  const addresses = kind === 'goods' ? loadCheckoutAddresses() : Promise.resolve();
  try {
    await fetchPreview();
  } catch (err) {
    const pending = pendingOrderOf(err);
    if (pending) $checkout.setKey('pending', pending);
    else $checkout.setKey('error', errorText(err));
  }
  await addresses;
}

/** Picks a coupon, or drops it when it is the one picked; the server prices the result. */
export async function chooseCoupon(id: number): Promise<void> {
  const before = $checkout.get().couponId;
  $checkout.setKey('couponId', id === before ? 0 : id);
  try {
    await fetchPreview();
  } catch (err) {
    $checkout.setKey('couponId', before);
    throw err;
  }
}

/**
 * − (delta -1) or + (delta 1) on a goods line, within 1..stock (at most 99; a line asking for more
 * than is left steps straight down to the stock); the server prices the result.
 */
export async function stepLine(skuId: number, delta: -1 | 1): Promise<void> {
  const { goods, lines } = $checkout.get();
  const line = goods?.items.find((i) => i.sku_id === skuId);
  const num = line ? nextQuantity(line, delta) : null;
  if (num === null) return;
  $checkout.setKey(
    'lines',
    lines.map((l) => (l.sku_id === skuId ? { ...l, num } : l)),
  );
  try {
    await fetchPreview();
  } catch (err) {
    $checkout.setKey('lines', lines);
    throw err;
  }
}

/** The address to start with: the one asked for, the one kept, the default, the first. */
export function pickInitialAddress(list: readonly Address[], current: number, wanted?: number): number {
  if (wanted && list.some((a) => a.id === wanted)) return wanted;
  if (list.some((a) => a.id === current)) return current;
  return list.find((a) => a.is_default === 1)?.id ?? list[0]?.id ?? 0;
}

/** Loads the address book and keeps a valid choice (`pick`: a just-saved address). */
export async function loadCheckoutAddresses(pick?: number): Promise<void> {
  await loadAddresses();
  $checkout.setKey('addressId', pickInitialAddress($addresses.get().list ?? [], $checkout.get().addressId, pick));
}

export function pickAddress(id: number): void {
  $checkout.setKey('addressId', id);
}

/** A new address was saved in the dialog: it becomes the delivery address. */
export async function addressSaved(a: Address): Promise<void> {
  if (!($addresses.get().list ?? []).some((x) => x.id === a.id)) await loadAddresses();
  $checkout.setKey('addressId', a.id);
}

/** Where the member goes once the order exists, and what to say. */
export interface Placed {
  href: string;
  done: string;
}

/**
 * 提交订单: the order is created as the server prices it (stock, seats and coupon are taken in its
 * transaction). Answers where to go next — paying, or the order itself for a free class. A course or
 * class already awaiting payment answers null and the page leads to that order instead.
 */
export async function submitCheckout(remark: string): Promise<Placed | null> {
  const s = $checkout.get();
  const req = s.request;
  if (!req) throw new InputError(CHECKOUT_TEXTS.nothing);
  check(s.pricing ? CHECKOUT_TEXTS.pricing : null, 'warning');
  const coupon = s.couponId ? { coupon_id: s.couponId } : {};
  if (req.kind === 'goods') {
    check(s.addressId ? null : CHECKOUT_TEXTS.address, 'warning');
    check(s.goods?.items.some((i) => i.short) ? CHECKOUT_TEXTS.short : null, 'warning');
    const made = await api('/order/createGoods', {
      items: s.lines,
      address_id: s.addressId,
      remark: remark.trim().slice(0, ORDER_LIMITS.remark),
      from_cart: req.cart.length > 0,
      ...coupon,
      ...(req.agent ? { agent: req.agent } : {}),
    });
    return { href: payHref(made.id), done: '' };
  }
  try {
    if (req.kind === 'course') {
      const made = await api('/order/createCourse', { course_id: req.id, ...coupon, ...(req.agent ? { agent: req.agent } : {}) });
      return { href: payHref(made.id), done: '' };
    }
    const made = await api('/order/createClass', { class_id: req.id, ...coupon });
    return made.status === 'paid'
      ? { href: `/order/detail?id=${made.id}`, done: CHECKOUT_TEXTS.enrolled }
      : { href: payHref(made.id), done: '' };
  } catch (err) {
    const pending = pendingOrderOf(err);
    if (!pending) throw err;
    $checkout.setKey('pending', pending);
    return null;
  }
}
