/** SPEC §3/§9: the picture shown when a user or item has none. */
export const DEFAULT_IMAGE = '/imgs/default/default.jpg';

/**
 * Resolves a stored image path for display: empty → the default image; absolute http(s) and data
 * URLs stay; anything else gets the media host prefix (empty prefix = same origin).
 */
export function imageUrl(path: string | null | undefined, mediaHost = ''): string {
  const p = (path ?? '').trim();
  if (!p) return mediaHost ? joinUrl(mediaHost, DEFAULT_IMAGE) : DEFAULT_IMAGE;
  if (/^(https?:)?\/\//i.test(p) || p.startsWith('data:') || p.startsWith('blob:')) return p;
  return joinUrl(mediaHost, p);
}

function joinUrl(host: string, path: string): string {
  if (!host) return path.startsWith('/') ? path : `/${path}`;
  return `${host.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
