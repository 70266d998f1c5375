import { randomBytes } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { fileTypeFromBuffer } from 'file-type';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { refuse } from '../../http/errors';
import { env } from '../../env';
import { storage } from '../../providers/storage';
import { img } from '~/lib/media';

/** Image kinds we keep; decided from the bytes, never from the name or the data-URL label. */
const IMAGE_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);
const FOLDERS = ['avatar', 'feedback', 'common'] as const;

export const UPLOAD_TEXTS = {
  empty: '请选择图片',
  badData: '图片数据不正确',
  badType: '仅支持 JPG、PNG、GIF、WEBP 格式的图片',
  tooBig: (kb: number) => `图片不能超过 ${kb >= 1024 ? `${Math.round(kb / 1024)}MB` : `${kb}KB`}`,
} as const;

/** Decodes a data URL or bare base64 string; null when it is not base64. */
function decodeBase64(input: string): Buffer | null {
  const raw = input.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!raw || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw)) return null;
  return Buffer.from(raw, 'base64');
}

/** /api/uploader_img_base64 (SPEC §7): a member's image, checked by content and size, stored. */
export function registerUpload(api: OpenAPIHono<AppEnv>): void {
  const maxKb = () => env().UPLOAD_MAX_KB;
  endpoint(
    api,
    {
      path: '/uploader_img_base64',
      summary: '上传图片（base64 或 data URL）',
      tags: ['上传'],
      access: 'member',
      // base64 is 4/3 of the bytes, plus the JSON around it.
      bodyLimitKb: Math.ceil((env().UPLOAD_MAX_KB * 4) / 3) + 16,
      input: z.object({
        image: z.string({ error: UPLOAD_TEXTS.empty }).min(1, UPLOAD_TEXTS.empty),
        type: z.enum(FOLDERS).default('common'),
      }),
      output: z.object({ path: z.string(), url: z.string() }),
      okMsg: '上传成功',
    },
    async ({ input, user }) => {
      const bytes = decodeBase64(input.image);
      if (!bytes || bytes.length < 16) throw refuse(UPLOAD_TEXTS.badData);
      if (bytes.length > maxKb() * 1024) throw refuse(UPLOAD_TEXTS.tooBig(maxKb()));
      const kind = await fileTypeFromBuffer(bytes);
      const ext = kind && IMAGE_TYPES.get(kind.mime);
      if (!kind || !ext) throw refuse(UPLOAD_TEXTS.badType);
      const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      const path = await storage().put(`${input.type}/${day}/${user.id}-${randomBytes(8).toString('hex')}.${ext}`, bytes, kind.mime);
      return { path, url: img(path, env().MEDIA_URL) };
    },
  );
}
