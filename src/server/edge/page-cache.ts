import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gunzip as gunzipCb, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { isHandheld } from '~/lib/rules/device';
import { isMobilePath } from '~/lib/rules/mobile-redirect';
import { needsMobileGuard } from './mobile-host';
import { broadcast, onRemote } from '../bus';
import { countCache } from '../metrics';
import { countPageView } from '../views';
import { notModified, pickEncoding, type Encoding } from './encoding';

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gz = promisify(gzip);
const gunzip = promisify(gunzipCb);

interface CachedPage {
  headers: [string, string][];
  etag: string;
  lastModified: string;
  stored: number;
  bodies: Partial<Record<Encoding, Buffer>>;
  /** Compressed copies being made for a second encoding. */
  pending?: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** Headers never copied from the rendered answer: they describe one transfer, not the page. */
const TRANSFER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'last-modified',
  'date',
  'connection',
]);

let pages: LRUCache<string, CachedPage> | undefined;
let ttl = 0;
const devices = new LRUCache<string, boolean>({ max: 500 });

/**
 * One render per page at a time (no stampede when a popular page expires or after an edit): the
 * request that finds a page missing or past its TTL renders it; while it does, others get the
 * expired copy if there is one, or wait for the render (up to RENDER_WAIT_MS, then render too).
 */
const renders = new Map<string, { started: number; done: Promise<void> }>();
const RENDER_WAIT_MS = 5000;
/** How long past its TTL a page is kept to be served while its next render runs. */
const STALE_KEEP_MS = 10 * 60_000;
/** URLs whose last render was not kept (private pages, errors): rendered at once, never waited for. */
const notKept = new LRUCache<string, true>({ max: 2000, ttl: 60_000 });

/**
 * Rendered guest HTML kept per URL (desktop only: phones are redirected) with its compressed
 * bodies, so a repeated page costs a map lookup and a socket write instead of a render and a
 * compression. Pages are the same for every visitor (personal parts are islands), so whatever
 * Astro marks `public` may be kept. Bounded in bytes and by a TTL; content edits call
 * `invalidatePages()`; stock, sales and follow counts may lag by the TTL (and, for the requests
 * that arrive while an expired page is rendered again, by that render).
 */
export function enablePageCache(opts: { maxBytes: number; ttlMs: number }): void {
  pages =
    opts.maxBytes > 0
      ? new LRUCache<string, CachedPage>({
          maxSize: opts.maxBytes,
          ttl: opts.ttlMs + STALE_KEEP_MS,
          sizeCalculation: (p) => Object.values(p.bodies).reduce((n, b) => n + b.length, 0) + 512,
        })
      : undefined;
  ttl = opts.ttlMs;
  renders.clear();
  notKept.clear();
}

/** Marks `key` as being rendered by the request behind `res`, until that answer is sent. */
function renderBy(key: string, res: ServerResponse): void {
  let finish = () => {};
  const done = new Promise<void>((ok) => (finish = ok));
  const flight = { started: Date.now(), done };
  renders.set(key, flight);
  res.once('close', () => {
    if (renders.get(key) === flight) renders.delete(key);
    // Not kept this time (private, an error, gone): no expired copy may stand in for it any more.
    const kept = pages?.peek(key);
    if (!kept || Date.now() - kept.stored >= ttl) {
      pages?.delete(key);
      notKept.set(key, true);
    }
    finish();
  });
}

/** Forgets every kept page (after publishing or editing what pages show), here and on every instance. */
export function invalidatePages(): void {
  pages?.clear();
  broadcast({ kind: 'pages' });
}
onRemote('pages', () => pages?.clear());

/**
 * Pages held, the bytes charged to the budget, and the memory their bodies really hold (the
 * buffers behind them) — the two must agree, or the budget bounds nothing (tests, metrics).
 */
