import { and, asc, desc, eq, gte, or } from 'drizzle-orm';
import { escapeHtml } from '~/lib/rules/admin-content';
import { PROMOTION_TEXTS, commissionOf, type ShareKind } from '~/lib/rules/promotion';
import type { TxOrDb } from '../../db';
import { orderItems, orders, promotionClicks, promotionOrders, sellerAccounts, sellerLedger } from '../../db/schema';
import { moveSellerMoney, sellerAccountId } from '../../ledger/seller-money';
import { sendMessage } from '../notice/notice.service';
import { promotionLimits } from './limits';
import { rateFor, type Seller } from './items';

/**
 * 分销 commission through an order's life (handlers of commerce's events, src/server/hooks.ts; each
 * runs in its cause's transaction):
 * - order.created: the visitor's latest click within the window names the sharer; the commission
 *   is worked out at the seller's rates then (never for the sharer's own purchase) → pending;
 * - order.completed (after the seller's income settled): pending → settled once, the seller's
 *   balance pays the sharer's: seller −c 'share_paid', sharer +c 'share' (never more than the
 *   seller's own share of the order), and the sharer is told (推广佣金已到账);
 * - refund.approved (before the seller's income is taken back): pending → cancelled; settled →
 *   reversed once: the sharer gives back what their balance holds (at most c) and the seller gets
 *   that back; what the sharer already withdrew stays paid, borne by the seller who offered the rate.
 * Each step is a guarded update of the row's status, and each ledger row is unique by (account,
 * reason, order): a repeated job or notice does nothing twice.
 */

type Order = typeof orders.$inferSelect;

/** Who sold an order, as seller/income.ts has it: a shop for goods and shop courses, else the coach. */
const sellerOfOrder = (o: Order): Seller | null =>
  o.kind === 'goods' || (!o.coachId && o.shopId)
    ? o.shopId
      ? { kind: 'shop', id: o.shopId }
      : null
    : o.coachId
      ? { kind: 'coach', id: o.coachId }
      : null;

const itemOf = (i: typeof orderItems.$inferSelect): { kind: ShareKind; id: number } | null =>
  i.goodsId
    ? { kind: 'goods', id: i.goodsId }
    : i.courseId
      ? { kind: 'course', id: i.courseId }
      : i.classId
        ? { kind: 'class', id: i.classId }
        : null;

const memberAccount = (tx: TxOrDb, userId: number) => sellerAccountId(tx, { kind: 'member', id: userId, userId });

/** On order.created: credits the order to the sharer of the buyer's latest click within the window, if it earns anything. */
export async function attributeOrder(tx: TxOrDb, o: Order, visitor: string | null, now = new Date()): Promise<number> {
  if (o.payAmount <= 0 || o.kind === 'grading') return 0;
  const seller = sellerOfOrder(o);
  if (!seller) return 0;
  const limits = await promotionLimits(tx);
  const since = new Date(now.getTime() - limits.windowDays * 86_400_000);
  const whose = visitor
    ? or(eq(promotionClicks.visitor, visitor), eq(promotionClicks.visitorUserId, o.userId))
    : eq(promotionClicks.visitorUserId, o.userId);
  const [click] = await tx
    .select()
    .from(promotionClicks)
    .where(and(whose, gte(promotionClicks.createdAt, since)))
    .orderBy(desc(promotionClicks.createdAt), desc(promotionClicks.id))
    .limit(1);
  // No self-commission: a member buying through their own link (or after it) earns nothing.
  if (!click || click.sharerId === o.userId) return 0;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id));
  // What was paid for the items (freight earns nothing), shared out by each line's value.
  const paidForItems = Math.max(0, o.payAmount - o.freight);
  let commission = 0;
  for (const i of items) {
    const it = itemOf(i);
    if (!it || o.itemsTotal <= 0) continue;
    const base = Math.floor((i.price * i.num * paidForItems) / o.itemsTotal);
    commission += commissionOf(base, await rateFor(tx, seller, it.kind, it.id, limits));
  }
  if (commission <= 0) return 0;
  await tx.insert(promotionOrders).values({ orderId: o.id, sharerId: click.sharerId, clickId: click.id, commission }).onConflictDoNothing();
  return commission;
}

