/**
 * Applies migrations, then seeds an empty database (first start). Runs in its own process before
 * the server: PGlite allows one process per data directory.
 *   npm run migrate            migrate + seed when empty
 *   npm run seed               migrate + fill whatever demo data is missing
 * Also moves application documents still stored under public keys to private ones (rerunnable;
 * src/server/modules/applications/documents-move.ts).
 */
import { closeDatabase, database } from '../src/server/db';
import { vacuumCatalogue } from '../src/server/db/maintenance';
import { isEmptyDatabase, runSeed } from '../src/server/seed';
import { env } from '../src/server/env';
import { moveApplicationDocuments } from '../src/server/modules/applications/documents-move';

const force = process.argv.includes('--seed');
const started = Date.now();
const handle = database();
try {
  await handle.migrate();
  const where = handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${env().DATA_DIR})`;
  console.log(`[migrate] ${where} up to date`);
  // Verification documents uploaded as public images before they had their own private keys.
  const docs = await moveApplicationDocuments();
  if (docs.moved || docs.rows || docs.missing || docs.failed)
    console.log(`[migrate] application documents made private: ${JSON.stringify(docs)}`);
  if (force || (await isEmptyDatabase())) {
    const added = await runSeed();
    console.log(`[seed] ${JSON.stringify(added)}`);
  }
  // PGlite has no autovacuum: statistics and visibility maps for the catalogue's plans.
  if (handle.kind === 'pglite') await vacuumCatalogue();
} finally {
  await closeDatabase();
}
console.log(`[migrate] done in ${Date.now() - started} ms`);
