#!/usr/bin/env node
// @ts-check
// npm run bench [-- options]: the production server against nginx serving its saved HTML, the
// logged-in API, a static asset during slow searches, memory over load rounds, growth and JS bytes.
// Prints a summary with pass/fail per speed goal and writes docs/PERFORMANCE.md (the method
// is in report.mjs). Options:
//   --quick                 short rounds (under 3 minutes); implies --no-write unless --write
//   --only=a,b              phases: pages, api, static, memory, growth, bytes, lighthouse (default: all)
//   --lh-runs=3             Lighthouse (mobile) runs per page; the median performance run is kept
//   --no-write              do not touch docs/
//   --save-baseline         also store this run as docs/perf/baseline.json (the "Before" section)
//   --rows=100000           bulk goods added to the bench database (0: none)
//   --db=pglite|postgres    the server's database (postgres: a throwaway database next to --pg-url)
//   --pg-url=URL            default postgres://postgres@127.0.0.1:5432/test
//   --port=4600 --nginx-port=4601   (without them, the next free ports above these when taken)
//   --nginx=PATH | --no-nginx, --nginx-mode=static|gzip
//   --connections=50 --duration=S --rounds=N   (page rounds)
//   --rebuild               build even when dist/ looks current
//   --keep                  keep the temp dir (/tmp/wt-bench-*)
//   --wait-idle[=30]        wait until the machine is less than 30 % busy: up to 15 min at the start,
//                           up to 2 min before each phase and page cycle
//   --render-only           rewrite docs/PERFORMANCE.md from docs/perf/*.json without measuring
//   --merge                 with --only: keep the other phases' figures of docs/perf/latest.json (the report
//                           names the run each phase comes from)
//   --growth-db=a,b         engines for growth.ts (default pglite,postgres; --quick: pglite)
//   --growth-rows=N         rows of every searchable kind in growth.ts's large database (default 10,000;
//                           --quick: 5,000); 100,000 of each is the search goal's size, but building and
//                           indexing it takes over an hour per engine (docs/KNOWN-GAPS.md, Speed and scale)
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { loadavg as osLoadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { appEnv, createPgDatabase, ensureBuild, prepareData, startServer } from './app.mjs';
import { benchApi, fillCart, login } from './api.mjs';
import { runBytes, runGrowth, runLighthouse } from './external.mjs';
import { stopAllLoad } from './load.mjs';
import { benchMemory } from './memory.mjs';
import { findNginx, startNginx } from './nginx.mjs';
import { benchPages, discoverPages, pickAsset, savePages } from './pages.mjs';
import { consoleSummary, evaluate, markdown } from './report.mjs';
import { benchStaticUnderSearch } from './static-search.mjs';
import {
  cleanup,
  foreignCpu,
  gitInfo,
  installExitHandlers,
  log,
  machineBusy,
  machineInfo,
  onCleanup,
  parseArgs,
  freePort,
  rssMb,
  sleep,
} from './util.mjs';

/** The 1-minute load average: other work on the machine shows up here. */
const loadavg = () => Math.round(osLoadavg()[0] * 100) / 100;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PHASES = ['pages', 'api', 'static', 'memory', 'growth', 'bytes', 'lighthouse'];

const args = parseArgs(process.argv.slice(2));
if (args.help || args.h) {
  const lines = readFileSync(fileURLToPath(import.meta.url), 'utf8')
    .split('\n')
    .slice(1);
  const head = lines.slice(
    0,
    lines.findIndex((l) => !l.startsWith('//')),
  );
  console.log(head.map((l) => l.slice(3)).join('\n'));
  process.exit(0);
}
const quick = Boolean(args.quick);
const only = args.only ? String(args.only).split(',') : PHASES;
for (const p of only) if (!PHASES.includes(p)) throw new Error(`--only: unknown phase "${p}" (known: ${PHASES.join(', ')})`);
const want = (p) => only.includes(p);
const write = args.write === undefined ? !quick : Boolean(args.write);
const intArg = (v, d) => (v === undefined || v === true ? d : Number(v));

const config = {
  db: args.db === 'postgres' ? 'postgres' : 'pglite',
  pgUrl: String(args['pg-url'] ?? 'postgres://postgres@127.0.0.1:5432/test'),
  rows: intArg(args.rows, 100_000),
  port: intArg(args.port, 4600),
  nginxPort: intArg(args['nginx-port'], 4601),
  nginxMode: args['nginx-mode'] === 'gzip' ? 'gzip' : 'static',
  connections: intArg(args.connections, 50),
  pageRounds: intArg(args.rounds, quick ? 1 : 3),
  pageDuration: Number(args.duration ?? (quick ? 2 : 3)),
  warmup: quick ? 0.5 : 1,
  apiRounds: quick ? 1 : 3,
  apiDuration: quick ? 3 : 5,
  staticDuration: quick ? 3 : 5,
  memDuration: quick ? 6 : 15,
  memBurst: quick ? 500 : 2000,
  settle: quick ? 2 : 5,
  growthEngines: args['growth-db'] ? String(args['growth-db']).split(',') : quick ? ['pglite'] : ['pglite', 'postgres'],
  growthRows: intArg(args['growth-rows'], quick ? 5000 : 10_000),
  growthTimeout: quick ? 1200 : 7200,
};

const started = Date.now();
const res = {
  date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  mode: quick ? 'quick' : 'full',
  git: gitInfo(ROOT),
  machine: machineInfo(findNginx(args.nginx)),
  config,
  loadavg: { start: loadavg() },
  notes: /** @type {string[]} */ ([]),
};

installExitHandlers();

const cpu = foreignCpu();

/**
 * --wait-idle: waits until all cores together are less than `pct` % busy (other work would skew every
 * figure), at most `maxS` seconds. Called at the start (15 min) and before each page cycle and later
 * phase (2 min), when our own server is idle, so what it sees is other processes.
 */
const idlePct = args['wait-idle'] ? (args['wait-idle'] === true ? 30 : Number(args['wait-idle'])) : null;
async function gate(label, maxS = 120) {
  if (idlePct === null) return;
  const until = Date.now() + maxS * 1000;
  const was = cpu.phase('waiting');
  try {
    for (let first = true; ; first = false) {
      const busy = await machineBusy(2000);
      if (busy < idlePct) {
        if (!first) log(`machine ${busy} % busy: ${label}`);
        return;
      }
      if (Date.now() > until) {
        log(`machine still ${busy} % busy after ${maxS} s: ${label} anyway`);
        res.notes.push(`${label} started while the machine was ${busy} % busy (--wait-idle gave up after ${maxS} s).`);
        return;
      }
      log(`machine ${busy} % busy, waiting for < ${idlePct} % before ${label}`);
      await sleep(5000);
    }
  } finally {
    cpu.phase(was);
  }
}

async function main() {
  await gate('the start', 15 * 60);
  const needServer = ['pages', 'api', 'static', 'memory', 'bytes', 'lighthouse'].some(want);
  const tmp = mkdtempSync(join(tmpdir(), 'wt-bench-'));
  // nginx workers run as an unprivileged user: they must be able to reach site/.
  chmodSync(tmp, 0o711);
  if (!args.keep) onCleanup(() => rmSync(tmp, { recursive: true, force: true }));
  log(`temp dir ${tmp}${args.keep ? ' (kept)' : ''}`);

  if (needServer) {
    config.port = await freePort(config.port, args.port !== undefined);
    if (want('pages')) config.nginxPort = await freePort(config.nginxPort, args['nginx-port'] !== undefined, [config.port]);
    res.build = await ensureBuild(ROOT, Boolean(args.rebuild));
    const databaseUrl = config.db === 'postgres' ? await createPgDatabase(config.pgUrl) : undefined;
    const env = appEnv({ port: config.port, dataDir: join(tmp, 'data'), databaseUrl });
    const data = await prepareData(ROOT, env, config.rows);
    const server = await startServer(ROOT, env, join(tmp, 'server.log'));
    res.server = { pid: server.pid, start_s: server.start_s, ...data, rss_start_mb: rssMb(server.pid).tree };
    log(`RSS right after start: ${res.server.rss_start_mb} MB`);

    const alive = (when) => server.assertAlive(when);
    const pages = await discoverPages(server.base);
    const asset = await pickAsset(server.base, join(ROOT, 'dist/client'));

    if (want('bytes')) res.bytes = await runBytes({ root: ROOT, base: server.base, timeoutS: 120 });
    if (want('lighthouse')) {
      await gate('Lighthouse');
      res.lighthouse = await runLighthouse({ root: ROOT, base: server.base, runs: Number(args['lh-runs'] ?? 3), timeoutS: 900 });
    }

    if (want('pages')) {
      cpu.phase('pages');
      const site = join(tmp, 'site');
      mkdirSync(site, { recursive: true });
      chmodSync(site, 0o755);
      const { contentType } = await savePages(server.base, pages, site);
      const bin = args.nginx === false ? null : findNginx(args.nginx);
      let nginx = null;
      if (bin)
        nginx = await startNginx({ bin, dir: join(tmp, 'nginx'), port: config.nginxPort, contentType, mode: config.nginxMode, site });
      else res.notes.push('nginx is not installed (or --no-nginx): pages were measured without the reference, so no ratios.');
      const results = await benchPages({
        pages,
        bases: { server: server.base, nginx: nginx?.base },
        rounds: config.pageRounds,
        duration: config.pageDuration,
        connections: config.connections,
        warmup: config.warmup,
        beforeCycle: (n) => gate(`page cycle ${n}`),
      });
      await nginx?.stop();
      res.pages = { nginx: Boolean(nginx), nginx_mode: nginx ? config.nginxMode : null, content_type: contentType, results };
      res.server.rss_after_pages_mb = rssMb(server.pid).tree;
      alive('during the pages');
    }

    let token;
    if (want('api') || want('memory')) {
      token = await login(server.base);
      res.server.cart_lines = await fillCart(server.base, token, 3);
    }
    if (want('api')) {
      await gate('the API rounds');
      cpu.phase('api');
      const results = await benchApi({
        base: server.base,
        token,
        rounds: config.apiRounds,
        duration: config.apiDuration,
        connections: config.connections,
      });
      res.api = { results };
      alive('during the API rounds');
    }
    if (want('static')) {
      await gate('the static case');
      cpu.phase('static');
      if (config.rows < 10_000) res.notes.push(`only ${config.rows} bulk goods: the searches of the static case are not slow.`);
      res.static = await benchStaticUnderSearch({ base: server.base, asset, duration: config.staticDuration });
      alive('during the static case');
    }
    if (want('memory')) {
      await gate('the memory rounds');
      cpu.phase('memory');
      res.memory = await benchMemory({
        base: server.base,
        pid: server.pid,
        pages,
        token,
        duration: config.memDuration,
        connections: config.connections,
        settle: config.settle,
        burst: config.memBurst,
      });
      alive('during the memory rounds');
    }
    cpu.phase('teardown');
    await server.stop();
    log('server stopped');
  }

  cpu.phase('growth');
  if (want('growth'))
    res.growth = await runGrowth({
      root: ROOT,
      engines: config.growthEngines,
      pgUrl: config.pgUrl,
      rows: config.growthRows,
      timeoutS: config.growthTimeout,
    });
}

async function format(text, file) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

async function writeDocs() {
  const perf = join(ROOT, 'docs/perf');
  mkdirSync(perf, { recursive: true });
  const json = (file, data) => format(JSON.stringify(data, null, 2), file).then((t) => writeFileSync(file, t));
  const latestFile = join(perf, 'latest.json');
  if (args.merge && existsSync(latestFile)) {
    const prior = JSON.parse(readFileSync(latestFile, 'utf8'));
    const from = `${prior.date}, ${prior.git?.commit ?? '?'}`;
    const keys = {
      pages: ['pages'],
      api: ['api'],
      static: ['static'],
      memory: ['memory'],
      growth: ['growth'],
      bytes: ['bytes'],
      lighthouse: ['lighthouse'],
    };
    for (const [phase, fields] of Object.entries(keys)) {
      if (want(phase)) continue;
      for (const f of fields) if (prior[f] !== undefined) res[f] = prior[f];
      if (!fields.some((f) => prior[f] !== undefined)) continue;
      // A phase kept through several merged runs still names the run that measured it.
      const source = prior.sources?.[phase] ?? from;
      res.sources = { ...res.sources, [phase]: source };
      res.notes.push(`${phase}: from the run of ${source} (this run measured ${PHASES.filter(want).join(', ')})`);
    }
    if (!want('pages') && prior.server) res.server = { ...prior.server, ...res.server };
    res.goals = evaluate(res);
  }
  await json(latestFile, res);
  if (args['save-baseline']) await json(join(perf, 'baseline.json'), res);
  const baselineFile = join(perf, 'baseline.json');
  const before = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, 'utf8')) : null;
  // Judged again with the current goals, so both columns always mean the same thing.
  if (before) before.goals = evaluate(before);
  const doc = join(ROOT, 'docs/PERFORMANCE.md');
  writeFileSync(doc, await format(markdown(res, before), doc));
  return doc;
}

