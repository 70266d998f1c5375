/** Folders an upload may go to. */
export const UPLOAD_FOLDERS = ['avatar', 'feedback', 'common', 'circle', 'review'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** Image kinds the server keeps (it decides from the bytes; the browser checks the label first). */
export const UPLOAD_MIME_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export const UPLOAD_TEXTS = {
  empty: '请选择图片',
  badData: '图片数据不正确',
  badType: '仅支持 JPG、PNG、GIF、WEBP 格式的图片',
  tooBig: (kb: number) => `图片不能超过 ${kb >= 1024 ? `${Math.round(kb / 1024)}MB` : `${kb}KB`}`,
  /** A document path that is not one of the member's own private uploads (or no longer exists). */
  badDocument: '证件照片无效，请重新上传',
} as const;

/** The browser-side limit of a picked image (the server applies its own UPLOAD_MAX_KB). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The message for a picked file the site would refuse (type, then size), or null. */
export function imageError(file: { type: string; size: number }, maxBytes = IMAGE_MAX_BYTES): string | null {
  if (!UPLOAD_MIME_TYPES.includes(file.type)) return UPLOAD_TEXTS.badType;
  if (file.size > maxBytes) return UPLOAD_TEXTS.tooBig(Math.floor(maxBytes / 1024));
  return null;
}

/**
 * 功夫圈 images get a square grid thumbnail next to them at upload (`…/x.jpg` → `…/x_t.webp`);
 * any other stored image is its own thumbnail.
 */
export function thumbOf(path: string): string {
  return /\/circle\/[^?#]+\.(jpg|png|gif|webp)$/.test(path) ? path.replace(/\.(jpg|png|gif|webp)$/, '_t.webp') : path;
}
export const THUMB_EDGE = 360;
