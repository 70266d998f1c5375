import { IMAGE_MAX_BYTES } from './rules/upload';

/**
 * A phone's camera photo is several megabytes and thousands of pixels wide, over the upload limit
 * (IMAGE_MAX_BYTES): it is redrawn at most `edge` pixels on its long side as a JPEG before the
 * usual checks and upload. `square` crops the centre (an avatar). Small files pass untouched (a
 * GIF keeps its frames); a browser that cannot decode the file gets it back as it was, and the
 * upload's own checks say what is wrong.
 */
export async function shrinkImage(file: File, opts: { edge: number; square?: boolean; quality?: number }): Promise<File> {
  if (!opts.square && file.size <= IMAGE_MAX_BYTES / 4) return file;
  if (typeof createImageBitmap !== 'function') return file;
  let bmp: ImageBitmap;
  try {
    bmp = await createImageBitmap(file);
  } catch {
    return file;
  }
  const side = Math.min(bmp.width, bmp.height);
  const sw = opts.square ? side : bmp.width;
  const sh = opts.square ? side : bmp.height;
  const scale = Math.min(1, opts.edge / Math.max(sw, sh));
  const w = Math.max(1, Math.round(sw * scale));
  const h = Math.max(1, Math.round(sh * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return file;
  ctx.fillStyle = 'white'; // a transparent PNG turns white, not black, as a JPEG
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(bmp, (bmp.width - sw) / 2, (bmp.height - sh) / 2, sw, sh, 0, 0, w, h);
  bmp.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', opts.quality ?? 0.85));
  if (!blob) return file;
  return new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
}
