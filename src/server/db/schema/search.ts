import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/*
 * The site search's own index (modules/search): one entry per searchable row of every kind, written by
 * the search module from `search_queue`, which triggers on the source tables fill (migration 0032).
 */

/** The rows whose entry must be rewritten: (kind, id) of a source row that was written or deleted. */
export const searchQueue = pgTable(
  'search_queue',
  {
    kind: varchar('kind', { length: 8 }).notNull(),
    refId: integer('ref_id').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.refId] }), index('search_queue_order_idx').on(t.queuedAt)],
);

/**
 * One searchable row. `heading` (the title and the words that name it: a coach's styles, a room's
 * anchor) is matched literally and by pinyin; `body` literally only. `tokens` are the heading's
 * character tokens and pinyin tokens (modules/search/pinyin.ts), posted in `search_postings` while
 * `listed`; the body is only tested among the most popular entries of a kind. `rank_bucket` = ⌊log2(popularity + 1)⌋ orders the
 * postings, so a popularity change re-posts a row only when it doubles.
 */
export const searchEntries = pgTable(
  'search_entries',
  {
    kind: varchar('kind', { length: 8 }).notNull(),
    refId: integer('ref_id').notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    heading: varchar('heading', { length: 200 }).notNull(),
    headingPy: text('heading_py').notNull().default(''),
    headingIni: varchar('heading_ini', { length: 200 }).notNull().default(''),
    body: varchar('body', { length: 400 }).notNull().default(''),
    tokens: text('tokens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    popularity: integer('popularity').notNull().default(0),
    rankBucket: smallint('rank_bucket').notNull().default(0),
    listed: boolean('listed').notNull().default(false),
    /** A row that stops being shown at a time of its own (a 直播预告 past its start). */
    visibleUntil: timestamp('visible_until', { withTimezone: true }),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    // New tokens wait in a short pending list and enter the index in bulk (a batch of entries costs a
    // tenth as much); a search that falls back to this index reads at most 512 kB of that list.
    index('search_entries_tokens_idx').using('gin', t.tokens).with({ fastupdate: true, gin_pending_list_limit: 512 }),
    index('search_entries_popular_idx')
      .on(t.kind, t.rankBucket.desc(), t.refId.desc())
      .where(sql`${t.listed}`),
  ],
);

/** Every token of every listed entry, walked newest-first within a popularity bucket (a page stops when full). */
export const searchPostings = pgTable(
  'search_postings',
  {
    token: text('token').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    bucket: smallint('bucket').notNull(),
    refId: integer('ref_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.token, t.kind, t.bucket, t.refId] })],
);

/** How many postings a token has per kind (kept by the triggers of `search_entries`): the driver of a walk is the rarest. */
export const searchTokenCounts = pgTable(
  'search_token_counts',
  {
    kind: varchar('kind', { length: 8 }).notNull(),
    token: text('token').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.token] })],
);
