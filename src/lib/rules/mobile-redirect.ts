import { ACCOUNT_DOCUMENTS, PAGE_SLUGS, documentHref, type AccountDocumentPath, type PageSlug } from './agreements';

/**
 * SPEC §2 "Mobile redirect guard": where a phone or tablet browser goes on the mobile site.
 * The mobile site is served by this same app under `/m` (src/pages/m); its paths are not named by
 * the SPEC, so they are this table (docs/ARCHITECTURE.md "The mobile site").
 */
export const MOBILE_PREFIX = '/m';

export const MOBILE_PATHS = {
  home: '/m',
  qqAccount: '/m/account/qq',
  wxAccount: '/m/account/wechat',
  login: '/m/login',
  register: '/m/register',
  goodsList: '/m/goods',
  goodsDetail: '/m/goods/detail',
  courseDetail: '/m/course/detail',
  classDetail: '/m/class/detail',
  /** A coach's or shop's homepage: `?type=coach|merchant&id=` (SPEC §2 "mobile anchor home"). */
  anchor: '/m/anchor',
  articleDetail: '/m/article/detail',
  circle: '/m/circle',
  circlePost: '/m/circle/post',
  shop: '/m/shop',
  /** SPEC §2's share=1&type=article|class|course|coach views: the list of that kind. */
  share: '/m/list',
  live: '/m/live',
  liveRoom: '/m/live/room',
  livePlayback: '/m/live/playback',
  coupon: '/m/coupon',
  search: '/m/search',
  /** The help centre; `?id=` is one category (desktop /help/cate). */
  help: '/m/help',
  helpDetail: '/m/help/detail',
  /** An agreement or about-us: `?type=<slug>` (desktop /agreement/<slug>, /account/other/*). */
  agreement: '/m/agreement',
  download: '/m/download',
  cart: '/m/cart',
  /** Confirm what is bought: `?kind=goods|course|class` plus the desktop checkout's own query. */
  checkout: '/m/checkout',
  /** The payment step of an unpaid order (`?id=`), and where a gateway returns the payer. */
  pay: '/m/pay',
  payResult: '/m/pay/result',
  /** The sandbox gateway's cashier on the phone (`?pay_no=`). */
  paySandbox: '/m/pay/sandbox',
  /** A review of an order's item (`?id=<order>`), as the desktop /my/order/publish. */
  review: '/m/my/review',
  my: '/m/my',
  /** The address book (add, edit, delete, default); checkout adds addresses in its own sheet. */
  address: '/m/my/address',
  orders: '/m/my/orders',
  order: '/m/my/order',
  /** My courses and classes with progress (`?kind=course|class`). */
  learning: '/m/my/learning',
  /** 我的段位: the nine-段 path per style, next gradings, certificates. */
  duan: '/m/my/duan',
  /** 我的拼团: the member's group buys (desktop /my/groupbuy). */
  groupBuys: '/m/my/groupbuy',
  /** 我的作业: assignments of my courses and classes, handing in practice videos filmed on the phone. */
  homework: '/m/my/homework',
  /** 我的笔记: private notes at moments of lessons, across courses. */
  notes: '/m/my/notes',
  /** VIP会员: the membership, plans to buy or renew, benefits and history. */
  vip: '/m/my/vip',
  forgot: '/m/forgot',
  bindPhone: '/m/account/bindphone',
  /** A page that exists only on the desktop site (the console, seller areas): says where to do it. */
  desktopOnly: '/m/desktop',
  /** Upcoming 考评 (desktop /duan), a 考评's booking page (`?id=`, desktop /duan/grading) and a 段位证书 (`/m/cert/<no>`, desktop /cert/<no>). */
  gradings: '/m/duan',
  grading: '/m/duan/grading',
  cert: '/m/cert',

  // ── Live on the phone ──
  /** 手机开播: a coach or shop owner goes live from the phone's camera. */
  liveAnchor: '/m/live/anchor',

  // ── 功夫圈 on the phone ──
  circlePublish: '/m/circle/publish',
  /** A member's 功夫圈 homepage (`?id=`). */
  circleMember: '/m/circle/member',
  circleSearch: '/m/circle/search',

  // ── Chat on the phone ──
  chat: '/m/chat',
  chatThread: '/m/chat/thread',
  chatFriends: '/m/chat/friends',
  chatGroup: '/m/chat/group',

  // ── The member centre on the phone (我的) ──
  settings: '/m/my/settings',
  wallet: '/m/my/wallet',
  notices: '/m/my/notices',
  follows: '/m/my/follows',
  invite: '/m/my/invite',
  /** 我的积分: 签到, the points shop and the ledger. */
  points: '/m/my/points',
  promotion: '/m/my/promotion',
  feedback: '/m/my/feedback',
  apply: '/m/my/apply',
  /** A coach's, shop owner's or provider's day on the phone: figures, orders to ship, the desktop for the rest. */
  seller: '/m/my/seller',
  /** A homework submission with the coach's critique played back on it (`?id=<submission>`). */
  homeworkView: '/m/my/homework/view',
  /** 限时秒杀: running and coming flash sales (desktop /flash), and the flash checkout (`?id=`). */
  flash: '/m/flash',
  flashBuy: '/m/flash/buy',
} as const;

