import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const articleCategories = pgTable('article_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 32 }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

/** News articles (/article). `content` is HTML sanitised when written. */
export const articles = pgTable(
  'articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => articleCategories.id),
    title: varchar('title', { length: 120 }).notNull(),
    summary: varchar('summary', { length: 300 }).notNull().default(''),
    cover: text('cover').notNull().default(''),
    author: varchar('author', { length: 32 }).notNull().default(''),
    content: text('content').notNull(),
    views: integer('views').notNull().default(0),
    /** 1 published, 0 draft. */
    status: smallint('status').notNull().default(1),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [index('articles_list_idx').on(t.status, t.categoryId, t.publishedAt)],
);

/** Help-centre groups (SPEC §3 "Help article group"). */
export const helpGroups = pgTable('help_groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 32 }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

export const helpArticles = pgTable(
  'help_articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => helpGroups.id),
    title: varchar('title', { length: 120 }).notNull(),
    content: text('content').notNull(),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [index('help_articles_group_idx').on(t.groupId, t.sort)],
);

/** Agreements and other fixed pages, by slug (the nine /agreement/* pages, about us …). */
export const pages = pgTable('pages', {
  slug: varchar('slug', { length: 64 }).primaryKey(),
  title: varchar('title', { length: 64 }).notNull(),
  content: text('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});
