// Production entry: the built Astro app (src/fetch.ts inside) on a plain Node HTTP server, so later
// features can attach a WebSocket upgrade handler on the same port. Run `npm run migrate` first.
import http from 'node:http';
import compression from 'compression';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('./dist/server/entry.mjs');

const log = (level, msg, fields = {}) =>
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(
    `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`,
  );
const seconds = (name, fallback) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v * 1000 : fallback * 1000;
};

// src/server/startup.ts (inside the bundle): sandbox warning, production safety checks, jobs.
try {
  await globalThis[Symbol.for('gongfu.startup')]?.();
} catch (err) {
  log('error', err instanceof Error ? err.message : String(err));
  await globalThis[Symbol.for('gongfu.database')]?.close().catch(() => {});
  process.exit(1);
}

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '0.0.0.0';
// gzip/brotli for HTML, JSON, JS and CSS (the adapter serves /_astro files without compressing them).
const compress = compression({ threshold: 1024 });

/**
 * A request line that is not valid percent-encoding never reaches the app (the adapter would answer
 * a bare "Bad request."): the API gets its envelope, pages a small HTML page.
 */
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
const server = http.createServer(
  {
    headersTimeout: seconds('HTTP_HEADERS_TIMEOUT_S', 10),
    requestTimeout: seconds('HTTP_REQUEST_TIMEOUT_S', 60),
    connectionsCheckingInterval: 1000,
  },
  (req, res) => {
    if (malformedUrl(req, res)) return;
    compress(req, res, () => handler(req, res));
  },
);
server.timeout = seconds('HTTP_IDLE_TIMEOUT_S', 30);
// Longer than a load balancer's idle timeout (nginx/ALB 60 s), so it never reuses a closed socket.
server.keepAliveTimeout = seconds('HTTP_KEEPALIVE_TIMEOUT_S', 65);

server.listen(port, host, () => log('info', 'listening', { url: `http://localhost:${port}` }));

// Close the database on shutdown: PGlite must flush its data directory.
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log('info', 'stopping', { signal });
  server.close();
  server.closeAllConnections?.();
  // View counts batched in memory (src/server/views.ts) go to the database before it closes.
  await globalThis[Symbol.for('gongfu.flushViews')]?.().catch(() => {});
  const db = globalThis[Symbol.for('gongfu.database')];
  await db?.close().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
