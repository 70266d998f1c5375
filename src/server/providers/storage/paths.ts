import { extname, resolve, sep } from 'node:path';
import { env } from '../../env';

/** The directory local uploads live in. */
export function uploadsDir(): string {
  return resolve(env().DATA_DIR, 'uploads');
}

/**
 * The one form a storage key has: segments of letters, digits, `_` and `-`, joined by single dots
 * (`2026/a-1.png`, never `.x`, `x.`, `a..b`), separated by single slashes, the top folder in lower
 * case. Everything that decides about a key (private or not, which file) takes only this form, so
 * `//videos/…`, `%2Fvideos/…`, `seed/../videos/…`, `Videos/…` or `videos./…` can never be read
 * one way and opened another: they are not keys at all (404). deploy/nginx/site.conf.template
 * refuses the same request paths.
 */
const KEY_RE = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*(?:\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)*$/;

/** `key` when it is a canonical storage key, else null. */
export function canonicalKey(key: string): string | null {
  return key.length <= 400 && KEY_RE.test(key) ? key : null;
}

/** Resolves a canonical key inside the uploads directory; null for anything else. */
export function safeUploadPath(key: string): string | null {
  if (!canonicalKey(key)) return null;
  const root = uploadsDir();
  const full = resolve(root, key);
  return full.startsWith(root + sep) ? full : null;
}

/** The storage key of a stored path ('/uploads/a/b.png' → 'a/b.png'); null for anything else. */
export function storageKey(path: string): string | null {
  return path.startsWith('/uploads/') ? canonicalKey(path.slice('/uploads/'.length)) : null;
}

/** Where verification documents live (ID photos, licences, certificates): `docs/<uploader id>/…`. */
export const DOCUMENTS_PREFIX = 'docs/';

/**
 * Keys only signed URLs may read: uploaded videos (lesson and 功夫圈) with their posters and
 * transcodes, and verification documents. Everything else under uploads is public (images, chat
 * files, replays). Case-blind, so no file system that ignores case can open one as public.
 */
export function isPrivateKey(key: string): boolean {
  return /^(videos|docs)\//i.test(key);
}

/**
 * How long a document's signed URL lives: at least this, at most twice this (signingWindow) —
 * enough to look at it on the page that asked for it, too short to pass around.
 */
export const DOCUMENT_SIGN_TTL_S = 300;

/** A verification document's key (private, never cached: `Cache-Control: private, no-store`). */
export function isDocumentKey(key: string): boolean {
  return key.toLowerCase().startsWith(DOCUMENTS_PREFIX);
}

/**
 * The Cache-Control of a stored file: public files for a day in any cache; videos only in the
 * viewer's browser; documents nowhere.
 */
export function cacheControlOf(key: string): string {
  if (isDocumentKey(key)) return 'private, no-store';
  return isPrivateKey(key) ? 'private, max-age=3600' : 'public, max-age=86400';
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
