import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** SMS verification codes: only the hash is kept; one live code per phone and purpose. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar('phone', { length: 11 }).notNull(),
    /** register | forget_pw | bind_phone | change_phone | pay_password | bank_card | login */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, replaced by a newer code, or never delivered (five attempts lock it without setting this). */
    spentAt: timestamp('spent_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/** Every SMS handed to the provider; the `log` provider's only output besides the server log. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar('phone', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    content: text('content').notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** The provider's message id or error text. */
    result: text('result').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
);

/** One-time things already used: captcha passes and OAuth states (each passes once). */
export const spentTokens = pgTable('spent_tokens', {
  signature: varchar('signature', { length: 128 }).primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A WeChat or QQ identity bound to a user. */
export const oauthBindings = pgTable(
  'oauth_bindings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** wx | qq */
    provider: varchar('provider', { length: 8 }).notNull(),
    openid: varchar('openid', { length: 128 }).notNull(),
    unionid: varchar('unionid', { length: 128 }).notNull().default(''),
    nickName: varchar('nick_name', { length: 64 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_provider_openid_uq').on(t.provider, t.openid), uniqueIndex('oauth_user_provider_uq').on(t.userId, t.provider)],
);

/** Feedback sent from /account/other. */
export const feedback = pgTable('feedback', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: varchar('type', { length: 16 }).notNull(),
  content: text('content').notNull(),
  images: jsonb('images')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  contact: varchar('contact', { length: 64 }).notNull().default(''),
  /** 0 new, 1 handled. */
  status: smallint('status').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Notices of three kinds (SPEC §3 unread counts): announce (platform announcements, userId null =
 * everyone), comment (replies and comments), notice (system notices; some ask the user to agree).
 */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** Who caused it (a commenter, an applicant); 0 = the platform. */
    fromUserId: integer('from_user_id').notNull().default(0),
    /** A link the detail page offers (e.g. the commented post). */
    link: text('link').notNull().default(''),
    /** True when the user must agree or refuse (e.g. an invitation to a provider's team). */
    needAgree: boolean('need_agree').notNull().default(false),
    /** What agreeing means to later features, e.g. {"action":"join_provider","provider_id":3}. */
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_user_kind_idx').on(t.userId, t.kind, t.id)],
);

/** Per-user state of a message: read, deleted, agreed (1) or refused (2). */
export const messageStates = pgTable(
  'message_states',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    agree: smallint('agree').notNull().default(0),
  },
  (t) => [uniqueIndex('message_states_uq').on(t.messageId, t.userId)],
);

/** Counters of rate-limiter-flexible's Drizzle store (call budgets such as chat user search). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});

/**
 * Wrong-secret counters (login, pay password, console login; security/limiter.ts AttemptGuard):
 * `failures` within the window until `window_until`, a block until `blocked_until`, and `pending`
 * checks in flight, reserved atomically so a burst cannot be checked more often than the limit.
 */
export const attemptGuards = pgTable('attempt_guards', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowUntil: timestamp('window_until', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  pending: integer('pending').notNull().default(0),
  /** In-flight reservations lapse after this (an instance that died mid-check). */
  pendingUntil: timestamp('pending_until', { withTimezone: true }).notNull(),
});
