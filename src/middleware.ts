import { defineMiddleware } from 'astro:middleware';
import { HASH_CARRYING_PATHS, MOBILE_PATHS, mobileRedirectUrl } from '~/lib/rules/mobile-redirect';
import { isHandheld } from '~/lib/rules/device';
import { env } from '~/server/env';

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
  // The operator console: desktop-first, never redirected to the mobile site, never cached.
  if (url.pathname === '/admin' || url.pathname.startsWith('/admin/')) {
    const res = await next();
    // A redirect's headers may be immutable: answer a copy then.
    const out = new Response(res.body, res);
    out.headers.set('Cache-Control', 'no-store');
    return out;
  }
  const origin = env().MOBILE_SITE_ORIGIN;
  if (origin && request.method === 'GET' && isHandheld(request.headers.get('user-agent'))) {
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (HASH_CARRYING_PATHS.includes(path)) {
      // The QQ callback carries its token in the hash, which only the browser can read.
      return new Response(hashBounce(origin), {
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    return new Response(null, {
      status: 302,
      headers: { Location: mobileRedirectUrl(url.pathname, url.search, '', origin), 'Cache-Control': 'no-store', Vary: 'User-Agent' },
    });
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
    res.headers.set('Cache-Control', 'public, max-age=30, stale-while-revalidate=300');
    res.headers.append('Vary', 'User-Agent');
  }
  return res;
});

/** A page that applies the QQ-callback rule in the browser, where the hash is visible. */
function hashBounce(origin: string): string {
  const base = JSON.stringify(`${origin.replace(/\/+$/, '')}${MOBILE_PATHS.qqAccount}`).replace(/</g, '\\u003c');
  return `<!doctype html><meta charset="utf-8"><title>正在跳转…</title><script>var h=location.hash.slice(1);location.replace(${base}+(h?'?'+h:''));</script>`;
}