export function pageCacheStats(): { entries: number; bytes: number; heldBytes: number } {
  let heldBytes = 0;
  for (const p of pages?.values() ?? []) for (const b of Object.values(p.bodies)) heldBytes += b.buffer.byteLength;
  return { entries: pages?.size ?? 0, bytes: pages?.calculatedSize ?? 0, heldBytes };
}

const handheld = (ua: string | undefined): boolean => {
  if (!ua) return false;
  let v = devices.get(ua);
  if (v === undefined) {
    v = isHandheld(ua);
    devices.set(ua, v);
  }
  return v;
};

/** `/path?query` as the URL parser normalises it, the same from Node's req.url and a Request. */
const keyOf = (url: URL): string => `${url.pathname}${url.search}`;

/**
 * Phones are sent to the mobile site by the middleware, so a kept desktop page is never theirs; the
 * mobile site's own pages (`/m…`) are the same for every visitor and kept like any other.
 */
function isCacheable(method: string, path: string, ua: string | undefined, host: string | undefined): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || path.startsWith('/api') || path.startsWith('/uploads/')) return false;
  const pathname = path.split('?', 1)[0] ?? path;
  if (isMobilePath(pathname)) return true;
  return !handheld(ua) && !needsMobileGuard(host, pathname);
}

async function bodyFor(page: CachedPage, enc: Encoding, key?: string): Promise<Buffer> {
  const have = page.bodies[enc];
  if (have) return have;
  // Only compressed copies are kept (a fifth of the bytes); the rare client that takes neither
  // gets the HTML decompressed, and a second encoding is made from it.
  if (enc === 'identity') return identityOf(page);
  page.pending ??= {};
  const job = (page.pending[enc] ??= identityOf(page)
    .then((identity) => compress(identity, enc))
    .then((b) => {
      page.bodies[enc] = b;
      Reflect.deleteProperty(page.pending ?? {}, enc);
      // Charge the new copy to the budget (the entry was measured when it was stored)
      // (the LRU re-measures only a new entry object; the copy shares the bodies).
      if (key && pages?.peek(key)?.bodies === page.bodies) pages.set(key, { ...page }, { noUpdateTTL: true });
      return b;
    }));
  return job;
}

function identityOf(page: CachedPage): Promise<Buffer> {
  const { identity, br, gzip: gz } = page.bodies;
  if (identity) return Promise.resolve(identity);
  if (br) return unbrotli(br);
  if (gz) return gunzip(gz);
  return Promise.resolve(Buffer.alloc(0));
}

function compress(body: Buffer, enc: Encoding): Promise<Buffer> {
  // Once per page and TTL, in libuv's thread pool: a quality the CPU does not notice.
  if (enc === 'br')
    return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).then(own);
  if (enc === 'gzip') return gz(body, { level: 6 }).then(own);
  return Promise.resolve(body);
}

/**
 * zlib hands back a view into its 64 KiB output chunk: kept as is, an 8 KiB page would hold the
 * whole chunk, and the byte budget would cover an eighth of the memory really held (measured:
 * 1,000 kept pages, 64 MB of chunks). A kept body gets its own exact-size copy.
 */
function own(b: Buffer): Buffer {
  if (b.byteLength === b.buffer.byteLength) return b;
  // Not Buffer.from/copyBytesFrom: they may hand back another shared slab.
  const copy = Buffer.allocUnsafeSlow(b.byteLength);
  b.copy(copy);
  return copy;
}

