// @ts-check
// Production entry: the built Astro app (src/fetch.ts inside) on a plain Node HTTP server, so later
// features can attach a WebSocket upgrade handler on the same port. Run `npm run migrate` first.
// Plain JavaScript run by `node` as is; typed with JSDoc and checked by `npm run check` (tsconfig.scripts.json).
import http from 'node:http';
import { chmodSync, existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';

/**
 * The bundle's hooks on globalThis (the bundle's modules cannot be imported by name): startup.ts,
 * edge/index.ts, ops/index.ts, im/socket.ts, providers/live/local.ts, db/index.ts, jobs.ts.
 * @typedef {object} Hooks
 * @property {() => Promise<{ port: number; host: string; line: string }>} startup
 * @property {import('./src/server/edge/index').Edge} edge
 * @property {import('./src/server/ops/index').Ops} ops
 * @property {{ attach(server: http.Server): { close(): Promise<void> } }} im
 * @property {{
 *   handleFlv(req: http.IncomingMessage, res: http.ServerResponse): boolean;
 *   handleUpgrade(req: http.IncomingMessage, socket: import('node:stream').Duplex, head: Buffer): boolean;
 *   close(): Promise<void>;
 * }} liveIngest
 * @property {() => Promise<void>} flushViews
 * @property {{ close(): Promise<void> }} database
 */
/** @type {{ [K in keyof Hooks]: string }} */
const HOOK_KEYS = {
  startup: 'gongfu.startup',
  edge: 'gongfu.edge',
  ops: 'gongfu.ops',
  im: 'gongfu.im',
  liveIngest: 'gongfu.live.ingest',
  flushViews: 'gongfu.flushViews',
  database: 'gongfu.database',
};
/**
 * A hook, or undefined when the bundle did not set it (a database not opened, no live ingest).
 * @template {keyof Hooks} K
 * @param {K} name
 * @returns {Hooks[K] | undefined}
 */
const hook = (name) => Reflect.get(globalThis, Symbol.for(HOOK_KEYS[name]));
/**
 * A hook the bundle always sets.
 * @template {keyof Hooks} K
 * @param {K} name
 * @returns {Hooks[K]}
 */
const must = (name) => {
  const h = hook(name);
  if (!h) throw new Error(`the server bundle did not set ${HOOK_KEYS[name]}`);
  return h;
};

/** @typedef {http.ServerResponse & { gongfuKind?: 'static' | 'app' }} Res */

/**
 * @param {'info' | 'warn' | 'error'} level
 * @param {string} msg
 * @param {Record<string, unknown>} [fields]
 */
const log = (level, msg, fields = {}) =>
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(
    `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`,
  );
/** @param {string} name @param {number} fallback seconds */
const seconds = (name, fallback) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v * 1000 : fallback * 1000;
};

