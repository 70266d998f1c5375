import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enablePageCache, invalidatePages, keepPage, pageCacheStats, servePage } from '~/server/edge/page-cache';
import { createStaticFiles } from '~/server/edge/static-files';
import { pickEncoding } from '~/server/edge/encoding';
import { unflushedViews } from '~/server/views';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/**
 * The same wiring as server.mjs: static files, then kept pages, then the "app" — here a page
 * renderer that counts renders and answers like Astro (public HTML, or whatever a test sets).
 */
let renders = 0;
let answer: (path: string) => Response = () => new Response('');
let server: Server;
let base = '';
const staticRoot = mkdtempSync(join(tmpdir(), 'gongfu-static-'));

beforeAll(async () => {
  mkdirSync(join(staticRoot, '_astro'));
  mkdirSync(join(staticRoot, 'imgs'));
  const js = 'export const x = 1;'.repeat(200);
  writeFileSync(join(staticRoot, '_astro', 'app.Ab12.js'), js);
  writeFileSync(join(staticRoot, '_astro', 'app.Ab12.js.br'), brotliCompressSync(js));
  writeFileSync(join(staticRoot, '_astro', 'app.Ab12.js.gz'), gzipSync(js));
  writeFileSync(join(staticRoot, 'imgs', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const serveStatic = createStaticFiles(staticRoot);
  server = createServer((req, res) => {
    if (serveStatic(req, res)) return;
    void servePage(req, res).then(async (done) => {
      if (done) return;
      renders += 1;
      const request = new Request(`http://local${req.url}`, { headers: req.headers as Record<string, string> });
      const out = await keepPage(request, answer(req.url ?? '/'));
      res.writeHead(out.status, Object.fromEntries(out.headers));
      res.end(Buffer.from(await out.arrayBuffer()));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const page = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=30', vary: 'User-Agent', ...headers },
  });

/** A raw GET (fetch would decode bodies and hide the encoding). */
async function get(path: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((ok, fail) => {
    const req = request(`${base}${path}`, { headers: { 'user-agent': DESKTOP, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('page cache', () => {
  beforeEach(() => {
    enablePageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
    renders = 0;
    answer = (path) => page(`<!doctype html><title>${path}</title>${'功夫'.repeat(500)}`);
  });

  it('renders a page once, then answers from memory with the same bytes, compressed for the client', async () => {
    const first = await get('/train/course?page=2', { 'accept-encoding': 'br, gzip' });
    expect(first.headers['x-page-cache']).toBe('MISS');
    expect(first.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(first.body).toString();
    expect(html).toContain('<title>/train/course?page=2</title>');

    const again = await get('/train/course?page=2', { 'accept-encoding': 'br, gzip' });
    expect(again.headers['x-page-cache']).toBe('HIT');
    expect(brotliDecompressSync(again.body).toString()).toBe(html);
    const gz = await get('/train/course?page=2', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString()).toBe(html);
    const plain = await get('/train/course?page=2', { 'accept-encoding': '' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
    expect(renders).toBe(1);
    // Every copy says which request headers it depends on, and carries the rendered headers.
    expect(String(again.headers.vary)).toMatch(/User-Agent/);
    expect(String(again.headers.vary)).toMatch(/Accept-Encoding/);
    expect(again.headers['cache-control']).toBe('public, max-age=30');
  });

  it('answers 304 to a browser that already holds the page', async () => {
    const first = await get('/article?id=1');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    expect((await get('/article?id=1', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('/article?id=1', { 'if-none-match': '"other"' })).status).toBe(200);
    // A fresh render with the same bytes keeps the same tag, so a browser revalidates to 304.
    invalidatePages();
    const rerender = await get('/article?id=1', { 'if-none-match': etag });
    expect(rerender.status).toBe(304);
    expect(renders).toBe(2);
  });

  it('keys on the whole URL and forgets everything when content changes', async () => {
    await get('/help?id=1');
    await get('/help?id=2');
    await get('/help?id=1');
    expect(renders).toBe(2);
    invalidatePages();
    await get('/help?id=1');
    expect(renders).toBe(3);
  });

  it('never keeps private, failed, cookie-setting or non-HTML answers, nor pages for phones', async () => {
    answer = (path) =>
      path.startsWith('/private')
        ? page('mine', { 'cache-control': 'private, no-store' })
        : path.startsWith('/missing')
          ? new Response('nope', { status: 404, headers: { 'content-type': 'text/html', 'cache-control': 'public' } })
          : path.startsWith('/cookie')
            ? page('c', { 'set-cookie': 'a=1' })
            : new Response('{}', { headers: { 'content-type': 'application/json', 'cache-control': 'public' } });
    for (const path of ['/private', '/missing', '/cookie', '/data.json']) {
      await get(path);
      const second = await get(path);
      expect(second.headers['x-page-cache'], path).toBeUndefined();
    }
    expect(renders).toBe(8);
    answer = () => page('desktop html');
    await get('/phone-page', { 'user-agent': PHONE });
    await get('/phone-page', { 'user-agent': PHONE });
    expect(renders).toBe(10);
  });

  it('stays within its byte budget, dropping the least recently used pages', async () => {
    enablePageCache({ maxBytes: 64 * 1024, ttlMs: 60_000 });
    // Random bodies do not compress: each page costs about 2 × 10 KB.
    answer = () => page(Buffer.from(Array.from({ length: 10_000 }, () => Math.floor(Math.random() * 256))).toString('base64'));
    for (let i = 0; i < 40; i++) await get(`/goods?q=${i}`, { 'accept-encoding': 'gzip' });
    const { bytes, entries } = pageCacheStats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(40);
  });

  it('holds no more memory than it charges to its budget', async () => {
    // Small compressed pages: zlib answers with a view into a 64 KiB chunk, which a kept page must not pin.
    for (let i = 0; i < 30; i++) {
      await get(`/small?i=${i}`, { 'accept-encoding': 'br' });
      await get(`/small?i=${i}`, { 'accept-encoding': 'gzip' });
    }
    await new Promise((r) => setTimeout(r, 10));
    const { bytes, heldBytes, entries } = pageCacheStats();
    expect(entries).toBe(30);
    expect(heldBytes).toBeLessThanOrEqual(bytes);
  });

  it('charges a copy made later for another encoding to the budget', async () => {
    await get('/two-encodings', { 'accept-encoding': 'br' });
    const before = pageCacheStats().bytes;
    await get('/two-encodings', { 'accept-encoding': 'gzip' });
    await new Promise((r) => setTimeout(r, 10));
    expect(pageCacheStats().bytes).toBeGreaterThan(before);
    expect(renders).toBe(1);
  });

  // The TTL tests move the clock instead of sleeping past it: a loaded machine can take longer than a short
  // TTL between two requests, and a long sleep would slow the suite.
  const laterBy = (ms: number) => vi.setSystemTime(Date.now() + ms);
  afterEach(() => vi.useRealTimers());

  it('expires pages after the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    enablePageCache({ maxBytes: 1024 * 1024, ttlMs: 50 });
    await get('/ttl');
    await get('/ttl');
    expect(renders).toBe(1);
    laterBy(80);
    await get('/ttl');
    expect(renders).toBe(2);
  });

  /** An HTML answer whose body takes `ms` to arrive (a slow render). */
  const slow = (body: string, ms: number) =>
    new Response(
      new ReadableStream({
        async start(c) {
          await new Promise((r) => setTimeout(r, ms));
          c.enqueue(new TextEncoder().encode(body));
          c.close();
        },
      }),
      { status: 200, headers: page('').headers },
    );

  it('renders an expired page once; requests meanwhile get the expired copy, then the new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    enablePageCache({ maxBytes: 1024 * 1024, ttlMs: 50 });
    answer = () => page('<p>第一版</p>');
    await get('/swr');
    laterBy(80);
    answer = () => slow('<p>第二版</p>', 150);
    const burst = await Promise.all(Array.from({ length: 6 }, () => get('/swr')));
    expect(renders).toBe(2);
    const states = burst.map((r) => r.headers['x-page-cache']).sort();
    expect(states).toEqual(['MISS', 'STALE', 'STALE', 'STALE', 'STALE', 'STALE']);
    for (const r of burst) expect(r.body.toString()).toBe(r.headers['x-page-cache'] === 'MISS' ? '<p>第二版</p>' : '<p>第一版</p>');
    const after = await get('/swr');
    expect(after.headers['x-page-cache']).toBe('HIT');
    expect(after.body.toString()).toBe('<p>第二版</p>');
  });

  it('renders a missing page once for requests arriving together (no stampede after an edit)', async () => {
    answer = () => slow('<p>新内容</p>', 150);
    invalidatePages();
    const burst = await Promise.all(Array.from({ length: 6 }, () => get('/together')));
    expect(renders).toBe(1);
    expect(burst.map((r) => r.body.toString())).toEqual(Array(6).fill('<p>新内容</p>'));
    expect(burst.filter((r) => r.headers['x-page-cache'] === 'HIT')).toHaveLength(5);
  });

  it('never stands an expired copy in for a page that is no longer kept (gone, private)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    enablePageCache({ maxBytes: 1024 * 1024, ttlMs: 50 });
    await get('/gone');
    laterBy(80);
    answer = () => new Response('不存在', { status: 404, headers: { 'content-type': 'text/html' } });
    expect((await get('/gone')).status).toBe(404);
    expect((await get('/gone')).status).toBe(404);
    expect(renders).toBe(3);
  });

  it('still counts a view of a course or article answered from memory', async () => {
    await get('/article/detail?id=777');
    const before = unflushedViews('article', 777);
    await get('/article/detail?id=777');
    await get('/article/detail?id=777');
    expect(renders).toBe(1);
    expect(unflushedViews('article', 777)).toBe(before + 2);
  });

  it('counts no view for an id past the int4 column (every later flush would fail on it)', async () => {
    for (const id of ['2147483648', '9007199254740991', '0']) {
      await get(`/article/detail?id=${id}`);
      await get(`/article/detail?id=${id}`);
      expect(unflushedViews('article', Number(id))).toBe(0);
    }
  });

  it('is off with a zero budget', async () => {
    enablePageCache({ maxBytes: 0, ttlMs: 60_000 });
    await get('/off');
    await get('/off');
    expect(renders).toBe(2);
  });
});

describe('built files', () => {
  it('sends the precompressed copy of a hashed asset as immutable, and 304 on revalidation', async () => {
    const br = await get('/_astro/app.Ab12.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.body).toString()).toMatch(/^export const x = 1;/);
    const gz = await get('/_astro/app.Ab12.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/_astro/app.Ab12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBe('export const x = 1;'.length * 200);
    expect((await get('/_astro/app.Ab12.js', { 'if-none-match': String(br.headers.etag) })).status).toBe(304);
  });

  it('caches other public files for a day and keeps SVGs from running script', async () => {
    const svg = await get('/imgs/logo.svg');
    expect(svg.headers['cache-control']).toBe('public, max-age=86400');
    expect(svg.headers['content-security-policy']).toMatch(/sandbox/);
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves one byte range of a file (media seeking), and 416 outside it', async () => {
    const part = await get('/_astro/app.Ab12.js', { range: 'bytes=7-11', 'accept-encoding': 'br' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 7-11/${'export const x = 1;'.length * 200}`);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.toString()).toBe('const');
    const tail = await get('/_astro/app.Ab12.js', { range: 'bytes=-3' });
    expect(tail.body.toString()).toBe(' 1;');
    expect((await get('/_astro/app.Ab12.js', { range: 'bytes=999999-' })).status).toBe(416);
  });

  it('leaves unknown paths and traversal attempts to the app', async () => {
    answer = () => new Response('app', { status: 404, headers: { 'content-type': 'text/plain' } });
    expect((await get('/_astro/missing.js')).body.toString()).toBe('app');
    expect((await get('/_astro/..%2f..%2fetc%2fpasswd')).body.toString()).toBe('app');
  });
});

describe('encoding choice', () => {
  it('prefers brotli, honours q=0 and falls back to identity', () => {
    expect(pickEncoding('gzip, deflate, br', { br: true, gzip: true })).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0', { br: true, gzip: true })).toBe('gzip');
    expect(pickEncoding('br', { br: false, gzip: true })).toBe('identity');
    expect(pickEncoding(undefined, { br: true, gzip: true })).toBe('identity');
    expect(pickEncoding('*', { br: true, gzip: true })).toBe('br');
  });
});

describe('how the server is started', () => {
  it('npm start passes the same memory flags as the e2e rig and the bench', async () => {
    const { NODE_FLAGS, SERVER_ENV } = (await import('../../scripts/server-flags.mjs')) as {
      NODE_FLAGS: string[];
      SERVER_ENV: Record<string, string>;
    };
    const { readFileSync } = await import('node:fs');
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts['start'] ?? '';
    for (const flag of NODE_FLAGS) expect(start).toContain(flag);
    for (const [k, v] of Object.entries(SERVER_ENV)) expect(start).toContain(`${k}=${v}`);
  });
});
