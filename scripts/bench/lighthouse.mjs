#!/usr/bin/env node
// @ts-check
// Lighthouse 13 (desktop preset, or --mobile: its default phone emulation) on representative pages of a running server (after `npm run build`):
//
//   node scripts/bench/lighthouse.mjs [base-url] [--json] [--runs=3] [--pages=/,/train/courseList]
//
// base defaults to npm start's http://127.0.0.1:4321. Runs `npx -y lighthouse@13` (downloaded on first use) with
// CHROME_PATH (default /usr/bin/chromium when it exists). Prints, per page, the four category scores,
// the metrics, the JavaScript transferred and every weighted audit that did not pass, with the
// elements it names — so a score below 100 says exactly why. Timings on a busy machine vary: --runs=N
// runs each page N times and keeps the run with the median performance score. --json prints
// {base, pages: [{url, scores, metrics, js_transfer, js_requests, failing: [{category, id, title, score, items}]}]}.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const json = args.includes('--json');
const base = (args.find((a) => !a.startsWith('--')) ?? 'http://127.0.0.1:4321').replace(/\/+$/, '');
const only = args.find((a) => a.startsWith('--pages='))?.slice('--pages='.length);
// --mobile: Lighthouse's default phone emulation and throttling (the mobile site's quality bar).
const mobile = args.includes('--mobile');
const runs = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 1) || 1);

/** Home, a list and a detail of each main kind; `{first:…}` is the first such link on `from`. */
const PAGES = only
  ? only.split(',')
  : [
      '/',
      '/train/courseList',
      { from: '/train/courseList', first: /\/train\/courseDetail\?id=\d+/ },
      { from: '/shop/goodsList', first: /\/shop\/goodsDetail\?id=\d+/ },
    ];

async function resolvePage(p) {
  if (typeof p === 'string') return p;
  const html = await (await fetch(new URL(p.from, base))).text();
  const hit = html.match(p.first)?.[0];
  if (!hit) throw new Error(`no link matching ${p.first} on ${p.from}`);
  return hit.replace(/&amp;/g, '&');
}

const env = { ...process.env };
if (!env.CHROME_PATH && existsSync('/usr/bin/chromium')) env.CHROME_PATH = '/usr/bin/chromium';
const dir = mkdtempSync(join(tmpdir(), 'gongfu-lh-'));

function lighthouse(url) {
  const out = join(dir, 'report.json');
  const run = spawnSync(
    'npx',
    [
      '-y',
      'lighthouse@13',
      url,
      ...(mobile ? [] : ['--preset=desktop']),
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
    ],
    { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}: ${run.stderr.slice(-2000)}`);
  return JSON.parse(readFileSync(out, 'utf8'));
}

function summarise(path, lhr) {
  const a = lhr.audits;
  const requests = a['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const failing = [];
  for (const [category, c] of Object.entries(lhr.categories)) {
    for (const ref of c.auditRefs) {
      const audit = a[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        const items = (audit.details?.items ?? [])
          .slice(0, 5)
          .map((i) => i.node?.nodeLabel ?? i.url ?? i.label ?? '')
          .filter(Boolean);
        failing.push({ category, id: ref.id, title: audit.title, score: audit.score, display: audit.displayValue ?? '', items });
      }
    }
  }
  return {
    url: path,
    scores: Object.fromEntries(Object.entries(lhr.categories).map(([k, c]) => [k, Math.round(c.score * 100)])),
    metrics: {
      fcp_ms: Math.round(a['first-contentful-paint'].numericValue),
      lcp_ms: Math.round(a['largest-contentful-paint'].numericValue),
      tbt_ms: Math.round(a['total-blocking-time'].numericValue),
      cls: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
      si_ms: Math.round(a['speed-index'].numericValue),
    },
    js_transfer: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    js_requests: scripts.length,
    failing,
  };
}

const pages = [];
try {
  for (const p of PAGES) {
    const path = await resolvePage(p);
    const all = Array.from({ length: runs }, () => summarise(path, lighthouse(base + path)));
    all.sort((x, y) => x.scores.performance - y.scores.performance);
    pages.push({ ...all[Math.floor((all.length - 1) / 2)], runs: all.map((r) => r.scores.performance) });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (json) {
  process.stdout.write(`${JSON.stringify({ base, pages }, null, 2)}\n`);
} else {
  console.log(`Lighthouse 13 ${mobile ? 'mobile' : 'desktop'} at ${base}`);
  for (const r of pages) {
    const s = r.scores;
    const m = r.metrics;
    console.log(
      `${r.url}${runs > 1 ? ` (perf of ${runs} runs: ${r.runs.join(', ')})` : ''}\n  perf ${s.performance}  a11y ${s.accessibility}  bp ${s['best-practices']}  seo ${s.seo}` +
        `  | FCP ${m.fcp_ms} ms  LCP ${m.lcp_ms} ms  TBT ${m.tbt_ms} ms  CLS ${m.cls}  SI ${m.si_ms} ms` +
        `  | JS ${(r.js_transfer / 1024).toFixed(1)} KB in ${r.js_requests} requests`,
    );
    for (const f of r.failing) {
      console.log(`  ✗ ${f.category}/${f.id} (${f.score}) ${f.title}${f.display ? ` — ${f.display}` : ''}`);
      for (const i of f.items) console.log(`      ${i.slice(0, 100)}`);
    }
  }
}
