import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { LEDGER_REASONS, type LedgerEntry, type LedgerReason } from '~/lib/api/contract/wallet';
import type { ApiOutput } from '~/lib/api/types';
import { db } from '../../db';
import { coinLedger } from '../../db/schema';
import { walletBalance } from '../../ledger/coins';
import { unusedCouponCount } from './coupon.service';

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
