import { asc, count, desc, ilike, inArray, or, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIST_MAX_ROWS, TOO_DEEP_TEXT } from '~/lib/rules/paging';
import { database, db } from '../../db';
import { refuse } from '../../http/errors';

/**
 * What every catalogue list and search shares (docs/PERFORMANCE.md, "Search and lists at scale"):
 * the search condition over the generated `search_tokens` columns, bounded paging and a capped
 * count.
 */

/** A page of a list answer. `total_capped: 1` when `total` stopped at LIST_MAX_ROWS. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
  total_capped?: 1;
}

/** `%q%` for ILIKE with the user's wildcards escaped. */
export const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Rows whose `fields` contain `q` (case-insensitive), exactly as `field ILIKE '%q%'` for any of the
 * fields, but found through the GIN index on `tokens`: the row must hold every token of the key
 * (`gf_query_tokens`: the character of a 1-character key, the pairs of a longer one). For keys of
 * one or two characters the tokens are the answer; longer keys are checked again with ILIKE. The
 * planner folds both functions and the length test into constants (they are immutable and the key
 * is a bound value), so it sees a plain `search_tokens @> '{…}'` with its statistics.
 */
export function searchMatch(tokens: PgColumn, q: string, fields: (PgColumn | SQL)[]): SQL {
  const exact = or(...fields.map((f) => ilike(f, likeOf(q))));
  return sql`(${tokens} @> gf_query_tokens(${q}::text) and (char_length(lower(${q}::text)) <= 2 or ${exact}))`;
}

/** Where a page starts and how many rows it may take; a page beyond the window is refused (code 100). */
export function pageWindow(page: number, limit: number): { offset: number; take: number } {
  const offset = (page - 1) * limit;
  if (offset >= LIST_MAX_ROWS) throw refuse(TOO_DEEP_TEXT);
  return { offset, take: Math.min(limit, LIST_MAX_ROWS - offset) };
}

/** The selection of a counted subquery (`select 1 as one … limit n`). */
export const countedRow = () => ({ one: sql<number>`1`.as('one') });

/**
 * Counts the rows `rows(cap)` selects (filtered, `countedRow()` as the selection, `limit(cap)`, as a
 * subquery) with cap = LIST_MAX_ROWS + 1, so a count never reads more than the window; `capped`
 * when there were more.
 */
async function cappedCount(rows: (cap: number) => Subquery): Promise<{ total: number; capped: boolean }> {
  const [r] = await db()
    .select({ n: count() })
    .from(rows(LIST_MAX_ROWS + 1));
  const n = r?.n ?? 0;
  return { total: Math.min(n, LIST_MAX_ROWS), capped: n > LIST_MAX_ROWS };
}

/**
 * A page's rows (a Drizzle query, run here) and the capped count of `count(cap)`. A short page holds
 * the end of the list, so its total is known without counting: PGlite runs one query at a time, and
 * there the count is skipped (most coach and shop homepages, every last page); PostgreSQL runs the
 * two side by side.
 */
export async function rowsAndCount<T>(
  rows: PromiseLike<T[]>,
  counted: (cap: number) => Subquery,
  win: { offset: number; take: number },
): Promise<[T[], { total: number; capped: boolean }]> {
  if (database().kind === 'postgres') return Promise.all([rows, cappedCount(counted)]);
  const list = await rows;
  if (list.length < win.take && (list.length > 0 || win.offset === 0)) return [list, { total: win.offset + list.length, capped: false }];
  return [list, await cappedCount(counted)];
}

/** The page answer from its rows and its capped count. */
export function pageOf<T>(list: T[], counted: { total: number; capped: boolean }, page: number, limit: number): Page<T> {
  return { list, total: counted.total, page, limit, ...(counted.capped ? { total_capped: 1 as const } : {}) };
}

/** A table's columns without its `search_tokens` (lists and details never need them). */
export function withoutTokens<T extends { searchTokens: unknown }>(cols: T): Omit<T, 'searchTokens'> {
  const { searchTokens: _tokens, ...rest } = cols;
  return rest;
}

/** The ORDER BY of a priced, sold list (goods, courses): newest, hot, or by price; ties by id. */
export function listOrder(t: { id: PgColumn; sales: PgColumn; price: PgColumn; createdAt: PgColumn }, sort: string | undefined): SQL[] {
  if (sort === 'hot') return [desc(t.sales), desc(t.id)];
  if (sort === 'price_asc') return [asc(t.price), desc(t.id)];
  if (sort === 'price_desc') return [desc(t.price), desc(t.id)];
  return [desc(t.createdAt), desc(t.id)];
}

/**
 * The WHERE that selects one page: the first page is `where` itself; a later page picks its ids from
 * the list's index alone, then reads only those rows.
 */
export function onPage(table: PgTable, id: PgColumn, where: SQL | undefined, order: SQL[], offset: number, take: number): SQL | undefined {
  if (!offset) return where;
  return inArray(
    id,
    db()
      .select({ id })
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(take)
      .offset(offset),
  );
}
