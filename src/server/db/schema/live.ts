import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Live broadcasts. One room per anchor (a coach or a shop); each broadcast is a session.
 * `stream` is the room's secret-free stream name: publishing also needs a signed push URL, and
 * the anchor may rotate the name (重置密钥) so an old URL stops working.
 * A room goes `live` only when its stream really starts (the ingest's start event) and back to
 * `idle` when it stops; both are guarded updates, so a repeated event changes nothing.
 */
export const liveRooms = pgTable(
  'live_rooms',
  {
    id: serial('id').primaryKey(),
    /** coach | shop */
    ownerKind: varchar('owner_kind', { length: 8 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: varchar('title', { length: 40 }).notNull(),
    cover: text('cover').notNull().default(''),
    /** idle | live | banned */
    status: varchar('status', { length: 8 }).notNull().default('idle'),
    stream: varchar('stream', { length: 64 }).notNull(),
    /** The broadcast on air (or being prepared) — null when idle. */
    sessionId: integer('session_id'),
    /**
     * Which ingest took the stream on air: `local:<host>:<rtmp port>` (the embedded ingest of that
     * instance), `nginx` or `tencent`; '' when idle. The reconciliation asks that ingest whether
     * the stream still exists (a crash loses the end event).
     */
    ingest: varchar('ingest', { length: 80 }).notNull().default(''),
    /** When that ingest last confirmed the stream (an embedded ingest whose instance died stops confirming). */
    ingestSeenAt: timestamp('ingest_seen_at', { withTimezone: true }),
    banReason: varchar('ban_reason', { length: 200 }).notNull().default(''),
    /** The room's chat (an AVChatRoom group of the IM module), made with the room. */
    imGroupId: varchar('im_group_id', { length: 64 }),
    /** 分类 the anchor picks (LIVE_CATEGORIES). */
    category: varchar('category', { length: 12 }).notNull().default(''),
    /** The shelf shown under the player: goods and courses the anchor sells, in order. */
    shelf: jsonb('shelf').$type<{ type: 'goods' | 'course'; id: number }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('live_rooms_owner').on(t.ownerKind, t.ownerId),
    uniqueIndex('live_rooms_stream').on(t.stream),
    index('live_rooms_status').on(t.status),
    check('live_rooms_status_check', sql`${t.status} in ('idle', 'live', 'banned')`),
    check('live_rooms_kind_check', sql`${t.ownerKind} in ('coach', 'shop')`),
  ],
);

export const liveSessions = pgTable(
  'live_sessions',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id),
    title: varchar('title', { length: 40 }).notNull(),
    cover: text('cover').notNull().default(''),
    /** Set when the stream really starts; null while only prepared. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationS: integer('duration_s').notNull().default(0),
    /** Most viewers seated at once during the broadcast. */
    peakViewers: integer('peak_viewers').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    /** Coins members spent on gifts during this broadcast. */
    giftCoins: integer('gift_coins').notNull().default(0),
    /**
     * The recording: none (never recorded) | recording | ready | failed. `recordUrl` is a stored
     * path (/uploads/live/…, mp4, or flv without ffmpeg) or the media backend's VOD URL.
     */
    recordStatus: varchar('record_status', { length: 10 }).notNull().default('none'),
    recordUrl: text('record_url').notNull().default(''),
    poster: text('poster').notNull().default(''),
    /** 置顶 by the anchor (liveBatchTop); a pinned playback lists first. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    /** The anchor deleted the playback (PlayBackDelete): never listed again. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_sessions_room').on(t.roomId, t.id),
    check('live_sessions_record_check', sql`${t.recordStatus} in ('none', 'recording', 'ready', 'failed')`),
  ],
);

/** The gift catalogue (operator-edited): price in kung fu coins, an icon and an animation image. */
export const liveGifts = pgTable(
  'live_gifts',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 10 }).notNull(),
    icon: text('icon').notNull().default(''),
    animation: text('animation').notNull().default(''),
    coins: integer('coins').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('live_gifts_coins_positive', sql`${t.coins} > 0`)],
);

/**
 * One gift sent in a room: the coins left the sender's wallet (coin_ledger 'gift') and the anchor's
 * share reached their seller balance (seller_ledger 'gift') in the same transaction. (sender, key)
 * is unique, so a retried request finds its first send instead of paying twice.
 */
export const liveGiftSends = pgTable(
  'live_gift_sends',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id),
    sessionId: integer('session_id').references(() => liveSessions.id),
    giftId: integer('gift_id')
      .notNull()
      .references(() => liveGifts.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    anchorUserId: integer('anchor_user_id')
      .notNull()
      .references(() => users.id),
    num: integer('num').notNull(),
    coins: integer('coins').notNull(),
    /** The anchor's share and the platform's, in fen (1 coin = 100 fen). */
    anchorFen: integer('anchor_fen').notNull(),
    platformFen: integer('platform_fen').notNull(),
    idemKey: varchar('idem_key', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('live_gift_sends_idem').on(t.senderId, t.idemKey),
    index('live_gift_sends_room').on(t.roomId, t.id),
    index('live_gift_sends_session').on(t.sessionId),
    index('live_gift_sends_anchor').on(t.anchorUserId, t.id),
    check('live_gift_sends_positive', sql`${t.num} > 0 AND ${t.coins} > 0`),
  ],
);

/** 直播预告: a scheduled broadcast members can book; bookers get a notice when it starts. */
export const liveNotices = pgTable(
  'live_notices',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id),
    title: varchar('title', { length: 40 }).notNull(),
    cover: text('cover').notNull().default(''),
    intro: varchar('intro', { length: 200 }).notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** waiting | started (the room went live within its window) | cancelled */
    status: varchar('status', { length: 10 }).notNull().default('waiting'),
    bookings: integer('bookings').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_notices_room').on(t.roomId, t.startAt),
    index('live_notices_start').on(t.status, t.startAt),
    check('live_notices_status_check', sql`${t.status} in ('waiting', 'started', 'cancelled')`),
  ],
);

export const liveBookings = pgTable(
  'live_bookings',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => liveNotices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Set once the start notice was sent: a second start event notifies nobody twice. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('live_bookings_user').on(t.userId)],
);

/** Viewers the anchor (or an operator) kicked out of a room: they cannot rejoin its chat until `until`. */
export const liveRoomBans = pgTable(
  'live_room_bans',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    until: timestamp('until', { withTimezone: true }).notNull(),
    byUserId: integer('by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);
