// @ts-check
/**
 * 秒杀 bench (docs/PERFORMANCE.md, "秒杀"): BUYERS distinct members hit one flash sale of STOCK units
 * at the same moment, through real HTTP against the production server (`node server.mjs` on a fresh
 * migrated and seeded database). Checks that exactly STOCK orders exist, the sale's counter equals them,
 * no member holds more than the limit and the SKU gave exactly STOCK units; reports the timings.
 *
 *   node scripts/bench/flash.mjs [--buyers=1000] [--stock=50] [--db=pglite|postgres] [--json]
 *
 * PostgreSQL: a throwaway database next to BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * Not part of CI: it measures, it does not gate. Exits 1 when the counts are wrong.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { appEnv, createPgDatabase, ensureBuild, prepareData, startServer } from './app.mjs';
import { cleanup, freePort, installExitHandlers, log, machineInfo, onCleanup, parseArgs, runChild } from './util.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = 'node_modules/tsx/dist/cli.mjs';
const args = parseArgs(process.argv.slice(2));
const BUYERS = Number(args['buyers'] ?? 1000);
const STOCK = Number(args['stock'] ?? 50);
const engine = args['db'] === 'postgres' ? 'postgres' : 'pglite';
const json = args['json'] === true;

/** The last line of a child's stdout as JSON (the setup script's answer). */
async function tsxJson(script, env) {
  const r = await runChild(process.execPath, [TSX, script], { cwd: ROOT, env });
  if (r.code !== 0) throw new Error(`${script} failed:\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-4000)}`);
  return JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}');
}

/** One POST with its own timing; resolves with the envelope's code and message. */
function buy(agent, base, buyer, flashId) {
  const body = JSON.stringify({ flash_id: flashId, num: 1, address_id: buyer.address_id });
  const started = performance.now();
  return new Promise((ok) => {
    const req = http.request(
      `${base}/api/flash/buy`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authsource: 'web',
          authtoken: buyer.token,
        },
      },
      (res) => {
        const parts = [];
        res.on('data', (d) => parts.push(d));
        res.on('end', () => {
          const ms = performance.now() - started;
          try {
            const env = JSON.parse(Buffer.concat(parts).toString());
            ok({ ms, status: res.statusCode ?? 0, code: env.code, msg: env.msg });
          } catch {
            ok({ ms, status: res.statusCode ?? 0, code: -1, msg: 'unparsable answer' });
          }
        });
      },
    );
    req.on('error', (e) => ok({ ms: performance.now() - started, status: 0, code: -1, msg: e.message }));
    req.end(body);
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  installExitHandlers();
  const port = await freePort(Number(args['port'] ?? 4660), args['port']);
  const dataDir = mkdtempSync(join(tmpdir(), 'gongfu-flash-bench-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl =
    engine === 'postgres'
      ? await createPgDatabase(process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test')
      : undefined;
  // A burst of BUYERS requests queues behind one another on a small box: the socket idle and request
  // timeouts (30 s, 60 s and 10 s for the headers in production) are raised so a late answer is measured, not cut off.
  const env = {
    ...appEnv({ port, dataDir, databaseUrl }),
    HTTP_IDLE_TIMEOUT_S: '600',
    HTTP_REQUEST_TIMEOUT_S: '600',
    HTTP_HEADERS_TIMEOUT_S: '600',
  };
  await ensureBuild(ROOT);
  await prepareData(ROOT, env, 0);
  const setup = await tsxJson('scripts/bench/flash-setup.ts', { ...env, BENCH_BUYERS: String(BUYERS), BENCH_STOCK: String(STOCK) });
  log(`flash sale ${setup.flash_id}: stock ${setup.stock}, ${setup.buyers.length} buyers`);
  // A loaded shared box has needed over a minute to start the server.
  const server = await startServer(ROOT, env, join(dataDir, 'server.log'), 300_000);

  // Warm the route (first compile of the handlers and the pool), then everyone at once.
  await fetch(`${server.base}/api/public/flash/detail`, { method: 'POST', body: JSON.stringify({ id: setup.flash_id }) });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const started = performance.now();
  const answers = await Promise.all(setup.buyers.map((b) => buy(agent, server.base, b, setup.flash_id)));
  const wallMs = performance.now() - started;
  server.assertAlive('during the burst');
  const detail = await (
    await fetch(`${server.base}/api/public/flash/detail`, { method: 'POST', body: JSON.stringify({ id: setup.flash_id }) })
  ).json();
  await server.stop();
  const db = await tsxJson('scripts/bench/flash-setup.ts', { ...env, BENCH_VERIFY: String(setup.flash_id) });

  const ok = answers.filter((a) => a.code === 200);
  const refusals = {};
  for (const a of answers.filter((x) => x.code !== 200)) refusals[`${a.code} ${a.msg}`] = (refusals[`${a.code} ${a.msg}`] ?? 0) + 1;
  const all = answers.map((a) => a.ms).sort((x, y) => x - y);
  const okMs = ok.map((a) => a.ms).sort((x, y) => x - y);
  const r = (x) => Math.round(x);
  const result = {
    engine,
    buyers: BUYERS,
    stock: STOCK,
    orders_created: ok.length,
    refusals,
    db,
    left_after: detail?.data?.left ?? null,
    wall_ms: r(wallMs),
    latency_ms: { p50: r(pct(all, 50)), p95: r(pct(all, 95)), p99: r(pct(all, 99)), max: r(all.at(-1) ?? 0) },
    success_latency_ms: { p50: r(pct(okMs, 50)), max: r(okMs.at(-1) ?? 0) },
    answers_per_s: r((BUYERS * 1000) / wallMs),
    machine: machineInfo(),
  };
  const exact =
    ok.length === STOCK &&
    db.orders === STOCK &&
    db.units === STOCK &&
    db.sold === STOCK &&
    db.max_per_member <= 1 &&
    result.left_after === 0;
  if (!exact) {
    // What the server said, before cleanup removes its data directory.
    const logText = readFileSync(join(dataDir, 'server.log'), 'utf8');
    process.stderr.write(`--- server log (last 3000 characters) ---\n${logText.slice(-3000)}\n`);
  }
  if (json) process.stdout.write(`${JSON.stringify({ ...result, exact })}\n`);
  else {
    console.log(`\n秒杀 bench (${engine}): ${BUYERS} buyers, stock ${STOCK}`);
    console.log(
      `  orders created ${ok.length}; in the database ${db.orders} orders / ${db.units} units; sale sold ${db.sold}/${db.stock}; left ${result.left_after}`,
    );
    console.log(`  most units one member holds: ${db.max_per_member}; SKU stock after: ${db.sku_stock}`);
    console.log(`  refusals: ${JSON.stringify(refusals)}`);
    console.log(
      `  all ${BUYERS} answered in ${result.wall_ms} ms (${result.answers_per_s}/s); latency p50 ${result.latency_ms.p50} p95 ${result.latency_ms.p95} p99 ${result.latency_ms.p99} max ${result.latency_ms.max} ms`,
    );
    console.log(`  ${exact ? 'EXACT: no oversell, no member above the limit' : 'WRONG COUNTS'}`);
  }
  return exact;
}

main()
  .then(async (exact) => {
    await cleanup();
    process.exit(exact ? 0 : 1);
  })
  .catch(async (e) => {
    console.error(e);
    await cleanup();
    process.exit(1);
  });
