// Production entry: the built Astro app (src/fetch.ts inside) on a plain Node HTTP server, so later
// features can attach a WebSocket upgrade handler on the same port. Run `npm run migrate` first.
import http from 'node:http';
import compression from 'compression';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('./dist/server/entry.mjs');

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '0.0.0.0';
// gzip/brotli for HTML, JSON, JS and CSS (the adapter serves /_astro files without compressing them).
const compress = compression({ threshold: 1024 });
const server = http.createServer((req, res) => compress(req, res, () => handler(req, res)));
server.keepAliveTimeout = 65_000;

server.listen(port, host, () => {
  console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'listening', url: `http://localhost:${port}` }));
});

// Close the database on shutdown: PGlite must flush its data directory.
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'stopping', signal }));
  server.close();
  server.closeAllConnections?.();
  const db = globalThis[Symbol.for('gongfu.database')];
  await db?.close().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
