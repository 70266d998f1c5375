import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ApiOutput } from '~/lib/api/types';
import { SELLER_ORDER_TEXTS } from '~/lib/rules/seller-orders';
import { invalidate } from '../../cache';
import { db, type TxOrDb } from '../../db';
import { one } from '../../db/rows';
import { orderItems, orderRefunds, orders, payments } from '../../db/schema';
import { env } from '../../env';
import { emit } from '../../events';
import { forbidden, notFound, refuse } from '../../http/errors';
import { log } from '../../log';
import { payProvider, type RefundNotice } from '../../providers/pay';
import { revokeCourse } from '../catalogue/course-access';
import { removeCourseSales, removeGoodsSales, returnSeat, returnStock } from '../catalogue/inventory';
import { releaseCoupons } from './coupon.service';
import { groupHandlerFor, handlerFor } from './order-kinds';
import { sellerWhere } from './order-lifecycle.service';
import { ORDER_TEXTS } from './order-texts';
import { changeCoins, coinsFor } from '../../ledger/coins';
import { sendMessage } from '../notice/notice.service';
import { sellerOf, type SellerIds } from '../catalogue/owner';

/*
 * Refunds (commerce README): the order and its order_refunds row are commerce's, so the whole state
 * machine lives here. The member asked (order 'refunding', `refundFrom` = where it came from); the
 * seller approves or refuses (their endpoints in modules/seller call in here), or the platform
 * grants a refund dispute (modules/operations calls `grantRefundByPlatform`). Every step is a
 * guarded change in one transaction with all it causes, and the order row is locked first, so
 * concurrent approvals, retries and an approval racing a refusal settle on exactly one outcome:
 * - approve, coins:   'refund.approved' (seller income reversed, in this transaction), then
 *                     refunding → refunded, coins back through the ledger, stock (if never
 *                     shipped) / seat / course access / coupon back, the member told.
 * - approve, gateway: an order_refunds row (unique per order) and 'refund.approved' at once; the
 *                     gateway is asked after commit; its answer or refund notice then completes
 *                     the order like a coin refund (without coins). A gateway refusal marks the
 *                     refund failed: the seller may approve again (same refund number, so the
 *                     gateway refunds once), but no longer refuse — they already agreed.
 * - refuse:           refunding → the status it came from, with the seller's reason; the member told.
 */

type Order = typeof orders.$inferSelect;
type Refund = typeof orderRefunds.$inferSelect;

