import type * as PageCache from '~/server/edge/page-cache';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** Keeps a guest's copy of `path` in the page cache, as a cacheable render would leave it. */
export async function keepGuestPage(pages: typeof PageCache, path: string): Promise<void> {
  const req = new Request(`http://local${path}`, { headers: { 'user-agent': DESKTOP, 'accept-encoding': 'br' } });
  const res = new Response('<!doctype html><title>t</title>', {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=30' },
  });
  await pages.keepPage(req, res);
}
