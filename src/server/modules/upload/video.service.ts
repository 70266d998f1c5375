import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { and, eq, lt } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { VideoInfo } from '~/lib/api/contract/seller-content';
import { PLAYABLE_VIDEO_TYPES, SC_TEXTS, TRANSCODABLE_VIDEO_TYPES, VIDEO_STATUS_TEXT, type VideoStatus } from '~/lib/rules/seller-content';
import { db } from '../../db';
import { lessons, videos } from '../../db/schema';
import { notFound } from '../../http/errors';
import { errorFields, log } from '../../log';
import { hasFfmpeg } from '../../providers/ffmpeg';
import { env } from '../../env';
import { safeUploadPath, storage, storageKey, viewableUrl, type LocalCopy } from '../../providers/storage';
import { invalidateCatalogue } from '../catalogue/invalidate';

const run = promisify(execFile);

/** Scratch space for ffmpeg, on this disk whatever the storage. */
async function tmpDir(): Promise<string> {
  const dir = resolve(env().DATA_DIR, 'tmp');
  await mkdir(dir, { recursive: true });
  return dir;
}

type VideoRow = typeof videos.$inferSelect;

export { hasFfmpeg };

const EXT: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
  'video/x-msvideo': 'avi',
};

/** A refusal the tus server sends as the HTTP answer (its hooks throw `{status_code, body}`). */
export class UploadRefusal {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

/** The first bytes of a file (enough for `file-type`). */
async function head(file: string, bytes = 4100): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * A finished tus upload becomes a video of the coach: the type is read from the bytes (a file that
 * is not a video we can play or transcode is deleted and refused), the file moves into the uploads
 * folder, and processing starts in the background.
 */
export async function registerUploadedVideo(opts: {
  uploadId: string;
  /** A lesson video's coach, or null for a member's 功夫圈 video. */
  coachId: number | null;
  userId: number;
  name: string;
  file: string;
}): Promise<VideoRow> {
  const kind = await fileTypeFromBuffer(await head(opts.file));
  const playable = kind && PLAYABLE_VIDEO_TYPES.includes(kind.mime);
  const transcodable = kind && hasFfmpeg() && TRANSCODABLE_VIDEO_TYPES.includes(kind.mime);
  if (!kind || !(playable || transcodable)) {
    await rm(opts.file, { force: true });
    await rm(`${opts.file}.json`, { force: true });
    throw new UploadRefusal(415, SC_TEXTS.videoType);
  }
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const key = `videos/${day}/${opts.uploadId}/original.${EXT[kind.mime] ?? 'bin'}`;
  if (!safeUploadPath(key)) throw new UploadRefusal(400, SC_TEXTS.videoType);
  const size = (await stat(opts.file)).size;
  await storage().putFile(key, opts.file, kind.mime, { move: true });
  await rm(`${opts.file}.json`, { force: true });
  const processing = hasFfmpeg();
  const [row] = await db()
    .insert(videos)
    .values({
      coachId: opts.coachId,
      userId: opts.coachId ? null : opts.userId,
      uploadId: opts.uploadId,
      name: opts.name.slice(0, 120),
      mime: kind.mime,
      size,
      original: `/uploads/${key}`,
      path: processing ? '' : `/uploads/${key}`,
      status: processing ? 'processing' : 'raw',
    })
    .returning();
  if (!row) throw new Error('video insert returned nothing');
  if (processing) queueProcessing(row.id, true);
  return row;
}

const running = new Set<number>();
let queue: Promise<void> = Promise.resolve();

/**
 * A processing video's row is a lease: its processor touches `updated_at` every HEARTBEAT_MS, and
 * another instance (or this one after a restart) takes a `processing` row over only once the
 * lease has been silent for LEASE_MS, so with several instances each video is processed once.
 */
export const VIDEO_LEASE = { HEARTBEAT_MS: 60_000, LEASE_MS: 3 * 60_000 };

/** Takes over a processing video whose processor went silent; false when someone holds it. */
async function claimStale(id: number): Promise<boolean> {
  const taken = await db()
    .update(videos)
    .set({ updatedAt: new Date() })
    .where(and(eq(videos.id, id), eq(videos.status, 'processing'), lt(videos.updatedAt, new Date(Date.now() - VIDEO_LEASE.LEASE_MS))))
    .returning({ id: videos.id });
  return taken.length > 0;
}

/**
 * Processing runs one video at a time in this process, after the request has been answered. A
 * video this process just registered is its own; any other is claimed first (claimStale).
 */
function queueProcessing(id: number, own: boolean): void {
  if (running.has(id)) return;
  running.add(id);
  queue = queue
    .then(async () => {
      if (!own && !(await claimStale(id))) return;
      const beat = setInterval(
        () =>
          void db()
            .update(videos)
            .set({ updatedAt: new Date() })
            .where(and(eq(videos.id, id), eq(videos.status, 'processing')))
            .catch(() => undefined),
        VIDEO_LEASE.HEARTBEAT_MS,
      );
      try {
        await processVideo(id);
      } finally {
        clearInterval(beat);
      }
    })
    .catch((err: unknown) => log.error('video processing', { id, ...errorFields(err) }))
    .finally(() => running.delete(id));
}

/** Resolves when every queued video is processed (tests). */
export function videoQueueIdle(): Promise<void> {
  return queue;
}

interface Probe {
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
    timeout: 60_000,
    maxBuffer: 4 * 1024 * 1024,
  });
  const info = JSON.parse(stdout) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  const v = info.streams?.find((s) => s.codec_type === 'video');
  if (!v) throw new Error('no video stream');
  const duration = Number(info.format?.duration ?? v.duration ?? 0);
  return {
    duration: Number.isFinite(duration) ? Math.round(duration) : 0,
    width: v.width ?? 0,
    height: v.height ?? 0,
    hasAudio: Boolean(info.streams?.some((s) => s.codec_type === 'audio')),
  };
}

