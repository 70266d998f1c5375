import { randomBytes } from 'node:crypto';
import { UPLOAD_TEXTS } from '~/lib/rules/upload';
import { refuse } from '../../http/errors';
import { DOCUMENTS_PREFIX, isDocumentKey, storage, storageKey, viewableUrl } from '../../providers/storage';
import { checkedImage } from './image';

/**
 * Verification documents (ID photos, business licences, certificates): private files under
 * `docs/<uploader id>/`, never public and never cached (storage/paths.ts). Only the uploader's own
 * applications may cite them, and only the uploader and reviewing staff get their signed URLs.
 */

/** `docs/<userId>/` — the folder of one member's documents. */
const folderOf = (userId: number) => `${DOCUMENTS_PREFIX}${userId}/`;

/** /api/member/uploadDocument: a checked image stored as the member's private document. */
export async function storeDocument(image: string, userId: number): Promise<{ path: string; url: string }> {
  const { bytes, ext, mime } = await checkedImage(image);
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const path = await storage().put(`${folderOf(userId)}${day}-${randomBytes(8).toString('hex')}.${ext}`, bytes, mime);
  return { path, url: await viewableUrl(path) };
}

/**
 * A document path an application of `userId` may cite: one of the member's own documents that is
 * still stored. Anything else (a public image, another member's document, a made-up path) is
 * refused with `message`; an empty value with `missing`.
 */
export async function ownDocument(userId: number, path: string, missing: string, message: string = UPLOAD_TEXTS.badDocument) {
  const p = path.trim();
  if (!p) throw refuse(missing);
  const key = storageKey(p);
  if (!key?.startsWith(folderOf(userId)) || key.slice(folderOf(userId).length).includes('/')) throw refuse(message);
  if (!(await storage().stat(key))) throw refuse(message);
  return p;
}

/**
 * Signed URLs of the documents among `paths` (path → URL), for the applicant's own form and the
 * console's review; paths that are not documents (legacy public images) are left out.
 */
export async function documentUrls(paths: readonly string[]): Promise<Record<string, string>> {
  const docs = [...new Set(paths)].filter((p) => {
    const key = storageKey(p);
    return key !== null && isDocumentKey(key);
  });
  return Object.fromEntries(await Promise.all(docs.map(async (p) => [p, await viewableUrl(p)] as const)));
}
