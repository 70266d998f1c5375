import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
 * The embedded IM server's data (IM_PROVIDER=local). With Tencent IM these live in the cloud.
 *
 * A thread is what two or more people share: `c2c:<low id>:<high id>`, `group:<groupID>` or
 * `system:<userId>` (group system notices). Each member sees it as a conversation
 * (`C2C<peer>`, `GROUP<groupID>`, `@TIM#SYSTEM`) with their own read mark, pin and mute.
 * Sequences are per thread: `last_seq` is bumped under the thread's row lock in the same
 * transaction as the message insert, so sequences have no gaps and no repeats.
 * Unread = last_seq − read_seq (minus nothing else: one's own sends move one's read_seq), so a
 * message to a 2,000-member group writes one row, not 2,000.
 */
export const imThreads = pgTable('im_threads', {
  key: varchar('key', { length: 64 }).primaryKey(),
  /** 1 C2C, 2 group, 3 system. */
  kind: smallint('kind').notNull(),
  groupId: varchar('group_id', { length: 48 }),
  lastSeq: integer('last_seq').notNull().default(0),
  lastMessageId: bigint('last_message_id', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const imThreadMembers = pgTable(
  'im_thread_members',
  {
    threadKey: varchar('thread_key', { length: 64 })
      .notNull()
      .references(() => imThreads.key, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** C2C: the other person; null for groups and system. */
    peerId: integer('peer_id'),
    readSeq: integer('read_seq').notNull().default(0),
    /** "Delete conversation": messages up to here are gone for this member; a newer one brings it back. */
    clearedSeq: integer('cleared_seq').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    /** 0 AcceptAndNotify, 1 AcceptNotNotify. */
    remind: smallint('remind').notNull().default(0),
    /** Sequence of the first message this member may read (a group's history before joining is not theirs). */
    joinedSeq: integer('joined_seq').notNull().default(0),
    /** False once the member left the group; their conversation stays readable up to leftSeq. */
    active: boolean('active').notNull().default(true),
    leftSeq: integer('left_seq'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadKey, t.userId] }), index('im_thread_members_user_idx').on(t.userId, t.updatedAt)],
);

export const imMessages = pgTable(
  'im_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    threadKey: varchar('thread_key', { length: 64 })
      .notNull()
      .references(() => imThreads.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** Null for tips and notices the server makes. */
    fromUser: integer('from_user'),
    /** The TIM element type, e.g. TIMTextElem. */
    type: varchar('type', { length: 32 }).notNull(),
    payload: jsonb('payload').notNull(),
    cloudCustomData: text('cloud_custom_data').notNull().default(''),
    clientId: varchar('client_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by'),
  },
  (t) => [
    uniqueIndex('im_messages_thread_seq_uq').on(t.threadKey, t.seq),
    // A retried send (same clientID) finds the first one instead of storing it twice.
    uniqueIndex('im_messages_client_uq').on(t.fromUser, t.clientId),
  ],
);

/** "Delete for me". */
export const imMessageHides = pgTable(
  'im_message_hides',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => imMessages.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

/** One row per direction: A's row says how A files B (remark, friend groups). */
export const imFriends = pgTable(
  'im_friends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remark: varchar('remark', { length: 32 }).notNull().default(''),
    groupNames: text('group_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] }), index('im_friends_friend_idx').on(t.friendId)],
);

/** Friend groups (分组) that exist even when empty. */
export const imFriendGroups = pgTable(
  'im_friend_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

export const imFriendApplications = pgTable(
  'im_friend_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fromUser: integer('from_user')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUser: integer('to_user')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wording: varchar('wording', { length: 120 }).notNull().default(''),
    /** The remark and friend group the applicant chose for the new friend. */
    remark: varchar('remark', { length: 32 }).notNull().default(''),
    groupName: varchar('group_name', { length: 30 }).notNull().default(''),
    /** 0 pending, 1 accepted, 2 refused. */
    status: smallint('status').notNull().default(0),
    /** The recipient has seen it in the applications tab. */
    seen: boolean('seen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('im_friend_applications_pending_uq')
      .on(t.fromUser, t.toUser)
      .where(sql`status = 0`),
    index('im_friend_applications_to_idx').on(t.toUser, t.status),
  ],
);

export const imBlacklist = pgTable(
  'im_blacklist',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedId] })],
);

export const imGroups = pgTable(
  'im_groups',
  {
    /** The groupID: `@GF#` + a random base-36 string, or the id a caller chose (live rooms). */
    id: varchar('id', { length: 48 }).primaryKey(),
    /** Work | Public | AVChatRoom. */
    type: varchar('type', { length: 16 }).notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    avatar: text('avatar').notNull().default(''),
    introduction: varchar('introduction', { length: 240 }).notNull().default(''),
    notification: varchar('notification', { length: 300 }).notNull().default(''),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** FreeAccess | NeedPermission | DisableApply. */
    joinOption: varchar('join_option', { length: 16 }).notNull().default('NeedPermission'),
    muteAll: boolean('mute_all').notNull().default(false),
    memberCount: integer('member_count').notNull().default(0),
    maxMembers: integer('max_members').notNull().default(2000),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [index('im_groups_owner_idx').on(t.ownerId)],
);

export const imGroupMembers = pgTable(
  'im_group_members',
  {
    groupId: varchar('group_id', { length: 48 })
      .notNull()
      .references(() => imGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Owner | Admin | Member. */
    role: varchar('role', { length: 8 }).notNull().default('Member'),
    nameCard: varchar('name_card', { length: 32 }).notNull().default(''),
    muteUntil: timestamp('mute_until', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('im_group_members_user_idx').on(t.userId)],
);

export const imGroupApplications = pgTable(
  'im_group_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: varchar('group_id', { length: 48 })
      .notNull()
      .references(() => imGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wording: varchar('wording', { length: 120 }).notNull().default(''),
    /** 0 pending, 1 agreed, 2 refused. */
    status: smallint('status').notNull().default(0),
    handledBy: integer('handled_by'),
    handleMessage: varchar('handle_message', { length: 120 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('im_group_applications_pending_uq')
      .on(t.groupId, t.userId)
      .where(sql`status = 0`),
    index('im_group_applications_group_idx').on(t.groupId, t.status),
  ],
);