// Without DATABASE_URL the embedded database runs in a worker thread (scripts/pglite-worker.mjs):
// a slow query then never blocks this thread's static files, kept pages or other requests.
/** @type {Worker | undefined} */
let pgliteWorker;
// The embedded database's control socket (DATA_DIR/control.sock, PGlite only): `npm run backup`
// asks the running server for a consistent copy through it, and a second server on the same data
// directory finds it taken and refuses to start (PGlite allows one process per directory).
const controlPath = resolve(process.env.DATA_DIR ?? './data', 'control.sock');
if (!process.env.DATABASE_URL) {
  if (await controlAlive(controlPath)) {
    log(
      'error',
      `another server is running on ${resolve(process.env.DATA_DIR ?? './data')} (PGlite allows one process per data directory)`,
    );
    process.exit(1);
  }
  const worker = new Worker(new URL('./scripts/pglite-worker.mjs', import.meta.url), {
    // A small young generation: V8 sizes it from the machine's memory, which keeps a large,
    // mostly empty heap resident in a thread that only relays bytes.
    resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 },
    workerData: {
      dataDir: resolve(process.env.DATA_DIR ?? './data', 'pglite'),
      sharedBuffersMb: Number(process.env.PGLITE_SHARED_BUFFERS_MB) || 8,
    },
  });
  pgliteWorker = worker;
  const ready = await /** @type {Promise<{ url: string }>} */ (
    new Promise((ok, fail) => {
      worker.once('message', ok);
      worker.once('error', fail);
      worker.once('exit', (code) => fail(new Error(`PGlite worker exited with code ${code}`)));
    })
  ).catch((err) => {
    log('error', `cannot open the embedded database: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
  process.env['PGLITE_WORKER_URL'] = ready.url;
  worker.on('error', (err) => {
    log('error', 'PGlite worker failed', { error: err instanceof Error ? err.stack : String(err) });
    process.exit(1);
  });
}

if (pgliteWorker) await openControl(controlPath, pgliteWorker);

/**
 * True when a server answers on the control socket; a stale socket file is removed.
 * @param {string} path
 */
async function controlAlive(path) {
  if (!existsSync(path)) return false;
  const alive = await /** @type {Promise<boolean>} */ (
    new Promise((done) => {
      const c = net.connect(path, () => (c.end(), done(true)));
      c.on('error', () => done(false));
    })
  );
  if (!alive) rmSync(path, { force: true });
  return alive;
}

/**
 * @param {string} path
 * @param {Worker} worker the PGlite worker, which writes the backup
 * @returns {Promise<void>}
 */
function openControl(path, worker) {
  let next = 0;
  const control = net.createServer((socket) => {
    let line = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      line += chunk;
      if (!line.includes('\n')) return;
      /** @type {{ cmd?: unknown; path?: unknown }} */
      let cmd;
      try {
        cmd = JSON.parse(line.slice(0, line.indexOf('\n')));
      } catch {
        socket.end(`${JSON.stringify({ error: 'bad command' })}\n`);
        return;
      }
      if (cmd.cmd !== 'backup' || typeof cmd.path !== 'string' || !isAbsolute(cmd.path)) {
        socket.end(`${JSON.stringify({ error: 'unknown command (backup with an absolute path)' })}\n`);
        return;
      }
      const id = ++next;
      /** @param {{ type?: string; id?: number; error?: string } | undefined} m */
      const onDone = (m) => {
        if (m?.type !== 'backup-done' || m.id !== id) return;
        worker.off('message', onDone);
        log(m.error ? 'error' : 'info', m.error ? 'backup failed' : 'backup written', {
          path: cmd.path,
          ...m,
          type: undefined,
          id: undefined,
        });
        socket.end(`${JSON.stringify(m)}\n`);
      };
      worker.on('message', onDone);
      worker.postMessage({ type: 'backup', id, path: cmd.path });
    });
    socket.on('error', () => {});
  });
  return new Promise((ok, fail) => {
    control.once('error', fail);
    // Only the data directory's owner may connect.
    control.listen(path, () => (chmodSync(path, 0o600), control.unref(), ok(undefined)));
  });
}

// The bundle exists only after `npm run build` (scripts/ensure-build.mjs checks it first); imported by
// URL so the type check does not read the built bundle.
const entry = new URL('./dist/server/entry.mjs', import.meta.url).href;
/** @type {{ handler: (req: http.IncomingMessage, res: http.ServerResponse) => void }} */
const { handler } = await import(entry);

// src/server/startup.ts (inside the bundle): sandbox warning, production safety checks, jobs, the
// RTMP ingest; it answers where to listen (HOST, loopback by default; PORT) and the start line.
let boot;
try {
  boot = await must('startup')();
} catch (err) {
  log('error', err instanceof Error ? err.message : String(err));
  await hook('database')
    ?.close()
    .catch(() => {});
  process.exit(1);
}
const { port, host } = boot;
// Dynamic answers (API JSON, pages not kept) are compressed here, brotli at quality 4; built files
// and kept pages arrive already compressed and pass through.
// A 256 KiB window (not the default 4 MiB): answers are small, and 50 concurrent 4 MiB encoder states
// were hundreds of MB the allocator never gave back.
const compress = compression({
  threshold: 1024,
  brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
});
// src/server/edge (inside the bundle): built files with their precompressed copies, then kept pages.
const edge = must('edge').open(fileURLToPath(new URL('./dist/client/', import.meta.url)));

/**
 * A request line that is not valid percent-encoding never reaches the app (the adapter would answer
 * a bare "Bad request."): the API gets its envelope, pages a small HTML page.
 */
/** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
function malformedUrl(req, res) {
  try {
    decodeURI(req.url ?? '/');
    return false;
  } catch {
    const api = (req.url ?? '').startsWith('/api');
    res.writeHead(400, {
      'Content-Type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(
      api
        ? JSON.stringify({ code: 100, msg: '请求地址不正确', info: '', data: null })
        : '<!doctype html><meta charset="utf-8"><title>请求地址不正确</title><p style="font:16px sans-serif;text-align:center;margin-top:20vh">请求地址不正确，<a href="/">返回首页</a></p>',
    );
    return true;
  }
}

// Timeouts a real browser never meets but a slow-loris client cannot outlast: the headers must
// arrive within 10 s and the whole request within 60 s (a 2 MB upload on a slow line fits), a
// silent socket closes after 30 s; Node checks them every second instead of every 30 s.
// Requests being answered (a graceful stop waits for them) and the latency histogram of /metrics
// (src/server/ops, inside the bundle).
const ops = hook('ops');
let inFlight = 0;
let draining = false;
ops?.gauge('http_requests_in_flight', 'HTTP requests being answered on this instance', () => inFlight);
// Which instance answered (INSTANCE_NAME, e.g. the host name): for operators reading a response behind a balancer.
const instanceName = process.env.INSTANCE_NAME;
/** @param {http.IncomingMessage} req @param {Res} res */
function track(req, res) {
  const started = performance.now();
  if (instanceName) res.setHeader('X-Instance', instanceName);
  inFlight += 1;
  // Once stopping, every answer closes its connection, so the balancer opens the next one elsewhere.
  if (draining) res.setHeader('Connection', 'close');
  res.once('close', () => {
    inFlight -= 1;
    ops?.observe(req.method ?? 'GET', req.url ?? '/', res.statusCode, (performance.now() - started) / 1000, res.gongfuKind ?? 'app');
  });
}

const server = http.createServer(
  {
    headersTimeout: seconds('HTTP_HEADERS_TIMEOUT_S', 10),
    requestTimeout: seconds('HTTP_REQUEST_TIMEOUT_S', 60),
    connectionsCheckingInterval: 1000,
  },
  (req, /** @type {Res} */ res) => {
    if (malformedUrl(req, res)) return;
    // Live HTTP-FLV (/media/live/<stream>.flv) from the RTMP ingest startup() began.
    if (req.url?.startsWith('/media/live/') && hook('liveIngest')?.handleFlv(req, res)) return;
    track(req, res);
    if (edge.serveStatic(req, res)) {
      res.gongfuKind = 'static';
      return;
    }
    edge.servePage(req, res).then(
      (done) => done || compress(req, res, () => handler(req, res)),
      (err) => {
        log('error', 'page cache failed', { error: err instanceof Error ? err.stack : String(err) });
        if (!res.headersSent) compress(req, res, () => handler(req, res));
      },
    );
  },
);
server.timeout = seconds('HTTP_IDLE_TIMEOUT_S', 30);
// WebSockets go through one upgrade router (src/server/edge/upgrades.ts): the endpoints below take
// theirs; an upgrade on any other path is answered 404 (400 if not a WebSocket) and closed at once.
const upgrades = must('edge').upgrades(server);
// Chat: the /im WebSocket server (src/server/modules/im/socket.ts, inside the bundle) on this port.
const im = hook('im')?.attach(server);
// Going live from the browser: /live/push (WebSocket → ffmpeg → the RTMP ingest), when the ingest runs here.
upgrades.add((req, socket, head) => hook('liveIngest')?.handleUpgrade(req, socket, head) ?? false);
// Longer than a load balancer's idle timeout (nginx/ALB 60 s), so it never reuses a closed socket.
server.keepAliveTimeout = seconds('HTTP_KEEPALIVE_TIMEOUT_S', 65);

const listenUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
// A port or address the listener cannot take ends the start with one line that says which variable to change.
/** @param {NodeJS.ErrnoException} err */
function cannotListen(err) {
  log(
    'error',
    err.code === 'EADDRINUSE'
      ? `功夫 cannot listen on ${listenUrl}: the port is in use (another server?) — set PORT to a free port`
      : `功夫 cannot listen on ${listenUrl}: ${err.message} — check HOST and PORT`,
    { code: err.code },
  );
  if (pgliteWorker) rmSync(controlPath, { force: true });
  process.exit(1);
}
server.once('error', cannotListen);
server.listen(port, host, () => {
  server.off('error', cannotListen);
  log('info', boot.line, { url: listenUrl });
});
if (!`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`.includes('--max-old-space-size')) {
  log('warn', 'started without the memory flags of `npm start` (scripts/server-flags.mjs): the heap may grow far beyond what it uses');
}

/**
 * Graceful stop (SIGTERM from systemd or a rolling restart; SIGINT): readiness fails and the
 * listener closes, so the balancer sends new connections to the other instances; chat sockets
 * close with 1001 (clients reconnect elsewhere); idle keep-alive sockets close after a short
 * grace; requests in flight finish (up to SHUTDOWN_TIMEOUT_S); then jobs, Redis, counted views and
 * the database close.
 */
let stopping = false;
/** @param {NodeJS.Signals} signal */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  draining = true;
  log('info', 'stopping', { signal, in_flight: inFlight });
  ops?.drain();
  // Stop accepting, but keep idle keep-alive sockets a moment (Node's close() would drop them at
  // once): a balancer may be writing a request into one right now, and a POST lost that way is
  // not retried. Connection refusals meanwhile make it skip this instance; whatever still arrives
  // on an open socket is answered with Connection: close.
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {};
  server.close();
  server.closeIdleConnections = closeIdle;
  await im?.close().catch(() => {});
  await hook('liveIngest')
    ?.close()
    .catch(() => {});
  await new Promise((r) => setTimeout(r, seconds('SHUTDOWN_IDLE_GRACE_S', 1.5)));
  server.closeIdleConnections();
  const deadline = Date.now() + seconds('SHUTDOWN_TIMEOUT_S', 20);
  while (inFlight > 0 && Date.now() < deadline) {
    server.closeIdleConnections?.();
    await new Promise((r) => setTimeout(r, 25));
  }
  if (inFlight > 0) log('warn', 'stopping with requests unanswered', { in_flight: inFlight });
  server.closeAllConnections?.();
  await ops?.close().catch(() => {});
  // View counts batched in memory (src/server/views.ts) go to the database before it closes.
  await hook('flushViews')?.().catch(() => {});
  const db = hook('database');
  await db?.close().catch(() => {});
  // PGlite flushes its data directory when the worker closes it.
  const worker = pgliteWorker;
  if (worker) {
    await new Promise((done) => {
      const timer = setTimeout(done, 10_000);
      worker.on('message', (m) => m?.type === 'closed' && (clearTimeout(timer), done(undefined)));
      worker.postMessage({ type: 'close' });
    });
  }
  if (pgliteWorker) rmSync(controlPath, { force: true });
  log('info', 'stopped');
  process.exit(0);
}
process.on('SIGINT', () => stop('SIGINT'));
// `kill -USR2 <pid>`: one log line with where the memory is (this thread's V8 heap, Buffers, the
// PGlite thread's heap), for an operator wondering why RSS is what it is.
process.on('SIGUSR2', async () => {
  const mb = (/** @type {number} */ n) => Math.round((n / 1048576) * 10) / 10;
  const m = process.memoryUsage();
  const worker = pgliteWorker ? await pgliteWorker.getHeapStatistics().catch(() => undefined) : undefined;
  log('info', 'memory', {
    rss_mb: mb(m.rss),
    heap_total_mb: mb(m.heapTotal),
    heap_used_mb: mb(m.heapUsed),
    external_mb: mb(m.external),
    array_buffers_mb: mb(m.arrayBuffers),
    ...(worker
      ? {
          pglite_heap_total_mb: mb(worker.total_heap_size),
          pglite_heap_used_mb: mb(worker.used_heap_size),
          pglite_external_mb: mb(worker.external_memory ?? 0),
        }
      : {}),
  });
});
process.on('SIGTERM', () => stop('SIGTERM'));
