/**
 * Builds the API tests' template (run by tests/setup/api-template.ts in its own process, so the
 * server modules the seed loads never live in vitest's main process): migrates and seeds one
 * database with DATA_DIR = `<dir>/data` (the seed writes its images and the app secret there), then
 *   - PGlite: writes the data directory as a tarball to `<dir>/pglite.tar`;
 *   - PostgreSQL (TEMPLATE_DATABASE_URL): leaves the seeded database for `CREATE DATABASE … TEMPLATE`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeDatabase, openDatabase, useDatabase } from '../../src/server/db';
import { runSeed } from '../../src/server/seed';

const dir = process.argv[2];
if (!dir) throw new Error('usage: build-template.ts <dir>');
const url = process.env['TEMPLATE_DATABASE_URL'];
const handle = openDatabase(url ? { url } : { dataDir: 'memory://' });
await handle.migrate();
useDatabase(handle);
await runSeed();
if (!url) {
  if (!handle.dumpDataDir) throw new Error('PGlite handle without dumpDataDir');
  writeFileSync(join(dir, 'pglite.tar'), Buffer.from(await (await handle.dumpDataDir()).arrayBuffer()));
}
await closeDatabase();
// Seeding may leave timers (view counters, chat fan-out) that would keep this process alive.
process.exit(0);