/**
 * ffprobe, a poster frame and an H.264/AAC MP4 (faststart, at most 1280 wide); then the lessons play
 * it. ffmpeg works on this disk (a download of the original when it lives in a bucket) and the
 * results are stored next to the original.
 */
async function processVideo(id: number): Promise<void> {
  const [row] = await db().select().from(videos).where(eq(videos.id, id)).limit(1);
  if (row?.status !== 'processing') return;
  const originalKey = storageKey(row.original);
  if (!originalKey) return;
  const folder = originalKey.replace(/\/[^/]+$/, '');
  const posterPath = `/uploads/${folder}/poster.jpg`;
  const mp4Path = `/uploads/${folder}/video.mp4`;
  const work = await mkdtemp(join(await tmpDir(), `video-${id}-`));
  const posterFile = join(work, 'poster.jpg');
  const mp4File = join(work, 'video.mp4');
  let copy: LocalCopy | null = null;
  try {
    copy = await storage().localCopy(originalKey);
    if (!copy) throw new Error('original missing');
    const source = copy.path;
    const p = await probe(source);
    const at = Math.min(1, Math.max(0, p.duration / 2)).toFixed(2);
    await run('ffmpeg', ['-y', '-v', 'error', '-ss', at, '-i', source, '-frames:v', '1', '-vf', "scale='min(640,iw)':-2", posterFile], {
      timeout: 120_000,
    });
    await run(
      'ffmpeg',
      [
        '-y',
        '-v',
        'error',
        '-i',
        source,
        '-map',
        '0:v:0',
        ...(p.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k'] : ['-an']),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-vf',
        "scale='min(1280,iw)':-2",
        '-movflags',
        '+faststart',
        mp4File,
      ],
      { timeout: 6 * 3600_000, maxBuffer: 4 * 1024 * 1024 },
    );
    const out = await probe(mp4File);
    await storage().putFile(`${folder}/poster.jpg`, posterFile, 'image/jpeg', { move: true });
    await storage().putFile(`${folder}/video.mp4`, mp4File, 'video/mp4', { move: true });
    await db().transaction(async (tx) => {
      const done = await tx
        .update(videos)
        .set({
          status: 'ready',
          path: mp4Path,
          poster: posterPath,
          durationS: out.duration || p.duration,
          width: out.width,
          height: out.height,
          error: '',
          updatedAt: new Date(),
        })
        .where(and(eq(videos.id, id), eq(videos.status, 'processing')))
        .returning({ id: videos.id });
      if (done.length)
        await tx
          .update(lessons)
          .set({ video: mp4Path, durationS: out.duration || p.duration })
          .where(eq(lessons.videoId, id));
    });
  } catch (err) {
    log.warn('video not processed', { id, ...errorFields(err) });
    // A playable original still plays as uploaded; anything else cannot be watched.
    const fallback = PLAYABLE_VIDEO_TYPES.includes(row.mime);
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 180);
    await db().transaction(async (tx) => {
      const done = await tx
        .update(videos)
        .set({
          status: fallback ? 'raw' : 'failed',
          path: fallback ? row.original : '',
          error: `转码失败：${reason}`.slice(0, 200),
          updatedAt: new Date(),
        })
        .where(and(eq(videos.id, id), eq(videos.status, 'processing')))
        .returning({ id: videos.id });
      if (done.length && fallback) await tx.update(lessons).set({ video: row.original }).where(eq(lessons.videoId, id));
    });
  } finally {
    await copy?.release();
    await rm(work, { recursive: true, force: true });
  }
  invalidateCatalogue();
}

/**
 * The wire form of a video, its files as signed URLs; a row left `processing` by a stopped
 * processor (a restart, a lost instance) is taken over here once its lease lapsed.
 */
export async function videoInfo(v: VideoRow): Promise<VideoInfo> {
  if (v.status === 'processing' && !running.has(v.id) && hasFfmpeg() && v.updatedAt.getTime() < Date.now() - VIDEO_LEASE.LEASE_MS)
    queueProcessing(v.id, false);
  const status = v.status as VideoStatus;
  return {
    id: v.id,
    name: v.name,
    mime: v.mime,
    size: v.size,
    status,
    status_text: VIDEO_STATUS_TEXT[status],
    processed: v.status === 'ready' ? 1 : 0,
    duration: v.durationS,
    width: v.width,
    height: v.height,
    poster: await viewableUrl(v.poster),
    path: await viewableUrl(v.path),
    error: v.error,
    created_at: v.createdAt.toISOString(),
  };
}

/** One of the coach's videos (another coach's is "not found"). */
export async function ownVideo(coachId: number, id: number): Promise<VideoRow> {
  const [v] = await db()
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.coachId, coachId)))
    .limit(1);
  if (!v) throw notFound(SC_TEXTS.videoGone);
  return v;
}