const refundNo = () => `R${Date.now()}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
const refundNotifyUrl = (provider: string) => `${env().SITE_URL.replace(/\/+$/, '')}/api/pay/refund-notify/${provider}`;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function sellerIds(userId: number) {
  const seller = await sellerOf(userId);
  if (!seller.shopId && !seller.coachId) throw forbidden('只有店主或教练可以处理退款');
  return seller;
}

/** The seller's order, locked for this transaction (another seller's is "not found"). */
async function lockSellerOrder(tx: TxOrDb, seller: SellerIds, id: number): Promise<Order> {
  const [o] = await tx.select().from(orders).where(sellerWhere(id, seller)).for('update').limit(1);
  if (!o) throw notFound('订单不存在');
  if (o.status !== 'refunding') throw refuse(ORDER_TEXTS.state);
  return o;
}

/** Gives back what the order took: stock (goods never shipped), sales, course access, the seat, the coupon. */
async function restoreHoldings(tx: TxOrDb, o: Order): Promise<void> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id));
  for (const it of items) {
    // Shipped goods are with the buyer: the seller puts them back on stock when they return.
    if (it.skuId && o.refundFrom === 'paid') await returnStock(tx, it.skuId, it.num);
    if (it.goodsId) await removeGoodsSales(tx, it.goodsId, it.num);
    if (it.courseId && (await revokeCourse(tx, o.userId, it.courseId, o.id))) await removeCourseSales(tx, it.courseId);
    if (it.classId) await returnSeat(tx, it.classId);
    await handlerFor(it)?.refunded(tx, o, it);
  }
  await groupHandlerFor(o)?.refunded(tx, o);
  await releaseCoupons(tx, [o.id]);
}

/** The last step of every refund: the order is refunded, holdings and (for coins) the coins go back. */
async function completeRefund(tx: TxOrDb, o: Order, r: Refund): Promise<void> {
  const [done] = await tx
    .update(orders)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(and(eq(orders.id, o.id), eq(orders.status, 'refunding')))
    .returning({ id: orders.id });
  if (!done) throw refuse(ORDER_TEXTS.state);
  const coins = o.payMethod === 'coins' ? coinsFor(o.payAmount) : 0;
  if (coins > 0) await changeCoins(tx, o.userId, coins, 'refund', { type: 'order', id: o.id, note: `订单 ${o.orderNo} 退款` });
  await restoreHoldings(tx, o);
  await tx.update(orderRefunds).set({ status: 'done', doneAt: new Date() }).where(eq(orderRefunds.id, r.id));
  const back = coins > 0 ? `${coins} 个功夫币已退回你的钱包` : `¥${(r.amount / 100).toFixed(2)} 已原路退回，到账时间以支付渠道为准`;
  // A failed 拼团's automatic refund is told in the group's words instead (one notice, not two).
  const group = await groupHandlerFor(o)?.refundNotice(tx, o);
  await sendMessage(
    group
      ? { userId: o.userId, kind: 'notice', title: group.title, content: `<p>${group.lead}，${back}。</p>`, link: group.link }
      : {
          userId: o.userId,
          kind: 'notice',
          title: r.approvedBy === 0 ? '平台已同意退款' : '卖家已同意退款',
          content: `<p>你的订单 ${o.orderNo} 的退款${r.approvedBy === 0 ? '经平台仲裁' : '申请'}已通过，${back}。</p>`,
          link: coins > 0 ? '/my/wallet/kungfucoin' : `/order/detail?id=${o.id}`,
        },
    tx,
  );
}

/**
 * The approval itself, on an order already locked in 'refunding': the refund row (one per order),
 * the seller income reversed, and for coins the whole refund at once. `approvedBy` is the seller's
 * user id, or 0 when the platform granted a refund dispute. Returns what a gateway must still do.
 */
async function approveLocked(tx: TxOrDb, o: Order, approvedBy: number): Promise<{ o: Order; r: Refund } | null> {
  if (o.payMethod !== 'coins' && !['sandbox', 'wechat', 'alipay'].includes(o.payMethod)) throw refuse('该订单无需退款');
  const [existing] = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, o.id)).limit(1);
  let r: Refund | undefined;
  if (existing) {
    // Only a refund the gateway refused may be asked again (same refund number: refunded once).
    if (existing.status !== 'failed') throw refuse(existing.status === 'pending' ? SELLER_ORDER_TEXTS.refundPending : ORDER_TEXTS.state);
    [r] = await tx
      .update(orderRefunds)
      .set({ status: 'pending', failure: '', approvedBy })
      .where(and(eq(orderRefunds.id, existing.id), eq(orderRefunds.status, 'failed')))
      .returning();
  } else {
    [r] = await tx
      .insert(orderRefunds)
      .values({
        refundNo: refundNo(),
        orderId: o.id,
        method: o.payMethod,
        amount: o.payMethod === 'coins' ? coinsFor(o.payAmount) * 100 : o.payAmount,
        approvedBy,
      })
      .onConflictDoNothing()
      .returning();
  }
  if (!r) throw refuse(SELLER_ORDER_TEXTS.refundPending);
  // The seller's income goes first (hooks.ts: reverseIncome): a balance that cannot cover a settled
  // sale refuses here, and the whole approval rolls back with it.
  await emit('refund.approved', { tx, order: o });
  if (o.payMethod === 'coins') {
    await completeRefund(tx, o, r);
    return null;
  }
  return { o, r };
}

/** After the approval committed: a gateway refund is asked for; answers the order's status. */
async function afterApproval(
  id: number,
  claimed: { o: Order; r: Refund } | null,
  deliver: (req: Request) => Promise<Response>,
): Promise<{ status: 'refunded' | 'refunding' }> {
  if (!claimed) {
    invalidate('catalogue:');
    return { status: 'refunded' };
  }
  await askGateway(claimed.o, claimed.r, deliver);
  const [after] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)).limit(1);
  return { status: after?.status === 'refunded' ? 'refunded' : 'refunding' };
}

/** /seller/order/refundAgree */
export async function approveRefund(
  userId: number,
  id: number,
  deliver: (req: Request) => Promise<Response>,
): Promise<ApiOutput<'/seller/order/refundAgree'>> {
  // Read before the transaction: PGlite has one connection, held by the transaction.
  const seller = await sellerIds(userId);
  const claimed = await db().transaction(async (tx) => approveLocked(tx, await lockSellerOrder(tx, seller, id), userId));
  return afterApproval(id, claimed, deliver);
}

/** Order statuses a platform-granted refund may start from (the seller refused, the order went on). */
const GRANTABLE = ['paid', 'shipped', 'received', 'completed', 'refunding'];

/**
 * The platform grants a refund the seller refused (a refund dispute, modules/operations). The order
 * is locked, `inTx` runs first (it closes the dispute with a guarded update, so of two operators
 * only one gets past it), then the order goes back to 'refunding' and is approved exactly as a
 * seller's approval would (approvedBy 0 = the platform).
 */
export function grantRefundByPlatform(
  id: number,
  deliver: (req: Request) => Promise<Response>,
  inTx: (tx: TxOrDb, o: Order) => Promise<void>,
): Promise<{ status: 'refunded' | 'refunding' }> {
  return forceRefund(id, 0, '', deliver, inTx);
}

/**
 * The seller gives the money back unasked (an examiner cancels a 考评: modules/learning): the same
 * path as an approval, from a paid order (`inTx` checks the order is the seller's and still due one).
 */
export function refundBySeller(
  id: number,
  sellerUserId: number,
  reason: string,
  deliver: (req: Request) => Promise<Response>,
  inTx: (tx: TxOrDb, o: Order) => Promise<void>,
): Promise<{ status: 'refunded' | 'refunding' }> {
  return forceRefund(id, sellerUserId, reason, deliver, inTx);
}

async function forceRefund(
  id: number,
  approvedBy: number,
  reason: string,
  deliver: (req: Request) => Promise<Response>,
  inTx: (tx: TxOrDb, o: Order) => Promise<void>,
): Promise<{ status: 'refunded' | 'refunding' }> {
  const claimed = await db().transaction(async (tx) => {
    const [cur] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
    if (!cur) throw notFound('订单不存在');
    await inTx(tx, cur);
    if (!GRANTABLE.includes(cur.status)) throw refuse('该订单当前状态不能退款');
    let o = cur;
    if (cur.status !== 'refunding') {
      const [moved] = await tx
        .update(orders)
        .set({ status: 'refunding', refundFrom: cur.status, updatedAt: new Date(), ...(reason ? { refundReason: reason } : {}) })
        .where(and(eq(orders.id, id), eq(orders.status, cur.status)))
        .returning();
      if (!moved) throw refuse(ORDER_TEXTS.state);
      o = moved;
    }
    return approveLocked(tx, o, approvedBy);
  });
  return afterApproval(id, claimed, deliver);
}

async function markFailed(r: Refund, why: string): Promise<void> {
  await db()
    .update(orderRefunds)
    .set({ status: 'failed', failure: why.slice(0, 200) })
    .where(and(eq(orderRefunds.id, r.id), eq(orderRefunds.status, 'pending')));
}

/** Asks the gateway that took the money to give it back (after the approval committed). */
async function askGateway(o: Order, r: Refund, deliver: (req: Request) => Promise<Response>): Promise<void> {
  const [p] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.provider, o.payMethod), eq(payments.status, 'paid')))
    .orderBy(desc(payments.id))
    .limit(1);
  const gateway = payProvider(r.method);
  if (!p || !gateway) {
    await markFailed(r, SELLER_ORDER_TEXTS.gatewayOff);
    throw refuse(SELLER_ORDER_TEXTS.gatewayOff);
  }
  let result;
  try {
    result = await gateway.refund({
      payNo: p.payNo,
      refundNo: r.refundNo,
      amount: r.amount,
      total: p.amount,
      reason: o.refundReason || '买家申请退款',
      notifyUrl: refundNotifyUrl(gateway.name),
      deliver,
    });
  } catch (err) {
    const why = (err as Error).message;
    log.warn('refund refused by gateway', { provider: gateway.name, refund_no: r.refundNo, message: why });
    await markFailed(r, why);
    throw refuse(`${gateway.label}退款失败：${why}`);
  }
  if (result.done) await applyRefundNotice(gateway.name, { refundNo: r.refundNo, amount: r.amount, ref: result.ref, outcome: 'done' });
  else if (result.ref)
    await db()
      .update(orderRefunds)
      .set({ providerRef: result.ref.slice(0, 64) })
      .where(and(eq(orderRefunds.id, r.id), eq(orderRefunds.providerRef, '')));
}

export type RefundNotifyOutcome = 'done' | 'failed' | 'duplicate' | 'rejected';

/**
 * Applies a verified refund result from a gateway once: pending → done completes the order (a
 * replay finds it done and changes nothing); a failure marks it failed for the seller to retry.
 */
export async function applyRefundNotice(provider: string, n: RefundNotice): Promise<RefundNotifyOutcome> {
  const outcome = await db().transaction(async (tx): Promise<RefundNotifyOutcome> => {
    const [cur] = await tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.refundNo, n.refundNo), eq(orderRefunds.method, provider)))
      .limit(1);
    if (!cur) return 'rejected';
    if (cur.amount !== n.amount) {
      log.warn('refund amount mismatch', { refund_no: n.refundNo, expected: cur.amount, got: n.amount });
      return 'rejected';
    }
    if (n.outcome === 'failed') {
      const [f] = await tx
        .update(orderRefunds)
        .set({ status: 'failed', failure: '支付渠道退款失败，请重试或联系客服' })
        .where(and(eq(orderRefunds.id, cur.id), eq(orderRefunds.status, 'pending')))
        .returning({ id: orderRefunds.id });
      return f ? 'failed' : 'duplicate';
    }
    const [r] = await tx
      .update(orderRefunds)
      .set({ status: 'done', providerRef: n.ref.slice(0, 64), failure: '', doneAt: new Date() })
      .where(and(eq(orderRefunds.id, cur.id), inArray(orderRefunds.status, ['pending', 'failed'])))
      .returning();
    if (!r) return cur.status === 'done' ? 'duplicate' : 'rejected';
    const o = one(await tx.select().from(orders).where(eq(orders.id, r.orderId)).for('update').limit(1), 'order');
    await completeRefund(tx, o, r);
    return 'done';
  });
  if (outcome === 'done') invalidate('catalogue:');
  return outcome;
}

/** /seller/order/refundRefuse */
export async function refuseRefund(userId: number, id: number, reason: string): Promise<void> {
  const seller = await sellerIds(userId);
  await db().transaction(async (tx) => {
    const o = await lockSellerOrder(tx, seller, id);
    const [existing] = await tx.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.orderId, o.id)).limit(1);
    if (existing) throw refuse(SELLER_ORDER_TEXTS.refundApproved);
    const [back] = await tx
      .update(orders)
      .set({ status: o.refundFrom || 'paid', refundRefusal: reason, updatedAt: new Date() })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'refunding')))
      .returning({ id: orders.id });
    if (!back) throw refuse(ORDER_TEXTS.state);
    await sendMessage(
      {
        userId: o.userId,
        kind: 'notice',
        title: '卖家拒绝了退款申请',
        content: `<p>你的订单 ${o.orderNo} 的退款申请未通过。</p><p>原因：${esc(reason)}</p><p>如有疑问，请联系卖家或平台客服。</p>`,
        link: `/order/detail?id=${o.id}`,
      },
      tx,
    );
  });
}
