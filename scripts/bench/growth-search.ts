/**
 * The site search's growth cases (scripts/bench/growth.ts): what the header box asks while typing
 * (/api/index/searchSuggest) and what a results tab asks (/api/index/comSeach), each through the
 * same service functions the routes call, for the ways Chinese users type 太极拳.
 */
import type { SearchKind } from '../../src/lib/rules/search';

const { suggest, hotWords } = await import('../../src/server/modules/search/suggest.service');
const { searchPage } = await import('../../src/server/site-search/results');

export interface GrowthCase {
  name: string;
  /** lists: the catalogue's lists and searches; suggest and search: the site search. */
  group: 'lists' | 'suggest' | 'search';
  run: () => Promise<unknown>;
}

/** Typed so far in the box: a character, a letter, a half-typed 全拼, 简拼, 全拼 then characters. */
const SUGGEST_KEYS: [string, string][] = [
  ['1 char', '太'],
  ['1 pinyin letter', 't'],
  ['pinyin prefix', 'taij'],
  ['initials', 'tjq'],
  ['mixed', 'taiji拳'],
];
const SEARCH_KEYS: [string, string][] = [
  ['Chinese', '太极拳'],
  ['full pinyin', 'taijiquan'],
  ['initials', 'tjq'],
  ['mixed', 'taiji拳'],
];
/**
 * Keys timed on every tab by default; the others on the course tab only. Every call ranks every kind
 * (the tabs' counts), so a tab changes only whose cards are loaded.
 */
export const EVERY_TAB = ['太极拳', 'tjq'];
/** The tabs a user opens (直播预告 has only the seed's rows: it is not grown). */
const TABS: SearchKind[] = ['course', 'class', 'coach', 'goods', 'shop', 'live', 'post', 'article'];
/** /search's page size. */
const LIMIT = 16;

export function searchCases(everyTab: string[] = EVERY_TAB): GrowthCase[] {
  const out: GrowthCase[] = SUGGEST_KEYS.map(([what, q]) => ({
    name: `suggest ${what} (${q})`,
    group: 'suggest',
    // The route asks both at once.
    run: () => Promise.all([suggest(q), hotWords()]),
  }));
  for (const [what, q] of SEARCH_KEYS) {
    for (const tab of everyTab.includes(q) ? TABS : TABS.slice(0, 1)) {
      out.push({ name: `comSeach ${what} (${q}), all kinds + ${tab} tab`, group: 'search', run: () => searchPage(tab, q, 1, LIMIT, null) });
    }
  }
  // A miss answers 你是不是要找 (太级拳 sounds like 太极拳).
  out.push({ name: 'comSeach miss (太级拳) → did you mean', group: 'search', run: () => searchPage('course', '太级拳', 1, LIMIT, null) });
  return out;
}
