import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { orderItems, orders } from './commerce';
import { users } from './users';

/**
 * 评价 (/my/order/publish): a member's review of one line of a completed order —
 * stars, text, pictures — shown on the item's detail page with the average. One per order line
 * (the unique key makes a double submit land once). status: 1 shown, 2 taken down.
 */
export const orderReviews = pgTable(
  'order_reviews',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .unique()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** goods | course | class */
    kind: varchar('kind', { length: 8 }).notNull(),
    targetId: integer('target_id').notNull(),
    stars: smallint('stars').notNull(),
    content: varchar('content', { length: 500 }).notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_reviews_target').on(t.kind, t.targetId, t.status, t.id),
    check('order_reviews_stars', sql`${t.stars} between 1 and 5`),
  ],
);
