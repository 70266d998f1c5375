import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { couponTemplates, userCoupons } from './commerce';
import { skus } from './catalogue';
import { users } from './users';

/**
 * 签到 and 积分 (modules/points). Points are not money: they are earned by signing in, a first
 * order, reviews and reviewed homework, spent in the points shop, and expire by the year they were
 * earned. Like coins they move only through one writer (`changePoints`), with a ledger row whose
 * (member, reason, ref) is unique, so a retried cause records nothing twice.
 */
export const pointsAccounts = pgTable(
  'points_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('points_balance_non_negative', sql`${t.balance} >= 0`)],
);

export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** signin | first_order | review | homework | redeem | expire | refund (points a refunded order earned, taken back) */
    reason: varchar('reason', { length: 16 }).notNull(),
    refType: varchar('ref_type', { length: 16 }).notNull(),
    refId: integer('ref_id').notNull(),
    /**
     * The Asia/Shanghai year the row counts in: the year earned (what expiry reads), the year expired, or for a
     * refund the year of the points it takes back.
     */
    year: smallint('year').notNull(),
    note: varchar('note', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_ledger_once').on(t.userId, t.reason, t.refType, t.refId),
    // A member's first order earns points once, whichever order completes first.
    uniqueIndex('points_ledger_first_order_once')
      .on(t.userId)
      .where(sql`${t.reason} = 'first_order'`),
    index('points_ledger_user').on(t.userId, t.id),
    // A refund that finds the points already spent records its 0 (the reversal is then done, once).
    check('points_ledger_delta_nonzero', sql`${t.delta} <> 0 or ${t.reason} = 'refund'`),
    check('points_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** One row per member and Asia/Shanghai day: the primary key is what makes a second sign-in do nothing. */
export const pointsSignins = pgTable(
  'points_signins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Consecutive days ending with this one. */
    streak: integer('streak').notNull(),
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check('points_signins_streak_positive', sql`${t.streak} >= 1`)],
);

/** What the points shop offers: a coupon, a course coupon, or a small goods SKU shipped by the platform. */
export const pointsItems = pgTable(
  'points_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** coupon | course | goods */
    kind: varchar('kind', { length: 8 }).notNull(),
    title: varchar('title', { length: 32 }).notNull(),
    couponTemplateId: integer('coupon_template_id').references(() => couponTemplates.id),
    skuId: integer('sku_id').references(() => skus.id),
    points: integer('points').notNull(),
    stock: integer('stock').notNull(),
    redeemed: integer('redeemed').notNull().default(0),
    perMember: integer('per_member').notNull().default(1),
    /** 1 on sale, 0 taken off. */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('points_items_stock_non_negative', sql`${t.stock} >= 0`),
    check('points_items_points_positive', sql`${t.points} > 0`),
    check('points_items_per_member_positive', sql`${t.perMember} >= 1`),
    check(
      'points_items_kind_target',
      sql`(${t.kind} in ('coupon', 'course') and ${t.couponTemplateId} is not null) or (${t.kind} = 'goods' and ${t.skuId} is not null)`,
    ),
  ],
);

export interface RedemptionAddress {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

/** One redemption: coupons are done at once; goods wait to be shipped (pending → shipped). */
export const pointsRedemptions = pgTable(
  'points_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => pointsItems.id),
    kind: varchar('kind', { length: 8 }).notNull(),
    title: varchar('title', { length: 32 }).notNull(),
    points: integer('points').notNull(),
    userCouponId: integer('user_coupon_id').references(() => userCoupons.id, { onDelete: 'set null' }),
    address: jsonb('address').$type<RedemptionAddress>(),
    /** done | pending | shipped */
    status: varchar('status', { length: 8 }).notNull(),
    expressCompany: varchar('express_company', { length: 32 }).notNull().default(''),
    expressNo: varchar('express_no', { length: 40 }).notNull().default(''),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('points_redemptions_user').on(t.userId, t.itemId), index('points_redemptions_status').on(t.status, t.id)],
);
