/**
 * Ways to spell a stored file's URL that are not its one canonical form `/uploads/<key>`: doubled
 * and encoded slashes, dot segments (plain, encoded, double-encoded), backslashes, trailing dots,
 * changed case, an encoded prefix. Used against the local store, the S3 redirect and nginx.
 * `key` must have at least two segments (`videos/…`, `docs/…`); `seed/` is a folder that exists.
 */
export function uploadPathVariants(key: string): string[] {
  const [top = '', ...rest] = key.split('/');
  const tail = rest.join('/');
  const enc = (s: string) => s.replace(/\//g, '%2F');
  return [
    // Doubled and encoded slashes.
    `/uploads//${key}`,
    `/uploads///${key}`,
    `/uploads/%2F${key}`,
    `/uploads/%2f${key}`,
    `/uploads/${top}%2F${tail}`,
    `/uploads/${enc(key)}`,
    `/uploads/${top}//${tail}`,
    // Dot segments, plain and encoded.
    `/uploads/./${key}`,
    `/uploads/.%2F${key}`,
    `/uploads/.%2f${key}`,
    `/uploads/seed/../${key}`,
    `/uploads/seed/..%2F${key}`,
    `/uploads/seed%2F..%2F${key}`,
    `/uploads/seed/%2e%2e/${key}`,
    `/uploads/seed/%2E%2E%2F${key}`,
    `/uploads/seed/.%2e/${key}`,
    `/uploads/%2e/${key}`,
    `/uploads/seed/..%2F..%2Fuploads%2F${key}`,
    // Double encoding.
    `/uploads/%252F${key}`,
    `/uploads/seed/..%252F${key}`,
    `/uploads/seed%252F..%252F${key}`,
    `/uploads/seed/%252e%252e/${key}`,
    // Backslashes.
    `/uploads/seed\\..\\${key}`,
    `/uploads/.\\${key}`,
    `/uploads/seed%5C..%5C${key}`,
    `/uploads/seed%5c..%5c${enc(key)}`,
    `/uploads/${top}\\${tail}`,
    // Trailing dots and spaces.
    `/uploads/${top}./${tail}`,
    `/uploads/${top}../${tail}`,
    `/uploads/${key}.`,
    `/uploads/${top}%2e/${tail}`,
    `/uploads/${top}%20/${tail}`,
    // Case and encoded letters.
    `/uploads/${top.toUpperCase()}/${tail}`,
    `/uploads/${top.charAt(0).toUpperCase()}${top.slice(1)}/${tail}`,
    `/uploads/%${top.charCodeAt(0).toString(16)}${top.slice(1)}/${tail}`,
    `/%75ploads/${key}`,
    `/uploads/${key}/`,
  ];
}

/**
 * What a variant becomes once a URL parser has read it (dot segments resolved, backslashes made
 * slashes): only a variant that turns into the canonical path itself may be judged as that file
 * (403 without a signature); every other one is no file at all (404).
 */
export function resolvesTo(variant: string): string {
  return new URL(variant, 'http://x').pathname;
}
