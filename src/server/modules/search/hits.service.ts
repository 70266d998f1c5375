import { sql, type SQL } from 'drizzle-orm';
import type { SearchKind } from '~/lib/rules/search';
import { db } from '../../db';
import { textArray } from './arrays';
import type { Alternative, QueryPlan } from './pinyin';
import { wordTokens } from './tokens';

/*
 * Finding a key's rows of each kind in rank order, with work bounded by the page, not the table
 * (docs/PERFORMANCE.md, "Search"). Rows come in three lanes, each by popularity (the postings'
 * bucket, then newest):
 *   1 exact   the heading holds the key as typed, or its pinyin phrase (全拼 or 简拼) in a row;
 *   2 heading the heading holds every word, or the pinyin in another reading (多音字), not as a phrase;
 *   3 body    the body holds the key (among each kind's BODY_SCAN most popular rows).
 * Lanes 1 and 2 are one walk: the postings of the key's rarest token ("the driver", from the token
 * counts) in order, each entry checked, until enough rows; each row tells its lane. A driver with
 * more postings than WALK whose walk found too few asks the GIN index instead (tokens that are
 * common apiece but rare together).
 */

/** Postings a walk may read before asking the GIN index. */
const WALK = 1000;
/** The popular rows of a kind whose bodies lane 3 reads. */
export const BODY_SCAN = 500;
const ESC = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One reading of the key: a heading holding every token and passing `check` is a hit, of lane 1 when
 * `exact`. A reading without tokens (one letter, "t") is tested on the kind's WALK most popular entries.
 */
interface Matcher {
  tokens: string[];
  check: SQL;
  exact: SQL;
  scan?: boolean;
}

const contains = (col: SQL, text: string) => sql`lower(${col}) like ${`%${ESC(text)}%`}`;
const allOf = (parts: SQL[]) => sql.join(parts, sql` and `);

function pinyinExact(a: Alternative): SQL {
  return a.mode === 'initials' ? sql`e.heading_ini like ${`%${ESC(a.phrase)}%`}` : sql`(' ' || e.heading_py) like ${`% ${ESC(a.phrase)}%`}`;
}

/** The readings of a key: as typed (every word), and each pinyin alternative. */
function matchers(plan: QueryPlan): Matcher[] {
  const out: Matcher[] = [];
  const heading = sql`e.heading`;
  if (plan.text) {
    // A one-character key's token is the character itself; a longer one is tested on the text (its
    // tokens are its pairs, and none for punctuation: "太，" has only 太).
    const exact = [...plan.text].length <= 1 ? sql`true` : contains(heading, plan.text);
    out.push(
      plan.words.length > 1
        ? { tokens: [...new Set(plan.words.flatMap(wordTokens))], check: allOf(plan.words.map((w) => contains(heading, w))), exact }
        : { tokens: wordTokens(plan.text), check: exact, exact: sql`true` },
    );
  }
  for (const a of plan.alternatives) {
    out.push(
      a.tokens.length
        ? { tokens: a.tokens, check: sql`true`, exact: pinyinExact(a) }
        : { tokens: [], check: pinyinExact(a), exact: sql`true`, scan: true },
    );
  }
  return out;
}

const visible = sql`e.listed and (e.visible_until is null or e.visible_until > now())`;

/** A hit: the entry and where it ranks. */
export interface Hit {
  kind: SearchKind;
  ref_id: number;
  title: string;
  bucket: number;
  popularity: number;
  lane: number;
}

type Counts = Map<string, number>;
const countKey = (kind: string, token: string) => `${kind}\u0000${token}`;

/** The postings of every token of the key, per kind: a few primary-key lookups. */
async function tokenCounts(ms: Matcher[], kinds: readonly SearchKind[]): Promise<Counts> {
  const tokens = [...new Set(ms.flatMap((m) => m.tokens))];
  const counts: Counts = new Map();
  if (!tokens.length) return counts;
  const rows = (
    await db().execute(
      sql`select kind, token, n from search_token_counts where kind = any(${textArray(kinds)}) and token = any(${textArray(tokens)})`,
    )
  ).rows as { kind: string; token: string; n: number }[];
  for (const r of rows) counts.set(countKey(r.kind, r.token), Number(r.n));
  return counts;
}

/** The rarest token of a matcher in a kind and its postings (none when something has no postings: no match). */
function driverOf(kind: SearchKind, m: Matcher, counts: Counts): { token: string; n: number } | null {
  let best: { token: string; n: number } | null = null;
  for (const token of m.tokens) {
    const n = counts.get(countKey(kind, token)) ?? 0;
    if (!best || n < best.n) best = { token, n };
  }
  return best && best.n > 0 ? best : null;
}

const hitCols = (m: Matcher) =>
  sql`case when ${m.exact} then 1 else 2 end as lane, e.kind, e.ref_id, e.title, e.rank_bucket as bucket, e.popularity`;

