import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Operator-console staff. Not members: created from the command line, logging in
 * with a password and a TOTP code. `role` is one of STAFF_ROLES (src/lib/rules/staff.ts).
 */
export const staff = pgTable('staff', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  phone: varchar('phone', { length: 11 }).notNull().unique(),
  name: varchar('name', { length: 32 }).notNull(),
  role: varchar('role', { length: 16 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  /** The TOTP secret, encrypted with a key derived from APP_SECRET (never stored in the clear). */
  totpSecret: text('totp_secret').notNull(),
  /** 1 active, 0 disabled. */
  status: smallint('status').notNull().default(1),
  /** The last TOTP time step accepted, so one code cannot be replayed. */
  lastTotpStep: integer('last_totp_step').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/** Staff sessions: short-lived, renewed by use up to an absolute limit; the token is kept as its SHA-256. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry, pushed forward by each use but never past `hardExpiresAt`. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    hardExpiresAt: timestamp('hard_expires_at', { withTimezone: true }).notNull(),
    revoked: boolean('revoked').notNull().default(false),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Every write made through the console: who, what, the record before and after, when, from where.
 * Append-only: a trigger (migration 0010) refuses UPDATE and DELETE, so nobody can edit it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    staffName: varchar('staff_name', { length: 32 }).notNull(),
    staffRole: varchar('staff_role', { length: 16 }).notNull(),
    /** e.g. 'withdrawal.pay', 'member.disable'. */
    action: varchar('action', { length: 48 }).notNull(),
    /** The table or kind of record touched, and its id. */
    target: varchar('target', { length: 48 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note').notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.target, t.targetId),
    index('audit_log_staff_idx').on(t.staffId, t.id),
  ],
);
