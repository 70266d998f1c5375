import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { coaches, courses, goods, shops, skus } from './catalogue';
import { users } from './users';

/**
 * 秒杀: a seller's time-limited price for one course or one goods SKU, with its own stock. `sold`
 * counts units held by unpaid and paid orders; it only moves in the statement that takes or gives
 * back (`sold + n <= stock`), so concurrent buyers can never oversell. Money is integer fen.
 * status: active → cancelled (guarded); a sale past `ends_at` is simply over.
 */
export const flashSales = pgTable(
  'flash_sales',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The seller, as on orders: a coach (their courses) or a shop (its goods or courses). */
    coachId: integer('coach_id').references(() => coaches.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    /** course | goods */
    kind: varchar('kind', { length: 8 }).notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id').references(() => goods.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id').references(() => skus.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    perMember: integer('per_member').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flash_sales_live_idx').on(t.status, t.endsAt, t.startsAt),
    index('flash_sales_course_idx').on(t.courseId, t.endsAt),
    index('flash_sales_goods_idx').on(t.goodsId, t.endsAt),
    index('flash_sales_coach_idx').on(t.coachId, t.id.desc().nullsFirst()),
    index('flash_sales_shop_idx').on(t.shopId, t.id.desc().nullsFirst()),
    check(
      'flash_sales_item',
      sql`(${t.kind} = 'course' AND ${t.courseId} IS NOT NULL) OR (${t.kind} = 'goods' AND ${t.skuId} IS NOT NULL AND ${t.goodsId} IS NOT NULL)`,
    ),
    check('flash_sales_price', sql`${t.price} > 0`),
    check('flash_sales_stock', sql`${t.sold} >= 0 AND ${t.sold} <= ${t.stock}`),
    check('flash_sales_per_member', sql`${t.perMember} >= 1`),
    check('flash_sales_span', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** How many units of a sale one member holds in unpaid and paid orders (the per-member limit). */
export const flashBuyers = pgTable(
  'flash_buyers',
  {
    flashSaleId: integer('flash_sale_id')
      .notNull()
      .references(() => flashSales.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.flashSaleId, t.userId] }), check('flash_buyers_taken', sql`${t.taken} >= 0`)],
);