const orderRef = (o: Pick<Order, 'id' | 'orderNo'>, what: string) => ({ type: 'order', id: o.id, note: `${what} ${o.orderNo}` });

/** On order.completed (after seller/income.ts settled the sale): pays the sharer out of the seller's balance, once. */
export async function settleCommission(tx: TxOrDb, o: Pick<Order, 'id' | 'orderNo'>, now = new Date()): Promise<number> {
  const [p] = await tx
    .update(promotionOrders)
    .set({ status: 'settled', settledAt: now })
    .where(and(eq(promotionOrders.orderId, o.id), eq(promotionOrders.status, 'pending')))
    .returning();
  if (!p) return 0;
  const [sale] = await tx
    .select({ accountId: sellerLedger.accountId, amount: sellerLedger.pendingDelta })
    .from(sellerLedger)
    .where(and(eq(sellerLedger.refType, 'order'), eq(sellerLedger.refId, o.id), eq(sellerLedger.reason, 'sale')))
    .limit(1);
  const amount = Math.min(p.commission, sale?.amount ?? 0);
  if (!sale || amount <= 0) return 0;
  const sharer = await memberAccount(tx, p.sharerId);
  await moveSellerMoney(tx, sale.accountId, { balance: -amount }, 'share_paid', orderRef(o, PROMOTION_TEXTS.ledgerPaid));
  await moveSellerMoney(tx, sharer, { balance: amount }, 'share', orderRef(o, PROMOTION_TEXTS.ledgerShare));
  await tx.update(promotionOrders).set({ settled: amount }).where(eq(promotionOrders.orderId, o.id));
  // Told in the settling transaction, past the guarded update above: once, however often the job runs.
  const [item] = await tx
    .select({ title: orderItems.title })
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id))
    .limit(1);
  await sendMessage(
    {
      userId: p.sharerId,
      kind: 'notice',
      title: PROMOTION_TEXTS.settledTitle,
      content: `<p>${escapeHtml(PROMOTION_TEXTS.settledNotice(item?.title ?? '', amount, o.orderNo))}</p>`,
      link: '/my/promotion',
    },
    tx,
  );
  return amount;
}

/** On refund.approved: a pending commission lapses; a settled one comes back from the sharer to the seller, once. */
export async function reverseCommission(tx: TxOrDb, o: Pick<Order, 'id' | 'orderNo'>): Promise<number> {
  const [lapsed] = await tx
    .update(promotionOrders)
    .set({ status: 'cancelled' })
    .where(and(eq(promotionOrders.orderId, o.id), eq(promotionOrders.status, 'pending')))
    .returning({ id: promotionOrders.orderId });
  if (lapsed) return 0;
  const [p] = await tx
    .select()
    .from(promotionOrders)
    .where(and(eq(promotionOrders.orderId, o.id), eq(promotionOrders.status, 'settled')))
    .limit(1);
  if (!p) return 0;
  const sharer = await memberAccount(tx, p.sharerId);
  // Locked: a withdrawal request of the same account waits, so the amount read is the amount taken.
  const [held] = await tx
    .select({ balance: sellerAccounts.balance })
    .from(sellerAccounts)
    .where(eq(sellerAccounts.id, sharer))
    .for('update');
  const back = Math.min(p.settled, held?.balance ?? 0);
  const [done] = await tx
    .update(promotionOrders)
    .set({ status: 'reversed', reversed: back })
    .where(and(eq(promotionOrders.orderId, o.id), eq(promotionOrders.status, 'settled')))
    .returning({ id: promotionOrders.orderId });
  if (!done || back <= 0) return 0;
  const [paid] = await tx
    .select({ accountId: sellerLedger.accountId })
    .from(sellerLedger)
    .where(and(eq(sellerLedger.refType, 'order'), eq(sellerLedger.refId, o.id), eq(sellerLedger.reason, 'share_paid')))
    .limit(1);
  if (!paid) throw new Error(`settled commission of order ${o.id} has no share_paid row`);
  await moveSellerMoney(tx, sharer, { balance: -back }, 'share_back', orderRef(o, PROMOTION_TEXTS.ledgerBack));
  await moveSellerMoney(tx, paid.accountId, { balance: back }, 'share_back', orderRef(o, PROMOTION_TEXTS.ledgerBack));
  return back;
}
