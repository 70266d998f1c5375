import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A seller's money, kept apart from kung fu coins: one account per coach or shop.
 * All amounts are integer fen and can never go negative (checks, not just code).
 * - pending: sales paid but not yet settled (refundable); settles into balance when the order
 *   completes or its refund window passes.
 * - balance: settled income the seller may withdraw.
 * - frozen: held for withdrawal requests not yet paid out (so it cannot be spent twice).
 * - withdrawn: paid out in all.
 */
export const sellerAccounts = pgTable(
  'seller_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** coach | shop | provider | member (a sharer's 分销 commission; owner_id = user id) */
    ownerKind: varchar('owner_kind', { length: 8 }).notNull(),
    /** coaches.id, shops.id, service_providers.id or users.id */
    ownerId: integer('owner_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pending: integer('pending').notNull().default(0),
    balance: integer('balance').notNull().default(0),
    frozen: integer('frozen').notNull().default(0),
    withdrawn: integer('withdrawn').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seller_accounts_owner_uq').on(t.ownerKind, t.ownerId),
    index('seller_accounts_user_idx').on(t.userId),
    check('seller_accounts_non_negative', sql`${t.pending} >= 0 AND ${t.balance} >= 0 AND ${t.frozen} >= 0 AND ${t.withdrawn} >= 0`),
  ],
);

/**
 * Every movement of a seller account, written in the same transaction as its cause. Each column's
 * deltas sum to the account's column. (account, reason, ref) is unique, so recording the same
 * cause twice (a retried job, a replayed notice, a double click) is refused by the database.
 */
export const sellerLedger = pgTable(
  'seller_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: 'cascade' }),
    /** See SELLER_LEDGER_REASONS in src/server/ledger/seller-money.ts. */
    reason: varchar('reason', { length: 20 }).notNull(),
    pendingDelta: integer('pending_delta').notNull().default(0),
    balanceDelta: integer('balance_delta').notNull().default(0),
    frozenDelta: integer('frozen_delta').notNull().default(0),
    withdrawnDelta: integer('withdrawn_delta').notNull().default(0),
    pendingAfter: integer('pending_after').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** What caused it: 'order' + order id, 'withdrawal' + withdrawal id… */
    refType: varchar('ref_type', { length: 16 }).notNull(),
    refId: integer('ref_id').notNull(),
    note: varchar('note', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seller_ledger_cause_uq').on(t.accountId, t.reason, t.refType, t.refId),
    index('seller_ledger_account_idx').on(t.accountId, t.id),
  ],
);
