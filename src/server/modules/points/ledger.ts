import { and, eq, sql } from 'drizzle-orm';
import { POINTS_TEXTS, shanghaiYear, type PointsReason } from '~/lib/rules/points';
import type { TxOrDb } from '../../db';
import { one } from '../../db/rows';
import { pointsAccounts, pointsLedger } from '../../db/schema';
import { refuse } from '../../http/errors';

/**
 * The one writer of `points_accounts` and `points_ledger`, inside the transaction of the cause.
 * The member's account row is locked first, so the balance written in the ledger row is exact and
 * concurrent changes of one member queue; a cause already recorded ((member, reason, ref) unique,
 * and one first-order row per member) records nothing and answers null; a change that would take
 * the balance below zero is refused (积分不足). The database checks both as well.
 */
export async function changePoints(
  tx: TxOrDb,
  userId: number,
  delta: number,
  reason: PointsReason,
  ref: { type: string; id: number; note?: string; year?: number },
): Promise<number | null> {
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`points delta must be a non-zero integer, got ${delta}`);
  const balance = await lockAccount(tx, userId);
  if (balance + delta < 0) throw refuse(POINTS_TEXTS.notEnough);
  return record(tx, userId, balance, delta, reason, ref);
}

/**
 * Takes back `owed` points a cause earned (a refunded order): at most what the balance holds, so it
 * never goes below zero — what the member already spent is forgiven. The row is written even when
 * nothing is left to take (delta 0, allowed for `refund` rows only), so each earning is taken back
 * once: a second refund of the same cause finds (member, 'refund', ref) recorded and answers null.
 * `note` is given what was taken. Answers what was taken, or null.
 */
export async function takeBackPoints(
  tx: TxOrDb,
  userId: number,
  owed: number,
  ref: { type: string; id: number; year: number },
  note: (taken: number) => string,
): Promise<number | null> {
  if (!Number.isInteger(owed) || owed <= 0) throw new Error(`points owed must be a positive integer, got ${owed}`);
  const balance = await lockAccount(tx, userId);
  const taken = Math.min(balance, owed);
  const after = await record(tx, userId, balance, taken === 0 ? 0 : -taken, 'refund', { ...ref, note: note(taken) });
  return after === null ? null : taken;
}

/** Writes the row of a change on an account locked by the caller, and the balance; null when the cause was recorded. */
async function record(
  tx: TxOrDb,
  userId: number,
  balance: number,
  delta: number,
  reason: PointsReason,
  ref: { type: string; id: number; note?: string; year?: number },
): Promise<number | null> {
  const after = balance + delta;
  const made = await tx
    .insert(pointsLedger)
    .values({
      userId,
      delta,
      balanceAfter: after,
      reason,
      refType: ref.type,
      refId: ref.id,
      year: ref.year ?? shanghaiYear(new Date()),
      note: ref.note ?? '',
    })
    .onConflictDoNothing()
    .returning({ id: pointsLedger.id });
  if (!made.length) return null;
  if (delta !== 0)
    await tx
      .update(pointsAccounts)
      .set({ balance: sql`${pointsAccounts.balance} + ${delta}`, updatedAt: new Date() })
      .where(and(eq(pointsAccounts.userId, userId), sql`${pointsAccounts.balance} + ${delta} >= 0`));
  return after;
}

/** Creates the member's account on first use and locks it for the rest of the transaction; answers the balance. */
export async function lockAccount(tx: TxOrDb, userId: number): Promise<number> {
  await tx.insert(pointsAccounts).values({ userId, balance: 0 }).onConflictDoNothing();
  const row = one(
    await tx.select({ balance: pointsAccounts.balance }).from(pointsAccounts).where(eq(pointsAccounts.userId, userId)).for('update'),
    'points account',
  );
  return row.balance;
}

/** The member's balance (0 before the first movement). */
export async function pointsBalance(tx: TxOrDb, userId: number): Promise<number> {
  const [a] = await tx.select({ balance: pointsAccounts.balance }).from(pointsAccounts).where(eq(pointsAccounts.userId, userId));
  return a?.balance ?? 0;
}
