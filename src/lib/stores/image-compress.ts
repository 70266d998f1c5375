import { PHOTO_COMPRESS, compressedName, fitLongEdge, keepAsIs } from '../rules/image-compress';

/**
 * Compresses a picked photo in the browser (the rule: src/lib/rules/image-compress.ts).
 * `createImageBitmap` with `imageOrientation: 'from-image'` applies the EXIF orientation, so a
 * portrait photo from a phone camera stays upright once the canvas re-encodes it (the new file
 * carries no EXIF). A result that is not smaller than the original is dropped for the original.
 */
export async function compressPhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // A format this browser cannot decode (HEIC on some Androids): sent as picked, the server decides.
    return file;
  }
  try {
    if (keepAsIs(file, bitmap.width, bitmap.height)) return file;
    const { width, height } = fitLongEdge(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    // JPEG has no transparency: a PNG's clear parts become white, not black.
    ctx.fillStyle = 'white';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, PHOTO_COMPRESS.type, PHOTO_COMPRESS.quality));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], compressedName(file.name), { type: PHOTO_COMPRESS.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
