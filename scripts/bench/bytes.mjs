#!/usr/bin/env node
// @ts-check
// JavaScript per page, as a browser would load it, from a running server (after `npm run build`):
//
//   node scripts/bench/bytes.mjs [base-url] [--json] [--files]   (base defaults to npm start's http://127.0.0.1:4321)
//
// For each representative page it reads the HTML and follows what the browser fetches: module
// scripts, modulepreload links and every island's component and renderer, then their static
// `import`s transitively (dynamic `import()` only runs on use, so it is not counted). Each file is
// counted once per page, raw, brotli-compressed (quality 11, as a precompressed asset would be) and as
// the server actually sends it (`wire`: body bytes with `Accept-Encoding: br, gzip`).
//
// Files are grouped by when the browser fetches them, by the island's client directive:
//   load    module scripts, modulepreload, client:load/only — the critical path
//   idle    client:idle and client:interact (idle, or earlier when the user reaches for the island)
//   visible client:visible and client:media (when scrolled to / when the media query matches)
//   demand  client:demand (a dialog opened, a toast shown, or the user's first press)
// A file reachable from several groups counts in the earliest. The page's JavaScript (js_raw,
// js_br, react_br, requests) is what it loads untouched: load + idle + visible; `demand` is what
// the first interaction adds. `react_br` is the React runtime (react, react-dom, the renderer,
// jsx-runtime); `critical_br` the load group.
//
// --files lists each page's files with their group and size. --json prints {base, pages: [{url,
// js_raw, js_br, js_wire, react_br, requests, critical_br, critical_react_br, on_demand_br,
// inline_raw, phases: {load|idle|visible|demand: {raw, br, requests}}}]}.
import http from 'node:http';
import https from 'node:https';
import { brotliCompressSync, constants } from 'node:zlib';

const args = process.argv.slice(2);
const json = args.includes('--json');
const verbose = args.includes('--files');
const base = (args.find((a) => !a.startsWith('--')) ?? 'http://127.0.0.1:4321').replace(/\/+$/, '');
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** Pages to measure; `{first:…}` is replaced by the first matching link found on `from`. */
const PAGES = [
  '/',
  '/train/course',
  '/train/courseList',
  { from: '/train/courseList', first: /\/train\/courseDetail\?id=\d+/ },
  '/train/classList',
  { from: '/train/classList', first: /\/train\/classDetail\?id=\d+/ },
  '/train/coachList',
  { from: '/train/coachList', first: /\/anchor\?type=coach&(?:amp;)?id=\d+/ },
  '/shop',
  '/shop/goodsList',
  { from: '/shop/goodsList', first: /\/shop\/goodsDetail\?id=\d+/ },
  { from: '/shop', first: /\/anchor\?type=mechant&(?:amp;)?id=\d+/, fallback: '/anchor?type=mechant&id=1' },
  '/article',
  { from: '/article', first: /\/article\/detail\?id=\d+/ },
  '/help',
  { from: '/help', first: /\/help\/detail\?id=\d+/ },
  // The mobile site (src/pages/m).
  '/m',
  '/m/list?type=course',
  { from: '/m/list?type=course', first: /\/m\/course\/detail\?id=\d+/ },
  '/m/shop',
  { from: '/m/shop', first: /\/m\/goods\/detail\?id=\d+/ },
  { from: '/m/list?type=coach', first: /\/m\/anchor\?type=coach&(?:amp;)?id=\d+/ },
  { from: '/m/list?type=article', first: /\/m\/article\/detail\?id=\d+/ },
  '/m/live',
  '/m/circle',
  { from: '/m/circle', first: /\/m\/circle\/post\?id=\d+/ },
  '/m/my',
];

const PHASES = ['load', 'idle', 'visible', 'demand'];
/** When an island's code is fetched, by its client directive (unknown ones count as on demand). */
const phaseOf = (directive) =>
  ({ load: 'load', only: 'load', idle: 'idle', interact: 'idle', visible: 'visible', media: 'visible' })[directive] ?? 'demand';

