import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { safeUploadPath } from './index';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

/** GET /uploads/* from local storage. Unknown types are not served (no HTML from uploads). */
export async function serveUploads(c: Context): Promise<Response> {
  const key = decodeURIComponent(c.req.path.slice('/uploads/'.length));
  const file = safeUploadPath(key);
  const type = TYPES[extname(key).toLowerCase()];
  if (!file || !type) return c.text('Not found', 404);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return c.text('Not found', 404);
  const etag = `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
  const headers = {
    'Content-Type': type,
    'Content-Length': String(info.size),
    'Cache-Control': 'public, max-age=86400',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    // SVGs from users must not run script when opened directly.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { headers });
}
