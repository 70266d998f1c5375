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
  const after = balance + delta;
  if (after < 0) throw refuse(POINTS_TEXTS.notEnough);
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
