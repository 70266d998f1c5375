import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LIST_MAX_ROWS } from '~/lib/rules/paging';
import { db } from '../../db';
import { coursePostings, courseTokenCounts, courses, goods, goodsPostings, goodsTokenCounts } from '../../db/schema';
import { likeOf } from './listing';

/**
 * Search of the two large catalogues (goods, courses) in list order, through their postings tables
 * (docs/PERFORMANCE.md, "Search and lists at scale").
 *
 * A key of one or two characters is one token; a longer key is the set of its character pairs, and
 * every match holds all of them. Each token's postings are kept in list order (newest first), so a
 * page is read from the front of one token's postings — the rarest token of the key, the "driver" —
 * checking each row until the page is full. The work depends on the page, not on how many rows
 * match or how large the table is. When a long key's pairs are each common but rarely together,
 * walking the driver would find little; then the caller falls back to the GIN index on
 * `search_tokens` (`searchMatch` in listing.ts), which intersects the tokens instead.
 */

/** How many of a long key's driver postings a page may walk before the caller asks the GIN index. */
export const WALK = 5 * LIST_MAX_ROWS;
/** Tokens of a long key compared to choose the driver (any token of the key would be correct). */
const CANDIDATES = 8;

const KINDS = {
  goods: { postings: goodsPostings, counts: goodsTokenCounts, ref: goodsPostings.goodsId, row: goods },
  course: { postings: coursePostings, counts: courseTokenCounts, ref: coursePostings.courseId, row: courses },
} as const;
export type SearchKind = keyof typeof KINDS;

/**
 * The exact test of a row against the key, without the token test the driver already made: true
 * for keys of one or two characters (the driver token is the key), an ILIKE over the fields for
 * longer ones. The planner folds the length test into a constant.
 */
export function recheck(q: string, fields: readonly (PgColumn | SQL)[]): SQL {
  return sql`(char_length(lower(${q}::text)) <= 2 or ${or(...fields.map((f) => ilike(f, likeOf(q))))})`;
}

export interface SearchPlan {
  /** The token whose postings a page walks (the rarest of the key's first CANDIDATES tokens). */
  driver: string;
  /**
   * How many postings the driver has, capped at LIST_MAX_ROWS + 1 for a one-token key and WALK + 1
   * for a longer one.
   */
  postings: number;
  /** The key has one or two characters, so it is its only token: every posting of the driver is a match. */
  single: boolean;
}

/**
 * One query of primary-key lookups: the key's tokens as PostgreSQL makes them (`gf_query_tokens`,
 * the same lower() as the stored tokens), the first CANDIDATES of them looked up in the token
 * counts the postings triggers keep (migration 0024), the rarest being the driver (ties: the first
 * in text order). Its count is capped as the callers expect (LIST_MAX_ROWS + 1 for a one-token key,
 * WALK + 1 for a longer one). Null when the driver has no postings (nothing matches). Planning so
 * costs the same whether a token has ten postings or a hundred thousand.
 */
export async function planSearch(kind: SearchKind, q: string): Promise<SearchPlan | null> {
  const k = KINDS[kind];
  // The numbers are constants of this module, written into the statement.
  const n = (v: number) => sql.raw(String(Math.trunc(v)));
  const res = await db().execute(sql`
    select tok as driver, char_length(lower(${q}::text)) <= 2 as single,
      least(coalesce(c.postings, 0),
        case when char_length(lower(${q}::text)) <= 2 then ${n(LIST_MAX_ROWS + 1)} else ${n(WALK + 1)} end) as postings
    from unnest((gf_query_tokens(${q}::text))[1:${n(CANDIDATES)}]) as tok
    left join ${k.counts} as c on c.token = tok
    order by coalesce(c.postings, 0), tok
    limit 1`);
  const row = res.rows[0] as { driver: string; postings: number | string; single: boolean } | undefined;
  if (!row || Number(row.postings) <= 0) return null;
  return { driver: row.driver, postings: Number(row.postings), single: row.single };
}

/**
 * The rows of one search page, as a subquery of (id, createdAt, rank) in list order: the driver's
 * postings in list order, numbered (`rank`), each checked against its row (`check`: listed, and the
 * exact test of `recheck`) by a LATERAL lookup of the primary key, until the page is full. LATERAL
 * with LIMIT 1 keeps the planner on this walk whatever it guesses about how many rows match, so
 * the walk stops at the page's last row. The rank of that row says how many postings the page read.
 */
export function searchHits(kind: SearchKind, plan: SearchPlan, check: SQL[], page: { offset: number; take: number }) {
  const k = KINDS[kind];
  const p = db()
    .select({
      id: sql<number>`${k.ref}`.as('ref'),
      createdAt: sql<Date>`${k.postings.createdAt}`.as('posted_at'),
      rank: sql<number>`row_number() over (order by ${k.postings.createdAt} desc, ${k.ref} desc)`.mapWith(Number).as('rank'),
    })
    .from(k.postings)
    .where(eq(k.postings.token, plan.driver))
    .orderBy(desc(k.postings.createdAt), desc(k.ref))
    .limit(plan.single ? LIST_MAX_ROWS : WALK)
    .as('p');
  const listed = db()
    .select({ one: sql<number>`1`.as('one') })
    .from(k.row)
    .where(and(eq(k.row.id, p.id), eq(k.row.createdAt, p.createdAt), ...check))
    .limit(1)
    .as('listed');
  return db()
    .select({ id: p.id, createdAt: p.createdAt, rank: p.rank })
    .from(p)
    .crossJoinLateral(listed)
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(page.take)
    .offset(page.offset)
    .as('hit');
}

/**
 * Whether a page walked from the driver is the answer. A full page is. A one-token key's walk reads
 * up to LIST_MAX_ROWS postings, all matches, which covers every page of the window. A longer key's
 * short page is the answer when the walk read every posting of the driver (at most WALK) — unless
 * it is empty past the first page, where how many matches there are is unknown. Otherwise the
 * caller asks the GIN index.
 */
export function walkComplete(plan: SearchPlan, page: { offset: number; take: number; rows: number }): boolean {
  if (page.rows >= page.take || plan.single) return true;
  return plan.postings <= WALK && (page.rows > 0 || page.offset === 0);
}

/**
 * `total` for a search page. A one-token key: the driver's postings, exact up to LIST_MAX_ROWS. A
 * longer key: exact when the page came back short (the walk saw every match); otherwise estimated
 * as the share of postings the page read that matched, times the driver's postings (`capped`: not
 * exact; LIST_MAX_ROWS when the estimate reaches it). Never less than the rows shown.
 */
export function searchTotal(
  plan: SearchPlan,
  page: { offset: number; take: number; rows: number; lastRank: number },
): { total: number; capped: boolean } {
  const shown = page.offset + page.rows;
  if (plan.single) return { total: Math.min(LIST_MAX_ROWS, plan.postings), capped: plan.postings > LIST_MAX_ROWS };
  if (page.rows < page.take) return { total: shown, capped: false };
  const estimate = Math.round((shown / Math.max(page.lastRank, 1)) * plan.postings);
  return { total: Math.min(LIST_MAX_ROWS, Math.max(estimate, shown + 1)), capped: true };
}
