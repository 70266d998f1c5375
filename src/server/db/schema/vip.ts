import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * VIP plans sold by the platform (modules/vip). The operator sets the price in fen and whether it is
 * on sale; the code and length are fixed (月度 30 days, 年度 365 days), so a bought period never
 * changes meaning.
 */
export const vipPlans = pgTable(
  'vip_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** month | year */
    code: varchar('code', { length: 8 }).notNull(),
    name: varchar('name', { length: 16 }).notNull(),
    days: integer('days').notNull(),
    price: integer('price').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: smallint('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vip_plans_code_uq').on(t.code),
    check('vip_plans_price_positive', sql`${t.price} > 0`),
    check('vip_plans_days_positive', sql`${t.days} > 0`),
  ],
);

/**
 * One row per member who ever bought VIP: the membership lasts while `ends_at` is in the future
 * (access is decided by that comparison, no job needed). `reminded_for` is the `ends_at` a renewal
 * reminder was sent for, so each period is reminded once.
 */
export const vipMembers = pgTable(
  'vip_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vip_members_ends_idx').on(t.endsAt)],
);

/**
 * What each paid VIP order added to a membership: one row per order (unique), written in the paying
 * transaction, so a replayed gateway notice or a second click extends nothing.
 */
export const vipGrants = pgTable(
  'vip_grants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').notNull(),
    days: integer('days').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vip_grants_order_uq').on(t.orderId), index('vip_grants_user_idx').on(t.userId, t.id)],
);
