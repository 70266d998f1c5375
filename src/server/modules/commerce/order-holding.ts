import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TxOrDb } from '../../db';
import { Code } from '~/lib/api/codes';
import type { PendingOrderRefusal } from '~/lib/api/contract/checkout';
import { orderItems, orders } from '../../db/schema';
import { AppError, refuse } from '../../http/errors';
import { grantCourse, ownsCourse } from '../catalogue/course-access';
import { addCourseSales, addGoodsSales } from '../catalogue/inventory';
import { ORDER_TEXTS } from './order-texts';
import { emit } from '../../events';
import { groupHandlerFor, handlerFor } from './order-kinds';

/*
 * What a member holds through orders — a course, a class seat — and the rules that keep them
 * from ordering or paying for it twice, plus what a payment unlocks.
 */

/** Order statuses in which a member holds (or is about to hold) a course or a class seat. */
const HOLDING = ['unpaid', 'paid', 'refunding', 'completed'] as const;

/**
 * Serialises checkouts of one member for one course or class (two tabs, a double click): the
 * duplicate checks below then see each other's orders. Held until the transaction ends.
 */
export async function lockItem(tx: TxOrDb, userId: number, kind: 'course' | 'class', itemId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:${kind}:${itemId}:${userId}`}))`);
}

/** The member's order holding this course or class (optionally other than `exceptOrderId`). */
async function holdingOrder(tx: TxOrDb, userId: number, kind: 'course' | 'class', itemId: number, exceptOrderId = 0) {
  const [row] = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.kind, kind),
        eq(kind === 'course' ? orderItems.courseId : orderItems.classId, itemId),
        inArray(orders.status, [...HOLDING]),
        ne(orders.id, exceptOrderId),
      ),
    )
    .orderBy(orders.id)
    .limit(1);
  return row;
}

/**
 * Refuses a second order for what the member already owns or is about to pay for; an unpaid
 * one is pointed to (data.order_id) so the page can lead there.
 */
export async function refuseDuplicate(tx: TxOrDb, userId: number, kind: 'course' | 'class', itemId: number): Promise<void> {
  if (kind === 'course' && (await ownsCourse(userId, itemId, tx))) throw refuse(ORDER_TEXTS.owned);
  const open = await holdingOrder(tx, userId, kind, itemId);
  if (!open) return;
  if (open.status === 'unpaid') {
    const data: PendingOrderRefusal = { order_id: open.id };
    throw new AppError(Code.REFUSED, kind === 'course' ? ORDER_TEXTS.courseUnpaid : ORDER_TEXTS.classUnpaid, '', data);
  }
  throw refuse(kind === 'course' ? ORDER_TEXTS.owned : ORDER_TEXTS.enrolled);
}

/**
 * Why paying `o` now would charge for something the member already has (a course bought through
 * another order, a seat in the same class), or null. Checked inside the paying transaction.
 */
export async function alreadyHeld(tx: TxOrDb, o: typeof orders.$inferSelect): Promise<string | null> {
  if (o.kind !== 'course' && o.kind !== 'class' && o.kind !== 'grading' && o.kind !== 'vip') return null;
  // A group order first asks its group (locking the group row after this order's row).
  const inGroup = await groupHandlerFor(o)?.blocked(tx, o);
  if (inGroup) return inGroup;
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id)).limit(1);
  const extra = item ? handlerFor(item) : null;
  if (item && extra) {
    const why = await extra.blocked(tx, o, item);
    // A grading seat is judged by its handler alone; a flash-priced course still may not be bought twice.
    if (why || !item.courseId) return why;
  }
  if (o.kind === 'course' && item?.courseId) {
    return (await ownsCourse(o.userId, item.courseId, tx)) ? ORDER_TEXTS.alreadyOwned : null;
  }
  if (o.kind === 'class' && item?.classId) {
    const other = await holdingOrder(tx, o.userId, 'class', item.classId, o.id);
    return other && other.status !== 'unpaid' ? ORDER_TEXTS.alreadyEnrolled : null;
  }
  return null;
}

/**
 * What a payment unlocks, in the paying transaction: course access (a sale counts once), goods
 * sales counts; then order.paid, on which the seller's (and an agent's) income enters their pending
 * balance (hooks.ts). A group order (拼团) unlocks nothing yet: it stays on hold and its group
 * counts it; the group releases every member's hold when it forms (`fulfilHeld`). Its income
 * still enters pending now (money was received) and comes back out if the group fails.
 */
export async function fulfilPaid(tx: TxOrDb, o: typeof orders.$inferSelect): Promise<void> {
  const group = groupHandlerFor(o);
  if (group && o.onHold) await group.paid(tx, o);
  else await unlockItems(tx, o);
  await emit('order.paid', { tx, order: o });
}

async function unlockItems(tx: TxOrDb, o: typeof orders.$inferSelect): Promise<void> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id));
  for (const it of items) {
    if (it.courseId && (await grantCourse(tx, o.userId, it.courseId, o.id))) await addCourseSales(tx, it.courseId);
    if (it.goodsId) await addGoodsSales(tx, it.goodsId, it.num);
    await handlerFor(it)?.paid(tx, o, it);
  }
}

/**
 * Releases a paid order held for its group (拼团 formed): on hold → off (guarded, so once), then
 * what the payment would have unlocked. Answers whether it was released now.
 */
export async function fulfilHeld(tx: TxOrDb, orderId: number): Promise<boolean> {
  const [o] = await tx
    .update(orders)
    .set({ onHold: false, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.onHold, true), eq(orders.status, 'paid')))
    .returning();
  if (!o) return false;
  await unlockItems(tx, o);
  return true;
}
