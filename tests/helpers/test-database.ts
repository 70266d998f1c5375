import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { closeDatabase, openDatabase, useDatabase, type DatabaseHandle } from '~/server/db';
import { runSeed } from '~/server/seed';
import { env } from '~/server/env';
import { contentTypeOf, storage } from '~/server/providers/storage';
import { COPY_PREFIX, databaseUrl, TEMPLATE_PREFIX, type ApiTemplate } from '../setup/template-names';

/** The file's database (the process database) and how to close and remove it. */
export interface TestDatabase {
  handle: DatabaseHandle;
  close: () => Promise<void>;
}

/** The run's template (tests/setup/api-template.ts), or null outside the API project. */
function template(): ApiTemplate | null {
  try {
    return inject('apiTemplate') ?? null;
  } catch {
    return null;
  }
}

/** The day a moment falls on in UTC and in Beijing (the seed places classes and notices by both). */
const days = (at: number) => `${new Date(at).toISOString().slice(0, 10)}/${new Date(at + 8 * 3_600_000).toISOString().slice(0, 10)}`;

/**
 * Opens this test file's database as the process database, seeded, with the seed's files in
 * `dataDir` (DATA_DIR, already set): a copy of the run's template when there is one, else migrated
 * and seeded here. The template is skipped when a day boundary passed since it was built, because
 * the seed places rows relative to "today".
 */
export async function openTestDatabase(dataDir: string): Promise<TestDatabase> {
  const url = process.env['TEST_DATABASE_URL'];
  const tmpl = template();
  if (!tmpl || days(tmpl.builtAt) !== days(Date.now()) || Boolean(url) !== Boolean(tmpl.templateDb)) return freshDatabase(url);

  // The files the seed wrote (images; the app secret the staff TOTP secrets are sealed with).
  const seeded = join(tmpl.dir, 'data');
  if (env().STORAGE === 'local') cpSync(seeded, dataDir, { recursive: true });
  else {
    cpSync(join(seeded, 'app-secret'), join(dataDir, 'app-secret'));
    await putSeedFiles(join(seeded, 'uploads'));
  }

  if (url && tmpl.templateDb) {
    // Named after the template's run, so the run's teardown finds any copy a file could not drop.
    const name = `${COPY_PREFIX}${tmpl.templateDb.slice(TEMPLATE_PREFIX.length)}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${tmpl.templateDb}"`);
    const handle = openDatabase({ url: databaseUrl(url, name) });
    useDatabase(handle);
    return {
      handle,
      close: async () => {
        await closeDatabase();
        await dropCopy(url, name);
      },
    };
  }
  const handle = openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(join(tmpl.dir, 'pglite.tar'))]) });
  useDatabase(handle);
  return { handle, close: closeDatabase };
}

/** The old way (no template): a fresh PGlite in memory, or a fresh schema in TEST_DATABASE_URL. */
async function freshDatabase(url: string | undefined): Promise<TestDatabase> {
  const schemaName = url ? `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}` : undefined;
  const handle = openDatabase(url && schemaName ? { url, schemaName } : { dataDir: 'memory://' });
  await handle.migrate();
  useDatabase(handle);
  await runSeed();
  return {
    handle,
    close: async () => {
      if (schemaName) await handle.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`)).catch(() => {});
      await closeDatabase();
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Drops a file's copy once its connections are gone. The pool's `end()` resolves before the
 * server has seen every connection close, so a busy database is tried again for a moment; never
 * WITH (FORCE), which would kill a closing connection and surface as an uncaught error in the
 * worker. What is still left, the run's teardown drops (tests/setup/api-template.ts).
 */
async function dropCopy(url: string, name: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    try {
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006') return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The seed's images into a storage that is not the data directory (STORAGE=s3), as the seed would have put them. */
async function putSeedFiles(root: string): Promise<void> {
  if (!existsSync(root)) return;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
  for (const file of walk(root)) {
    const key = relative(root, file).split('\\').join('/');
    await storage().put(key, readFileSync(file), contentTypeOf(key) ?? 'application/octet-stream');
  }
}
