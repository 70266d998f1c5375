/**
 * Vitest globalSetup of the API project: migrates and seeds ONE database per run, which every test
 * file then copies (tests/helpers/api.ts `startApi`) instead of migrating and seeding its own —
 * that was most of the suite's time, twice in CI. PGlite: a tarball of the data directory, opened
 * with `loadDataDir`. PostgreSQL (TEST_DATABASE_URL): a template database, copied per file with
 * `CREATE DATABASE … TEMPLATE`. Both keep the data directory the seed wrote (images, app secret).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { COPY_PREFIX, databaseUrl, dropStaleDatabases, runId, TEMPLATE_PREFIX, type ApiTemplate } from './template-names';

declare module 'vitest' {
  export interface ProvidedContext {
    apiTemplate: ApiTemplate | null;
  }
}

/**
 * Both API projects (`api`, `api-isolated`) list this setup; vitest runs each project's global setup
 * in its main process, so the first builds the template and the second is handed the same one. The
 * last teardown removes it.
 */
interface Shared {
  template: Promise<{ template: ApiTemplate; teardown: () => Promise<void> }>;
  users: number;
}
const registry = globalThis as typeof globalThis & { gongfuApiTemplate?: Shared | undefined };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (registry.gongfuApiTemplate ??= { template: buildTemplate(), users: 0 });
  shared.users++;
  const { template, teardown } = await shared.template;
  project.provide('apiTemplate', template);
  return async () => {
    if (--shared.users > 0) return;
    registry.gongfuApiTemplate = undefined;
    await teardown();
  };
}

async function buildTemplate(): Promise<{ template: ApiTemplate; teardown: () => Promise<void> }> {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'gongfu-template-'));
  const url = process.env['TEST_DATABASE_URL'];
  let templateDb: string | undefined;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await dropStaleDatabases(admin);
      templateDb = `${TEMPLATE_PREFIX}${runId()}`;
      await admin.query(`CREATE DATABASE "${templateDb}"`);
    } finally {
      await admin.end();
    }
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dir, 'data'), LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'error' };
  delete env['DATABASE_URL'];
  if (url && templateDb) env['TEMPLATE_DATABASE_URL'] = databaseUrl(url, templateDb);
  const build = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'tests/setup/build-template.ts', dir], {
    env,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`the API test template could not be built (exit ${build.status})`);
  const template: ApiTemplate = { dir, builtAt: Date.now(), ...(templateDb ? { templateDb } : {}) };
  console.log(`[api] template database ${templateDb ?? '(PGlite)'} migrated and seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const teardown = async () => {
    if (url && templateDb) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // Copies a file could not drop (a connection still closing), then the template.
      const run = templateDb.slice(TEMPLATE_PREFIX.length);
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
        `${COPY_PREFIX}${run}_`,
      ]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS "${templateDb}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { template, teardown };
}