/**
 * One matcher's walk of its driver's postings in rank order, at most `n` rows. A walk that read
 * WALK postings and found fewer than `n` is followed by the GIN index (a one-time filter: the index
 * is not read when the walk was enough).
 */
function walk(kind: SearchKind, m: Matcher, driver: { token: string; n: number }, n: number): SQL {
  const check = sql`e.tokens @> ${textArray(m.tokens)} and ${m.check}`;
  const walked = sql`select ${hitCols(m)} from (
      select p.ref_id from search_postings p where p.token = ${driver.token} and p.kind = ${kind}
      order by p.bucket desc, p.ref_id desc limit ${WALK}) as p
    cross join lateral (select * from search_entries e where e.kind = ${kind} and e.ref_id = p.ref_id and ${visible} and ${check} limit 1) as e
    limit ${n}`;
  if (driver.n <= WALK) return sql`(${walked})`;
  return sql`(with w as materialized (${walked})
    select * from w
    union all
    select * from (select ${hitCols(m)} from search_entries e where e.kind = ${kind} and ${visible} and ${check}
      order by e.rank_bucket desc nulls last, e.ref_id desc nulls last limit ${n}) as g
    where (select count(*) from w) < ${n})`;
}

/**
 * A reading without tokens (a single letter or a lone half-typed syllable, which nearly every title
 * holds): the kind's WALK most popular entries whose pinyin holds it, in rank order.
 */
function popularScan(kind: SearchKind, m: Matcher, n: number): SQL {
  return sql`(select ${hitCols(m)} from (
      select * from search_entries e where e.kind = ${kind} and ${visible}
      order by e.rank_bucket desc nulls last, e.ref_id desc nulls last limit ${WALK}) as e
    where ${m.check} limit ${n})`;
}

/**
 * Lane 3: the bodies of the kind's BODY_SCAN most popular rows (rows whose heading matched are lanes 1–2).
 * `nulls last` as in search_entries_popular_idx: a plain `desc` (nulls first) cannot read that index
 * in order, and sorted every entry of the kind instead (10× slower at 10,000 rows a kind).
 */
export function bodyScan(kind: SearchKind, words: string[], n: number): SQL {
  return sql`(select 3 as lane, e.kind, e.ref_id, e.title, e.rank_bucket as bucket, e.popularity from (
      select * from search_entries e where e.kind = ${kind} and ${visible}
      order by e.rank_bucket desc nulls last, e.ref_id desc nulls last limit ${BODY_SCAN}) as e
    where ${allOf(words.map((w) => contains(sql`e.body`, w)))} and not (${allOf(words.map((w) => contains(sql`e.heading`, w)))})
    limit ${n})`;
}

async function run(parts: SQL[]): Promise<Hit[]> {
  if (!parts.length) return [];
  const rows = (await db().execute(sql.join(parts, sql` union all `))).rows as unknown as Hit[];
  return rows.map((r) => ({
    ...r,
    ref_id: Number(r.ref_id),
    bucket: Number(r.bucket),
    popularity: Number(r.popularity),
    lane: Number(r.lane),
  }));
}

const byRank = (a: Hit, b: Hit) => a.lane - b.lane || b.bucket - a.bucket || b.popularity - a.popularity || b.ref_id - a.ref_id;

/**
 * The first `n` hits of each kind in rank order: the heading walks for every kind in one statement,
 * then the body lane (one more) only for the kinds they did not fill, unless `headingOnly`
 * (suggestions: titles are what they show).
 */
export async function rankedHits(
  plan: QueryPlan,
  kinds: readonly SearchKind[],
  n: number,
  opts: { headingOnly?: boolean } = {},
): Promise<Map<SearchKind, Hit[]>> {
  const out = new Map<SearchKind, Hit[]>(kinds.map((k) => [k, []]));
  const ms = matchers(plan);
  if (!ms.length) return out;
  const counts = await tokenCounts(ms, kinds);
  const add = (hits: Hit[]) => {
    for (const h of hits) {
      const list = out.get(h.kind);
      if (list && !list.some((x) => x.ref_id === h.ref_id)) list.push(h);
    }
    for (const [k, list] of out) out.set(k, list.sort(byRank).slice(0, n));
  };
  add(
    await run(
      kinds.flatMap((kind) =>
        ms.flatMap((m) => {
          if (m.scan) return [popularScan(kind, m, n)];
          const d = driverOf(kind, m, counts);
          return d ? [walk(kind, m, d, n)] : [];
        }),
      ),
    ),
  );
  const words = plan.words.filter(Boolean);
  if (opts.headingOnly || !words.length) return out;
  const open = kinds.filter((k) => (out.get(k)?.length ?? 0) < n);
  add(await run(open.map((k) => bodyScan(k, words, n))));
  return out;
}
