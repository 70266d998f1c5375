import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { classes, coaches, courses, shops } from './catalogue';
import { users } from './users';

/**
 * 拼团 campaigns (modules/groupbuy): a seller offers one course or class at a group price to groups
 * of `size` members who fill the group within `limitHours` of its opening. Editable while no group
 * was opened; 'stopped' opens no new group (open ones run to their deadline).
 */
export const groupBuys = pgTable(
  'group_buys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The seller: the coach or the shop owning the item. */
    coachId: integer('coach_id').references(() => coaches.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    /** course | class */
    kind: varchar('kind', { length: 8 }).notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    /** The group price in fen (below the item's price). */
    price: integer('price').notNull(),
    size: smallint('size').notNull(),
    limitHours: smallint('limit_hours').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** active | stopped */
    status: varchar('status', { length: 8 }).notNull().default('active'),
    /** Groups opened so far (the campaign is editable only while 0). */
    opened: integer('opened').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_buys_coach_idx').on(t.coachId, t.id),
    index('group_buys_shop_idx').on(t.shopId, t.id),
    // One active campaign per item: the detail page shows one group price.
    uniqueIndex('group_buys_course_active_uq')
      .on(t.courseId)
      .where(sql`${t.status} = 'active' AND ${t.courseId} IS NOT NULL`),
    uniqueIndex('group_buys_class_active_uq')
      .on(t.classId)
      .where(sql`${t.status} = 'active' AND ${t.classId} IS NOT NULL`),
    check(
      'group_buys_item',
      sql`(${t.kind} = 'course' AND ${t.courseId} IS NOT NULL) OR (${t.kind} = 'class' AND ${t.classId} IS NOT NULL)`,
    ),
    check('group_buys_size', sql`${t.size} BETWEEN 2 AND 10`),
    check('group_buys_price', sql`${t.price} > 0`),
    check('group_buys_window', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * One group of a campaign. `reserved` counts members holding a slot (an unpaid or paid order),
 * `paid` those whose order is paid; both are moved only by conditional updates, so `paid <=
 * reserved <= size` always (the check makes a bug fail loudly). open → formed when `paid` reaches
 * `size` (in the paying transaction), open → failed at `expiresAt` (jobs.ts).
 */
export const groupBuyGroups = pgTable(
  'group_buy_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => groupBuys.id, { onDelete: 'cascade' }),
    /** The member who opened it (团长). */
    leaderId: integer('leader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Size and price as they were when the group opened. */
    size: smallint('size').notNull(),
    price: integer('price').notNull(),
    reserved: smallint('reserved').notNull().default(0),
    paid: smallint('paid').notNull().default(0),
    /** open | formed | failed */
    status: varchar('status', { length: 8 }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    formedAt: timestamp('formed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_buy_groups_campaign_idx').on(t.campaignId, t.status, t.expiresAt),
    index('group_buy_groups_due_idx').on(t.status, t.expiresAt),
    check('group_buy_groups_slots', sql`${t.paid} >= 0 AND ${t.paid} <= ${t.reserved} AND ${t.reserved} <= ${t.size}`),
  ],
);
