import { VIP_TEXTS } from '~/lib/rules/vip';
import { ordersToReview } from '../review/review.service';
import { and, count, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { db } from '../../db';
import { coaches, orderItems, orderRefunds, orders, shops, users } from '../../db/schema';
import { forbidden, notFound, refuse } from '../../http/errors';
import { sellerOf } from '../catalogue/owner';
import { emit } from '../../events';
import type { Order as OrderView, OrderAddress, OrderDetail, SellerOrder } from '~/lib/api/contract/order';
import type { ApiOutput } from '~/lib/api/types';
import {
  ORDER_KINDS,
  ORDER_STATUSES,
  PAY_METHODS,
  refundable,
  statusText,
  TAB_STATUSES,
  type OrderKind,
  type OrderStatus,
  type OrderTab,
  type PayMethod,
} from '~/lib/rules/order-status';
import { maskPhone } from '~/lib/rules/phone';
import { coinsFor } from '../../ledger/coins';
import { ORDER_TEXTS } from './order-texts';

/** Goods shipped this long ago count as received; received this long ago, as completed. */
export const AUTO_RECEIVE_DAYS = 15;
export const AUTO_COMPLETE_DAYS = 7;
/** Course and class orders settle this many days after payment (their refund window). */
export const SETTLE_DAYS = 7;

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;

/** A column's value as one of the contract's values; anything else is a data fault, not a refusal. */
function known<T extends string>(values: readonly T[], value: string, what: string): T {
  const found = values.find((v) => v === value);
  if (found === undefined) throw new Error(`order ${what} has an unknown value: ${value}`);
  return found;
}
const kindOf = (o: Order): OrderKind => known(ORDER_KINDS, o.kind, 'kind');
const statusOf = (o: Order): OrderStatus => known(ORDER_STATUSES, o.status, 'status');
const methodOf = (o: Order): PayMethod => known(PAY_METHODS, o.payMethod, 'pay_method');

/** The address snapshot of a goods order (null for courses and classes). */
export function addressOf(o: Order): OrderAddress | null {
  const a = o.address;
  if (!a) return null;
  return {
    name: a['name'] ?? '',
    phone: a['phone'] ?? '',
    province: a['province'] ?? '',
    city: a['city'] ?? '',
    district: a['district'] ?? '',
    detail: a['detail'] ?? '',
  };
}

type Seller = OrderView['seller'];

export function orderView(o: Order, items: Item[], seller: Seller): OrderView {
  const kind = kindOf(o);
  const status = statusOf(o);
  const method = methodOf(o);
  return {
    id: o.id,
    order_no: o.orderNo,
    kind,
    status,
    status_text: statusText(kind, status),
    items_total: o.itemsTotal,
    freight: o.freight,
    discount: o.discount,
    pay_amount: o.payAmount,
    pay_coins: coinsFor(o.payAmount),
    pay_method: method,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    expires_at: o.expiresAt.toISOString(),
    shipped_at: o.shippedAt?.toISOString() ?? null,
    received_at: o.receivedAt?.toISOString() ?? null,
    completed_at: o.completedAt?.toISOString() ?? null,
    refund_reason: o.refundReason,
    refund_refusal: o.refundRefusal,
    express_company: o.expressCompany,
    express_no: o.expressNo,
    can_refund: refundable(status, method, kind) && !o.onHold ? 1 : 0,
    items: items.map((it) => ({
      id: it.id,
      goods_id: it.goodsId,
      sku_id: it.skuId,
      course_id: it.courseId,
      class_id: it.classId,
      title: it.title,
      specs: it.specs,
      cover: it.cover,
      price: it.price,
      num: it.num,
    })),
    seller,
  };
}

export async function sellerNames(list: Order[]) {
  const shopIds = [...new Set(list.map((o) => o.shopId).filter((x): x is number => !!x))];
  const coachIds = [...new Set(list.map((o) => o.coachId).filter((x): x is number => !!x))];
  const [s, c] = await Promise.all([
    shopIds.length ? db().select({ id: shops.id, name: shops.name }).from(shops).where(inArray(shops.id, shopIds)) : [],
    coachIds.length ? db().select({ id: coaches.id, name: coaches.name }).from(coaches).where(inArray(coaches.id, coachIds)) : [],
  ]);
  return (o: Order): Seller =>
    o.kind === 'goods' || (!o.coachId && o.shopId)
      ? { type: 'mechant', id: o.shopId, name: s.find((x) => x.id === o.shopId)?.name ?? '' }
      : { type: 'coach', id: o.coachId, name: c.find((x) => x.id === o.coachId)?.name ?? '' };
}

/** /my/order/goods|course|class: the member's orders of one kind in one tab, newest first. */
export async function myOrders(
  userId: number,
  kind: OrderKind,
  tab: OrderTab,
  page: number,
  limit: number,
): Promise<ApiOutput<'/order/list'>> {
  const where = and(
    eq(orders.userId, userId),
    eq(orders.kind, kind),
    tab === 'all' ? undefined : inArray(orders.status, TAB_STATUSES[tab]),
  );
  const [list, [total]] = await Promise.all([
    db()
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(orders).where(where),
  ]);
  const items = list.length
    ? await db()
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            list.map((o) => o.id),
          ),
        )
    : [];
  const seller = await sellerNames(list);
  const toReview = await ordersToReview(list.filter((o) => o.status === 'completed').map((o) => o.id));
  return {
    list: list.map((o) => ({
      ...orderView(
        o,
        items.filter((i) => i.orderId === o.id),
        seller(o),
      ),
      can_review: toReview.has(o.id) ? 1 : 0,
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

/** /order/detail: one of the member's own orders (someone else's is "not found"). */
export async function orderDetail(userId: number, id: number): Promise<OrderDetail> {
  const [o] = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  if (!o) throw notFound('订单不存在');
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, o.id));
  const seller = await sellerNames([o]);
  const toReview = o.status === 'completed' ? await ordersToReview([o.id]) : new Set<number>();
  return { ...orderView(o, items, seller(o)), can_review: toReview.has(o.id) ? 1 : 0, address: addressOf(o), remark: o.remark };
}

/** One order of the seller's coach or shop (the caller must have one of them). */
export const sellerWhere = (id: number, seller: { shopId: number | null; coachId: number | null }) =>
  and(
    eq(orders.id, id),
    or(seller.shopId ? eq(orders.shopId, seller.shopId) : undefined, seller.coachId ? eq(orders.coachId, seller.coachId) : undefined),
  );

/** /order/shopdetail: an order as its seller sees it (buyer, address, shipping). */
export async function sellerOrderDetail(userId: number, id: number): Promise<SellerOrder> {
  const seller = await sellerOf(userId);
  if (!seller.shopId && !seller.coachId) throw forbidden('只有店主或教练可以查看店铺订单');
  const [o] = await db().select().from(orders).where(sellerWhere(id, seller)).limit(1);
  if (!o) throw notFound('订单不存在');
  const [items, [buyer], sellerName, [refund]] = await Promise.all([
    db().select().from(orderItems).where(eq(orderItems.orderId, o.id)),
    db().select({ nick_name: users.nickName, phone: users.phone }).from(users).where(eq(users.id, o.userId)).limit(1),
    sellerNames([o]),
    db().select().from(orderRefunds).where(eq(orderRefunds.orderId, o.id)).limit(1),
  ]);
  return sellerOrderView(o, items, sellerName(o), buyer, refund);
}

const REFUND_STATES = ['', 'pending', 'done', 'failed'] as const;

/** The seller's view of an order: buyer (phone masked), address, and what the seller may do now. */
export function sellerOrderView(
  o: Order,
  items: Item[],
  seller: Seller,
  buyer: { nick_name: string; phone: string | null } | undefined,
  refund: typeof orderRefunds.$inferSelect | undefined,
): SellerOrder {
  const refundState = refund ? known(REFUND_STATES, refund.status, 'refund status') : '';
  return {
    ...orderView(o, items, seller),
    address: addressOf(o),
    remark: o.remark,
    buyer: { nick_name: buyer?.nick_name ?? '', phone: buyer?.phone ? maskPhone(buyer.phone) : '' },
    can_ship: o.kind === 'goods' && o.status === 'paid' ? 1 : 0,
    can_decide: o.status === 'refunding' && (refundState === '' || refundState === 'failed') ? 1 : 0,
    refund_state: refundState,
    refund_failure: refund?.failure ?? '',
  };
}

/** The seller ships a paid goods order: paid → shipped with the carrier and tracking number. */
export async function shipOrder(userId: number, id: number, company: string, no: string) {
  const seller = await sellerOf(userId);
  if (!seller.shopId) throw forbidden('只有店主可以发货');
  // Another shop's order is "not found", never "wrong state" (which would confirm it exists).
  const [mine] = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.shopId, seller.shopId)))
    .limit(1);
  if (!mine) throw notFound('订单不存在');
  const [o] = await db()
    .update(orders)
    .set({ status: 'shipped', expressCompany: company, expressNo: no, shippedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.shopId, seller.shopId), eq(orders.kind, 'goods'), eq(orders.status, 'paid')))
    .returning({ id: orders.id });
  if (!o) throw refuse(ORDER_TEXTS.state);
}

