/**
 * Photos picked on a phone are compressed in the browser before upload (a camera's 4–12 MB JPEG
 * would pass neither the upload limit nor a mobile network): the long edge at most LONG_EDGE px,
 * re-encoded as JPEG at QUALITY. Zod-free and DOM-free so the rule is unit tested.
 */
export const PHOTO_COMPRESS = {
  longEdge: 1920,
  quality: 0.8,
  /** A picture already this small and within the edge is sent as it is. */
  keepBytes: 300 * 1024,
  type: 'image/jpeg',
} as const;

/**
 * The size a photo is drawn at: its own size when the long edge fits, else scaled down so the long
 * edge is `longEdge` (whole pixels, never below 1).
 */
export function fitLongEdge(width: number, height: number, longEdge: number = PHOTO_COMPRESS.longEdge): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= longEdge || long <= 0) return { width, height };
  const k = longEdge / long;
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/**
 * Whether a picked file is sent untouched: a GIF (re-encoding would drop its animation), or a
 * picture already small in bytes and in edge.
 */
export function keepAsIs(
  file: { type: string; size: number },
  width: number,
  height: number,
  longEdge: number = PHOTO_COMPRESS.longEdge,
): boolean {
  if (file.type === 'image/gif') return true;
  return file.size <= PHOTO_COMPRESS.keepBytes && Math.max(width, height) <= longEdge;
}

/** The compressed file's name: the picked name with a .jpg ending ("IMG_0001.HEIC" → "IMG_0001.jpg"). */
export function compressedName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'photo';
  return `${base}.jpg`;
}
