import { and, asc, count, eq, inArray, ne, or } from 'drizzle-orm';
import { POINTS_TEXTS } from '~/lib/rules/points';
import type { TxOrDb } from '../../db';
import { orderReviews, orders, pointsLedger } from '../../db/schema';
import { pointsConfig } from './config';
import { changePoints, takeBackPoints } from './ledger';

/**
 * Points for what members do elsewhere, called by src/server/hooks.ts in the transaction of the
 * cause (the modules emitting never import this one). Each is recorded once per cause by the
 * ledger's unique (member, reason, ref).
 */

/**
 * A member's first purchase, on `order.completed`: a completed order is past its refund window, so
 * only a later dispute can refund it (then `takeBackOrderPoints`). Orders completed before are a
 * first purchase already made; the ledger's one-first-order-per-member index settles a race.
 */
export async function rewardFirstOrder(tx: TxOrDb, order: { id: number; userId: number }): Promise<number> {
  const cfg = await pointsConfig(tx);
  if (cfg.first_order <= 0) return 0;
  const [before] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, order.userId), eq(orders.status, 'completed'), ne(orders.id, order.id)));
  if ((before?.n ?? 0) > 0) return 0;
  const got = await changePoints(tx, order.userId, cfg.first_order, 'first_order', { type: 'order', id: order.id });
  return got === null ? 0 : cfg.first_order;
}

/** A published review (`review.published`), once per review. */
export async function rewardReview(tx: TxOrDb, userId: number, reviewId: number): Promise<number> {
  const cfg = await pointsConfig(tx);
  if (cfg.review <= 0) return 0;
  return (await changePoints(tx, userId, cfg.review, 'review', { type: 'review', id: reviewId })) === null ? 0 : cfg.review;
}

/** Homework a coach reviewed for the first time (`homework.reviewed`), once per submission. */
export async function rewardHomework(tx: TxOrDb, userId: number, submissionId: number): Promise<number> {
  const cfg = await pointsConfig(tx);
  if (cfg.homework <= 0) return 0;
  return (await changePoints(tx, userId, cfg.homework, 'homework', { type: 'homework', id: submissionId })) === null ? 0 : cfg.homework;
}

/**
 * A refund approved (`refund.approved`, in the approving transaction): what the order earned — the
 * first-order bonus, and the points for each review of its lines — is taken back, each earning once
 * (a gateway refund approved again after a failure finds it done), never below a zero balance (what
 * the member already spent is forgiven). A refund is always of the whole order, so everything the
 * order earned goes. Answers the points taken.
 */
export async function takeBackOrderPoints(tx: TxOrDb, order: { id: number; userId: number; orderNo: string }): Promise<number> {
  const reviews = tx.select({ id: orderReviews.id }).from(orderReviews).where(eq(orderReviews.orderId, order.id));
  const earned = await tx
    .select()
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, order.userId),
        or(
          and(eq(pointsLedger.reason, 'first_order'), eq(pointsLedger.refType, 'order'), eq(pointsLedger.refId, order.id)),
          and(eq(pointsLedger.reason, 'review'), eq(pointsLedger.refType, 'review'), inArray(pointsLedger.refId, reviews)),
        ),
      ),
    )
    .orderBy(asc(pointsLedger.id));
  let taken = 0;
  for (const e of earned) {
    if (e.delta <= 0) continue;
    const earnedBy = e.reason === 'first_order' ? 'first_order' : 'review';
    const ref = { type: e.refType, id: e.refId, year: e.year };
    const note = (n: number) => POINTS_TEXTS.takenBack(order.orderNo, earnedBy, e.delta, n);
    taken += (await takeBackPoints(tx, order.userId, e.delta, ref, note)) ?? 0;
  }
  return taken;
}