/** Detail pages that map 1:1 and carry their query (SPEC §2). */
const DETAIL: Record<string, string> = {
  '/shop/goodsdetail': MOBILE_PATHS.goodsDetail,
  '/train/coursedetail': MOBILE_PATHS.courseDetail,
  '/train/classdetail': MOBILE_PATHS.classDetail,
  '/article/detail': MOBILE_PATHS.articleDetail,
  // Ours, not in the SPEC's table: same page on the phone, same query.
  '/help/detail': MOBILE_PATHS.helpDetail,
  '/duan/grading': MOBILE_PATHS.grading,
  '/help/cate': MOBILE_PATHS.help,
  '/coupon': MOBILE_PATHS.coupon,
  '/shop/goodslist': MOBILE_PATHS.goodsList,
  '/account/regmember': MOBILE_PATHS.register,
  '/account/login': MOBILE_PATHS.login,
  // The member's orders and learning (the rest of 我的 on the phone is its own page).
  '/my/order/goods': `${MOBILE_PATHS.orders}?kind=goods`,
  '/my/order/course': `${MOBILE_PATHS.orders}?kind=course`,
  '/my/order/class': `${MOBILE_PATHS.orders}?kind=class`,
  '/my/order/grading': `${MOBILE_PATHS.orders}?kind=grading`,
  '/order/detail': MOBILE_PATHS.order,
  '/order/middle': MOBILE_PATHS.pay,
  '/order/goodsorder': `${MOBILE_PATHS.checkout}?kind=goods`,
  '/order/courseorder': `${MOBILE_PATHS.checkout}?kind=course`,
  '/order/classorder': `${MOBILE_PATHS.checkout}?kind=class`,
  '/my/address': MOBILE_PATHS.address,
  '/my/course': `${MOBILE_PATHS.learning}?kind=course`,
  '/my/class': `${MOBILE_PATHS.learning}?kind=class`,
  '/my/duan': MOBILE_PATHS.duan,
  '/my/groupbuy': MOBILE_PATHS.groupBuys,
  '/my/homework': MOBILE_PATHS.homework,
  '/my/notes': MOBILE_PATHS.notes,
  '/my/vip': MOBILE_PATHS.vip,
  '/pay/sandbox': MOBILE_PATHS.paySandbox,
  '/my/order/publish': MOBILE_PATHS.review,
  '/my/homework/view': MOBILE_PATHS.homeworkView,
  '/flash/buy': MOBILE_PATHS.flashBuy,

  // ── Live on the phone ──
  // The desktop 网页开播 console: on a phone, 手机开播.
  '/live/liver': MOBILE_PATHS.liveAnchor,

  // ── 功夫圈 on the phone ──
  '/firendscircle/publish': MOBILE_PATHS.circlePublish,
  // Keeps `q`: the same search on the phone.
  '/friendsearch': MOBILE_PATHS.circleSearch,

  // ── Chat on the phone ──
  // /chat?cid=… keeps its query: /m/chat sends a cid on to that conversation's thread.
  '/chat': MOBILE_PATHS.chat,

  // ── The member centre on the phone (我的) ──
  '/account/setting': MOBILE_PATHS.settings,
  '/account/setting/safe': MOBILE_PATHS.settings,
  '/account/setting/phone': `${MOBILE_PATHS.settings}?view=phone`,
  '/account/setting/bindphone': `${MOBILE_PATHS.settings}?view=phone`,
  '/account/setting/password': `${MOBILE_PATHS.settings}?view=password`,
  '/account/setting/paypassword': `${MOBILE_PATHS.settings}?view=paypassword`,
  '/my/wallet/kungfucoin': MOBILE_PATHS.wallet,
  '/my/wallet/paygateway': MOBILE_PATHS.wallet,
  '/my/wallet/coupon': `${MOBILE_PATHS.wallet}?tab=coupons`,
  '/my/notice': MOBILE_PATHS.notices,
  '/my/notice/detail': MOBILE_PATHS.notices,
  '/my/fans': `${MOBILE_PATHS.follows}?tab=fans`,
  '/my/focus': `${MOBILE_PATHS.follows}?tab=follows`,
  '/my/favorite': `${MOBILE_PATHS.follows}?tab=favourites`,
  '/my/order': MOBILE_PATHS.invite,
  '/my/points': MOBILE_PATHS.points,
  '/my/promotion': MOBILE_PATHS.promotion,
  '/account/other': MOBILE_PATHS.feedback,
  '/account/regcoach': `${MOBILE_PATHS.apply}?type=coach`,
  '/account/regmechant': `${MOBILE_PATHS.apply}?type=shop`,
  '/account/regprovider': `${MOBILE_PATHS.apply}?type=provider`,
};