/** The buyer confirms receipt: shipped → received. */
export async function confirmReceived(userId: number, id: number) {
  const [o] = await db()
    .update(orders)
    .set({ status: 'received', receivedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.userId, userId), eq(orders.status, 'shipped')))
    .returning({ id: orders.id });
  if (!o) throw refuse(ORDER_TEXTS.state);
}

/** The buyer asks for a refund of a paid order; the seller decides (management area). */
export async function requestRefund(userId: number, id: number, reason: string) {
  const [cur] = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  if (!cur) throw notFound('订单不存在');
  // A VIP order: the membership is in use from the moment it was paid (modules/vip).
  if (cur.kind === 'vip') throw refuse(VIP_TEXTS.noRefund);
  if (!refundable(statusOf(cur), methodOf(cur), kindOf(cur))) throw refuse('该订单当前不能申请退款');
  // A 拼团 order waiting for its group is refunded in full automatically if the group fails.
  if (cur.onHold) throw refuse(ORDER_TEXTS.groupPending);
  const [o] = await db()
    .update(orders)
    .set({ status: 'refunding', refundFrom: cur.status, refundReason: reason, updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, cur.status), eq(orders.onHold, false)))
    .returning({ id: orders.id });
  if (!o) throw refuse(ORDER_TEXTS.state);
}

