import { T } from '../texts';

/** Every kind the one search box finds, in the order of the results page's tabs (SPEC §9's three first). */
export const SEARCH_KINDS = ['course', 'class', 'coach', 'goods', 'shop', 'live', 'notice', 'post', 'article'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_KIND_LABEL: Record<SearchKind, string> = {
  course: '课程',
  class: '班级',
  coach: '教练',
  goods: '商品',
  shop: '店铺',
  live: '直播间',
  notice: '直播预告',
  post: '功夫圈',
  article: '资讯',
};
export const isSearchKind = (v: unknown): v is SearchKind => SEARCH_KINDS.includes(v as SearchKind);

/** Limits both sides share: the key's length, suggestions, tab counts shown as "99+", recent searches kept. */
export const SEARCH_LIMITS = { keyMax: 30, suggestMax: 8, countCap: 99, recentMax: 10, hotMax: 10 } as const;

/** Config keys holding each section's placeholder keyword (SPEC §2/§3). */
export type PlaceholderKey = 'search_keyword' | 'shop_search_keyword' | 'live_search_keyword' | 'dongtai_search_keyword';

export interface SearchContext {
  section: 'live' | 'train' | 'circle' | 'shop' | 'default';
  placeholderKey: PlaceholderKey;
  /** The results tab the search opens: the section's own, or the tab a results page shows. */
  type: SearchKind;
}

/** Which search the header box does on a given page (SPEC §2 "Search box"); a results page keeps its tab. */
export function searchContext(pathname: string, currentType?: string | null): SearchContext {
  const p = pathname.toLowerCase();
  const keep = (own: SearchKind): SearchKind => (isSearchKind(currentType) ? currentType : own);
  if (p.startsWith('/livesearch')) return { section: 'live', placeholderKey: 'live_search_keyword', type: keep('live') };
  if (p.startsWith('/live')) return { section: 'live', placeholderKey: 'live_search_keyword', type: 'live' };
  if (p.startsWith('/friendsearch')) return { section: 'circle', placeholderKey: 'dongtai_search_keyword', type: keep('post') };
  if (p.startsWith('/firendscircle') || p.startsWith('/anchor/friendscircle')) {
    return { section: 'circle', placeholderKey: 'dongtai_search_keyword', type: 'post' };
  }
  if (p.startsWith('/shopsearch')) return { section: 'shop', placeholderKey: 'shop_search_keyword', type: keep('goods') };
  if (p === '/shop' || p.startsWith('/shop/')) return { section: 'shop', placeholderKey: 'shop_search_keyword', type: 'goods' };
  if (p.startsWith('/train/class')) return { section: 'train', placeholderKey: 'search_keyword', type: 'class' };
  if (p.startsWith('/train/coach')) return { section: 'train', placeholderKey: 'search_keyword', type: 'coach' };
  if (p.startsWith('/train/course')) return { section: 'train', placeholderKey: 'search_keyword', type: 'course' };
  if (p === '/search') return { section: 'train', placeholderKey: 'search_keyword', type: keep('course') };
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
  /** A picked suggestion's kind: its tab opens instead of the section's. */
  kind?: SearchKind | undefined;
}): SearchResult {
  let q = opts.keyword.trim();
  if (!q) {
    if (opts.requireKeyword || !opts.placeholder.trim()) return { ok: false, error: T.searchKeywordRequired };
    q = opts.placeholder.trim();
  }
  const e = encodeURIComponent(q);
  const kind = opts.kind ?? opts.context.type;
  const tab = (own: SearchKind) => (kind !== own ? `&type=${kind}` : '');
  switch (opts.context.section) {
    case 'live':
      return { ok: true, url: `/livesearch?q=${e}${tab('live')}` };
    case 'circle':
      return { ok: true, url: `/friendSearch?q=${e}${tab('post')}` };
    case 'shop':
      return { ok: true, url: `/shopsearch?q=${e}${tab('goods')}` };
    default:
      return { ok: true, url: `/search?q=${e}&type=${kind}` };
  }
}
