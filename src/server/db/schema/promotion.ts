import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { orders } from './commerce';

/**
 * 分销 (share-to-earn, SPEC §5 growth tools): a member's share code, the landings it brought, the
 * rates sellers pay and the commission of each order bought through a link.
 */

/** One share code per member: `?share=<code>` on any course, class or goods page. Random, never derived from the id. */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotion_codes_code_uq').on(t.code)],
);

/**
 * A landing through a share link. The visitor is the browser's attribution cookie (and the member,
 * when signed in); the visitor's latest click inside the attribution window credits their order.
 */
export const promotionClicks = pgTable(
  'promotion_clicks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sharerId: integer('sharer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitor: varchar('visitor', { length: 32 }).notNull(),
    visitorUserId: integer('visitor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** course | class | goods */
    itemKind: varchar('item_kind', { length: 8 }).notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotion_clicks_sharer_idx').on(t.sharerId, t.id),
    index('promotion_clicks_visitor_idx').on(t.visitor, t.createdAt),
    index('promotion_clicks_visitor_user_idx').on(t.visitorUserId, t.createdAt),
  ],
);

/**
 * A seller's commission rate in basis points: for one item (`item_kind` + `item_id`) or for all its
 * items (`item_kind` 'all', `item_id` 0). The item's own rate wins over the seller's.
 */
export const promotionRates = pgTable(
  'promotion_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** coach | shop */
    sellerKind: varchar('seller_kind', { length: 8 }).notNull(),
    sellerId: integer('seller_id').notNull(),
    /** all | course | class | goods */
    itemKind: varchar('item_kind', { length: 8 }).notNull(),
    itemId: integer('item_id').notNull().default(0),
    rateBp: integer('rate_bp').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_rates_item_uq').on(t.sellerKind, t.sellerId, t.itemKind, t.itemId),
    check('promotion_rates_bp', sql`${t.rateBp} > 0 AND ${t.rateBp} <= 10000`),
  ],
);

/**
 * The sharer credited with an order (one row per order, written when the order is created) and its
 * commission: pending → settled (order completed: seller balance → sharer balance) → reversed
 * (refunded after settling); pending → cancelled (refunded, closed or cancelled before settling).
 */
export const promotionOrders = pgTable(
  'promotion_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sharerId: integer('sharer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clickId: integer('click_id').references(() => promotionClicks.id, { onDelete: 'set null' }),
    /** Commission worked out at the order's rates (fen); `settled` may be less when the seller's share was smaller. */
    commission: integer('commission').notNull(),
    settled: integer('settled').notNull().default(0),
    reversed: integer('reversed').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('promotion_orders_sharer_idx').on(t.sharerId, t.orderId),
    check(
      'promotion_orders_amounts',
      sql`${t.commission} >= 0 AND ${t.settled} >= 0 AND ${t.reversed} >= 0 AND ${t.reversed} <= ${t.settled}`,
    ),
  ],
);
