import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The platform taking something off sale (the console's catalogue oversight): a course, class or goods
 * the operator took down, or a shop the operator suspended. While a hold is open (released_at null)
 * its owner cannot put the item back on sale; only the console releases it. `restore` remembers what
 * a shop suspension took down with the shop (its on-sale goods and courses), so lifting it puts back
 * exactly those.
 */
export const catalogueHolds = pgTable(
  'catalogue_holds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** course | class | goods | shop */
    kind: varchar('kind', { length: 8 }).notNull(),
    itemId: integer('item_id').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    staffId: integer('staff_id').notNull(),
    restore: jsonb('restore')
      .$type<{ goods: number[]; courses: number[] }>()
      .notNull()
      .default(sql`'{"goods":[],"courses":[]}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releaseNote: text('release_note').notNull().default(''),
  },
  (t) => [
    // At most one open hold per item: a second take-down of a held item is refused by the database too.
    uniqueIndex('catalogue_holds_open_uq')
      .on(t.kind, t.itemId)
      .where(sql`released_at is null`),
    index('catalogue_holds_item_idx').on(t.kind, t.itemId, t.createdAt),
  ],
);
