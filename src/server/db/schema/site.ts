import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Site configuration read by /api/public/config (SPEC §3 keys and ours). */
export const config = pgTable('config', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull().default(''),
  title: varchar('title', { length: 64 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});

/** Banner and slot adverts, picked by position. */
export const adverts = pgTable(
  'adverts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    position: varchar('position', { length: 32 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    image: text('image').notNull(),
    link: text('link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** 1 shown, 0 hidden. */
    status: smallint('status').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('adverts_position_idx').on(t.position, t.sort)],
);
