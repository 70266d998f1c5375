import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The search tokens of a row: every character and every pair of neighbouring characters of the
 * lower-cased searchable fields (`gf_search_tokens`, a SQL function created in migration 0004).
 * Computed by PostgreSQL on every write, so no writer can forget it; GIN-indexed. See
 * `search.ts` in modules/catalogue for the query side.
 */
const searchTokens = (...fields: string[]) =>
  text('search_tokens')
    .array()
    .notNull()
    .generatedAlwaysAs(sql.raw(`gf_search_tokens(${fields.join(', ')})`));

/** A coach's public profile (the user has identity 2). */
export const coaches = pgTable(
  'coaches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    /** Styles taught, e.g. ['太极拳', '八卦掌']. */
    styles: jsonb('styles')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    years: smallint('years').notNull().default(0),
    city: varchar('city', { length: 16 }).notNull().default(''),
    title: varchar('title', { length: 64 }).notNull().default(''),
    intro: text('intro').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    cover: text('cover').notNull().default(''),
    /** Contact shown on the homepage (set on /coach/setting); '' = not shown. */
    phone: varchar('phone', { length: 11 }).notNull().default(''),
    wechat: varchar('wechat', { length: 32 }).notNull().default(''),
    fansCount: integer('fans_count').notNull().default(0),
    /** 1 shown, 0 hidden. */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchTokens: searchTokens('name', 'title', 'styles::text'),
  },
  (t) => [
    index('coaches_list_idx').on(t.status, t.sort.desc().nullsFirst(), t.id),
    index('coaches_search_idx').using('gin', t.searchTokens),
  ],
);

/** A merchant's shop (the user has identity 1). */
export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    logo: text('logo').notNull().default(''),
    cover: text('cover').notNull().default(''),
    intro: text('intro').notNull().default(''),
    city: varchar('city', { length: 16 }).notNull().default(''),
    /** What the shop sells or teaches, e.g. ['太极', '器械'] (set on /mechant/setting). */
    labels: jsonb('labels')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Contact shown on the homepage; '' = not shown. */
    phone: varchar('phone', { length: 11 }).notNull().default(''),
    wechat: varchar('wechat', { length: 32 }).notNull().default(''),
    fansCount: integer('fans_count').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchTokens: searchTokens('name', 'intro'),
  },
  (t) => [
    index('shops_list_idx').on(t.status, t.fansCount.desc().nullsFirst(), t.id),
    index('shops_search_idx').using('gin', t.searchTokens),
  ],
);

/** Course labels (/api/course/label): styles and topics. */
export const labels = pgTable('labels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 16 }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
  /** 1 offered to coaches and filters, 0 hidden by the operators (courses keep it). */
  status: smallint('status').notNull().default(1),
});

/** Online video courses, owned by a coach or a shop. Prices are integer fen; 0 = free. */
export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    coachId: integer('coach_id').references(() => coaches.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 64 }).notNull(),
    summary: varchar('summary', { length: 200 }).notNull().default(''),
    cover: text('cover').notNull().default(''),
    /** Sanitised rich text. */
    intro: text('intro').notNull().default(''),
    price: integer('price').notNull().default(0),
    labelIds: jsonb('label_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    level: varchar('level', { length: 8 }).notNull().default('入门'),
    sales: integer('sales').notNull().default(0),
    views: integer('views').notNull().default(0),
    recommend: boolean('recommend').notNull().default(false),
    status: smallint('status').notNull().default(1),
    /** VIP免费: the owner lets active VIP members watch every lesson without buying (modules/vip). */
    vipFree: boolean('vip_free').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many lessons the course has; kept by triggers on `lessons` (migration 0004). */
    lessonCount: integer('lesson_count').notNull().default(0),
    searchTokens: searchTokens('title', 'summary'),
  },
  (t) => [
    // One index per list order (status first, the sort keys, id as the tie-break).
    index('courses_new_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('courses_hot_idx').on(t.status, t.sales.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('courses_price_idx').on(t.status, t.price, t.id.desc().nullsFirst()),
    index('courses_coach_idx').on(t.coachId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('courses_shop_idx').on(t.shopId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('courses_search_idx').using('gin', t.searchTokens),
  ],
);

/** Lessons of a course; free ones are previews for everyone. */
export const lessons = pgTable(
  'lessons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    title: varchar('title', { length: 64 }).notNull(),
    durationS: integer('duration_s').notNull().default(0),
    video: text('video').notNull().default(''),
    /** The coach's uploaded video (`videos.id`) this lesson plays; null for seeded or external videos. */
    videoId: integer('video_id'),
    isFree: boolean('is_free').notNull().default(false),
  },
  (t) => [index('lessons_course_idx').on(t.courseId, t.sort)],
);

/** Offline or group classes with a schedule, a venue and a capacity. */
export const classes = pgTable(
  'classes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    coachId: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 64 }).notNull(),
    cover: text('cover').notNull().default(''),
    intro: text('intro').notNull().default(''),
    style: varchar('style', { length: 16 }).notNull().default(''),
    city: varchar('city', { length: 16 }).notNull().default(''),
    venue: varchar('venue', { length: 64 }).notNull().default(''),
    address: varchar('address', { length: 120 }).notNull().default(''),
    /** Human schedule, e.g. 每周六 9:00-11:00. */
    schedule: varchar('schedule', { length: 64 }).notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    enrolled: integer('enrolled').notNull().default(0),
    price: integer('price').notNull().default(0),
    /** Enrolment closes at this moment (null = until the class starts). */
    enrolEndsAt: timestamp('enrol_ends_at', { withTimezone: true }),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchTokens: searchTokens('title', 'venue'),
  },
  (t) => [
    index('classes_list_idx').on(t.status, t.startsAt, t.id),
    index('classes_coach_idx').on(t.coachId, t.startsAt, t.id),
    index('classes_search_idx').using('gin', t.searchTokens),
    check('class_seats', sql`${t.enrolled} >= 0 and ${t.enrolled} <= ${t.capacity}`),
  ],
);

