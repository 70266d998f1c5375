import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_TEXTS } from '~/lib/rules/upload';
import { refuse } from '../../http/errors';
import { env } from '../../env';

/** Image kinds we keep; decided from the bytes, never from the name or the data-URL label. */
const IMAGE_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);

/** Decodes a data URL or bare base64 string; null when it is not base64. */
export function decodeBase64(input: string): Buffer | null {
  const raw = input.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!raw || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw)) return null;
  return Buffer.from(raw, 'base64');
}

/** An uploaded image (base64 or data URL) checked by content and size: its bytes, extension and type. */
export async function checkedImage(image: string): Promise<{ bytes: Buffer; ext: string; mime: string }> {
  const maxKb = env().UPLOAD_MAX_KB;
  const bytes = decodeBase64(image);
  if (!bytes || bytes.length < 16) throw refuse(UPLOAD_TEXTS.badData);
  if (bytes.length > maxKb * 1024) throw refuse(UPLOAD_TEXTS.tooBig(maxKb));
  const kind = await fileTypeFromBuffer(bytes);
  const ext = kind && IMAGE_TYPES.get(kind.mime);
  if (!kind || !ext) throw refuse(UPLOAD_TEXTS.badType);
  return { bytes, ext, mime: kind.mime };
}
