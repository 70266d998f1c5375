// @ts-check
// The embedded database in its own thread: PGlite (WASM) runs here and speaks the PostgreSQL wire
// protocol on a loopback port, so the server's event loop only parses answers. A slow query
// then never stalls static files, cached pages or other requests. server.mjs starts it.
import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { startWireServer } from './pglite-wire.mjs';

// Started by server.mjs as a worker, never run on its own.
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {{ dataDir: string; sharedBuffersMb?: number }} */
const config = workerData;

const dataDir = resolve(config.dataDir);
mkdirSync(dirname(dataDir), { recursive: true });
// PGlite's default 128 MB buffer pool grows into resident memory as pages are read; the operating
// system's file cache sits behind a smaller pool, so memory stays bounded at little cost.
const db = await PGlite.create(dataDir, {
  extensions: { pg_trgm },
  postgresqlconf: `shared_buffers = ${config.sharedBuffersMb ?? 8}MB`,
});
// Several client connections (the server's pool), their units of work run back to back; an open
// transaction owns the database until it ends, as with PGlite in-process (pglite-wire.mjs).
const server = await startWireServer(db, {
  log: (msg, err) => console.error(`[pglite-worker] ${msg}`, err instanceof Error ? err.message : (err ?? '')),
});
port.postMessage({ type: 'ready', url: server.url });

port.on('message', async (/** @type {{ type: 'backup'; id: number; path: string } | { type: 'close' } | undefined} */ msg) => {
  if (msg?.type === 'backup') {
    // A consistent copy while serving: PGlite tars its data directory between two units of work,
    // when no transaction is open (pglite-wire.mjs); the queries meanwhile wait their turn.
    try {
      const started = Date.now();
      const tar = await server.exclusive(async () => Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer()));
      writeFileSync(`${msg.path}.part`, tar, { mode: 0o600 });
      renameSync(`${msg.path}.part`, msg.path);
      port.postMessage({ type: 'backup-done', id: msg.id, bytes: tar.length, ms: Date.now() - started });
    } catch (err) {
      port.postMessage({ type: 'backup-done', id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
    return;
  }
  if (msg?.type !== 'close') return;
  await server.close().catch(() => {});
  // PGlite flushes its data directory on close.
  await db.close().catch(() => {});
  port.postMessage({ type: 'closed' });
});
