import { LIST_MAX_ROWS, TOO_DEEP_TEXT } from '~/lib/rules/paging';
import { SEARCH_KINDS, SEARCH_LIMITS, type SearchKind } from '~/lib/rules/search';
import { refuse } from '../../http/errors';
import { rankedHits } from './hits.service';
import { freshIndex } from './index.service';
import { planQuery } from './pinyin';
import { didYouMean } from './suggest.service';

/** A tab's count: exact up to SEARCH_LIMITS.countCap, then "99+". */
export interface KindCount {
  kind: SearchKind;
  n: number;
  capped: boolean;
}

export interface FoundPage {
  /** The ids of the active kind's page, in rank order. */
  ids: number[];
  total: number;
  total_capped: boolean;
  counts: KindCount[];
  /** 你是不是要找 when nothing of any kind matched ('' otherwise). */
  did_you_mean: string;
}

/** Rows each kind is counted to (one more than the cap shows "99+"). */
const COUNTED = SEARCH_LIMITS.countCap + 1;

/**
 * One search of every kind (SPEC §2 search box): the tabs' counts and the active kind's page, from
 * the index (hits.service.ts). Deep pages read the active kind alone; a page past the lists'
 * window of LIST_MAX_ROWS is refused like a list's.
 */
export async function findAll(q: string, active: SearchKind, page: number, limit: number): Promise<FoundPage> {
  const offset = (page - 1) * limit;
  if (offset >= LIST_MAX_ROWS) throw refuse(TOO_DEEP_TEXT);
  const take = Math.min(limit, LIST_MAX_ROWS - offset);
  const plan = planQuery(q);
  await freshIndex();
  const all = await rankedHits(plan, SEARCH_KINDS, COUNTED);
  // Enough of the active kind to know whether a next page exists.
  const want = Math.min(LIST_MAX_ROWS, offset + take * 2);
  const activeHits = want > COUNTED ? ((await rankedHits(plan, [active], want)).get(active) ?? []) : (all.get(active) ?? []);
  const counts = SEARCH_KINDS.map((kind) => {
    const n = all.get(kind)?.length ?? 0;
    return { kind, n: Math.min(n, SEARCH_LIMITS.countCap), capped: n > SEARCH_LIMITS.countCap };
  });
  const full = activeHits.length >= Math.max(want, COUNTED);
  const nothing = counts.every((c) => c.n === 0);
  return {
    ids: activeHits.slice(offset, offset + take).map((h) => h.ref_id),
    total: activeHits.length,
    total_capped: full,
    counts,
    did_you_mean: nothing ? await didYouMean(q) : '',
  };
}
