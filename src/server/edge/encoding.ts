export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The best encoding the client accepts among those we hold. Browsers send `br, gzip` without
 * weights; an explicit `q=0` refuses one.
 */
export function pickEncoding(header: string | string[] | null | undefined, have: { br: boolean; gzip: boolean }): Encoding {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (have.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (have.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return 'identity';
}

/** True when the client's If-None-Match names `etag` (weak or strong, or `*`). */
export function notModified(header: string | string[] | null | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return String(header)
    .split(',')
    .some((t) => {
      const tag = t.trim();
      return tag === '*' || tag.replace(/^W\//, '') === bare;
    });
}