/** The fallback table, used only when the query has no `type` (SPEC §2). */
const TABLE: Record<string, string> = {
  '/': MOBILE_PATHS.home,
  '/shop': MOBILE_PATHS.shop,
  '/article': `${MOBILE_PATHS.share}?share=1&type=article`,
  '/train/class': `${MOBILE_PATHS.share}?share=1&type=class`,
  '/train/course': `${MOBILE_PATHS.share}?share=1&type=course`,
  '/train/coach': `${MOBILE_PATHS.share}?share=1&type=coach`,
  '/live/coach': `${MOBILE_PATHS.live}?share=1&type=0`,
  '/live/shop': `${MOBILE_PATHS.live}?share=1&type=1`,
  // Ours: list pages and sections the SPEC's table does not name.
  '/train/courselist': `${MOBILE_PATHS.share}?type=course`,
  '/train/classlist': `${MOBILE_PATHS.share}?type=class`,
  '/train/coachlist': `${MOBILE_PATHS.share}?type=coach`,
  '/live': MOBILE_PATHS.live,
  '/help': MOBILE_PATHS.help,
  '/duan': MOBILE_PATHS.gradings,
  '/flash': MOBILE_PATHS.flash,
  '/download': MOBILE_PATHS.download,
  '/login': MOBILE_PATHS.login,
  '/cart': MOBILE_PATHS.cart,
  '/my': MOBILE_PATHS.my,

  // ── Live on the phone ──

  // ── 功夫圈 on the phone ──

  // ── Chat on the phone ──

  // ── The member centre on the phone (我的) ──
};

/**
 * Areas that exist only on the desktop site: the console and the management areas of coaches, shop
 * owners and providers (their public homepages are mapped above). A phone gets a page saying so.
 */
const DESKTOP_ONLY = [
  /^\/admin(\/|$)/,
  /^\/order\/shopdetail$/,
  // 分销 commission withdrawals (the card form): the phone's 推广中心 opens them in 电脑版.
  /^\/my\/promotion\/finance(\/|$)/,
];

/** The management areas of coaches, shop owners and providers: their day on the phone (the rest stays on the desktop). */
const SELLER_AREAS = [/^\/coach(\/|$)/, /^\/mechant(\/|$)/, /^\/my\/service_identity(\/|$)/];

/** Query-string routes that must be handled in the browser: the server never sees the hash. */
export const HASH_CARRYING_PATHS = ['/login/bind/qq/callback'];

/** True for a path of the mobile site (never redirected again). */
export function isMobilePath(pathname: string): boolean {
  return pathname === MOBILE_PREFIX || pathname.startsWith(`${MOBILE_PREFIX}/`);
}

/**
 * The mobile URL for a desktop URL. `search` is the query string (with or without "?"), `hash`
 * the fragment (with or without "#"); `origin` is the mobile site's origin.
 */
