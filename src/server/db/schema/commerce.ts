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
    /** goods | course | class | grading | vip */
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
    /** The member's coupon held by this order (user_coupons.id). */
    couponId: integer('coupon_id'),
    refundReason: varchar('refund_reason', { length: 200 }).notNull().default(''),
    /** The status a refund request came from, restored if the seller refuses it. */
    refundFrom: varchar('refund_from', { length: 12 }).notNull().default(''),
    /** Why the seller last refused a refund, shown to the buyer. */
    refundRefusal: varchar('refund_refusal', { length: 200 }).notNull().default(''),
    expressCompany: varchar('express_company', { length: 20 }).notNull().default(''),
    expressNo: varchar('express_no', { length: 32 }).notNull().default(''),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** coins | sandbox | wechat | alipay */
    payMethod: varchar('pay_method', { length: 12 }).notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * A sale through an agent: the coach or shop whose homepage sold it ('' = none), and
     * the agent's commission rate in basis points as it was when the order was placed. The agent's
     * cut goes to their seller account when the order is paid (modules/seller/income.ts).
     */
    agentKind: varchar('agent_kind', { length: 8 }).notNull().default(''),
    agentId: integer('agent_id'),
    agentBp: integer('agent_bp').notNull().default(0),
    /**
     * 拼团 (modules/groupbuy): the group this order joined (group_buy_groups.id). Such an order is
     * `onHold` from creation until its group forms: paying it unlocks nothing (no course access, not
     * listed as enrolled, never settled) until the group is full — see commerce/order-kinds.ts.
     */
    groupId: integer('group_id'),
    onHold: boolean('on_hold').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.kind, t.status, t.id),
    index('orders_expiry_idx').on(t.status, t.expiresAt),
    // The sellers' order lists, newest first.
    index('orders_shop_idx').on(t.shopId, t.id.desc().nullsFirst()),
    index('orders_coach_idx').on(t.coachId, t.id.desc().nullsFirst()),
    index('orders_agent_idx').on(t.agentKind, t.agentId, t.id.desc().nullsFirst()),
    check('orders_agent_bp_range', sql`${t.agentBp} >= 0 AND ${t.agentBp} <= 10000`),
    // A member holds at most one live order in a group (the join is also serialised per member and item).
    uniqueIndex('orders_group_member_uq')
      .on(t.groupId, t.userId)
      .where(sql`${t.groupId} IS NOT NULL AND ${t.status} IN ('unpaid', 'paid', 'refunding', 'completed')`),
  ],
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
    /** A seat at a 考评 (grading_sessions.id). */
    gradingId: integer('grading_id'),
    /** A VIP plan bought (vip_plans.id; modules/vip). */
    vipPlanId: integer('vip_plan_id'),
    /** Bought at a 秒杀 price (flash_sales.id): its flash stock goes back when the order closes. */
    flashSaleId: integer('flash_sale_id'),
    title: varchar('title', { length: 64 }).notNull(),
    specs: text('specs').notNull().default(''),
    cover: text('cover').notNull().default(''),
    price: integer('price').notNull(),
    num: integer('num').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_flash_idx').on(t.flashSaleId)],
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

/**
 * Coupon templates set by the platform or a shop: amount off above a threshold, for one scope,
 * valid for a window or a number of days after claiming. `claimed` never passes `total`.
 */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: 32 }).notNull(),
    /** Fen off, and the order amount (fen) it needs. */
    amount: integer('amount').notNull(),
    threshold: integer('threshold').notNull(),
    /** all | course | class | goods | shop (then shop_id) */
    scope: varchar('scope', { length: 8 }).notNull(),
    shopId: integer('shop_id'),
    /**
     * A `course` template may name one course (the points shop's course discount); null = any course.
     * Like shop_id it has no foreign key: a deleted course leaves its coupons usable nowhere.
     */
    courseId: integer('course_id'),
    /** Days valid after claiming; 0 = until ends_at. */
    validDays: integer('valid_days').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    total: integer('total').notNull(),
    claimed: integer('claimed').notNull().default(0),
    perUser: integer('per_user').notNull().default(1),
    status: integer('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupon_claimed_within_total', sql`${t.claimed} <= ${t.total}`),
    // A coupon never makes an order free: payments always carry an amount.
    check('coupon_threshold_above_amount', sql`${t.threshold} > ${t.amount} AND ${t.amount} > 0`),
    check('coupon_course_scope', sql`${t.courseId} IS NULL OR ${t.scope} = 'course'`),
  ],
);

/**
 * A member's claimed coupon. status: unused → used (held by an order; back to unused when that
 * order is cancelled or closed unpaid). Expired = unused past valid_to.
 */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 8 }).notNull().default('unused'),
    orderId: integer('order_id'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_coupons_user_idx').on(t.userId, t.status, t.validTo), index('user_coupons_tpl_idx').on(t.templateId, t.userId)],
);

/**
 * One attempt to collect money through a gateway: for an order or a coin top-up. The gateway's
 * notify moves it pending → paid once (conditional update), checked against `amount`.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    payNo: varchar('pay_no', { length: 32 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** order | topup */
    purpose: varchar('purpose', { length: 8 }).notNull(),
    orderId: integer('order_id'),
    /** Coins credited by a top-up. */
    coins: integer('coins').notNull().default(0),
    amount: integer('amount').notNull(),
    /** sandbox | wechat | alipay */
    provider: varchar('provider', { length: 8 }).notNull(),
    /** pending | paid (a late notice for a closed order still lands: see applyPaidNotice) */
    status: varchar('status', { length: 8 }).notNull().default('pending'),
    providerTxn: varchar('provider_txn', { length: 64 }).notNull().default(''),
    returnUrl: text('return_url').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.id),
    index('payments_order_idx').on(t.orderId),
    check('payment_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** How far a member has watched each lesson (seconds), for /my/course progress. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').notNull(),
    courseId: integer('course_id').notNull(),
    /** Where the member stopped (resume point), seconds. */
    position: integer('position').notNull().default(0),
    finished: boolean('finished').notNull().default(false),
    /**
     * The seconds of the lesson actually played, as merged [start, end) ranges: the watched share is their
     * length over the lesson's duration, so seeking to the end counts nothing (SPEC-free: modules/learning).
     */
    ranges: jsonb('ranges')
      .$type<[number, number][]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    watchedS: integer('watched_s').notNull().default(0),
    /** Study time spent in this lesson (bounded by wall time across tabs, see `study_days`). */
    studyS: integer('study_s').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lesson_progress_uq').on(t.userId, t.lessonId), index('lesson_progress_course_idx').on(t.userId, t.courseId)],
);
