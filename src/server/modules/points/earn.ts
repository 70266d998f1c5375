import { and, count, eq, ne } from 'drizzle-orm';
import type { TxOrDb } from '../../db';
import { orders } from '../../db/schema';
import { pointsConfig } from './config';
import { changePoints } from './ledger';

/**
 * Points for what members do elsewhere, called by src/server/hooks.ts in the transaction of the
 * cause (the modules emitting never import this one). Each is recorded once per cause by the
 * ledger's unique (member, reason, ref).
 */

/**
 * A member's first purchase, on `order.completed`: a completed order can no longer be refunded, so
 * the points never have to be taken back (and may already be spent). Orders completed before are
 * a first purchase already made; the ledger's one-first-order-per-member index settles a race.
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
