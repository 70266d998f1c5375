// @ts-check
// Guest pages: which ones, saving their HTML for nginx, and the interleaved rounds
// (server cached, nginx, server uncached) with req/s, latency and ratios against nginx.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync, constants } from 'node:zlib';
import { cannon, drain, faults } from './load.mjs';
import { BROWSER_HEADERS, getRaw, log, median, round } from './util.mjs';

/** Home, the four catalogue lists, and one detail of each kind (the first link on its list). */
export const PAGE_SPECS = [
  { name: 'home', path: '/' },
  { name: 'courseList', path: '/train/courseList' },
  { name: 'goodsList', path: '/shop/goodsList' },
  { name: 'coachList', path: '/train/coachList' },
  { name: 'articleList', path: '/article' },
  { name: 'courseDetail', from: '/train/courseList', first: /\/train\/courseDetail\?id=\d+/ },
  { name: 'goodsDetail', from: '/shop/goodsList', first: /\/shop\/goodsDetail\?id=\d+/ },
  { name: 'coachHome', from: '/train/coachList', first: /\/anchor\?type=coach&(?:amp;)?id=\d+/ },
  { name: 'articleDetail', from: '/article', first: /\/article\/detail\?id=\d+/ },
  // The mobile site (src/pages/m), the same kinds of page as a phone gets them.
  { name: 'm-home', path: '/m' },
  { name: 'm-courseList', path: '/m/list?type=course' },
  { name: 'm-courseDetail', from: '/m/list?type=course', first: /\/m\/course\/detail\?id=\d+/ },
  { name: 'm-goodsDetail', from: '/m/shop', first: /\/m\/goods\/detail\?id=\d+/ },
  { name: 'm-coachHome', from: '/m/list?type=coach', first: /\/m\/anchor\?type=coach&(?:amp;)?id=\d+/ },
  { name: 'm-articleDetail', from: '/m/list?type=article', first: /\/m\/article\/detail\?id=\d+/ },
];

