import { defineMiddleware } from 'astro:middleware';
import { HASH_CARRYING_PATHS, MOBILE_PATHS, isMobilePath, mobileRedirectUrl } from '~/lib/rules/mobile-redirect';
import { isHandheld } from '~/lib/rules/device';
import { isMobileHost, mobileSiteOrigin } from '~/server/edge/mobile-host';

/** The phone's choice of the desktop site (the "电脑版" link), for this browser session. */
const VIEW_COOKIE = 'gf_view';

/**
 * Runs for every page navigation (the API and static files never get here): NULs leave the query,
 * phones and tablets go to the mobile site (SPEC §2), and guest HTML gets cache headers.
 */
export const onRequest = defineMiddleware(async (ctx, next) => {
  const { request, url } = ctx;
  // A NUL in the query cannot be stored or searched (PostgreSQL text has none): drop it once here
  // for every page, so loaders never see it.
  if (url.search.toLowerCase().includes('%00')) {
    const clean = new URLSearchParams();
    for (const [k, v] of url.searchParams) clean.append(k.replaceAll('\0', ''), v.replaceAll('\0', ''));
    const query = clean.toString();
    return new Response(null, {
      status: 302,
      headers: { Location: `${url.pathname}${query ? `?${query}` : ''}`, 'Cache-Control': 'no-store' },
    });
  }
  const path = url.pathname.replace(/\/+$/, '') || '/';
  // "电脑版" / "手机版" (SPEC §2's guard still holds for everyone else): `?view=pc` keeps a phone on
  // the desktop site for this browser session, `?view=m` undoes it. The flag leaves the URL at once.
  const view = url.searchParams.get('view');
  if (request.method === 'GET' && (view === 'pc' || view === 'm')) {
    const rest = new URLSearchParams(url.searchParams);
    rest.delete('view');
    const query = rest.toString();
    return new Response(null, {
      status: 302,
      headers: {
        Location: `${url.pathname}${query ? `?${query}` : ''}`,
        'Cache-Control': 'no-store',
        'Set-Cookie': `${VIEW_COOKIE}=${view === 'pc' ? 'pc' : ''}; Path=/; SameSite=Lax${view === 'pc' ? '' : '; Max-Age=0'}`,
      },
    });
  }
  const handheld = isHandheld(request.headers.get('user-agent'));
  const onMobileHost = isMobileHost(request.headers.get('host'));
  const wantsDesktop = ctx.cookies.get(VIEW_COOKIE)?.value === 'pc';
  // SPEC §2 guard: phones and tablets (and every page request to the mobile host) go to the mobile
  // page for this URL; a mobile page is never redirected again.
  if (request.method === 'GET' && !isMobilePath(path) && (onMobileHost || (handheld && !wantsDesktop))) {
    if (HASH_CARRYING_PATHS.includes(path)) {
      // The QQ callback carries its token in the hash, which only the browser can read.
      return new Response(hashBounce(mobileSiteOrigin() ?? ''), {
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    // Same host: a relative Location, so the phone stays on whatever host it asked for.
    const origin = onMobileHost ? '' : (mobileSiteOrigin() ?? '');
    return new Response(null, {
      status: 302,
      headers: { Location: mobileRedirectUrl(url.pathname, url.search, '', origin), 'Cache-Control': 'no-store', Vary: 'User-Agent' },
    });
  }
  // The operator console: desktop-first, never cached.
  if (path === '/admin' || path.startsWith('/admin/')) {
    const res = await next();
    // A redirect's headers may be immutable: answer a copy then.
    const out = new Response(res.body, res);
    out.headers.set('Cache-Control', 'no-store');
    return out;
  }
  const res = await next();
  if (
    request.method === 'GET' &&
    res.status === 200 &&
    (res.headers.get('content-type') ?? '').includes('text/html') &&
    !res.headers.has('cache-control')
  ) {
    // Pages are the same HTML for every visitor (personal parts are islands), so short public
    // caching is safe; Vary keeps phones from being served desktop HTML by a shared cache.
    // A phone on the desktop site by choice (电脑版) must not keep that page: after 手机版 the same URL
    // has to reach the redirect again, not the browser's copy.
    const onDesktopByChoice = handheld && !isMobilePath(path);
    res.headers.set('Cache-Control', onDesktopByChoice ? 'no-store' : 'public, max-age=30, stale-while-revalidate=300');
    res.headers.append('Vary', 'User-Agent');
  }
  return res;
});

/** A page that applies the QQ-callback rule in the browser, where the hash is visible. */
function hashBounce(origin: string): string {
  const base = JSON.stringify(`${origin.replace(/\/+$/, '')}${MOBILE_PATHS.qqAccount}`).replace(/</g, '\\u003c');
  // The query too: an authorization-code answer (?code=&state=) arrives there, a token in the hash.
  return `<!doctype html><meta charset="utf-8"><title>正在跳转…</title><script>var h=[location.search.slice(1),location.hash.slice(1)].filter(Boolean).join('&');location.replace(${base}+(h?'?'+h:''));</script>`;
}
