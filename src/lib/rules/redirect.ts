/**
 * Where to go from a `redirect` / return parameter: the path (with query and hash) of a target on
 * this site, or `fallback`.
 *
 * The raw value is resolved with `new URL(raw, origin)`, the way the browser will resolve it when
 * it navigates, so every spelling browsers normalise — `//evil.example`, `/\evil.example`, a TAB or
 * LF inside the slashes, leading spaces — is judged by where it really leads. Anything on another
 * origin, or with another scheme (`javascript:`, `data:`), gives `fallback`. Leading slashes of the
 * result are collapsed, because `/.//evil.example` resolves to the path `//evil.example`, which a
 * second navigation would read as another host.
 */
export function safeRedirect(raw: string | null | undefined, origin: string, fallback = '/'): string {
  if (!raw) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  if (url.origin !== base.origin) return fallback;
  return `${url.pathname.replace(/^[/\\]+/, '/')}${url.search}${url.hash}`;
}
