import { map } from 'nanostores';
import { api, errorText, mayRetry } from '../api/client';
import type { Order, OrderDetail, OrderItem, SellerOrder } from '../api/contract/order';
import { positiveInt } from '../format';
import { EXPRESS_NO_RE, EXPRESS_NO_TEXT, ORDER_LIMITS, orderTabs, type OrderKind, type OrderTab } from '../rules/order-status';
import { check } from './action';
import { createPagedList, type Page } from './paged';
import { createInfiniteList } from './infinite';

export type { Order, OrderDetail, OrderItem, SellerOrder };

/* ---- /my/order/goods|course|class ---- */

export const ORDER_LIST_LIMIT = 10;

/** The tab named by ?tab= when the kind has it, else 全部. */
export function tabFromSearch(kind: OrderKind, search: string): OrderTab {
  const t = new URLSearchParams(search).get('tab');
  return orderTabs(kind).find(([k]) => k === t)?.[0] ?? 'all';
}

/** The member's orders of one kind, by tab, paged. */
export const createOrderList = (kind: OrderKind, tab: OrderTab = 'all') =>
  createPagedList<Order, OrderTab>((t, page) => api('/order/list', { kind, tab: t, page, limit: ORDER_LIST_LIMIT }), tab);

/** The phone's order list (SPEC §2 mobile site): one kind, by tab, growing as it scrolls. */
export const createMobileOrderList = (kind: OrderKind, tab: OrderTab, initial?: Page<Order>) =>
  createInfiniteList<Order, OrderTab>((t, page) => api('/order/list', { kind, tab: t, page, limit: ORDER_LIST_LIMIT }), tab, initial);

/** The query string that keeps a tab in the address bar ('' for 全部). */
export const tabSearch = (tab: OrderTab): string => (tab === 'all' ? '' : `?tab=${tab}`);

/* ---- /order/detail ---- */

/** The order page's order; on a failure its text, and whether asking again may help (not for a missing order). */
export const $orderDetail = map<{ order: OrderDetail | null; error: string; retryable: boolean }>({
  order: null,
  error: '',
  retryable: false,
});

/** The order id of ?id=, or null. */
export const orderIdFromSearch = (search: string): number | null => positiveInt(new URLSearchParams(search).get('id'));

export async function loadOrderDetail(id: number | null): Promise<void> {
  if (!id) {
    $orderDetail.set({ order: null, error: '订单不存在', retryable: false });
    return;
  }
  try {
    $orderDetail.set({ order: await api('/order/detail', { id }), error: '', retryable: false });
  } catch (err) {
    $orderDetail.set({ ...$orderDetail.get(), error: errorText(err), retryable: mayRetry(err) });
  }
}

export const PAID_RECHECKS = 5;
export const PAID_RECHECK_MS = 1500;

/**
 * Back from a gateway (?paid=1) to an order still unpaid: its notice may land a moment later, so
 * the order is read again a few times. Answers the stop function.
 */
export function recheckPaid(id: number, tries = PAID_RECHECKS, everyMs = PAID_RECHECK_MS): () => void {
  let left = tries;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    left--;
    await loadOrderDetail(id);
    if (!stopped && left > 0 && $orderDetail.get().order?.status === 'unpaid') timer = setTimeout(() => void tick(), everyMs);
  };
  if ($orderDetail.get().order?.status === 'unpaid' && left > 0) timer = setTimeout(() => void tick(), everyMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/* ---- What a member may do with an order ---- */

export const ORDER_ACTION_TEXTS = {
  cancel: ['确定取消该订单吗？', '订单已取消'],
  receive: ['请确认已收到商品，确认后订单完成', '已确认收货'],
  withdraw: ['确定撤销退款申请吗？', '已撤销退款申请'],
  refund: '退款申请已提交',
  reason: '请填写退款原因',
} as const;

export const cancelOrder = (id: number): Promise<null> => api('/order/cancel', { id });
export const receiveOrder = (id: number): Promise<null> => api('/order/receive', { id });
export const withdrawRefund = (id: number): Promise<null> => api('/order/refundCancel', { id });

export const REFUND_REASONS = ['不想要了', '拍错了 / 多拍了', '商品与描述不符', '质量问题', '未按约定时间发货', '其他'] as const;

/** The reason sent: the one picked, with what was added ('其他' is only what was added). */
export function refundReasonText(reason: string, more: string): string {
  const extra = more.trim();
  if (reason === '其他') return extra;
  return extra ? `${reason}：${extra}` : reason;
}

/** 申请退款 with a picked reason (and an optional note); the seller decides. */
export async function requestRefund(id: number, reason: string, more: string): Promise<void> {
  const text = refundReasonText(reason, more);
  check(reason && text.length >= 2 ? null : ORDER_ACTION_TEXTS.reason);
  await api('/order/refund', { id, reason: text.slice(0, ORDER_LIMITS.refundReason) });
}

/** The course an order unlocks, for 去学习 (paid or completed course orders). */
export function learnCourseId(o: Pick<Order, 'kind' | 'status' | 'items'>): number | null {
  if (o.kind !== 'course' || (o.status !== 'paid' && o.status !== 'completed')) return null;
  return o.items[0]?.course_id ?? null;
}

/** Where an order line leads: the goods, course or class page. */
export function itemHref(it: Pick<OrderItem, 'goods_id' | 'course_id' | 'class_id'>): string {
  if (it.goods_id) return `/shop/goodsDetail?id=${it.goods_id}`;
  if (it.course_id) return `/train/courseDetail?id=${it.course_id}`;
  if (it.class_id) return `/train/classDetail?id=${it.class_id}`;
  return '#';
}

/* ---- /order/shopdetail: the seller's view and shipping ---- */

export const $sellerOrder = map<{ order: SellerOrder | null; error: string }>({ order: null, error: '' });

export async function loadSellerOrder(id: number | null): Promise<void> {
  if (!id) {
    $sellerOrder.set({ order: null, error: '订单不存在' });
    return;
  }
  try {
    $sellerOrder.set({ order: await api('/order/shopDetail', { id }), error: '' });
  } catch (err) {
    $sellerOrder.setKey('error', errorText(err));
  }
}

export const CARRIERS = ['顺丰速运', '中通快递', '圆通速递', '韵达快递', '申通快递', '京东物流', 'EMS', '极兔速递'] as const;

export interface ShipForm {
  express_company: string;
  express_no: string;
}

/** 确认发货: the tracking number checked as the server does, then the order reloads. */
export async function shipOrder(id: number, form: ShipForm): Promise<void> {
  const no = form.express_no.trim();
  check(EXPRESS_NO_RE.test(no) ? null : EXPRESS_NO_TEXT);
  await api('/order/ship', { id, express_company: form.express_company, express_no: no });
  await loadSellerOrder(id);
}
