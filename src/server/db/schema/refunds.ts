import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orders } from './commerce';

/**
 * A seller's approval of a refund: one row per order, so two approvals can never
 * both refund it (the unique order id decides). Coin refunds are done at once; a gateway refund
 * stays `pending` until the gateway confirms it (its refund notice or its synchronous answer),
 * and `failed` when the gateway refused it (the seller may approve again).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Our refund number, sent to the gateway as out_refund_no / out_request_no. */
    refundNo: varchar('refund_no', { length: 32 }).notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** coins | sandbox | wechat | alipay */
    method: varchar('method', { length: 12 }).notNull(),
    /** Fen given back (coin refunds: the coins' worth). */
    amount: integer('amount').notNull(),
    /** pending | done | failed */
    status: varchar('status', { length: 8 }).notNull().default('pending'),
    /** The gateway's refund id once known. */
    providerRef: varchar('provider_ref', { length: 64 }).notNull().default(''),
    /** Why the gateway refused (shown to the seller). */
    failure: varchar('failure', { length: 200 }).notNull().default(''),
    /** The user (seller) who approved. */
    approvedBy: integer('approved_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('order_refunds_order_uq').on(t.orderId), index('order_refunds_status_idx').on(t.status, t.createdAt)],
);
