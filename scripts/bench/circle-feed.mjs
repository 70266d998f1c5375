#!/usr/bin/env node
// @ts-check
// npm run bench:circle [-- options]: 功夫圈 at 100 posts and at 100,000. The production
// server on a fresh seeded database; for each size, every target is requested one at a time (so a
// figure is the server's render time plus loopback, not queueing) and the p50/p95 are kept; the
// ratio 100,000 / 100 says whether the feed stays flat. Targets: the feed page on 推荐 and 最新 (server
// rendered, first page), the list API deep in the feed (a cursor 50,000 posts down), a member's
// homepage feed, and the circle search (a common key, and keys that match nothing). Then Lighthouse desktop on /firendscircle at 100,000.
//   --db=pglite|postgres   --pg-url=URL   --small=100 --large=100000   --requests=200   --port=4620
//   --no-lighthouse
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { appEnv, createPgDatabase, ensureBuild, prepareData } from './app.mjs';
import { startServer } from './app.mjs';
import { cleanup, freePort, getRaw, installExitHandlers, log, mdTable, parseArgs, runChild } from './util.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = parseArgs(process.argv.slice(2));
const small = Number(args.small ?? 100);
const large = Number(args.large ?? 100_000);
const requests = Number(args.requests ?? 200);
const useDb = args.db === 'postgres' ? 'postgres' : 'pglite';
installExitHandlers();

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function timed(fn) {
  const ms = [];
  for (let i = 0; i < 10; i++) await fn(); // warm-up
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return { p50: pct(ms, 50), p95: pct(ms, 95) };
}

async function measure(base, label) {
  const api = async (path, body) => {
    const res = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const env = await res.json();
    if (env.code !== 200) throw new Error(`${path}: ${env.msg}`);
    return env.data;
  };
  const page = async (path) => {
    const r = await getRaw(`${base}${path}`);
    if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status}`);
    return r;
  };
  const newest = (await api('/index/friendCircleList', { tab: 'new', limit: 1 })).list[0]?.id ?? 1;
  const deep = Math.max(2, Math.floor(newest / 2));
  const author = (await api('/index/friendCircleList', { tab: 'new', limit: 1 })).list[0]?.author.user_id ?? 100001;
  const targets = [
    ['GET /firendscircle (推荐)', () => page('/firendscircle')],
    ['GET /firendscircle?tab=new (最新)', () => page('/firendscircle?tab=new')],
    ['API 最新, cursor halfway down', () => api('/index/friendCircleList', { tab: 'new', cursor: deep, limit: 10 })],
    ['API a member’s posts (homepage)', () => api('/index/friendCircleList', { tab: 'new', user_id: author, limit: 10 })],
    ['API search “站桩” (common)', () => api('/index/friendCircleSearch', { q: '站桩', limit: 10 })],
    ['API search “螳螂拳法” (no match, 4 characters)', () => api('/index/friendCircleSearch', { q: '螳螂拳法', limit: 10 })],
    ['API search “鹰爪” (no match, 2 characters)', () => api('/index/friendCircleSearch', { q: '鹰爪', limit: 10 })],
  ];
  const out = {};
  for (const [name, fn] of targets) {
    out[name] = await timed(fn);
    log(`${label}: ${name} p50 ${out[name].p50.toFixed(1)} ms, p95 ${out[name].p95.toFixed(1)} ms`);
  }
  return out;
}

await ensureBuild(ROOT);
const dir = mkdtempSync(join(tmpdir(), 'wt-bench-circle-'));
const port = await freePort(Number(args.port ?? 4620), args.port !== undefined);
const databaseUrl =
  useDb === 'postgres' ? await createPgDatabase(String(args['pg-url'] ?? 'postgres://postgres@127.0.0.1:5432/test')) : undefined;
const env = appEnv({ port, dataDir: dir, databaseUrl });
await prepareData(ROOT, env, 0);

const results = {};
let lighthouse = null;
for (const size of [small, large]) {
  const b = await runChild(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/bench/bulk-circle.ts', `--total=${size}`], {
    cwd: ROOT,
    env,
  });
  if (b.code !== 0) throw new Error(`bulk-circle failed:\n${b.stdout}\n${b.stderr}`);
  log(b.stdout.trim());
  const server = await startServer(ROOT, env, join(dir, `server-${size}.log`));
  results[size] = await measure(server.base, `${size} posts`);
  if (size === large && !args['no-lighthouse']) {
    const lh = spawnSync(process.execPath, ['scripts/bench/lighthouse.mjs', server.base, '--json', '--runs=3', '--pages=/firendscircle'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 600_000,
    });
    try {
      lighthouse = JSON.parse(lh.stdout).pages[0];
    } catch {
      log(`lighthouse failed: ${lh.stderr.slice(-500)}`);
    }
  }
  await server.stop();
}

const names = Object.keys(results[small]);
const fmt = (x) => x.toFixed(1);
const table = mdTable(
  [
    'target',
    `${small} p50 ms`,
    `${small} p95 ms`,
    `${large.toLocaleString('en')} p50 ms`,
    `${large.toLocaleString('en')} p95 ms`,
    'p95 ratio',
  ],
  names.map((n) => [
    n,
    fmt(results[small][n].p50),
    fmt(results[small][n].p95),
    fmt(results[large][n].p50),
    fmt(results[large][n].p95),
    (results[large][n].p95 / Math.max(results[small][n].p95, 0.01)).toFixed(2),
  ]),
);
console.log(`\n${useDb}, ${requests} sequential requests per target\n\n${table}`);
if (lighthouse)
  console.log(
    `\nLighthouse desktop /firendscircle (${large} posts): ${JSON.stringify(lighthouse.scores)} ${JSON.stringify(lighthouse.metrics)}`,
  );
writeFileSync(join(dir, 'circle-feed.json'), JSON.stringify({ db: useDb, requests, results, lighthouse }, null, 2));
log(`raw figures: ${join(dir, 'circle-feed.json')}`);
await cleanup();
process.exit(0);
