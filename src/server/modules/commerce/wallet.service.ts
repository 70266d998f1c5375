import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { LEDGER_REASONS, type LedgerEntry, type LedgerReason } from '~/lib/api/contract/wallet';
import type { ApiOutput } from '~/lib/api/types';
import type { Db } from '../../db';
import { db } from '../../db';
import { coinLedger, wallets } from '../../db/schema';
import { refuse } from '../../http/errors';
import { unusedCouponCount } from './coupon.service';

/** A transaction or the database itself (ledger writes must join the caller's transaction). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const WALLET_TEXTS = { insufficient: '功夫币余额不足' } as const;

/** Fen to the coins that pay it (1 coin = 1 yuan, rounded up). */
export const coinsFor = (fen: number) => Math.ceil(fen / 100);

/**
 * Moves a member's balance by `delta` and writes the ledger row, inside `tx`. The update only
 * succeeds while the result stays ≥ 0, so racing payments cannot overdraw; a refusal throws.
 */
export async function changeCoins(
  tx: Tx,
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

/** Balance and usable coupons, for the wallet pages and the checkout. */
export async function walletSummary(userId: number): Promise<ApiOutput<'/member/wallet'>> {
  const [coins, coupons] = await Promise.all([walletBalance(userId), unusedCouponCount(userId)]);
  return { coins, coupons };
}

const REASON_TEXT: Record<LedgerReason, string> = {
  topup: '充值',
  pay: '支付',
  refund: '退款',
  gift: '打赏',
  reward: '收到打赏',
  grant: '平台赠送',
  adjust: '平台调整',
};

/** The lines of 打赏流水 (/my/finance). */
export const GIFT_REASONS: readonly LedgerReason[] = ['gift', 'reward'];

/** The reason column as the contract's enum (a row with another value is a data fault). */
function reasonOf(r: typeof coinLedger.$inferSelect): LedgerReason {
  const reason = LEDGER_REASONS.find((x) => x === r.reason);
  if (!reason) throw new Error(`coin ledger row ${r.id} has unknown reason ${r.reason}`);
  return reason;
}

/** A page of the member's ledger, newest first; `reasons` narrows it (打赏流水 = gift, reward). */
export async function ledgerPage(
  userId: number,
  page: number,
  limit: number,
  reasons?: readonly LedgerReason[],
): Promise<ApiOutput<'/member/coinLedger'>> {
  const where = and(eq(coinLedger.userId, userId), reasons ? inArray(coinLedger.reason, [...reasons]) : undefined);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(coinLedger)
      .where(where)
      .orderBy(desc(coinLedger.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(coinLedger).where(where),
  ]);
  return {
    list: rows.map((r): LedgerEntry => {
      const reason = reasonOf(r);
      return {
        id: r.id,
        delta: r.delta,
        balance_after: r.balanceAfter,
        reason,
        reason_text: REASON_TEXT[reason],
        note: r.note,
        created_at: r.createdAt.toISOString(),
      };
    }),
    total: total?.n ?? 0,
    page,
    limit,
  };
}
