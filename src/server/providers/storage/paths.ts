import { extname, resolve, sep } from 'node:path';
import { env } from '../../env';

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

/** The storage key of a stored path ('/uploads/a/b.png' → 'a/b.png'); null for anything else. */
export function storageKey(path: string): string | null {
  const m = /^\/uploads\/([\w\-./]+)$/.exec(path);
  return m?.[1] && !m[1].includes('..') ? m[1] : null;
}

/**
 * Keys only signed URLs may read (issue 17 §2): uploaded videos (lesson and 功夫圈) with their
 * posters and transcodes. Everything else under uploads is public (images, chat files, replays).
 */
export function isPrivateKey(key: string): boolean {
  return key.startsWith('videos/');
}

/**
 * The signature window of a signed URL: it starts at a multiple of `ttlS` and the URL stays valid
 * for two windows, so every URL is good for at least `ttlS` and identical within a window (browser
 * and page caches keep working).
 */
export function signingWindow(ttlS: number, now: number): { start: number; expires: number } {
  const start = Math.floor(now / 1000 / ttlS) * ttlS;
  return { start, expires: start + 2 * ttlS };
}

/** The types uploads are served as; a file of any other type is not served (no HTML from uploads). */
const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  // Live recordings kept as FLV when the server has no ffmpeg (played with mpegts.js).
  '.flv': 'video/x-flv',
  '.webm': 'video/webm',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  // Chat attachments (src/server/modules/im/upload.ts); any other file is stored as .bin.
  '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.bin': 'application/octet-stream',
};

export function contentTypeOf(key: string): string | undefined {
  return TYPES[extname(key).toLowerCase()];
}