export function mobileRedirectUrl(pathname: string, search: string, hash: string, origin: string): string {
  const base = origin.replace(/\/+$/, '');
  const path = normalise(pathname);
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const qs = query.toString();
  const withQuery = (p: string) => `${base}${p}${qs ? `${p.includes('?') ? '&' : '?'}${qs}` : ''}`;
  const id = query.get('id') ?? '';

  if (path === '/login/bind/qq/callback') {
    const h = [qs, hash.startsWith('#') ? hash.slice(1) : hash].filter(Boolean).join('&');
    return `${base}${MOBILE_PATHS.qqAccount}${h ? `?${h}` : ''}`;
  }
  if (path === '/login/wx/callback') return withQuery(MOBILE_PATHS.wxAccount);
  // SPEC §2: the coach and merchant homepages map to the matching mobile page with their query.
  if (path === '/coach/homepage') return withQuery(`${MOBILE_PATHS.anchor}?type=coach`);
  if (path === '/mechant/homepage') return withQuery(`${MOBILE_PATHS.anchor}?type=merchant`);
  const detail = DETAIL[path];
  if (detail) return withQuery(detail);
  // The agreements (SPEC §2 /agreement/<slug>) and the account layout's documents: one mobile page by slug.
  const doc = documentSlug(path);
  if (doc) return `${base}${MOBILE_PATHS.agreement}?type=${doc}`;
  // A member's homepage (type=member, ours) is their 功夫圈 homepage on the phone.
  if (path === '/anchor/friendscircle' && query.get('type') === 'member')
    return id
      ? `${base}${MOBILE_PATHS.circleMember}?id=${encodeURIComponent(id)}`
      : `${base}${MOBILE_PATHS.circle}?share=1&type=friendscircle`;
  if (path === '/anchor' || path === '/anchor/friendscircle') {
    const type = query.get('type') === 'mechant' || query.get('type') === 'merchant' ? 'merchant' : 'coach';
    const tab = path === '/anchor/friendscircle' ? '&tab=circle' : '';
    return `${base}${MOBILE_PATHS.anchor}?type=${type}&id=${encodeURIComponent(id)}${tab}`;
  }
  if (path === '/firendscircle') {
    // A shared post opens that post.
    const post = query.get('post');
    if (post) return `${base}${MOBILE_PATHS.circlePost}?share=1&id=${encodeURIComponent(post)}`;
    return `${base}${MOBILE_PATHS.circle}?share=1&type=friendscircle`;
  }
  // A certificate's number as written (unguessable, case matters).
  const cert = /^\/cert\/([A-Za-z0-9]+)$/.exec(pathname.replace(/\/+$/, ''));
  if (cert) return `${base}${MOBILE_PATHS.cert}/${cert[1] ?? ''}`;
  // The room's id as written (the path above is lower-cased for matching).
  const room = /^\/live\/(room|playback)\/([^/]+)$/i.exec(pathname.replace(/\/+$/, ''));
  if (room)
    return `${base}${room[1]?.toLowerCase() === 'room' ? MOBILE_PATHS.liveRoom : MOBILE_PATHS.livePlayback}?id=${encodeURIComponent(room[2] ?? '')}`;
  // Searches keep their words and kind (SPEC §2's `q` and `type` are the search's own query).
  if (path === '/search') return withQuery(MOBILE_PATHS.search);
  if (path === '/shopsearch') {
    const q = query.get('q');
    return `${base}${MOBILE_PATHS.search}?type=goods${q ? `&q=${encodeURIComponent(q)}` : ''}`;
  }
  if (SELLER_AREAS.some((re) => re.test(path))) return `${base}${MOBILE_PATHS.seller}`;
  if (DESKTOP_ONLY.some((re) => re.test(path)))
    return `${base}${MOBILE_PATHS.desktopOnly}?from=${encodeURIComponent(pathname + (qs ? `?${qs}` : ''))}`;
  if (!query.has('type')) {
    const target = TABLE[path];
    if (target) return `${base}${target}`;
  }
  return `${base}${MOBILE_PATHS.home}`;
}

