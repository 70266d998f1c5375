import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, varchar, date } from 'drizzle-orm/pg-core';

/** Accounts of every kind: members, coaches (identity 2), shop owners (identity 1), providers (service_id > 0). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    /** Null only for a third-party login that has not bound a phone yet. */
    phone: varchar('phone', { length: 11 }).unique(),
    passwordHash: text('password_hash'),
    payPasswordHash: text('pay_password_hash'),
    nickName: varchar('nick_name', { length: 32 }).notNull(),
    avatar: text('avatar').notNull().default(''),
    /** 0 unknown, 1 male, 2 female. */
    gender: smallint('gender').notNull().default(0),
    birthday: date('birthday'),
    intro: text('intro').notNull().default(''),
    /** The member's homepage shows the courses they study (功夫圈, off by default). */
    showStudy: smallint('show_study').notNull().default(0),
    identity: smallint('identity').notNull().default(0),
    serviceId: integer('service_id').notNull().default(0),
    /** 1 active, 0 disabled (cannot log in). */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [index('users_identity_idx').on(t.identity)],
);

/** Login sessions: the token is only ever stored as its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    source: varchar('source', { length: 16 }).notNull().default('web'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last request seen with this token, written at most once every few minutes (登录设备 list). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The address of that request ('' until the first touch after login). */
    lastIp: varchar('last_ip', { length: 64 }).notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