export const goodsCategories = pgTable('goods_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 16 }).notNull().unique(),
  icon: varchar('icon', { length: 48 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/**
 * Search postings of listed courses (status 1): one row per search token of the course, in the
 * order of the course list (newest first), so a search reads its first page from the front of one
 * token's postings instead of collecting every match and sorting. Written only by the triggers of
 * migration 0004 on `courses`; read by `modules/catalogue/search.ts`.
 */
export const coursePostings = pgTable(
  'course_postings',
  {
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    courseId: integer('course_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.token, t.createdAt, t.courseId] })],
);

/**
 * How many postings each course search token has, kept by the statement triggers of migration 0024
 * on `course_postings`: a search chooses its driver token and estimates its total from two or three
 * primary-key lookups here instead of counting postings, so planning costs the same at any size.
 */
export const courseTokenCounts = pgTable('course_token_counts', {
  token: text('token').primaryKey(),
  postings: integer('postings').notNull(),
});

/** Goods sold by a shop; the listed price is the lowest SKU price. */
export const goods = pgTable(
  'goods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => goodsCategories.id),
    title: varchar('title', { length: 64 }).notNull(),
    images: jsonb('images')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    detail: text('detail').notNull().default(''),
    price: integer('price').notNull().default(0),
    /** Spec names in order, e.g. ['颜色', '尺码']. */
    specNames: jsonb('spec_names')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sales: integer('sales').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchTokens: searchTokens('title'),
  },
  (t) => [
    // One index per list order (status first, then the filter, the sort keys, id as the tie-break).
    index('goods_new_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('goods_category_idx').on(t.status, t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('goods_hot_idx').on(t.status, t.sales.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('goods_price_idx').on(t.status, t.price, t.id.desc().nullsFirst()),
    index('goods_shop_idx').on(t.shopId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('goods_search_idx').using('gin', t.searchTokens),
  ],
);

/** Search postings of listed goods (status 1), like `coursePostings`; kept by triggers on `goods`. */
export const goodsPostings = pgTable(
  'goods_postings',
  {
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    goodsId: integer('goods_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.token, t.createdAt, t.goodsId] })],
);

/** How many postings each goods search token has, like `courseTokenCounts`. */
export const goodsTokenCounts = pgTable('goods_token_counts', {
  token: text('token').primaryKey(),
  postings: integer('postings').notNull(),
});

/** One purchasable combination of spec values, with its own price and stock. */
export const skus = pgTable(
  'skus',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    /** Values in the order of goods.spec_names, e.g. ['白色', 'L']. */
    specs: jsonb('specs').$type<string[]>().notNull(),
    price: integer('price').notNull(),
    stock: integer('stock').notNull().default(0),
    /** 会员价: what an active VIP pays (fen, below `price`); null = none (modules/vip). */
    vipPrice: integer('vip_price'),
  },
  (t) => [
    index('skus_goods_idx').on(t.goodsId),
    check('sku_stock_non_negative', sql`${t.stock} >= 0`),
    check('sku_vip_price_range', sql`${t.vipPrice} is null or ${t.vipPrice} > 0`),
  ],
);

/**
 * A coach or shop re-selling another shop's goods (/api/public/businessAgentGoods): a pick of an
 * agency offer (`agent_offers`, schema/seller.ts). `shown` puts it on the agent's homepage; a pick
 * whose offer was withdrawn stays but is neither shown nor earns commission.
 */
export const agentGoods = pgTable(
  'agent_goods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** coach | shop */
    agentType: varchar('agent_type', { length: 8 }).notNull(),
    agentId: integer('agent_id').notNull(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    shown: boolean('shown').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agent_goods_uq').on(t.agentType, t.agentId, t.goodsId)],
);

/** Who follows which coach or shop. */
export const follows = pgTable(
  'follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** coach | shop */
    targetType: varchar('target_type', { length: 8 }).notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('follows_uq').on(t.userId, t.targetType, t.targetId), index('follows_target_idx').on(t.targetType, t.targetId)],
);

/** Favourite courses, classes and goods. */
export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** course | class | goods */
    targetType: varchar('target_type', { length: 8 }).notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favourites_uq').on(t.userId, t.targetType, t.targetId)],
);
