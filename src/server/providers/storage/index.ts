import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { env } from '../../env';

/** Where user files go. The embedded default is the local disk; S3 arrives with uploads. */
export interface Storage {
  /** Stores `bytes` under `key` (e.g. 'qr/download.png'); returns the path to show, '/uploads/…'. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
}

/** The directory local uploads live in. */
export function uploadsDir(): string {
  return resolve(env().DATA_DIR, 'uploads');
}

/** Resolves a key inside the uploads directory, refusing anything that escapes it. */
export function safeUploadPath(key: string): string | null {
  const root = uploadsDir();
  const full = resolve(root, key.replace(/^\/+/, ''));
  return full.startsWith(root + sep) ? full : null;
}

const local: Storage = {
  async put(key, bytes) {
    const full = safeUploadPath(key);
    if (!full) throw new Error(`bad storage key ${key}`);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, bytes);
    return `/uploads/${key.replace(/^\/+/, '')}`;
  },
};

/** The configured storage provider. */
export function storage(): Storage {
  return local;
}

/**
 * A stored-file path as the database keeps it: relative ('/uploads/…' or a bundled '/imgs/…'), with
 * the media prefix of SPEC §9 removed; null for anything that is not ours (no hot-linking).
 */
export function normaliseStoredPath(url: string): string | null {
  let path = url.trim();
  if (!path) return '';
  const media = env().MEDIA_URL.replace(/\/+$/, '');
  if (media && path.startsWith(`${media}/`)) path = path.slice(media.length);
  const site = new URL(env().SITE_URL).origin;
  if (path.startsWith(`${site}/`)) path = path.slice(site.length);
  if (!/^\/(uploads|imgs)\/[\w\-./]+$/.test(path) || path.includes('..')) return null;
  return path;
}