async function get(path) {
  const res = await fetch(new URL(path, base), { headers: { 'user-agent': UA }, redirect: 'follow' });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Body bytes as this server sends them to a browser (its own compression, if any). */
function wireSize(url) {
  return new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    get(url, { headers: { 'user-agent': UA, 'accept-encoding': 'br, gzip' } }, (res) => {
      let n = 0;
      res.on('data', (c) => (n += c.length));
      res.on('end', () => resolve(n));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function resolvePage(p) {
  if (typeof p === 'string') return p;
  const html = (await get(p.from)).toString();
  const hit = html.match(p.first)?.[0];
  if (!hit && !p.fallback) throw new Error(`no link matching ${p.first} on ${p.from}`);
  return hit ? hit.replace(/&amp;/g, '&') : p.fallback;
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]?.replace(/&amp;/g, '&');

/** The script files a page starts from, each with the phase in which the browser fetches it. */
function entries(html, pageUrl) {
  const out = [];
  let inlineRaw = 0;
  const add = (src, phase) => src && out.push({ url: new URL(src, pageUrl).href, phase });
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, tagAttrs, body] = m;
    const type = attr(` ${tagAttrs}`, 'type');
    if (type && type !== 'module' && type !== 'text/javascript') continue; // JSON data blocks
    const src = attr(` ${tagAttrs}`, 'src');
    if (src) add(src, 'load');
    else {
      inlineRaw += Buffer.byteLength(body);
      if (type === 'module') for (const spec of staticImports(body)) add(spec, 'load');
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/g)) if (attr(m[0], 'rel') === 'modulepreload') add(attr(m[0], 'href'), 'load');
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const phase = phaseOf(attr(m[0], 'client'));
    for (const a of ['component-url', 'renderer-url', 'before-hydration-url']) add(attr(m[0], a), phase);
    const renderer = attr(m[0], 'renderer-url');
    if (renderer) renderers.add(new URL(renderer, pageUrl).href);
  }
  return { list: out, inlineRaw };
}

/** Static imports of an ES module (bundled output puts them first; re-exports may come anywhere). */
function staticImports(code) {
  const specs = [];
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?(["'`])([^"'`\n]+)\1/g;
  for (const m of code.matchAll(re)) {
    // `import("x")` (dynamic) never matches: a quote must follow `import` directly or after `from`.
    specs.push(m[2]);
  }
  return specs;
}

const files = new Map(); // url -> {raw, br, wire, react, imports}
/** Island renderers (Astro's React client): counted as React runtime whatever they contain. */
const renderers = new Set();
async function file(url) {
  let f = files.get(url);
  if (f) return f;
  const body = await get(url);
  const code = body.toString();
  f = {
    raw: body.length,
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).length,
    wire: await wireSize(url),
    // react, react-dom (and the renderer bundling react-dom/client) carry the error-decoder URL;
    // the JSX runtime creates elements with this symbol.
    react: /react\.dev\/errors\/|Symbol\.for\(["'`]react\.transitional\.element["'`]\)/.test(code),
    imports: staticImports(code).map((s) => new URL(s, url).href),
  };
  files.set(url, f);
  return f;
}

async function measure(path) {
  const pageUrl = new URL(path, base).href;
  const html = (await get(path)).toString();
  const { list, inlineRaw } = entries(html, pageUrl);
  const phase = new Map(); // url -> earliest phase
  const rank = (p) => PHASES.indexOf(p);
  const queue = [...list];
  while (queue.length) {
    const { url, phase: p } = queue.shift();
    const seen = phase.get(url);
    if (seen && rank(seen) <= rank(p)) continue;
    phase.set(url, p);
    const f = await file(url);
    for (const i of f.imports) queue.push({ url: i, phase: p });
  }
  const phases = Object.fromEntries(PHASES.map((p) => [p, { raw: 0, br: 0, requests: 0 }]));
  const row = {
    url: path,
    js_raw: 0,
    js_br: 0,
    js_wire: 0,
    react_br: 0,
    requests: 0,
    critical_br: 0,
    critical_react_br: 0,
    on_demand_br: 0,
    inline_raw: inlineRaw,
  };
  for (const [url, p] of phase) {
    const f = files.get(url);
    phases[p].raw += f.raw;
    phases[p].br += f.br;
    phases[p].requests += 1;
    if (p === 'demand') {
      row.on_demand_br += f.br;
      continue;
    }
    row.js_raw += f.raw;
    row.js_br += f.br;
    row.js_wire += f.wire;
    row.requests += 1;
    if (f.react || renderers.has(url)) row.react_br += f.br;
    if (p === 'load') {
      row.critical_br += f.br;
      if (f.react || renderers.has(url)) row.critical_react_br += f.br;
    }
  }
  if (verbose && !json) {
    console.log(`\n${path}`);
    const list = [...phase].sort((a, b) => rank(a[1]) - rank(b[1]) || files.get(b[0]).br - files.get(a[0]).br);
    for (const [url, p] of list) {
      const f = files.get(url);
      console.log(`  ${p.padEnd(7)} ${String(f.br).padStart(7)} ${f.react || renderers.has(url) ? 'R' : ' '} ${new URL(url).pathname}`);
    }
  }
  return { ...row, phases };
}

const pages = [];
for (const p of PAGES) pages.push(await measure(await resolvePage(p)));

if (json) {
  process.stdout.write(`${JSON.stringify({ base, pages }, null, 2)}\n`);
} else {
  const kb = (n) => (n / 1024).toFixed(1);
  const head = ['page', 'requests', 'raw KB', 'br KB', 'wire KB', 'React br', 'critical br', 'idle br', 'visible br', 'on demand br'];
  const rows = pages.map((r) => [
    r.url,
    String(r.requests),
    kb(r.js_raw),
    kb(r.js_br),
    kb(r.js_wire),
    kb(r.react_br),
    kb(r.critical_br),
    kb(r.phases.idle.br),
    kb(r.phases.visible.br),
    kb(r.on_demand_br),
  ]);
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join('  ');
  console.log(
    `JavaScript per page at ${base} (KB; br = brotli q11; critical = fetched at load; on demand = added by the first interaction)`,
  );
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}
