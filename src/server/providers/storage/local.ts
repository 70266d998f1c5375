import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { sign, verifySignature } from '../../security/tokens';
import { safeUploadPath, signingWindow, uploadsDir } from './paths';
import type { Storage } from './types';

function target(key: string): string {
  const full = safeUploadPath(key);
  if (!full) throw new Error(`bad storage key ${key}`);
  return full;
}

const stored = (key: string) => `/uploads/${key}`;
const signed = (key: string, expires: number) => sign(`media:${key}:${expires}`);

/** Whether `e`/`s` of a local signed URL grant reading `key` now. */
export function localSignatureValid(key: string, e: string | undefined, s: string | undefined, now = Date.now()): boolean {
  if (!e || !s || !/^\d{1,12}$/.test(e)) return false;
  return Number(e) * 1000 > now && verifySignature(`media:${key}:${e}`, s);
}

async function* walk(dir: string): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const d of entries) {
    const full = join(dir, d.name);
    if (d.isDirectory()) yield* walk(full);
    else if (d.isFile()) yield full;
  }
}

/** Files under DATA_DIR/uploads, served by serveUploads. */
export const localStorage: Storage = {
  kind: 'local',
  async put(key, bytes) {
    const full = target(key);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, bytes);
    return stored(key);
  },
  async putFile(key, file, _type, opts) {
    const full = target(key);
    if (full === file) return stored(key);
    await mkdir(dirname(full), { recursive: true });
    if (opts?.move) {
      // A rename cannot cross file systems (tus data on another disk): copy, then remove.
      await rename(file, full).catch(async (err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await copyFile(file, full);
        await rm(file, { force: true });
      });
    } else await copyFile(file, full);
    return stored(key);
  },
  async stat(key) {
    const info = await stat(target(key)).catch(() => null);
    return info?.isFile() ? { size: info.size, modified: info.mtime } : null;
  },
  async localCopy(key) {
    const path = target(key);
    return (await stat(path).catch(() => null))?.isFile() ? { path, release: async () => {} } : null;
  },
  async remove(key) {
    await rm(target(key), { force: true });
  },
  async *list(prefix) {
    const root = uploadsDir();
    for await (const file of walk(root)) {
      const key = relative(root, file).split(sep).join('/');
      if (key.startsWith(prefix)) yield { key, size: (await stat(file)).size };
    }
  },
  async signedUrl(key, ttlS, now = Date.now()) {
    const { expires } = signingWindow(ttlS, now);
    return `${stored(key)}?e=${expires}&s=${signed(key, expires)}`;
  },
};