async function html(base, path) {
  const r = await getRaw(`${base}${path}`, { 'user-agent': BROWSER_HEADERS['user-agent'] });
  if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status}`);
  return r.body.toString();
}

/** The concrete paths (detail ids picked from the seeded lists). */
export async function discoverPages(base) {
  const out = [];
  for (const spec of PAGE_SPECS) {
    if (spec.path) {
      out.push({ name: spec.name, path: spec.path });
      continue;
    }
    const hit = (await html(base, spec.from)).match(spec.first)?.[0];
    if (!hit) throw new Error(`no link matching ${spec.first} on ${spec.from}`);
    out.push({ name: spec.name, path: hit.replaceAll('&amp;', '&') });
  }
  return out;
}

/** The largest /_astro/*.js the home page loads (the React runtime chunk): the static asset of the search case. */
export async function pickAsset(base, distClient) {
  const refs = [...new Set((await html(base, '/')).match(/\/_astro\/[\w.-]+\.js/g) ?? [])];
  if (!refs.length) throw new Error('the home page references no /_astro/*.js');
  const size = (p) => {
    try {
      return statSync(join(distClient, p)).size;
    } catch {
      return 0;
    }
  };
  refs.sort((a, b) => size(b) - size(a));
  return { path: refs[0], bytes: size(refs[0]) };
}

/**
 * Saves each page as a desktop browser receives it (Accept-Encoding: br, gzip): the bytes on the wire
 * (`.html.br` when the server sent brotli), the decoded HTML, and a gzip -9 copy, under site/p/.
 */
export async function savePages(base, pages, siteDir) {
  const dir = join(siteDir, 'p');
  mkdirSync(dir, { recursive: true });
  let contentType = 'text/html';
  for (const p of pages) {
    const r = await getRaw(`${base}${p.path}`);
    if (r.status !== 200) throw new Error(`${p.path}: HTTP ${r.status}`);
    const enc = String(r.headers['content-encoding'] ?? 'identity');
    const decoded = enc === 'br' ? brotliDecompressSync(r.body) : enc === 'gzip' ? gunzipSync(r.body) : r.body;
    const file = join(dir, `${p.name}.html`);
    writeFileSync(file, decoded);
    writeFileSync(`${file}.gz`, gzipSync(decoded, { level: constants.Z_BEST_COMPRESSION }));
    if (enc === 'br') writeFileSync(`${file}.br`, r.body);
    if (p.name === 'home') contentType = String(r.headers['content-type'] ?? contentType);
    Object.assign(p, { static: `/p/${p.name}.html`, encoding: enc, wire_bytes: r.body.length, html_bytes: decoded.length });
  }
  return { contentType };
}

const withParam = (path, kv) => `${path}${path.includes('?') ? '&' : '?'}${kv}`;
let missCounter = 0;

/** Request options for one target: the page as is, the page with a unique ?_bench=n, or nginx's copy. */
function target(kind, page, bases, connections, duration) {
  const common = { connections, duration, headers: BROWSER_HEADERS };
  if (kind === 'nginx') return { ...common, url: `${bases.nginx}${page.static}` };
  if (kind === 'cached') return { ...common, url: `${bases.server}${page.path}` };
  // Every request a different URL: the page cache (keyed on the full URL) misses every time.
  return {
    ...common,
    url: bases.server,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: withParam(page.path, `_bench=${++missCounter}`) }) }],
  };
}

/**
 * Rounds interleaved: for each cycle, for each page, server cached → nginx → server uncached (the
 * order reversed on even cycles), so both server figures of a cycle sit next to the same nginx round
 * and drift of the machine falls on all three alike. Ratios are the median over cycles of
 * server req/s ÷ the adjacent nginx req/s.
 */
export async function benchPages({ pages, bases, rounds, duration, connections, warmup, beforeCycle }) {
  const withNginx = Boolean(bases.nginx);
  const kinds = withNginx ? ['cached', 'nginx', 'uncached'] : ['cached', 'uncached'];
  const raw = Object.fromEntries(pages.map((p) => [p.name, { cached: [], nginx: [], uncached: [] }]));
  if (warmup > 0) {
    log(`warm-up: ${warmup} s per page`);
    for (const p of pages) {
      await cannon(target('cached', p, bases, 10, warmup));
      await cannon(target('uncached', p, bases, 10, warmup));
      await drain(bases.server);
    }
  }
  for (let cycle = 1; cycle <= rounds; cycle++) {
    await beforeCycle?.(cycle);
    for (const p of pages) {
      const order = cycle % 2 ? kinds : [...kinds].reverse();
      const line = [];
      for (const kind of order) {
        const r = await cannon(target(kind, p, bases, connections, duration));
        await drain(bases.server);
        raw[p.name][kind].push(r);
        const bad = faults(r);
        line.push(`${kind} ${r.rps.toFixed(0)}/s p99 ${r.p99}ms${bad ? ` [${bad}]` : ''}`);
      }
      log(`pages ${cycle}/${rounds} ${p.name.padEnd(13)} ${line.join(' | ')}`);
    }
  }
  return pages.map((p) => {
    const r = raw[p.name];
    const ratio = (kind) => (withNginx ? round(median(r[kind].map((x, i) => x.rps / r.nginx[i].rps)), 3) : NaN);
    const agg = (kind) =>
      r[kind].length
        ? {
            rps: round(median(r[kind].map((x) => x.rps)), 1),
            p50: median(r[kind].map((x) => x.p50)),
            p99: median(r[kind].map((x) => x.p99)),
            faults: r[kind].map(faults).filter(Boolean).join('; '),
          }
        : null;
    return {
      name: p.name,
      path: p.path,
      wire_bytes: p.wire_bytes,
      html_bytes: p.html_bytes,
      cached: agg('cached'),
      uncached: agg('uncached'),
      nginx: agg('nginx'),
      ratio_cached: ratio('cached'),
      ratio_uncached: ratio('uncached'),
      rounds: r,
    };
  });
}
