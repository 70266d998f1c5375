import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Live broadcasts (issue 15). One room per anchor (a coach or a shop); each broadcast is a session.
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
    banReason: varchar('ban_reason', { length: 200 }).notNull().default(''),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_sessions_room').on(t.roomId, t.id)],
);
