import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { env } from '../env';
import { log } from '../log';
import { metrics } from '../metrics';
import * as schema from './schema';

export { schema };

/**
 * One Drizzle type for both drivers: PGlite's database exposes the same query API at runtime,
 * so services are written once against this type.
 */
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A transaction or the database itself: writers that must join the caller's transaction when there is one (ledgers, audit). */
export type TxOrDb = Tx | Db;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending SQL migrations (drizzle-kit output). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Connection pool sizes (PostgreSQL and the PGlite worker; absent for in-process PGlite). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** In-process PGlite only: the whole data directory as a tarball (`loadDataDir` opens a copy). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface OpenOptions {
  /** postgres://… ; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; 'memory://' for a throwaway in-memory database. */
  dataDir?: string;
  /** PostgreSQL only: a schema to work in (each test suite gets its own). */
  schemaName?: string;
  /** `url` is the PGlite worker thread (one session: an open transaction owns the database). */
  pgliteWorker?: boolean;
  /**
   * In-process PGlite only: start from this tarball of a data directory (`dumpDataDir`). The test
   * rig migrates and seeds one database per run and opens a copy per test file.
   */
  loadDataDir?: Blob;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens a database without registering it as the process default. */
export function openDatabase(opts: OpenOptions): DatabaseHandle {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      // The PGlite worker takes several connections and runs their queries back to back, so
      // one request's next query never waits for this thread to finish rendering another page
      // (scripts/pglite-wire.mjs). Kept open: connecting costs a startup round in the worker.
      max: opts.pgliteWorker ? 6 : 10,
      ...(opts.pgliteWorker ? { idleTimeoutMillis: 0 } : {}),
      // public stays on the path for extensions (migration 0001 creates pg_trgm there).
      ...(opts.schemaName ? { options: `-c search_path=${opts.schemaName},public` } : {}),
    });
    pool.on('connect', timeQueries);
    const db = drizzlePg({ client: pool, schema });
    return {
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      db,
      kind: opts.pgliteWorker ? 'pglite' : 'postgres',
      migrate: async () => {
        if (opts.schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${opts.schemaName}"`);
        await migratePg(db, {
          migrationsFolder: MIGRATIONS,
          ...(opts.schemaName ? { migrationsSchema: opts.schemaName } : {}),
        });
      },
      close: () => pool.end(),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  const client = new PGlite(dataDir, { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  const pglite = drizzlePglite({ client, schema });
  return {
    db: pglite as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pglite, { migrationsFolder: MIGRATIONS }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * Logs a query slower than SLOW_QUERY_MS by its statement shape ($1, $2 placeholders; never the
 * values) and counts it, wrapping each pooled connection's `query` (what Drizzle calls).
 */
function timeQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const slowMs = env().SLOW_QUERY_MS;
  Reflect.set(client, 'query', (...args: unknown[]) => {
    const started = performance.now();
    const done = () => {
      const ms = performance.now() - started;
      if (ms < slowMs) return;
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
      metrics().slowQueries.inc();
      log.warn('slow query', { ms: Math.round(ms), query: text.replace(/\s+/g, ' ').slice(0, 1000) });
    };
    // pool.query (what Drizzle calls outside a transaction) hands the client a callback and takes
    // no promise back; a transaction's queries come as promises.
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...answer: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...answer);
      };
      return query(...args);
    }
    const out = query(...args);
    if (out instanceof Promise) out.then(done, done);
    return out;
  });
}

// Kept on globalThis: the Astro bundle and scripts run by tsx may both load this module, and
// PGlite allows only one open instance per data directory in a process.
const KEY = Symbol.for('gongfu.database');
type Holder = typeof globalThis & { [KEY]?: DatabaseHandle };

/** The process's database, opened from the environment on first use. */
export function database(): DatabaseHandle {
  const g = globalThis as Holder;
  if (!g[KEY]) {
    const e = env();
    // server.mjs runs PGlite in a worker thread and passes its address; scripts, tests and
    // `astro dev` open it in-process.
    g[KEY] = e.DATABASE_URL
      ? openDatabase({ url: e.DATABASE_URL })
      : e.PGLITE_WORKER_URL
        ? openDatabase({ url: e.PGLITE_WORKER_URL, pgliteWorker: true })
        : openDatabase({ dataDir: resolve(e.DATA_DIR, 'pglite') });
  }
  return g[KEY];
}

/** Shorthand for the process database's Drizzle instance. */
export function db(): Db {
  return database().db;
}

/** Makes `handle` the process database (tests, scripts). */
export function useDatabase(handle: DatabaseHandle): void {
  (globalThis as Holder)[KEY] = handle;
}

/** Closes and forgets the process database. */
export async function closeDatabase(): Promise<void> {
  const g = globalThis as Holder;
  const h = g[KEY];
  Reflect.deleteProperty(g, KEY);
  await h?.close();
}