if (args['render-only']) {
  // Rewrites docs/PERFORMANCE.md from the stored figures (after a change to the method text or tables).
  const latest = JSON.parse(readFileSync(join(ROOT, 'docs/perf/latest.json'), 'utf8'));
  Object.assign(res, latest, { goals: evaluate(latest) });
  const baselineFile = join(ROOT, 'docs/perf/baseline.json');
  const before = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, 'utf8')) : null;
  if (before) before.goals = evaluate(before);
  const doc = join(ROOT, 'docs/PERFORMANCE.md');
  writeFileSync(doc, await format(markdown(res, before), doc));
  console.log(`rewrote ${doc} from docs/perf/latest.json`);
  process.exit(0);
}

let failed = false;
try {
  await main();
} catch (e) {
  failed = true;
  console.error(`[bench] failed: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
} finally {
  stopAllLoad();
  await cleanup();
}
res.seconds = Math.round((Date.now() - started) / 1000);
res.loadavg.end = loadavg();
res.foreign_cpu_pct = cpu.summary();
const disturbed = Object.entries(res.foreign_cpu_pct).filter(([k, v]) => !['setup', 'teardown', 'waiting'].includes(k) && v >= 10);
if (disturbed.length)
  res.notes.push(
    `other processes kept the machine busy during this run (${disturbed.map(([k, v]) => `${k} ${v} %`).join(', ')} of all cores): absolute figures are low, ratios less affected.`,
  );
if (!failed) {
  res.goals = evaluate(res);
  console.log(consoleSummary(res));
  console.log(`\n${res.mode} run: ${res.seconds} s`);
  if (write) console.log(`wrote ${await writeDocs()}`);
  else console.log('docs not written (--no-write, or --quick without --write)');
}
process.exit(failed ? 1 : 0);
