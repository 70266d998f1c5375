import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { coaches } from './catalogue';
import { users } from './users';

/**
 * Lesson videos a coach uploaded, and members' 功夫圈 videos: one row per
 * finished tus upload. The original
 * file is kept; with ffmpeg a H.264/AAC MP4 and a poster are made in the background.
 * status: processing → ready | failed; `raw` = served as uploaded (no ffmpeg on the server).
 * A lesson points at its video through `lessons.video_id`, and `lessons.video` carries the path
 * to play (filled in when the video becomes playable).
 */
export const videos = pgTable(
  'videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** A coach's lesson video; null for a member's 功夫圈 video (`userId`). */
    coachId: integer('coach_id').references(() => coaches.id, { onDelete: 'cascade' }),
    /** The member who uploaded a 功夫圈 video; null for lesson videos. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The tus upload id (the file store's file name). */
    uploadId: varchar('upload_id', { length: 64 }).notNull().unique(),
    /** The name the coach's file had (shown, never used as a path). */
    name: varchar('name', { length: 120 }).notNull().default(''),
    /** The type read from the bytes. */
    mime: varchar('mime', { length: 40 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The uploaded file as stored ('/uploads/videos/…'). */
    original: text('original').notNull(),
    /** What plays: the processed MP4, or the original when not processed. '' until playable. */
    path: text('path').notNull().default(''),
    poster: text('poster').notNull().default(''),
    durationS: integer('duration_s').notNull().default(0),
    width: smallint('width').notNull().default(0),
    height: smallint('height').notNull().default(0),
    status: varchar('status', { length: 12 }).notNull().default('processing'),
    error: varchar('error', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('videos_coach_idx').on(t.coachId, t.id),
    index('videos_user_idx').on(t.userId, t.id),
    check('videos_owner', sql`${t.coachId} is not null or ${t.userId} is not null`),
  ],
);