/** The desktop page for a mobile page (the "电脑版" link): the reverse of the table above. */
export function desktopUrlFor(mobilePath: string, search: string): string {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const id = q.get('id');
  const withId = (p: string) => (id ? `${p}?id=${encodeURIComponent(id)}` : p);
  const cert = new RegExp(`^${MOBILE_PATHS.cert}/([A-Za-z0-9]+)/?$`).exec(mobilePath);
  if (cert) return `/cert/${cert[1] ?? ''}`;
  switch (mobilePath.replace(/\/+$/, '')) {
    case MOBILE_PATHS.goodsDetail:
      return withId('/shop/goodsDetail');
    case MOBILE_PATHS.courseDetail:
      return withId('/train/courseDetail');
    case MOBILE_PATHS.classDetail:
      return withId('/train/classDetail');
    case MOBILE_PATHS.articleDetail:
      return withId('/article/detail');
    case MOBILE_PATHS.helpDetail:
      return withId('/help/detail');
    case MOBILE_PATHS.homeworkView:
      return withId('/my/homework/view');
    case MOBILE_PATHS.grading:
      return id ? withId('/duan/grading') : '/duan';
    case MOBILE_PATHS.gradings:
      return '/duan';
    case MOBILE_PATHS.anchor:
      return id ? `/anchor?type=${q.get('type') === 'merchant' ? 'mechant' : 'coach'}&id=${encodeURIComponent(id)}` : '/';
    case MOBILE_PATHS.shop:
      return '/shop';
    case MOBILE_PATHS.goodsList: {
      // The desktop list shares the filters' names (it has no keyword: a search is /shopsearch).
      const words = q.get('q');
      if (words) return `/shopsearch?q=${encodeURIComponent(words)}`;
      const keep = new URLSearchParams([...q].filter(([k]) => ['cate', 'sort', 'min', 'max'].includes(k)));
      return `/shop/goodsList${keep.size ? `?${keep}` : ''}`;
    }
    case MOBILE_PATHS.cart:
      return '/cart';
    case MOBILE_PATHS.address:
      return '/my/address';
    case MOBILE_PATHS.checkout: {
      const kind = q.get('kind');
      const rest = new URLSearchParams([...q].filter(([k]) => k !== 'kind'));
      const page = kind === 'course' ? '/order/courseOrder' : kind === 'class' ? '/order/classOrder' : '/order/goodsOrder';
      return `${page}${rest.size ? `?${rest}` : ''}`;
    }
    case MOBILE_PATHS.share: {
      const type = q.get('type');
      return type === 'article' ? '/article' : type === 'class' || type === 'coach' ? `/train/${type}` : '/train/course';
    }
    case MOBILE_PATHS.live:
      return q.get('type') === '1' ? '/live/shop' : '/live/coach';
    case MOBILE_PATHS.liveRoom:
      return id ? `/live/room/${encodeURIComponent(id)}` : '/live';
    case MOBILE_PATHS.livePlayback:
      return id ? `/live/playback/${encodeURIComponent(id)}` : '/live';
    case MOBILE_PATHS.circle:
      return '/firendscircle';
    case MOBILE_PATHS.circlePost:
      return id ? `/firendscircle?post=${encodeURIComponent(id)}` : '/firendscircle';
    case MOBILE_PATHS.search: {
      const words = q.get('q');
      const type = q.get('type');
      // Goods and shops are searched on the desktop's /shopsearch; the rest on /search with their type.
      if (type === 'goods' || type === 'shop') return words ? `/shopsearch?q=${encodeURIComponent(words)}` : '/shopsearch';
      const kind = type === 'class' || type === 'coach' ? `&type=${type}` : '';
      return words ? `/search?q=${encodeURIComponent(words)}${kind}` : '/search';
    }
    case MOBILE_PATHS.coupon:
      return '/coupon';
    case MOBILE_PATHS.help:
      return id ? `/help/cate?id=${encodeURIComponent(id)}` : '/help';
    case MOBILE_PATHS.agreement: {
      const slug = q.get('type') ?? '';
      return (PAGE_SLUGS as readonly string[]).includes(slug) ? documentHref(slug as PageSlug) : '/';
    }
    case MOBILE_PATHS.download:
      return '/download';
    case MOBILE_PATHS.register: {
      const inviter = q.get('inviter');
      return `/account/regmember${inviter ? `?inviter=${encodeURIComponent(inviter)}` : ''}`;
    }
    case MOBILE_PATHS.desktopOnly: {
      const from = q.get('from');
      return from && from.startsWith('/') && !from.startsWith('//') ? from : '/';
    }

    // ── Live on the phone ──
    case MOBILE_PATHS.liveAnchor:
      return '/live/liver';

    // ── 功夫圈 on the phone ──
    case MOBILE_PATHS.circlePublish:
      return '/firendscircle/publish';
    case MOBILE_PATHS.circleMember:
      return id ? `/anchor/friendscircle?type=member&id=${encodeURIComponent(id)}` : '/firendscircle';
    case MOBILE_PATHS.circleSearch: {
      const words = q.get('q');
      return words ? `/friendSearch?q=${encodeURIComponent(words)}` : '/friendSearch';
    }

    // ── Chat on the phone ──
    case MOBILE_PATHS.chat:
    case MOBILE_PATHS.chatFriends:
    case MOBILE_PATHS.chatGroup:
      return '/chat';
    case MOBILE_PATHS.chatThread: {
      const peer = q.get('peer');
      const group = q.get('group');
      const cid = peer ? `C2C${peer}` : group ? `GROUP${group}` : (q.get('cid') ?? '');
      return cid ? `/chat?cid=${encodeURIComponent(cid)}` : '/chat';
    }

    // ── The member centre on the phone (我的) ──
    case MOBILE_PATHS.settings: {
      const view = q.get('view');
      return view === 'phone' || view === 'password' || view === 'paypassword' ? `/account/setting/${view}` : '/account/setting';
    }
    case MOBILE_PATHS.wallet:
      return q.get('tab') === 'coupons' ? '/my/wallet/coupon' : '/my/wallet/kungfucoin';
    case MOBILE_PATHS.notices:
      return '/my/notice';
    case MOBILE_PATHS.follows: {
      const tab = q.get('tab');
      return tab === 'fans' ? '/my/fans' : tab === 'favourites' ? '/my/favorite' : '/my/focus';
    }
    case MOBILE_PATHS.invite:
      return '/my/order';
    case MOBILE_PATHS.points:
      return '/my/points';
    case MOBILE_PATHS.promotion:
      return '/my/promotion';
    case MOBILE_PATHS.feedback:
      return '/account/other';
    case MOBILE_PATHS.apply: {
      const type = q.get('type');
      return type === 'shop' ? '/account/regmechant' : type === 'provider' ? '/account/regprovider' : '/account/regcoach';
    }
    case MOBILE_PATHS.seller:
      return '/my';

    default:
      return '/';
  }
}

