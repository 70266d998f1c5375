import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * 功夫圈: posts by members, coaches and shops, their likes and comments. `likes` and
 * `comments` are kept by the same statements that add or remove a row, so they stay exact under
 * concurrent toggles. status: 1 shown, 0 deleted by its author, 2 taken down by an operator.
 */
export const circlePosts = pgTable(
  'circle_posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    content: varchar('content', { length: 2000 }).notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    city: varchar('city', { length: 20 }).notNull().default(''),
    /** @mentions resolved at publish (followed coaches and shops): the name and its homepage. */
    mentions: jsonb('mentions').$type<{ nick: string; home: string }[]>().notNull().default([]),
    /** One short video instead of images (a member's `videos` row). */
    videoId: integer('video_id'),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Search tokens of the text (`gf_search_tokens`, computed by PostgreSQL on every write). */
    searchTokens: text('search_tokens').array().notNull().generatedAlwaysAs(sql.raw('gf_search_tokens(content)')),
  },
  (t) => [
    index('circle_posts_feed').on(t.status, t.id),
    index('circle_posts_user').on(t.userId, t.id),
    // /friendSearch: the text's character and pair tokens (as the catalogue's search), GIN-indexed.
    // fastupdate off: no pending list to scan on every search (the embedded database has no autovacuum to flush it).
    index('circle_posts_search_idx').using('gin', t.searchTokens).with({ fastupdate: false }),
    check('circle_posts_counts', sql`${t.likes} >= 0 AND ${t.comments} >= 0`),
  ],
);

export const circleLikes = pgTable(
  'circle_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => circlePosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** A comment on a post, or a reply to one (`parentId`, and whom it answers). */
export const circleComments = pgTable(
  'circle_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => circlePosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id'),
    replyToUserId: integer('reply_to_user_id'),
    content: varchar('content', { length: 500 }).notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('circle_comments_post').on(t.postId, t.id), index('circle_comments_user').on(t.userId, t.id)],
);
