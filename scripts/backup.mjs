// @ts-check
// npm run backup [-- --out FILE]: a consistent copy of the database, while the site serves.
// - PGlite (no DATABASE_URL): the running server writes it through DATA_DIR/control.sock (its
//   database thread tars the data directory between two queries); with no server running, the
//   directory is opened and dumped here. A gzip tarball, restored by `npm run restore`.
// - PostgreSQL (DATABASE_URL): pg_dump's custom format (pg_dump must be installed).
// Default file: backups/gongfu-<engine>-<UTC time>.<ext> under DATA_DIR. User uploads (DATA_DIR/uploads,
// or the bucket with STORAGE=s3) are copied separately (docs/DEPLOY.md).
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' } } });
const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
const pgUrl = values['data-dir'] ? undefined : process.env.DATABASE_URL;
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z');
const out = resolve(
  values.out ?? resolve(dataDir, 'backups', `gongfu-${pgUrl ? 'postgres' : 'pglite'}-${stamp}.${pgUrl ? 'dump' : 'tar.gz'}`),
);
mkdirSync(dirname(out), { recursive: true });
const started = Date.now();

if (pgUrl) {
  execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`, pgUrl], { stdio: 'inherit' });
} else {
  const answer = await askServer(resolve(dataDir, 'control.sock'), { cmd: 'backup', path: out });
  if (answer?.error) throw new Error(`the server could not write the backup: ${answer.error}`);
  if (!answer) {
    // No server on this directory: open it here (one process per data directory).
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const db = await PGlite.create(resolve(dataDir, 'pglite'), { extensions: { pg_trgm } });
    const tar = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    await db.close();
    writeFileSync(`${out}.part`, tar, { mode: 0o600 });
    renameSync(`${out}.part`, out);
  }
}
console.log(`[backup] ${out} (${(statSync(out).size / 1048576).toFixed(1)} MB) in ${Date.now() - started} ms`);

/**
 * The running server's answer on its control socket; null when no server listens there.
 * @param {string} path
 * @param {object} cmd
 * @returns {Promise<{ error?: string; bytes?: number; ms?: number } | null>}
 */
function askServer(path, cmd) {
  return new Promise((done, fail) => {
    const socket = net.connect(path);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(cmd)}\n`));
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => {
      try {
        done(JSON.parse(text));
      } catch {
        fail(new Error(`unexpected answer from the server: ${text.slice(0, 200)}`));
      }
    });
    socket.on('error', (/** @type {NodeJS.ErrnoException} */ err) =>
      err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? done(null) : fail(err),
    );
  });
}
