import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { courses } from './catalogue';

/**
 * Seller-side data (settings live on `coaches`/`shops`): homepage banners, agency
 * offers and the courses agents picked (goods picks are `agent_goods` in catalogue.ts).
 */

/** The banner images of a coach's or shop's public homepage (/anchor), in `sort` order; at most BANNER_MAX each. */
export const homepageBanners = pgTable(
  'homepage_banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** coach | shop */
    ownerType: varchar('owner_type', { length: 8 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    /** A stored image path (from /api/uploader_img_base64). */
    image: text('image').notNull(),
    /** '' (no link), a same-site path starting with one '/', or an https URL. */
    link: varchar('link', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('homepage_banners_owner_idx').on(t.ownerType, t.ownerId, t.sort, t.id)],
);

/**
 * An owner's offer of one goods item or course for agency: other coaches and shops may pick it
 * for their homepage and earn `rate_bp` (basis points of the paid amount, 100 = 1%) on sales that
 * came through them. At most one offer per item; withdrawing the offer deletes the row.
 * `agentOfferFor()` (modules/commerce/order-agent.ts) is how orders read it.
 */
export const agentOffers = pgTable(
  'agent_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** goods | course */
    kind: varchar('kind', { length: 8 }).notNull(),
    itemId: integer('item_id').notNull(),
    /** Who offers it (the item's owner): coach | shop, and its id. */
    ownerType: varchar('owner_type', { length: 8 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    rateBp: smallint('rate_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_offers_item_uq').on(t.kind, t.itemId),
    index('agent_offers_market_idx').on(t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('agent_offer_rate', sql`${t.rateBp} between 1 and 5000`),
  ],
);

/** A coach or shop re-selling another owner's course (like `agent_goods`). */
export const agentCourses = pgTable(
  'agent_courses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** coach | shop */
    agentType: varchar('agent_type', { length: 8 }).notNull(),
    agentId: integer('agent_id').notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    shown: boolean('shown').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agent_courses_uq').on(t.agentType, t.agentId, t.courseId)],
);
