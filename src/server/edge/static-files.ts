import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { LRUCache } from 'lru-cache';
import { notModified, pickEncoding } from './encoding';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wasm': 'application/wasm',
};

interface Variant {
  file: string;
  size: number;
}
interface Asset {
  type: string;
  etag: string;
  lastModified: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

/** Bodies up to this size are kept in memory after their first request. */
const IN_MEMORY_MAX = 512 * 1024;

/**
 * The built client files (dist/client), served before anything else: hashed `/_astro/*` assets as
 * immutable for a year, other public files (images, favicon) for a day, both with an ETag; the
 * brotli and gzip copies written at build time (scripts/precompress.mjs) are sent as they are, so
 * no asset is compressed per request. The file list is read once at start: a deploy restarts.
 */
export function createStaticFiles(root: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const assets = new Map<string, Asset>();
  const bodies = new LRUCache<string, Buffer>({ maxSize: 48 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });

  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !entry.name.endsWith('.br') && !entry.name.endsWith('.gz')) add(full);
    }
  };
  const variant = (file: string): Variant | undefined => {
    try {
      return { file, size: statSync(file).size };
    } catch {
      return undefined;
    }
  };
  const add = (file: string): void => {
    const type = TYPES[extname(file).toLowerCase()];
    if (!type) return;
    const st = statSync(file);
    const url = `/${relative(root, file).split(sep).join('/')}`;
    const br = variant(`${file}.br`);
    const gzip = variant(`${file}.gz`);
    assets.set(url, {
      type,
      etag: `"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`,
      lastModified: st.mtime.toUTCString(),
      cacheControl: url.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
      identity: { file, size: st.size },
      ...(br ? { br } : {}),
      ...(gzip ? { gzip } : {}),
    });
  };
  try {
    walk(root);
  } catch {
    // No client build (API-only rigs): nothing to serve here.
  }

  const body = (v: Variant): Buffer => {
    let b = bodies.get(v.file);
    if (!b) {
      b = readFileSync(v.file);
      bodies.set(v.file, b);
    }
    return b;
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    let path: string;
    try {
      path = decodeURIComponent(q === -1 ? url : url.slice(0, q));
    } catch {
      return false;
    }
    const asset = assets.get(path);
    if (!asset) return false;
    const headers: Record<string, string | number> = {
      'Content-Type': asset.type,
      'Cache-Control': asset.cacheControl,
      ETag: asset.etag,
      'Last-Modified': asset.lastModified,
      Vary: 'Accept-Encoding',
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    };
    // An SVG opened on its own must not run script.
    if (asset.type.startsWith('image/svg')) headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
    if (notModified(req.headers['if-none-match'], asset.etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    // One byte range (media seeking), always from the uncompressed file.
    const range = req.headers.range;
    if (range) {
      const size = asset.identity.size;
      const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
      const start = m?.[1] ? Number(m[1]) : m?.[2] ? Math.max(0, size - Number(m[2])) : NaN;
      const end = m?.[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
      if (!m || !Number.isFinite(start) || start > end || start >= size) {
        res.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}` });
        res.end();
        return true;
      }
      res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': end - start + 1 });
      if (req.method === 'HEAD') res.end();
      else if (asset.identity.size > IN_MEMORY_MAX)
        createReadStream(asset.identity.file, { start, end })
          .on('error', () => res.destroy())
          .pipe(res);
      else res.end(body(asset.identity).subarray(start, end + 1));
      return true;
    }
    const enc = pickEncoding(req.headers['accept-encoding'], { br: !!asset.br, gzip: !!asset.gzip });
    const v = (enc === 'identity' ? asset.identity : asset[enc]) ?? asset.identity;
    if (enc !== 'identity') headers['Content-Encoding'] = enc;
    headers['Content-Length'] = v.size;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else if (v.size > IN_MEMORY_MAX)
      createReadStream(v.file)
        .on('error', () => res.destroy())
        .pipe(res);
    else res.end(body(v));
    return true;
  };
}
