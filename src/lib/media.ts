import { imageUrl } from './rules/image-url';
import { runtime } from './runtime';

/** An image path ready for <img src> in the browser or on the server (media host applied). */
export function img(path: string | null | undefined, mediaHost?: string): string {
  return imageUrl(path, mediaHost ?? runtime().mediaUrl);
}

/**
 * A verification document for <img src>: the signed URL the server handed out with it (documents
 * are private; the URL works for a few minutes and never takes the media prefix), else the path as
 * an ordinary image (an older public one).
 */
export function docImg(path: string, urls: Readonly<Record<string, string>>): string {
  return urls[path] ?? img(path);
}