function answerHeaders(page: CachedPage, enc: Encoding, state: 'HIT' | 'MISS' | 'STALE'): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of page.headers) out[k] = k in out ? ([] as string[]).concat(out[k] ?? [], v) : v;
  const vary = new Set(
    String(out.vary ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  vary.add('Accept-Encoding');
  out.vary = [...vary].join(', ');
  out.etag = page.etag;
  out['last-modified'] = page.lastModified;
  out['x-page-cache'] = state;
  if (enc !== 'identity') out['content-encoding'] = enc;
  return out;
}

/**
 * Node-level fast path (server.mjs, before the app): answers a kept page, or a 304 when the
 * browser already has it. Resolves false when the request must go to the app.
 */
export async function servePage(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (!pages) return false;
  const method = req.method ?? 'GET';
  const raw = req.url ?? '/';
  if (!isCacheable(method, raw, req.headers['user-agent'], req.headers.host)) return false;
  let url: URL;
  try {
    url = new URL(raw, 'http://x');
  } catch {
    return false;
  }
  const key = keyOf(url);
  let page = pages.get(key);
  let state: 'HIT' | 'STALE' = 'HIT';
  if (!page && notKept.has(key)) {
    countCache('page', false);
    return false;
  }
  if (!page || Date.now() - page.stored >= ttl) {
    const flight = renders.get(key);
    if (!flight || Date.now() - flight.started > RENDER_WAIT_MS) {
      countCache('page', false);
      renderBy(key, res);
      return false;
    }
    if (page) state = 'STALE';
    else {
      await Promise.race([flight.done, new Promise((r) => setTimeout(r, RENDER_WAIT_MS - (Date.now() - flight.started)))]);
      page = pages.get(key);
      if (!page) {
        countCache('page', false);
        return false;
      }
    }
  }
  countCache('page', true);
  // The render this copy replaces would have counted a view of the course or article.
  if (method === 'GET') countPageView(url);
  const enc = pickEncoding(req.headers['accept-encoding'], { br: true, gzip: true });
  if (notModified(req.headers['if-none-match'], page.etag)) {
    const headers = answerHeaders(page, 'identity', state);
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const body = await bodyFor(page, enc, key);
  res.writeHead(200, { ...answerHeaders(page, enc, state), 'content-length': String(body.length) });
  res.end(method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * Fetch-level (src/fetch.ts, after the page rendered): keeps a public HTML answer and sends it
 * compressed for this client, with an ETag. Anything else passes through untouched.
 */
export async function keepPage(request: Request, response: Response): Promise<Response> {
  if (!pages || request.method !== 'GET' || response.status !== 200) return response;
  const url = new URL(request.url);
  if (!isCacheable(request.method, url.pathname, request.headers.get('user-agent') ?? undefined, request.headers.get('host') ?? url.host))
    return response;
  const type = response.headers.get('content-type') ?? '';
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (!type.includes('text/html') || !/\bpublic\b/.test(cacheControl) || response.headers.has('set-cookie')) return response;
  if (response.headers.has('content-encoding')) return response;

  const identity = Buffer.from(await response.arrayBuffer());
  const page: CachedPage = {
    headers: [...response.headers].filter(([k]) => !TRANSFER_HEADERS.has(k.toLowerCase())),
    etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`,
    lastModified: new Date().toUTCString(),
    stored: Date.now(),
    bodies: { identity },
  };
  const enc = pickEncoding(request.headers.get('accept-encoding'), { br: true, gzip: true });
  // The copy this client takes (brotli for one that takes none), then the HTML itself is dropped.
  await bodyFor(page, enc === 'identity' ? 'br' : enc);
  const body = enc === 'identity' ? identity : (page.bodies[enc] ?? identity);
  Reflect.deleteProperty(page.bodies, 'identity');
  pages.set(keyOf(url), page);
  if (notModified(request.headers.get('if-none-match'), page.etag)) {
    return new Response(null, { status: 304, headers: toHeaders(answerHeaders(page, 'identity', 'MISS')) });
  }
  const headers = toHeaders(answerHeaders(page, enc, 'MISS'));
  headers.set('content-length', String(body.length));
  return new Response(new Uint8Array(body), { status: 200, headers });
}

function toHeaders(h: Record<string, string | string[]>): Headers {
  const out = new Headers();
  for (const [k, v] of Object.entries(h)) for (const one of ([] as string[]).concat(v)) out.append(k, one);
  return out;
}
