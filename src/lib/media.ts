import { imageUrl } from './rules/image-url';
import { runtime } from './runtime';

/** An image path ready for <img src> in the browser or on the server (media host applied). */
export function img(path: string | null | undefined, mediaHost?: string): string {
  return imageUrl(path, mediaHost ?? runtime().mediaUrl);
}
