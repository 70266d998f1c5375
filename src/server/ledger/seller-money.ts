import { and, eq, sql } from 'drizzle-orm';
import type { TxOrDb } from '../db';
import { sellerAccounts, sellerLedger } from '../db/schema';
import { refuse } from '../http/errors';

/**
 * The seller money ledger. Every movement goes through `moveSellerMoney` inside the
 * transaction of its cause. Typical flows (amounts in fen):
 * - sale (order paid):          pending +share
 * - settle (order completed):   pending −share, balance +share
 * - refund (before settling):   pending −share        (after settling: balance −share)
 * - commission (agent's share): like a sale, on the agent's account
 * - withdraw (request):         balance −amount, frozen +amount
 * - withdraw_paid (operator):   frozen −amount, withdrawn +amount
 * - withdraw_back (refused):    frozen −amount, balance +amount
 * - gift (live gift received):  balance +anchor's share (gifts are never refunded)
 * - share_paid / share (分销, order completed): seller balance −c, sharer balance +c
 * - share_back (分销, refunded after settling): sharer balance −r, seller balance +r
 */
export const SELLER_LEDGER_REASONS = [
  'sale',
  'commission',
  'settle',
  'refund',
  'withdraw',
  'withdraw_paid',
  'withdraw_back',
  'gift',
  'share',
  'share_paid',
  'share_back',
] as const;
export type SellerLedgerReason = (typeof SELLER_LEDGER_REASONS)[number];

/**
 * The reasons that are income: money a customer's purchase or gift earned the account (the balance
 * or the pending bucket gains it). Income figures (the 30-day chart and its total) count exactly
 * these, less `refund`; `settle` and the withdrawal reasons only move money between buckets. The 分销
 * reasons are signed (a seller's `share_paid` is negative, a sharer's `share_back` too), so their sum is net.
 */
export const SELLER_INCOME_REASONS = [
  'sale',
  'commission',
  'gift',
  'share',
  'share_paid',
  'share_back',
] as const satisfies readonly SellerLedgerReason[];

/**
 * The owner of a seller account: a coach, a shop, a service provider (`service_providers.id`), or a
 * member earning 分销 commission (`id` = the user's id).
 */
export type SellerOwner = { kind: 'coach' | 'shop' | 'provider' | 'member'; id: number; userId: number };

export interface SellerMove {
  pending?: number;
  balance?: number;
  frozen?: number;
  withdrawn?: number;
}

/** The account of a coach or shop, created on first use. */
export async function sellerAccountId(tx: TxOrDb, owner: SellerOwner): Promise<number> {
  await tx.insert(sellerAccounts).values({ ownerKind: owner.kind, ownerId: owner.id, userId: owner.userId }).onConflictDoNothing();
  const [a] = await tx
    .select({ id: sellerAccounts.id })
    .from(sellerAccounts)
    .where(and(eq(sellerAccounts.ownerKind, owner.kind), eq(sellerAccounts.ownerId, owner.id)))
    .limit(1);
  if (!a) throw new Error(`seller account for ${owner.kind} ${owner.id} could not be created`);
  return a.id;
}

/**
 * Moves money between the buckets of one account and writes the ledger row, inside `tx`.
 * Returns false (and changes nothing) when this cause was already recorded — so callers may
 * retry freely. Throws `insufficient` (code 100) when a bucket would go negative; the database
 * check backs this up under any race.
 */
export async function moveSellerMoney(
  tx: TxOrDb,
  accountId: number,
  move: SellerMove,
  reason: SellerLedgerReason,
  ref: { type: string; id: number; note?: string },
  insufficient = '可用余额不足',
): Promise<boolean> {
  const d = { pending: move.pending ?? 0, balance: move.balance ?? 0, frozen: move.frozen ?? 0, withdrawn: move.withdrawn ?? 0 };
  // Claim the cause first: a second claim of the same cause inserts nothing.
  const [row] = await tx
    .insert(sellerLedger)
    .values({
      accountId,
      reason,
      pendingDelta: d.pending,
      balanceDelta: d.balance,
      frozenDelta: d.frozen,
      withdrawnDelta: d.withdrawn,
      pendingAfter: 0,
      balanceAfter: 0,
      refType: ref.type,
      refId: ref.id,
      note: ref.note ?? '',
    })
    .onConflictDoNothing()
    .returning({ id: sellerLedger.id });
  if (!row) return false;
  const [acc] = await tx
    .update(sellerAccounts)
    .set({
      pending: sql`${sellerAccounts.pending} + ${d.pending}`,
      balance: sql`${sellerAccounts.balance} + ${d.balance}`,
      frozen: sql`${sellerAccounts.frozen} + ${d.frozen}`,
      withdrawn: sql`${sellerAccounts.withdrawn} + ${d.withdrawn}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(sellerAccounts.id, accountId),
        sql`${sellerAccounts.pending} + ${d.pending} >= 0`,
        sql`${sellerAccounts.balance} + ${d.balance} >= 0`,
        sql`${sellerAccounts.frozen} + ${d.frozen} >= 0`,
        sql`${sellerAccounts.withdrawn} + ${d.withdrawn} >= 0`,
      ),
    )
    .returning({ pending: sellerAccounts.pending, balance: sellerAccounts.balance });
  // Throwing rolls back the caller's transaction, ledger row included.
  if (!acc) throw refuse(insufficient);
  await tx.update(sellerLedger).set({ pendingAfter: acc.pending, balanceAfter: acc.balance }).where(eq(sellerLedger.id, row.id));
  return true;
}
