// @ts-check
// The system under test: a current build, a fresh seeded database (PGlite in a temp dir, or a
// throwaway PostgreSQL database), the bulk goods, and `node server.mjs` in production mode.
import { closeSync, existsSync, mkdirSync, openSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { NODE_FLAGS, SERVER_ENV } from '../server-flags.mjs';
import { log, newestMtime, onCleanup, runChild, spawnTracked, stopChild, waitForHttp } from './util.mjs';

const TSX = 'node_modules/tsx/dist/cli.mjs';
/** What the build is made from: a newer file here means dist/ is stale. */
const BUILD_INPUTS = ['src', 'public', 'astro.config.mjs', 'uno.config.ts', 'tsconfig.json', 'package-lock.json'];

/** Builds when dist/ is missing or older than its sources (an `astro build` takes seconds here). */
export async function ensureBuild(root, force = false) {
  const entry = join(root, 'dist/server/entry.mjs');
  const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  const newest = Math.max(...BUILD_INPUTS.map((p) => newestMtime(join(root, p))));
  if (!force && built && built >= newest) {
    log('build is current');
    return { built: false };
  }
  log(built ? 'build is stale: npm run build' : 'no build: npm run build');
  const started = Date.now();
  const r = await runChild('npm', ['run', 'build'], { cwd: root });
  if (r.code !== 0) {
    process.stderr.write(`${r.stdout.slice(-4000)}\n${r.stderr.slice(-4000)}\n`);
    throw new Error(`npm run build failed (exit ${r.code})`);
  }
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { built: true, seconds: (Date.now() - started) / 1000 };
}

/** The production server's environment on a scratch data directory (scripts/server-flags.mjs). */
export { rigEnv as appEnv } from '../server-flags.mjs';

/** A throwaway PostgreSQL database next to `baseUrl` (dropped at the end). */
export async function createPgDatabase(baseUrl) {
  const name = `gongfu_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await c.end();
    }
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `npm run migrate` (migrations + demo seed), then the bulk goods. */
export async function prepareData(root, env, rows) {
  let started = Date.now();
  const m = await runChild(process.execPath, [TSX, 'scripts/migrate.ts'], { cwd: root, env });
  if (m.code !== 0) throw new Error(`migrate failed:\n${m.stdout}\n${m.stderr}`);
  const migrateS = (Date.now() - started) / 1000;
  log(`migrated and seeded in ${migrateS.toFixed(1)} s`);
  let bulkS = 0;
  if (rows > 0) {
    started = Date.now();
    const b = await runChild(process.execPath, [TSX, 'scripts/bench/bulk-goods.ts', `--rows=${rows}`], { cwd: root, env });
    if (b.code !== 0) throw new Error(`bulk goods failed:\n${b.stdout}\n${b.stderr}`);
    bulkS = (Date.now() - started) / 1000;
    log(b.stdout.trim());
  }
  return { migrate_s: migrateS, bulk_s: bulkS };
}

/**
 * Starts the project's `server.mjs` as `npm start` does (scripts/server-flags.mjs), through a one-line
 * launcher in the temp dir, so the process list shows `wt-bench-app.mjs` (something that stops every
 * `server.mjs` by name on a shared machine does not take the bench's server down). Its output goes
 * straight to `logFile`. Resolves once it answers.
 */
export async function startServer(root, env, logFile, waitMs = 60_000) {
  const dir = dirname(logFile);
  mkdirSync(dir, { recursive: true });
  const launcher = join(dir, 'wt-bench-app.mjs');
  writeFileSync(
    launcher,
    `// npm run bench: the project's server.mjs\nawait import(${JSON.stringify(pathToFileURL(join(root, 'server.mjs')).href)});\n`,
  );
  const fd = openSync(logFile, 'a');
  const started = Date.now();
  const child = spawnTracked(process.execPath, [...NODE_FLAGS, launcher], {
    cwd: root,
    env: { ...SERVER_ENV, ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  let exited = null;
  child.on('exit', (code, signal) => (exited = signal ?? `exit ${code}`));
  const base = `http://127.0.0.1:${env.PORT}`;
  try {
    await waitForHttp(`${base}/favicon.svg`, waitMs, child);
  } catch (e) {
    await stopChild(child);
    throw new Error(`${e instanceof Error ? e.message : e} (server log: ${logFile})`);
  }
  const startS = (Date.now() - started) / 1000;
  log(`server pid ${child.pid} listening on ${base} after ${startS.toFixed(1)} s`);
  let stopping = false;
  return {
    base,
    pid: child.pid,
    child,
    start_s: startS,
    /** Throws when the server died under the bench (its figures would be meaningless). */
    assertAlive(when) {
      if (exited && !stopping) throw new Error(`the server ended (${exited}) ${when}; see ${logFile}`);
    },
    stop: () => {
      stopping = true;
      return stopChild(child, 'SIGTERM', 15_000);
    },
  };
}
