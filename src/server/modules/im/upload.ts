import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IM_UPLOAD_MAX_MB, IM_UPLOAD_TEXTS, type ImUploadKind } from '~/lib/api/contract/im';
import type { FilePayload, ImageInfo, ImagePayload, SoundPayload, VideoPayload } from '~/lib/chat/types';
import { img } from '~/lib/media';
import { env } from '../../env';
import { refuse } from '../../http/errors';
import { storage } from '../../providers/storage';

/**
 * Chat media: checked by content (file-type), stored under im/<day>/<user>-<random>.<ext>, and
 * answered as the element's payload. Images get a large copy (≤ 720 px) and a thumbnail (≤ 198 px)
 * made with sharp; animated GIFs keep the original for all three.
 */
const IMAGE = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);
const VIDEO = new Map([
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
  ['video/quicktime', 'mov'],
]);
const SOUND = new Map([
  ['audio/mpeg', 'mp3'],
  ['audio/mp4', 'm4a'],
  ['audio/x-m4a', 'm4a'],
  ['audio/aac', 'aac'],
  ['audio/ogg', 'ogg'],
  ['audio/wav', 'wav'],
  ['audio/vnd.wave', 'wav'],
  ['audio/webm', 'webm'],
  ['video/webm', 'webm'],
]);
/** Plain files keep a servable extension only for these; anything else is stored as .bin. */
const FILE = new Map([...IMAGE, ...VIDEO, ...SOUND, ['application/pdf', 'pdf'], ['application/zip', 'zip']]);

export function maxBytes(kind: ImUploadKind): number {
  return IM_UPLOAD_MAX_MB[kind] * 1024 * 1024;
}

async function put(userId: number, ext: string, bytes: Uint8Array, mime: string, suffix = ''): Promise<string> {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const path = await storage().put(`im/${day}/${userId}-${randomBytes(8).toString('hex')}${suffix}.${ext}`, bytes, mime);
  return img(path, env().MEDIA_URL);
}

export async function storeChatFile(
  userId: number,
  kind: ImUploadKind,
  file: File,
): Promise<ImagePayload | FilePayload | VideoPayload | SoundPayload> {
  if (file.size === 0) throw refuse(IM_UPLOAD_TEXTS.noFile);
  if (file.size > maxBytes(kind)) throw refuse(IM_UPLOAD_TEXTS.tooBig(IM_UPLOAD_MAX_MB[kind]));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(bytes);
  switch (kind) {
    case 'image': {
      const ext = type && IMAGE.get(type.mime);
      if (!type || !ext) throw refuse(IM_UPLOAD_TEXTS.badImage);
      const meta = await sharp(bytes, { animated: true })
        .metadata()
        .catch(() => {
          throw refuse(IM_UPLOAD_TEXTS.badImage);
        });
      const width = meta.width ?? 0;
      const height = meta.pageHeight ?? meta.height ?? 0;
      const original = await put(userId, ext, bytes, type.mime);
      const infos: ImageInfo[] = [{ type: 0, url: original, width, height, size: bytes.length }];
      for (const [t, edge] of [
        [1, 720],
        [2, 198],
      ] as const) {
        if (ext === 'gif' || (width <= edge && height <= edge)) {
          infos.push({ type: t, url: original, width, height, size: bytes.length });
          continue;
        }
        const out = await sharp(bytes).rotate().resize({ width: edge, height: edge, fit: 'inside' }).toBuffer({ resolveWithObject: true });
        infos.push({
          type: t,
          url: await put(userId, ext, out.data, type.mime, `-${edge}`),
          width: out.info.width,
          height: out.info.height,
          size: out.data.length,
        });
      }
      return { imageFormat: ext, imageInfoArray: infos };
    }
    case 'video': {
      const ext = type && VIDEO.get(type.mime);
      if (!type || !ext) throw refuse(IM_UPLOAD_TEXTS.badVideo);
      const url = await put(userId, ext, bytes, type.mime);
      return { videoUrl: url, videoSecond: 0, videoSize: bytes.length, videoFormat: ext, thumbUrl: '', thumbWidth: 0, thumbHeight: 0 };
    }
    case 'sound': {
      const ext = type && SOUND.get(type.mime);
      if (!type || !ext) throw refuse(IM_UPLOAD_TEXTS.badSound);
      return { url: await put(userId, ext, bytes, type.mime), second: 0, size: bytes.length };
    }
    case 'file': {
      const ext = (type && FILE.get(type.mime)) ?? 'bin';
      const name = (file.name || 'file')
        .replace(/[\\/]/g, '_')
        .replace(/\p{Cc}/gu, '_')
        .slice(0, 200);
      return { fileName: name, fileSize: bytes.length, fileUrl: await put(userId, ext, bytes, type?.mime ?? 'application/octet-stream') };
    }
  }
}
