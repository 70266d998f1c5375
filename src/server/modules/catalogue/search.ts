import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LIST_MAX_ROWS } from '~/lib/rules/paging';
import { db } from '../../db';
import { coursePostings, courses, goods, goodsPostings } from '../../db/schema';
import { likeOf } from './listing';

/**
 * Search of the two large catalogues (goods, courses) in list order, through their postings tables
 * (docs/ARCHITECTURE.md, "Search and lists at scale").
 *
 * A key of one or two characters is one token; a longer key is the set of its character pairs, and
 * every match holds all of them. Each token's postings are kept in list order (newest first), so a
 * page is read from the front of one token's postings — the rarest token of the key, the "driver" —
 * checking each row until the page is full. The work depends on the page, not on how many rows
 * match or how large the table is. When a long key's pairs are each common but rarely together,
 * walking the driver would find little; then the caller falls back to the GIN index on
 * `search_tokens` (`searchMatch` in listing.ts), which intersects the tokens instead.
 */

/** How many of the driver's postings a page may walk before the caller falls back to the GIN index. */
const WALK = 5 * LIST_MAX_ROWS;

const KINDS = {
  goods: { postings: goodsPostings, ref: goodsPostings.goodsId, row: goods },
  course: { postings: coursePostings, ref: coursePostings.courseId, row: courses },
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
  /** The token whose postings a page walks (the rarest token of the key). */
  driver: string;
  /** How many postings the driver has, counted up to LIST_MAX_ROWS + 1. */
  postings: number;
  /** The key has one or two characters, so it is its only token: every posting of the driver is a match. */
  single: boolean;
}

/**
 * One query: the key's tokens as PostgreSQL makes them (`gf_query_tokens`, the same lower() as the
 * stored tokens), each token's postings counted up to LIST_MAX_ROWS + 1 (index-only scans), and the
 * rarest as driver. Null when a token of the key has no postings (nothing matches).
 */
export async function planSearch(kind: SearchKind, q: string): Promise<SearchPlan | null> {
  const k = KINDS[kind];
  const res = await db().execute(sql`
    select tok as driver, n as postings, char_length(lower(${q}::text)) <= 2 as single
    from (
      select tok, (select count(*)::int from (select 1 from ${k.postings} where ${k.postings.token} = tok limit ${LIST_MAX_ROWS + 1}) x) as n
      from unnest(gf_query_tokens(${q}::text)) as tok
    ) t
    order by n, tok limit 1`);
  const row = res.rows[0] as { driver: string; postings: number | string; single: boolean } | undefined;
  if (!row || Number(row.postings) === 0) return null;
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
 * Whether a page walked from the driver is the answer. A short page is, when the walk read every
 * posting of the driver (a one-token key reads at most LIST_MAX_ROWS postings, all matches, which
 * covers every page; a longer key reads up to WALK, every posting when it has at most LIST_MAX_ROWS);
 * otherwise the caller asks the GIN index.
 */
export function walkComplete(plan: SearchPlan, page: { offset: number; take: number; rows: number }): boolean {
  if (page.rows >= page.take || plan.single) return true;
  // A longer key's empty page past the matches: how many there are is unknown, the index counts them.
  return plan.postings <= LIST_MAX_ROWS && (page.rows > 0 || page.offset === 0);
}

/**
 * `total` for a search page. A one-token key: the driver's postings, exact up to LIST_MAX_ROWS. A
 * longer key: exact when the page came back short (the walk saw every match), otherwise estimated
 * from the share of postings the page read that matched (`capped`: not exact). Never less than the
 * rows shown, never more than LIST_MAX_ROWS.
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
