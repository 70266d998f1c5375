import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { goods, skus } from './catalogue';

/** Delivery addresses (Chinese province / city / district + detail). */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 20 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    province: varchar('province', { length: 16 }).notNull(),
    city: varchar('city', { length: 16 }).notNull(),
    district: varchar('district', { length: 16 }).notNull(),
    detail: varchar('detail', { length: 120 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/** Cart lines: one per member and SKU. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    num: integer('num').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_user_sku_uq').on(t.userId, t.skuId), check('cart_num_positive', sql`${t.num} > 0`)],
);

/** Kung fu coins per member; the balance can never go negative (a check, not just code). */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    coins: integer('coins').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallet_coins_non_negative', sql`${t.coins} >= 0`)],
);

/** Every change of a balance, written in the same transaction as its cause. Sum of deltas = balance. */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** topup | pay | refund | gift | grant */
    reason: varchar('reason', { length: 16 }).notNull(),
    /** What caused it, e.g. 'order' + order id. */
    refType: varchar('ref_type', { length: 16 }).notNull().default(''),
    refId: integer('ref_id').notNull().default(0),
    note: varchar('note', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coin_ledger_user_idx').on(t.userId, t.id)],
);

/**
 * Orders of goods, courses and classes. Money is integer fen (1 coin = 1 yuan = 100 fen).
 * status: unpaid → paid → shipped → received → completed; unpaid → cancelled | closed;
 * paid → refunding → refunded. Every transition is a conditional update on the current status.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: varchar('order_no', { length: 24 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** goods | course | class */
    kind: varchar('kind', { length: 8 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('unpaid'),
    /** The seller: a shop (goods) or the course/class owner. */
    shopId: integer('shop_id'),
    coachId: integer('coach_id'),
    itemsTotal: integer('items_total').notNull(),
    freight: integer('freight').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    payAmount: integer('pay_amount').notNull(),
    address: jsonb('address').$type<Record<string, string> | null>(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** coins | sandbox | wechat | alipay */
    payMethod: varchar('pay_method', { length: 12 }).notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_user_idx').on(t.userId, t.kind, t.status, t.id), index('orders_expiry_idx').on(t.status, t.expiresAt)],
);

/** What an order bought (titles, specs and prices as they were when ordered). */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id'),
    skuId: integer('sku_id'),
    courseId: integer('course_id'),
    classId: integer('class_id'),
    title: varchar('title', { length: 64 }).notNull(),
    specs: text('specs').notNull().default(''),
    cover: text('cover').notNull().default(''),
    price: integer('price').notNull(),
    num: integer('num').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** Courses a member may watch in full (granted when a course order is paid). */
export const courseAccess = pgTable(
  'course_access',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    orderId: integer('order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('course_access_uq').on(t.userId, t.courseId)],
);
