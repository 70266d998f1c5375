/**
 * SPEC §2 "Mobile redirect guard": where a phone or tablet browser goes on the mobile site.
 * The mobile site's paths are not named by the SPEC; ours are this table (docs/ARCHITECTURE.md).
 */
export const MOBILE_PATHS = {
  qqAccount: '/pages/account/qq',
  wxAccount: '/pages/account/wechat',
  goodsDetail: '/pages/shop/goods-detail',
  courseDetail: '/pages/train/course-detail',
  classDetail: '/pages/train/class-detail',
  coachHome: '/pages/coach/homepage',
  mechantHome: '/pages/mechant/homepage',
  articleDetail: '/pages/article/detail',
  anchor: '/pages/anchor/index',
  circle: '/pages/circle/index',
  shop: '/pages/shop/index',
  share: '/pages/share/index',
  live: '/pages/live/index',
} as const;

/** Detail pages that map 1:1 and carry their query. */
const DETAIL: Record<string, string> = {
  '/shop/goodsdetail': MOBILE_PATHS.goodsDetail,
  '/train/coursedetail': MOBILE_PATHS.courseDetail,
  '/train/classdetail': MOBILE_PATHS.classDetail,
  '/coach/homepage': MOBILE_PATHS.coachHome,
  '/mechant/homepage': MOBILE_PATHS.mechantHome,
  '/article/detail': MOBILE_PATHS.articleDetail,
};

/** The fallback table, used only when the query has no `type`. */
const TABLE: Record<string, string> = {
  '/': '/',
  '/shop': MOBILE_PATHS.shop,
  '/article': `${MOBILE_PATHS.share}?share=1&type=article`,
  '/train/class': `${MOBILE_PATHS.share}?share=1&type=class`,
  '/train/course': `${MOBILE_PATHS.share}?share=1&type=course`,
  '/train/coach': `${MOBILE_PATHS.share}?share=1&type=coach`,
  '/live/coach': `${MOBILE_PATHS.live}?share=1&type=0`,
  '/live/shop': `${MOBILE_PATHS.live}?share=1&type=1`,
};

/** Query-string routes that must be handled in the browser: the server never sees the hash. */
export const HASH_CARRYING_PATHS = ['/login/bind/qq/callback'];

/**
 * The mobile URL for a desktop URL. `search` is the query string (with or without "?"), `hash`
 * the fragment (with or without "#"); `origin` is the mobile site's origin.
 */
export function mobileRedirectUrl(pathname: string, search: string, hash: string, origin: string): string {
  const base = origin.replace(/\/+$/, '');
  const path = normalise(pathname);
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const qs = query.toString();
  const withQuery = (p: string) => `${base}${p}${qs ? `?${qs}` : ''}`;

  if (path === '/login/bind/qq/callback') {
    const h = hash.startsWith('#') ? hash.slice(1) : hash;
    return `${base}${MOBILE_PATHS.qqAccount}${h ? `?${h}` : ''}`;
  }
  if (path === '/login/wx/callback') return withQuery(MOBILE_PATHS.wxAccount);
  const detail = DETAIL[path];
  if (detail) return withQuery(detail);
  // A member's homepage (type=member, ours) has no mobile page: the mobile circle instead.
  if (path === '/anchor/friendscircle' && query.get('type') === 'member') return `${base}${MOBILE_PATHS.circle}?share=1&type=friendscircle`;
  if (path === '/anchor' || path === '/anchor/friendscircle') {
    const type = query.get('type') === 'mechant' || query.get('type') === 'merchant' ? 'merchant' : 'coach';
    const id = query.get('id') ?? '';
    return `${base}${MOBILE_PATHS.anchor}?type=${type}&id=${encodeURIComponent(id)}`;
  }
  if (path === '/firendscircle') return `${base}${MOBILE_PATHS.circle}?share=1&type=friendscircle`;
  if (!query.has('type')) {
    const target = TABLE[path];
    if (target) return `${base}${target}`;
  }
  return `${base}/`;
}

function normalise(pathname: string): string {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  return p === '' ? '/' : p;
}
