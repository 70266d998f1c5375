import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sellerAccounts } from './seller';
import { shops } from './catalogue';
import { users } from './users';

/**
 * A seller's bank cards. The number is kept encrypted (AES-256-GCM, key derived from
 * APP_SECRET) for the operator's payout; pages only ever see `mask`. `number_hash` (HMAC) finds the
 * same card added twice without decrypting anything.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: 'cascade' }),
    holderName: varchar('holder_name', { length: 20 }).notNull(),
    /** BANKS code in src/lib/rules/bank.ts */
    bankCode: varchar('bank_code', { length: 8 }).notNull(),
    numberCipher: text('number_cipher').notNull(),
    numberHash: varchar('number_hash', { length: 64 }).notNull(),
    /** 6222 **** **** 1234 */
    mask: varchar('mask', { length: 24 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_cards_number_uq').on(t.accountId, t.numberHash), index('bank_cards_account_idx').on(t.accountId, t.id)],
);

/**
 * Withdrawal requests: pending → paid | refused (decided by the operator). The amount is moved
 * balance → frozen in the request's transaction; at most one pending request per account (partial
 * unique index). The card's bank, holder and mask are copied, so the history survives a deleted card.
 */
export const sellerWithdrawals = pgTable(
  'seller_withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: 'cascade' }),
    cardId: integer('card_id').references(() => bankCards.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    /** pending | paid | refused */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    bankCode: varchar('bank_code', { length: 8 }).notNull(),
    holderName: varchar('holder_name', { length: 20 }).notNull(),
    cardMask: varchar('card_mask', { length: 24 }).notNull(),
    refuseReason: varchar('refuse_reason', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('seller_withdrawals_one_pending_uq')
      .on(t.accountId)
      .where(sql`status = 'pending'`),
    index('seller_withdrawals_account_idx').on(t.accountId, t.id),
    index('seller_withdrawals_status_idx').on(t.status, t.id),
    check('seller_withdrawals_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A shop owner's applications to close the shop: pending → approved | refused | withdrawn. While one
 * is pending the shop's goods and courses are off sale; `off_goods` / `off_courses` record which
 * were on sale, so refusing or withdrawing puts exactly those back. One pending per shop.
 */
export const shopCancelApplications = pgTable(
  'shop_cancel_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 200 }).notNull(),
    /** pending | approved | refused | withdrawn */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    offGoods: jsonb('off_goods')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    offCourses: jsonb('off_courses')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The operator's reason when refused. */
    refuseReason: varchar('refuse_reason', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shop_cancel_one_pending_uq')
      .on(t.shopId)
      .where(sql`status = 'pending'`),
    index('shop_cancel_shop_idx').on(t.shopId, t.id),
  ],
);
