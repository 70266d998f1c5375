import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orders } from './commerce';
import { sellerWithdrawals } from './seller-payouts';
import { users } from './users';

/**
 * The operator console's money and member operations. Decisions themselves change
 * the rows of their own features (withdrawals, orders, users); these tables hold what those rows
 * have no place for.
 */

/** The bank transfer behind a paid withdrawal: the reference finance typed when marking it paid. */
export const withdrawalTransfers = pgTable('withdrawal_transfers', {
  withdrawalId: integer('withdrawal_id')
    .primaryKey()
    .references(() => sellerWithdrawals.id, { onDelete: 'cascade' }),
  reference: varchar('reference', { length: 64 }).notNull(),
  staffId: integer('staff_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's escalation of a refund the seller refused: open → granted (refunded by the platform)
 * | upheld (the refusal stands). One per order, so a refusal is escalated once.
 */
export const refundDisputes = pgTable(
  'refund_disputes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's reason for escalating. */
    reason: varchar('reason', { length: 200 }).notNull(),
    /** The member's refund reason and the seller's refusal, as they were when escalated. */
    refundReason: varchar('refund_reason', { length: 200 }).notNull().default(''),
    refusal: varchar('refusal', { length: 200 }).notNull(),
    /** open | granted | upheld */
    status: varchar('status', { length: 8 }).notNull().default('open'),
    /** The operator's explanation, sent to both sides. */
    decisionNote: varchar('decision_note', { length: 200 }).notNull().default(''),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refund_disputes_order_uq').on(t.orderId), index('refund_disputes_status_idx').on(t.status, t.id)],
);

/**
 * A member's report of content (goods, courses, classes, homepages today; posts, comments and chat
 * messages when they land): open → dismissed | removed. One open report per member and target.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** REPORT_TARGETS in src/lib/rules/operations.ts */
    targetType: varchar('target_type', { length: 12 }).notNull(),
    targetId: integer('target_id').notNull(),
    /** The target's title when reported (the queue still reads after an edit or a deletion). */
    targetTitle: varchar('target_title', { length: 64 }).notNull().default(''),
    /** REPORT_REASONS key */
    reason: varchar('reason', { length: 12 }).notNull(),
    detail: varchar('detail', { length: 500 }).notNull().default(''),
    /** open | dismissed | removed */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    decisionNote: varchar('decision_note', { length: 200 }).notNull().default(''),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('content_reports_one_open_uq')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`status = 'open'`),
    index('content_reports_status_idx').on(t.status, t.id),
    index('content_reports_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Why a member account is disabled (users.status = 0), shown at login; removed when enabled again. */
export const memberBlocks = pgTable('member_blocks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: varchar('reason', { length: 200 }).notNull(),
  staffId: integer('staff_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
