import { PHOTO_COMPRESS, compressedName, fitLongEdge, keepAsIs } from '../rules/image-compress';

/**
 * Compresses a picked photo in the browser (the rule: src/lib/rules/image-compress.ts): 功夫圈
 * photos, feedback pictures and identity documents at the default edge; an avatar as a `square`
 * cut from the centre at a small edge (always re-encoded, so it is always square).
 * `createImageBitmap` with `imageOrientation: 'from-image'` applies the EXIF orientation, so a
 * portrait photo from a phone camera stays upright once the canvas re-encodes it (the new file
 * carries no EXIF). A result that is not smaller than the original is dropped for the original.
 */
export async function compressPhoto(file: File, opts: { longEdge?: number; square?: boolean } = {}): Promise<File> {
  const longEdge = opts.longEdge ?? PHOTO_COMPRESS.longEdge;
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // A format this browser cannot decode (HEIC on some Androids): sent as picked, the server decides.
    return file;
  }
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const sw = opts.square ? side : bitmap.width;
    const sh = opts.square ? side : bitmap.height;
    if (!opts.square && keepAsIs(file, sw, sh, longEdge)) return file;
    const { width, height } = fitLongEdge(sw, sh, longEdge);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    // JPEG has no transparency: a PNG's clear parts become white, not black.
    ctx.fillStyle = 'white';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, (bitmap.width - sw) / 2, (bitmap.height - sh) / 2, sw, sh, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, PHOTO_COMPRESS.type, PHOTO_COMPRESS.quality));
    if (!blob || (!opts.square && blob.size >= file.size)) return file;
    return new File([blob], compressedName(file.name), { type: PHOTO_COMPRESS.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
