// @ts-check
// The scale-out rig: two production instances of the built app on one fresh PostgreSQL
// database and Redis, behind nginx with the shipped site config (deploy/nginx/site.conf.template)
// and a self-signed certificate. Files live in an S3-compatible stand-in (STORAGE=s3, port
// CLUSTER_PORT+4): the instances share no disk, each has its own DATA_DIR. playwright.cluster.config.ts starts it; `node scripts/cluster-rig.mjs`
// runs it by hand (Ctrl-C stops everything and drops the database).
//   CLUSTER_PORT (five consecutive free ports unless set): nginx HTTPS; instances on CLUSTER_PORT+1
//   and +2, nginx HTTP on +3, the S3 stand-in on +4.
//   CLUSTER_PG_URL (postgres://postgres@127.0.0.1:5432/test), CLUSTER_REDIS_URL (redis://127.0.0.1:6379).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { renderSiteConfig } from './nginx-site-config.mjs';
import { startS3StandIn } from './s3-stand-in.mjs';
import { takePorts } from './free-ports.mjs';
import { NODE_FLAGS, SERVER_ENV } from './server-flags.mjs';

export const { CLUSTER_PORT } = takePorts(['CLUSTER_PORT'], { block: 5 });
export const CLUSTER_TOKEN = 'cluster-rig-metrics-token-0123456789';
const pgBase = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const say = (/** @type {string} */ msg) => process.stderr.write(`[cluster] ${msg}\n`);

if (!existsSync('dist/server/entry.mjs')) {
  say('no build: run `npm run build` first');
  process.exit(1);
}
const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
if (!nginxBin) {
  say('nginx is not installed (apt-get install -y nginx)');
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), 'gongfu-cluster-'));
const dbName = `gongfu_cluster_${process.pid}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: pgBase });
await admin.connect();
// Databases of earlier rigs whose process is gone (killed before it could drop them).
const alive = (/** @type {number} */ pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
for (const { datname } of (await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'gongfu_cluster_%'`)).rows) {
  const pid = Number(/^gongfu_cluster_(\d+)_/.exec(datname)?.[1]);
  if (pid && !alive(pid)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
}
await admin.query(`CREATE DATABASE "${dbName}"`);
await admin.end();
const dbUrl = new URL(pgBase);
dbUrl.pathname = `/${dbName}`;
const site = `https://127.0.0.1:${CLUSTER_PORT}`;
const stateFile = join(tmpdir(), `gongfu-cluster-${CLUSTER_PORT}.json`);

const s3 = await startS3StandIn({ directory: join(scratch, 's3'), bucket: 'gongfu-cluster', port: CLUSTER_PORT + 4 });
const baseEnv = {
  ...SERVER_ENV,
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  SITE_URL: site,
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL: redisUrl,
  IM_REDIS_PREFIX: `cluster-${process.pid}:`,
  TRUST_PROXY: 'true',
  DATA_DIR: join(scratch, 'data'),
  LOG_LEVEL: 'warn',
  PAY_SANDBOX: 'true',
  ALLOW_DEMO_ACCOUNTS: 'true',
  API_CHECK_OUTPUT: 'true',
  METRICS_TOKEN: CLUSTER_TOKEN,
  // Instances of one site must share the secret (sessions' signatures, upload vouchers, signed media URLs).
  APP_SECRET: 'cluster-rig-app-secret-0123456789abcdef',
  ...s3.env,
  // Short ticks so the spec sees the shared jobs run (once per tick across both instances).
  JOBS_TICK_S: '3',
  // One RTMP ingest per machine; live media is not what this rig proves.
  LIVE_MEDIA: 'off',
};
// Not execFileSync: the seed writes its images into the stand-in, which runs in this process.
const migrated = await new Promise((done) =>
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/migrate.ts'], { env: baseEnv, stdio: 'inherit' }).on('exit', done),
);
if (migrated !== 0) {
  say(`migrate failed (${migrated})`);
  await s3.stop();
  process.exit(1);
}

// Everything started so far; stop() takes it down and drops the database, whatever failed.
let stopping = false;
/** @type {import('node:child_process').ChildProcess | undefined} */
let nginx;
/** @typedef {{ n: number; port: number; child: import('node:child_process').ChildProcess; restarting: boolean }} Instance */
/** @type {Instance[] | undefined} */
let instances;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  nginx?.kill('SIGTERM');
  await Promise.all(
    (instances ?? []).map(
      (i) =>
        new Promise((done) => {
          if (i.child.exitCode !== null) return done(undefined);
          i.child.once('exit', done);
          i.child.kill('SIGTERM');
        }),
    ),
  );
  const c = new pg.Client({ connectionString: pgBase });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((err) => say(`could not drop ${dbName}: ${err.message}`));
  await c.end();
  await s3.stop().catch(() => {});
  rmSync(scratch, { recursive: true, force: true });
  rmSync(stateFile, { force: true });
  process.exit(code);
}
/**
 * Starts instance n; an exit the rig did not ask for takes the whole rig down.
 * @param {number} n
 * @returns {Instance}
 */
