import { T } from '../texts';

/** SPEC §9: the three search types of /search. */
export type SearchType = 'course' | 'class' | 'coach';
export const SEARCH_TYPES: readonly SearchType[] = ['course', 'class', 'coach'];

/** Config keys holding each section's placeholder keyword (SPEC §2/§3). */
export type PlaceholderKey = 'search_keyword' | 'shop_search_keyword' | 'live_search_keyword' | 'dongtai_search_keyword';

export interface SearchContext {
  section: 'live' | 'train' | 'circle' | 'shop' | 'default';
  placeholderKey: PlaceholderKey;
  /** Only for /search targets. */
  type: SearchType;
}

/** Which search the header box does on a given page (SPEC §2 "Search box"). */
export function searchContext(pathname: string, currentType?: string | null): SearchContext {
  const p = pathname.toLowerCase();
  if (p.startsWith('/live')) return { section: 'live', placeholderKey: 'live_search_keyword', type: 'course' };
  if (p.startsWith('/firendscircle') || p.startsWith('/friendsearch') || p.startsWith('/anchor/friendscircle')) {
    return { section: 'circle', placeholderKey: 'dongtai_search_keyword', type: 'course' };
  }
  if (p === '/shop' || p.startsWith('/shop/') || p.startsWith('/shopsearch')) {
    return { section: 'shop', placeholderKey: 'shop_search_keyword', type: 'course' };
  }
  if (p.startsWith('/train/class')) return { section: 'train', placeholderKey: 'search_keyword', type: 'class' };
  if (p.startsWith('/train/coach')) return { section: 'train', placeholderKey: 'search_keyword', type: 'coach' };
  if (p.startsWith('/train/course')) return { section: 'train', placeholderKey: 'search_keyword', type: 'course' };
  if (p === '/search') {
    const type = SEARCH_TYPES.includes(currentType as SearchType) ? (currentType as SearchType) : 'course';
    return { section: 'train', placeholderKey: 'search_keyword', type };
  }
  return { section: 'default', placeholderKey: 'search_keyword', type: 'course' };
}

export type SearchResult = { ok: true; url: string } | { ok: false; error: string };

/**
 * Where a search goes. With an empty keyword the main layout searches for the placeholder;
 * layouts that `requireKeyword` (chat, download) refuse with 请输入搜索关键字.
 */
export function searchTarget(opts: {
  context: SearchContext;
  keyword: string;
  placeholder: string;
  requireKeyword?: boolean;
}): SearchResult {
  let q = opts.keyword.trim();
  if (!q) {
    if (opts.requireKeyword || !opts.placeholder.trim()) return { ok: false, error: T.searchKeywordRequired };
    q = opts.placeholder.trim();
  }
  const e = encodeURIComponent(q);
  switch (opts.context.section) {
    case 'live':
      return { ok: true, url: `/livesearch?q=${e}` };
    case 'circle':
      return { ok: true, url: `/friendSearch?q=${e}` };
    case 'shop':
      return { ok: true, url: `/shopsearch?q=${e}` };
    default:
      return { ok: true, url: `/search?q=${e}&type=${opts.context.type}` };
  }
}
