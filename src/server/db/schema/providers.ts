import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { coaches } from './catalogue';
import { messages } from './accounts';
import { users } from './users';

/**
 * Applications to become a service provider (SPEC §4 "supplier registration is open
 * without a check"): pending → approved | refused. A refused applicant may submit again (a new row);
 * one pending application per member (partial unique index).
 */
export const providerApplications = pgTable(
  'provider_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Company or person name. */
    name: varchar('name', { length: 40 }).notNull(),
    contact: varchar('contact', { length: 20 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    city: varchar('city', { length: 16 }).notNull(),
    intro: varchar('intro', { length: 500 }).notNull(),
    /** Stored path of the business licence photo. */
    licence: text('licence').notNull(),
    /** pending | approved | refused */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    refuseReason: varchar('refuse_reason', { length: 200 }).notNull().default(''),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    /** The staff member who decided (0 = nobody yet). */
    reviewedBy: integer('reviewed_by').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('provider_applications_one_pending_uq')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    index('provider_applications_user_idx').on(t.userId, t.id),
    index('provider_applications_status_idx').on(t.status, t.id),
  ],
);

/**
 * Service providers. `id` is the value of `users.service_id` of the provider's account (service_id
 * > 0 = provider, SPEC §3). `commission_bp` is the provider's share of each paid order of a team
 * coach's course or class, in basis points of the amount paid, taken out of the platform's
 * commission (see modules/provider/commission.ts).
 */
export const serviceProviders = pgTable(
  'service_providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 40 }).notNull(),
    logo: text('logo').notNull().default(''),
    contact: varchar('contact', { length: 20 }).notNull().default(''),
    phone: varchar('phone', { length: 11 }).notNull().default(''),
    city: varchar('city', { length: 16 }).notNull().default(''),
    intro: varchar('intro', { length: 500 }).notNull().default(''),
    commissionBp: integer('commission_bp').notNull(),
    /** 1 active, 0 disabled by the operator. */
    status: smallint('status').notNull().default(1),
    applicationId: integer('application_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('service_providers_user_uq').on(t.userId),
    check('service_providers_commission_bp', sql`${t.commissionBp} >= 0 AND ${t.commissionBp} <= 10000`),
  ],
);

/**
 * A provider's coaches. invited → active (the coach agreed in notices) | declined; active → removed
 * (by the provider). A coach is active in at most one team (partial unique index), and one open
 * invitation per provider and coach.
 */
export const providerTeam = pgTable(
  'provider_team',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    coachId: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    /** invited | active | declined | removed */
    status: varchar('status', { length: 10 }).notNull().default('invited'),
    /** The invitation notice the coach answers. */
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('provider_team_one_active_uq')
      .on(t.coachId)
      .where(sql`status = 'active'`),
    uniqueIndex('provider_team_one_invite_uq')
      .on(t.providerId, t.coachId)
      .where(sql`status = 'invited'`),
    index('provider_team_provider_idx').on(t.providerId, t.status, t.id),
    index('provider_team_message_idx').on(t.messageId),
  ],
);