/**
 * The buyer withdraws a refund request: back to the status it came from. Once the seller approved
 * (a refund row exists, its gateway refund perhaps under way) it can no longer be withdrawn; the
 * order row is locked first so an approval and a withdrawal cannot both happen.
 */
export async function withdrawRefund(userId: number, id: number) {
  await db().transaction(async (tx) => {
    const [cur] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId), eq(orders.status, 'refunding')))
      .for('update')
      .limit(1);
    if (!cur) throw refuse(ORDER_TEXTS.state);
    const [approved] = await tx.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.orderId, id)).limit(1);
    if (approved) throw refuse('卖家已同意退款，不能撤销');
    const [o] = await tx
      .update(orders)
      .set({ status: cur.refundFrom || 'paid', updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.status, 'refunding')))
      .returning({ id: orders.id });
    if (!o) throw refuse(ORDER_TEXTS.state);
  });
}

/**
 * Moves orders along by time: goods long shipped → received, long received → completed (the
 * seller's income settles in the completing transaction); course and class orders past their
 * refund window → completed and settled.
 */
export async function advanceOrders(now = new Date()): Promise<number> {
  const received = await db()
    .update(orders)
    .set({ status: 'received', receivedAt: now, updatedAt: now })
    .where(and(eq(orders.status, 'shipped'), lt(orders.shippedAt, new Date(now.getTime() - AUTO_RECEIVE_DAYS * 86_400_000))))
    .returning({ id: orders.id });
  const due = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'received'), lt(orders.receivedAt, new Date(now.getTime() - AUTO_COMPLETE_DAYS * 86_400_000))))
    .limit(200);
  let completed = 0;
  for (const d of due) {
    await db().transaction(async (tx) => {
      const [o] = await tx
        .update(orders)
        .set({ status: 'completed', completedAt: now, updatedAt: now })
        .where(and(eq(orders.id, d.id), eq(orders.status, 'received')))
        .returning();
      if (!o) return;
      await emit('order.completed', { tx, order: o });
      completed++;
    });
  }
  return received.length + completed + (await settleDueItemOrders(now));
}

/**
 * Course and class orders whose refund window has passed: paid → completed (the seller's income
 * settles on order.completed), each in its own transaction (a guarded update, so two runners settle
 * once). Answers how many.
 */
export async function settleDueItemOrders(now = new Date()): Promise<number> {
  const due = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.kind, ['course', 'class', 'grading']),
        eq(orders.status, 'paid'),
        // A 拼团 order waiting for its group is not settled: it may still be refunded in full.
        eq(orders.onHold, false),
        lt(orders.paidAt, new Date(now.getTime() - SETTLE_DAYS * 86_400_000)),
      ),
    )
    .limit(200);
  let done = 0;
  for (const d of due) {
    await db().transaction(async (tx) => {
      const [o] = await tx
        .update(orders)
        .set({ status: 'completed', completedAt: now, updatedAt: now })
        .where(and(eq(orders.id, d.id), eq(orders.status, 'paid')))
        .returning();
      if (!o) return;
      await emit('order.completed', { tx, order: o });
      done++;
    });
  }
  return done;
}

/**
 * Test rigs only (`/dev/orderSettleNow`): moves the caller's own paid course or class order's
 * payment back past the refund window and runs the settling job now, as the job would a week later.
 */
export async function settleNowForRig(userId: number, orderId: number, now = new Date()): Promise<{ status: string }> {
  await db()
    .update(orders)
    .set({ paidAt: new Date(now.getTime() - (SETTLE_DAYS + 1) * 86_400_000) })
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'paid'), inArray(orders.kind, ['course', 'class'])));
  await settleDueItemOrders(now);
  const [o] = await db()
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!o) throw notFound('订单不存在');
  return { status: o.status };
}
