import { env } from '../../env';
import { localStorage } from './local';
import { canonicalKey, DOCUMENT_SIGN_TTL_S, isDocumentKey, isPrivateKey, storageKey } from './paths';
import { s3Storage } from './s3';
import type { Storage } from './types';

export type { LocalCopy, Storage, StoredFile } from './types';
export {
  cacheControlOf,
  canonicalKey,
  contentTypeOf,
  DOCUMENTS_PREFIX,
  DOCUMENT_SIGN_TTL_S,
  isDocumentKey,
  isPrivateKey,
  safeUploadPath,
  storageKey,
  uploadsDir,
  signingWindow,
} from './paths';

let chosen: { kind: string; storage: Storage } | null = null;

/** The configured storage provider. */
export function storage(): Storage {
  const kind = env().STORAGE;
  if (chosen?.kind !== kind) chosen = { kind, storage: kind === 's3' ? s3Storage() : localStorage };
  return chosen.storage;
}

/** Forgets the chosen provider (tests switch STORAGE between suites). */
export function resetStorage(): void {
  chosen = null;
}

/**
 * What a viewer's browser may load for a stored path: private media as a signed URL (videos for
 * MEDIA_SIGN_TTL_S, documents for DOCUMENT_SIGN_TTL_S), anything else unchanged (public files get
 * the media prefix where they are rendered). Callers decide who may see it.
 */
export async function viewableUrl(path: string, now = Date.now()): Promise<string> {
  const key = storageKey(path);
  if (!key || !isPrivateKey(key)) return path;
  return storage().signedUrl(key, isDocumentKey(key) ? DOCUMENT_SIGN_TTL_S : env().MEDIA_SIGN_TTL_S, now);
}

/**
 * A public image's path as the database keeps it: relative ('/uploads/…' or a bundled '/imgs/…'),
 * with the media prefix of SPEC §9 removed; null for anything that is not ours (no hot-linking),
 * not in canonical form, or private (a video or a document is never shown as a public image).
 */
export function normaliseStoredPath(url: string): string | null {
  let path = url.trim();
  if (!path) return '';
  const media = env().MEDIA_URL.replace(/\/+$/, '');
  if (media && path.startsWith(`${media}/`)) path = path.slice(media.length);
  const site = new URL(env().SITE_URL).origin;
  if (path.startsWith(`${site}/`)) path = path.slice(site.length);
  if (path.startsWith('/imgs/')) return canonicalKey(path.slice(1)) ? path : null;
  const key = storageKey(path);
  return key && !isPrivateKey(key) ? path : null;
}
