// @ts-check
// npm run restore -- FILE [--data-dir DIR]: puts a backup from `npm run backup` back.
// - A PGlite tarball (.tar.gz) becomes DIR/pglite (DATA_DIR by default). The server must be stopped;
//   an existing database is moved aside to pglite.before-restore-<time>, never deleted.
// - A pg_dump file (.dump) goes into DATABASE_URL with pg_restore --clean (the site's tables are
//   replaced; stop the instances first).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import net from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true });
const file = positionals[0] ? resolve(positionals[0]) : '';
if (!file || !existsSync(file)) {
  console.error('usage: npm run restore -- <backup file> [--data-dir DIR]');
  process.exit(2);
}
const started = Date.now();

if (file.endsWith('.dump')) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('a pg_dump backup goes into DATABASE_URL, which is not set');
  execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, file], {
    stdio: 'inherit',
  });
  console.log(`[restore] ${file} → PostgreSQL in ${Date.now() - started} ms`);
} else {
  const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  const control = resolve(dataDir, 'control.sock');
  const running =
    existsSync(control) && (await new Promise((done) => net.connect(control, () => done(true)).on('error', () => done(false))));
  if (running) {
    console.error(`[restore] a server is running on ${dataDir}: stop it first`);
    process.exit(1);
  }
  mkdirSync(dataDir, { recursive: true });
  const target = resolve(dataDir, 'pglite');
  if (existsSync(target)) {
    const aside = `${target}.before-restore-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z')}`;
    renameSync(target, aside);
    console.log(`[restore] the database that was there is kept in ${aside}`);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(target, { loadDataDir: new Blob([readFileSync(file)]), extensions: { pg_trgm } });
  // Opened once: PostgreSQL replays what the copy caught mid-flight, and the files are written out.
  await db.query('select 1');
  await db.close();
  console.log(`[restore] ${file} → ${target} in ${Date.now() - started} ms`);
}
