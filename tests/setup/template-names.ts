import type pg from 'pg';

/** What globalSetup hands each API test file (vitest `provide` / `inject`). */
export interface ApiTemplate {
  /** `data/` (the seed's DATA_DIR: images, app secret) and, for PGlite, `pglite.tar`. */
  dir: string;
  /** When the seed ran (epoch ms): seeded dates are relative to it. */
  builtAt: number;
  /** PostgreSQL only: the seeded database each file copies. */
  templateDb?: string;
}

/** Template and per-file databases: `gf_tmpl_<run>` and `gf_t_<run>_<random>`. */
export const TEMPLATE_PREFIX = 'gf_tmpl_';
export const COPY_PREFIX = 'gf_t_';
/** A run id that sorts by time: base-36 seconds since the epoch. */
export const runId = (): string => Math.floor(Date.now() / 1000).toString(36);
/** Databases older than this are left over from an aborted run; younger ones may be another checkout's live run. */
const STALE_S = 6 * 3600;

/** `url` with its database replaced. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Drops template and copy databases of runs that ended without cleaning up (killed, crashed). */
export async function dropStaleDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'gf%'`);
  const now = Date.now() / 1000;
  for (const { datname } of rows) {
    const run = /^gf_(?:tmpl|t)_([0-9a-z]+)(?:_[0-9a-z]+)?$/.exec(datname)?.[1];
    if (run && now - parseInt(run, 36) > STALE_S) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
  }
}
