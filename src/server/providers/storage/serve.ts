import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { env } from '../../env';
import {
  cacheControlOf,
  contentTypeOf,
  DOCUMENT_SIGN_TTL_S,
  isDocumentKey,
  isPrivateKey,
  safeUploadPath,
  storage,
  storageKey,
} from './index';
import { localSignatureValid } from './local';

/**
 * GET /uploads/*. Unknown types are not served (no HTML from uploads). Private media (videos,
 * documents) need the signature viewableUrl() put on the URL; a bad or expired one is 403, so a
 * copied link stops working. With STORAGE=s3 the answer is a redirect to a presigned URL of the
 * bucket.
 *
 * The key is the request path exactly as it arrived (never decoded: Hono's c.req.path is) and must
 * be canonical (paths.ts): the key that is judged private or public is the very file opened.
 */
export async function serveUploads(c: Context): Promise<Response> {
  const key = storageKey(new URL(c.req.url).pathname);
  const file = key && safeUploadPath(key);
  const type = key && contentTypeOf(key);
  if (!key || !file || !type) return c.text('Not found', 404);
  const privateKey = isPrivateKey(key);
  if (privateKey && !localSignatureValid(key, c.req.query('e'), c.req.query('s'))) return c.text('Forbidden', 403);
  if (storage().kind === 's3') return redirectToBucket(key);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return c.text('Not found', 404);
  const etag = `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
  const headers = {
    'Content-Type': type,
    'Content-Length': String(info.size),
    'Cache-Control': cacheControlOf(key),
    ETag: etag,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    // SVGs from users must not run script when opened directly.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    // Public pictures may be drawn into a canvas on a page of another origin (the mobile host's
    // 生成海报 with MEDIA_URL on a CDN in front of this app); private media stay same-origin.
    ...(privateKey ? {} : { 'Access-Control-Allow-Origin': '*' }),
  };
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  // One byte range, so a video can seek (and Safari plays it at all). An If-Range that no longer
  // matches gets the whole file.
  const range = c.req.header('range');
  const ifRange = c.req.header('if-range');
  if (range && (!ifRange || ifRange === etag)) {
    const r = byteRange(range, info.size);
    if (r === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Length': '0', 'Content-Range': `bytes */${info.size}` } });
    }
    if (r) {
      const body = Readable.toWeb(createReadStream(file, { start: r.start, end: r.end })) as ReadableStream;
      return new Response(body, {
        status: 206,
        headers: { ...headers, 'Content-Length': String(r.end - r.start + 1), 'Content-Range': `bytes ${r.start}-${r.end}/${info.size}` },
      });
    }
  }
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { headers });
}

/**
 * A stored file of the bucket: a 302 to a presigned GET (the bucket answers ranges and
 * revalidation). The target is stable within a signing window, so the redirect may be cached that
 * long by the browser and no longer.
 */
async function redirectToBucket(key: string): Promise<Response> {
  const ttl = isDocumentKey(key) ? DOCUMENT_SIGN_TTL_S : env().MEDIA_SIGN_TTL_S;
  return new Response(null, {
    status: 302,
    headers: {
      Location: await storage().signedUrl(key, ttl),
      'Cache-Control': isDocumentKey(key)
        ? 'private, no-store'
        : `${isPrivateKey(key) ? 'private' : 'public'}, max-age=${Math.min(ttl, 3600)}`,
    },
  });
}

/**
 * A single `bytes=` range of a file of `size` bytes: `a-b`, `a-` or the suffix `-n`. Null for what
 * we do not serve as a range (several ranges, other units: the whole file is sent instead).
 */
export function byteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return null;
  let start: number;
  let end: number;
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