function launch(n) {
  const port = CLUSTER_PORT + n;
  const child = spawn(process.execPath, [...NODE_FLAGS, 'server.mjs'], {
    env: { ...baseEnv, PORT: String(port), INSTANCE_NAME: `app${n}`, DATA_DIR: join(scratch, `data${n}`) },
    stdio: 'inherit',
  });
  const inst = { n, port, child, restarting: false };
  child.on('exit', (code) => !stopping && !inst.restarting && (say(`app${n} exited with ${code}`), void stop(1)));
  return inst;
}
instances = [1, 2].map(launch);

// A self-signed certificate for 127.0.0.1 (the browser ignores its issuer; TLS itself is real).
const cert = join(scratch, 'cert.pem');
const key = join(scratch, 'key.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ],
  { stdio: 'ignore' },
);
const prefix = join(scratch, 'nginx');
mkdirSync(prefix, { recursive: true });
const conf = join(prefix, 'nginx.conf');
writeFileSync(
  conf,
  renderSiteConfig({
    upstreams: instances.map((i) => `127.0.0.1:${i.port}`),
    serverName: '127.0.0.1',
    cert,
    key,
    httpsPort: CLUSTER_PORT,
    httpPort: CLUSTER_PORT + 3,
    prefix,
  }),
);
try {
  execFileSync(nginxBin, ['-t', '-q', '-p', prefix, '-c', conf], { stdio: 'inherit' });
} catch {
  say('nginx refused the rendered site config');
  await stop(1);
}
nginx = spawn(nginxBin, ['-p', prefix, '-c', conf], { stdio: 'inherit' });
say(`nginx https://127.0.0.1:${CLUSTER_PORT} → ${instances.map((i) => `app${i.n} :${i.port}`).join(', ')}; database ${dbName}`);
// For the spec: which database to look into.
writeFileSync(
  stateFile,
  JSON.stringify({ databaseUrl: dbUrl.toString(), scratch, rigPid: process.pid, s3: { endpoint: s3.endpoint, bucket: 'gongfu-cluster' } }),
);

process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// SIGHUP: a rolling restart, one instance at a time, each ready again before the next (the soak
// script sends it under load: no request may be lost).
let rolling = false;
process.on('SIGHUP', async () => {
  if (rolling || stopping) return;
  rolling = true;
  for (const [k, inst] of instances.entries()) {
    inst.restarting = true;
    const started = Date.now();
    await new Promise((done) => {
      inst.child.once('exit', done);
      inst.child.kill('SIGTERM');
    });
    const next = launch(inst.n);
    instances[k] = next;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${next.port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    say(`app${inst.n} restarted in ${Date.now() - started} ms`);
    // nginx skips an instance for fail_timeout (3 s) after it refused connections: let it count this one
    // as live again before the next one stops.
    await new Promise((r) => setTimeout(r, 4000));
  }
  rolling = false;
});
nginx.on('exit', (code) => !stopping && (say(`nginx exited with ${code}`), void stop(1)));