/** The document a desktop path shows (`/agreement/<slug>`, `/account/other/aboutus`…), or null. */
function documentSlug(path: string): PageSlug | null {
  const m = /^\/agreement\/([a-z]+)$/.exec(path);
  if (m) return (PAGE_SLUGS as readonly string[]).includes(m[1] ?? '') && m[1] !== 'aboutus' ? (m[1] as PageSlug) : null;
  if (path === '/account/other/useragree') return ACCOUNT_DOCUMENTS['/account/other/agreement'].slug;
  return path in ACCOUNT_DOCUMENTS ? ACCOUNT_DOCUMENTS[path as AccountDocumentPath].slug : null;
}

/** Files and services of this site (uploads, images, the API, QR codes) are no pages: links to them stay. */
function isPagePath(pathname: string): boolean {
  return !/^\/(api|uploads|imgs|qr|_astro|hls|im)(\/|$)/i.test(pathname) && !/\.[a-z0-9]{1,5}$/i.test(pathname);
}

/** Desktop pages that have a mobile twin of the same content (SPEC §2 detail pages): search engines pair them. */
const ALTERNATES = new Set(['/train/coursedetail', '/train/classdetail', '/shop/goodsdetail', '/article/detail', '/anchor']);

/**
 * The mobile page that shows the same thing as this desktop detail page (course, class, goods,
 * article, coach or shop homepage), for `<link rel="alternate" media=…>`; null for other pages.
 */
export function mobileAlternateUrl(pathname: string, search: string, origin: string): string | null {
  const path = normalise(pathname);
  if (!ALTERNATES.has(path) || !new URLSearchParams(search).get('id')) return null;
  return mobileRedirectUrl(pathname, search, '', origin);
}

function normalise(pathname: string): string {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

/**
 * A link for a mobile page: a desktop path of this site becomes its mobile page (no redirect hop on
 * a phone); mobile paths, other sites and anything that is not a path stay as they are.
 */
export function toMobileHref(href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const u = new URL(href, 'http://x');
  if (isMobilePath(u.pathname) || !isPagePath(u.pathname)) return href;
  return mobileRedirectUrl(u.pathname, u.search, u.hash, '');
}
