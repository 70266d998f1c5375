import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Coach and shop identity applications. One row per submission: a refused application
 * stays as history and the corrected answers are a new row. status: pending → approved → settled;
 * pending → refused; settled → closed when the identity has ended (a cancelled shop). At most one
 * live (pending, approved or settled) application per member and kind — the partial unique index
 * turns a double submit into one row.
 *
 * `answers` holds the form as submitted except the ID number, which is only ever stored encrypted
 * (AES-256-GCM, key derived from APP_SECRET) in `id_number_cipher`, with its mask beside it.
 */
export const identityApplications = pgTable(
  'identity_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** coach | shop */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** pending | approved | refused | settled | closed */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** The display name of the application (real name or shop name), for the console's list and search. */
    title: varchar('title', { length: 32 }).notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    idNumberCipher: text('id_number_cipher').notNull().default(''),
    idNumberMask: varchar('id_number_mask', { length: 24 }).notNull().default(''),
    refuseReason: varchar('refuse_reason', { length: 200 }).notNull().default(''),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    /** The staff member who decided (staff id; the audit log has the full record). */
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The settlement fee actually paid, in fen. */
    fee: integer('fee').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_applications_live_uq')
      .on(t.userId, t.kind)
      .where(sql`status in ('pending', 'approved', 'settled')`),
    index('identity_applications_user_idx').on(t.userId, t.kind, t.id),
    index('identity_applications_queue_idx').on(t.kind, t.status, t.id),
    check('identity_applications_kind', sql`${t.kind} in ('coach', 'shop')`),
    check('identity_applications_fee', sql`${t.fee} >= 0`),
  ],
);
