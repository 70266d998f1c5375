import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { CRITIQUE_TEXTS } from '~/lib/rules/critique-texts';
import { refuse } from '../../http/errors';
import { storage, storageKey, viewableUrl } from '../../providers/storage';
import { decodeBase64 } from '../upload/image';

/**
 * A coach's recorded voice comment: checked from the bytes (what MediaRecorder makes: webm or ogg
 * with opus, mp4 audio on Safari), capped in size, and kept privately under `videos/critique/<coach
 * user>/` — `videos/` keys are served only through signed URLs — so only the coach who recorded it
 * may attach it to a critique, and only those who may see that critique get a URL.
 */

/** 120 s of opus is well under 1 MB; Safari's AAC is larger. */
export const VOICE_MAX_BYTES = 3 * 1024 * 1024;

const AUDIO = new Map([
  ['audio/webm', 'webm'],
  ['video/webm', 'webm'],
  ['audio/ogg', 'ogg'],
  ['audio/opus', 'ogg'],
  ['audio/mp4', 'm4a'],
  ['audio/x-m4a', 'm4a'],
  ['video/mp4', 'm4a'],
]);
const MIME: Record<string, string> = { webm: 'audio/webm', ogg: 'audio/ogg', m4a: 'audio/mp4' };

const folderOf = (userId: number) => `videos/critique/${userId}/`;

/** Stores a recorded voice comment of `userId`; answers its path (what the critique keeps) and a signed URL. */
export async function storeVoice(userId: number, audio: string): Promise<{ path: string; url: string }> {
  const bytes = decodeBase64(audio);
  if (!bytes || bytes.length < 16) throw refuse(CRITIQUE_TEXTS.badVoice);
  if (bytes.length > VOICE_MAX_BYTES) throw refuse(CRITIQUE_TEXTS.voiceTooBig);
  const type = await fileTypeFromBuffer(bytes);
  const ext = type && AUDIO.get(type.mime);
  if (!ext) throw refuse(CRITIQUE_TEXTS.badVoice);
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const path = await storage().put(`${folderOf(userId)}${day}-${randomBytes(8).toString('hex')}.${ext}`, bytes, MIME[ext] ?? 'audio/webm');
  return { path, url: await viewableUrl(path) };
}

/**
 * The voice path a critique by `userId` may keep: '' for none, the critique's current voice unchanged, or
 * one of the coach's own stored recordings. Anything else (another coach's file, a public file) is refused.
 */
export async function ownVoice(userId: number, path: string, current: string): Promise<string> {
  const p = path.trim();
  if (!p || p === current) return p;
  const key = storageKey(p);
  const folder = folderOf(userId);
  if (!key?.startsWith(folder) || key.slice(folder.length).includes('/')) throw refuse(CRITIQUE_TEXTS.voiceNotYours);
  if (!(await storage().stat(key))) throw refuse(CRITIQUE_TEXTS.voiceNotYours);
  return p;
}
