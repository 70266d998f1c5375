import { and, eq, sql } from 'drizzle-orm';
import type { LedgerReason } from '~/lib/api/contract/wallet';
import { db, type TxOrDb } from '../db';
import { coinLedger, wallets } from '../db/schema';
import { refuse } from '../http/errors';

/**
 * The member's coin wallet (功夫币): the one writer of `wallets` and `coin_ledger`. Payments,
 * refunds, gifts, referral rewards and grants all move coins through `changeCoins` inside the
 * transaction of their cause, so a balance never changes without its ledger row (ledger README).
 */

export const WALLET_TEXTS = { insufficient: '功夫币余额不足' } as const;

/** Fen to the coins that pay it (1 coin = 1 yuan, rounded up). */
export const coinsFor = (fen: number) => Math.ceil(fen / 100);

/**
 * Moves a member's balance by `delta` and writes the ledger row, inside `tx`. The update only
 * succeeds while the result stays ≥ 0, so racing payments cannot overdraw; a refusal throws.
 */
export async function changeCoins(
  tx: TxOrDb,
  userId: number,
  delta: number,
  reason: LedgerReason,
  ref: { type: string; id: number; note?: string },
): Promise<number> {
  await tx.insert(wallets).values({ userId, coins: 0 }).onConflictDoNothing();
  const [row] = await tx
    .update(wallets)
    .set({ coins: sql`${wallets.coins} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(wallets.userId, userId), sql`${wallets.coins} + ${delta} >= 0`))
    .returning({ coins: wallets.coins });
  if (!row) throw refuse(WALLET_TEXTS.insufficient);
  await tx
    .insert(coinLedger)
    .values({ userId, delta, balanceAfter: row.coins, reason, refType: ref.type, refId: ref.id, note: ref.note ?? '' });
  return row.coins;
}

/** The member's balance (0 before the first movement). */
export async function walletBalance(userId: number): Promise<number> {
  const [w] = await db().select({ coins: wallets.coins }).from(wallets).where(eq(wallets.userId, userId)).limit(1);
  return w?.coins ?? 0;
}
