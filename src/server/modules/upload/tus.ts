import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { FileStore } from '@tus/file-store';
import { Server, type DataStore, type Upload } from '@tus/server';
import type { Context } from 'hono';
import { PLAYABLE_VIDEO_TYPES, SC_TEXTS, TRANSCODABLE_VIDEO_TYPES } from '~/lib/rules/seller-content';
import type { AppEnv } from '../../http/context';
import { API_PREFIX } from '../../http/envelope';
import { env } from '../../env';
import { log } from '../../log';
import { deleteBucketObjects, s3ClientConfig } from '../../providers/storage/s3';
import { issueVoucher, readVoucher } from './voucher';
import { hasFfmpeg, registerUploadedVideo, UploadRefusal } from './video.service';

/**
 * Resumable lesson-video uploads (tus 1.0, `@tus/server` with its file store) at /api/tus. An
 * upload is created only with a fresh voucher from /api/public/updateVideoVoucher (header
 * `Upload-Voucher`); the uploader's ids go into the upload's metadata and every later request of
 * the upload must carry a voucher of the same user. Finished files are typed from their bytes
 * and become the coach's videos (video.service.ts). GET (download) is not offered: videos are
 * served from /uploads once registered.
 */
export const TUS_PATH = `${API_PREFIX}/tus`;

let server: { key: string; tus: Server } | null = null;

const UPLOAD_EXPIRY_MS = 24 * 3600_000;
/** The names tus gives uploads (its default: 16 random bytes in hex). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * Where unfinished uploads collect: DATA_DIR/tus, or with STORAGE=s3 the bucket itself (a multipart
 * upload per video, at the bucket's root beside its `.info`), so the parts of one upload may land
 * on any instance behind the balancer.
 */
async function datastoreFor(dir: string): Promise<DataStore> {
  if (env().STORAGE !== 's3') return new FileStore({ directory: dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const { S3Store } = await import('@tus/s3-store');
  return new S3Store({ s3ClientConfig: s3ClientConfig(), partSize: 8 * 1024 * 1024, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
}

/** Both stores can read an upload back (S3Store and FileStore), though DataStore does not declare it. */
function readable(store: DataStore): store is DataStore & { read(id: string): Promise<Readable> } {
  return typeof (store as { read?: unknown }).read === 'function';
}

/** A finished upload as a file on this disk: FileStore's own file, or a download of the bucket's object. */
async function finishedFile(datastore: DataStore, upload: Upload): Promise<{ file: string; done(): Promise<void> } | null> {
  if (upload.storage?.type !== 's3') return upload.storage?.path ? { file: upload.storage.path, done: async () => {} } : null;
  const dir = resolve(env().DATA_DIR, 'tmp');
  await mkdir(dir, { recursive: true });
  const file = resolve(dir, `tus-${upload.id.replace(/[^\w-]/g, '')}`);
  if (!readable(datastore)) return null;
  await pipeline(await datastore.read(upload.id), createWriteStream(file));
  return {
    file,
    async done() {
      await rm(file, { force: true });
      // Not datastore.remove(): it aborts the multipart upload first, which a finished one no longer has.
      await deleteBucketObjects([upload.id, `${upload.id}.info`, `${upload.id}.part`]).catch((err: unknown) =>
        log.warn('tus upload not removed from the bucket', { id: upload.id, error: String(err) }),
      );
    },
  };
}

/** The tus server for the current DATA_DIR and storage (tests switch both between files). */
async function tusServer(): Promise<Server> {
  const dir = resolve(env().DATA_DIR, 'tus');
  const key = `${env().STORAGE}:${dir}`;
  if (server?.key === key) return server.tus;
  const datastore = await datastoreFor(dir);
  const tus = new Server({
    path: TUS_PATH,
    datastore,
    maxSize: env().VIDEO_MAX_MB * 1024 * 1024,
    relativeLocation: true,
    // Only a name this server gave can reach a store (a file name on disk, a key in the bucket);
    // the library's own check stops '/', '\\' and NUL, this one everything else ('..', '.x').
    getFileIdFromRequest: (_req, id) => (id && UPLOAD_ID.test(id) ? id : undefined),
    allowedHeaders: ['Upload-Voucher'],
    exposedHeaders: ['Upload-Video-Id'],
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      const v = readVoucher(req.headers.get('upload-voucher'));
      const upload = await datastore.getUpload(id).catch(() => null);
      if (!v || !upload || upload.metadata?.['user'] !== String(v.userId)) throw new UploadRefusal(403, SC_TEXTS.voucherBad);
    },
    async onUploadCreate(req, upload) {
      const v = readVoucher(req.headers.get('upload-voucher'));
      if (!v) throw new UploadRefusal(403, SC_TEXTS.voucherBad);
      if (v.expired) throw new UploadRefusal(403, SC_TEXTS.voucherExpired);
      if (!upload.size || upload.size <= 0) throw new UploadRefusal(400, SC_TEXTS.videoEmpty);
      const name = (upload.metadata?.['filename'] ?? '').replace(/[\\/\p{Cc}]/gu, '').slice(0, 120);
      return { metadata: { filename: name, user: String(v.userId), coach: String(v.coachId) } };
    },
    async onUploadFinish(_req, upload) {
      // coach 0: a member's 功夫圈 video (voucher from /member/circleVideoVoucher).
      const coachId = Number(upload.metadata?.['coach']) || null;
      const userId = Number(upload.metadata?.['user']);
      const finished = userId ? await finishedFile(datastore, upload) : null;
      if (!finished) throw new UploadRefusal(500, SC_TEXTS.videoGone);
      const video = await registerUploadedVideo({
        uploadId: upload.id,
        coachId,
        userId,
        name: upload.metadata?.['filename'] ?? '',
        file: finished.file,
      }).finally(() => finished.done());
      log.info('video uploaded', { id: video.id, coachId, userId, size: video.size, status: video.status });
      return { headers: { 'Upload-Video-Id': String(video.id) } };
    },
  });
  server = { key, tus };
  return tus;
}

/** Every tus method but GET (a GET /api/tus/… is "not found"). */
async function handle(c: Context<AppEnv>): Promise<Response> {
  // Hono answers HEAD through GET routes; the raw request keeps its method.
  if (c.req.raw.method === 'GET') return c.text('Not found', 404);
  return (await tusServer()).handleWeb(c.req.raw);
}

export function registerTus(api: OpenAPIHono<AppEnv>): void {
  for (const path of ['/tus', '/tus/*']) {
    api.on(['POST', 'PATCH', 'DELETE', 'OPTIONS', 'GET'], path, handle);
  }
}

/** A voucher for this server's tus upload, as /api/public/updateVideoVoucher answers it (coach 0: a 功夫圈 video). */
export function localVoucher(userId: number, coachId: number) {
  const e = env();
  const v = issueVoucher(userId, coachId);
  const ffmpeg = hasFfmpeg();
  return {
    provider: 'local' as const,
    upload_url: TUS_PATH,
    voucher: v.voucher,
    expires_at: new Date(v.expires * 1000).toISOString(),
    max_bytes: e.VIDEO_MAX_MB * 1024 * 1024,
    types: ffmpeg ? [...PLAYABLE_VIDEO_TYPES, ...TRANSCODABLE_VIDEO_TYPES] : [...PLAYABLE_VIDEO_TYPES],
    ffmpeg: (ffmpeg ? 1 : 0) as 0 | 1,
  };
}
