import { randomBytes } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import sharp from 'sharp';
import { THUMB_EDGE } from '~/lib/rules/upload';
import { UPLOAD_TEXTS, uploadApi } from '~/lib/api/contract/upload';
import { img } from '~/lib/media';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { refuse } from '../../http/errors';
import { env } from '../../env';
import { storage } from '../../providers/storage';
import { storeDocument } from './documents';
import { checkedImage } from './image';

export { UPLOAD_TEXTS };

/**
 * /api/uploader_img_base64 (SPEC §7): a member's public image, checked by content and size, stored;
 * /api/member/uploadDocument: a verification document, stored privately (documents.ts).
 */
export function registerUpload(api: OpenAPIHono<AppEnv>): void {
  // base64 is 4/3 of the bytes, plus the JSON around it.
  const bodyLimitKb = Math.ceil((env().UPLOAD_MAX_KB * 4) / 3) + 16;
  endpoint(api, { ...uploadApi.imageBase64, bodyLimitKb }, ({ input, user }) => storeImage(input.image, input.type, String(user.id)));
  endpoint(api, { ...uploadApi.document, bodyLimitKb }, ({ input, user }) => storeDocument(input.image, user.id));
}

/**
 * Checks an uploaded image (content and size) and stores it under `<folder>/<day>/<owner>-<random>`.
 * Shared by the member upload and the console's (`owner` is the member id, or `staff<id>`).
 */
export async function storeImage(image: string, folder: string, owner: string): Promise<{ path: string; url: string }> {
  const { bytes, ext, mime } = await checkedImage(image);
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const name = `${folder}/${day}/${owner}-${randomBytes(8).toString('hex')}`;
  let thumb: Buffer | null = null;
  if (folder === 'circle') {
    // The feed's grid cell, made before storing so an image sharp cannot read is refused whole.
    thumb = await sharp(bytes)
      .rotate()
      .resize(THUMB_EDGE, THUMB_EDGE, { fit: 'cover', withoutEnlargement: false })
      .webp({ quality: 78 })
      .toBuffer()
      .catch(() => {
        throw refuse(UPLOAD_TEXTS.badData);
      });
  }
  const path = await storage().put(`${name}.${ext}`, bytes, mime);
  if (thumb) await storage().put(`${name}_t.webp`, thumb, 'image/webp');
  return { path, url: img(path, env().MEDIA_URL) };
}
