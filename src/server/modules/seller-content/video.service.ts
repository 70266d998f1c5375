import { execFile } from 'node:child_process';
import { open, rename, mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { VideoInfo } from '~/lib/api/contract/seller-content';
import { PLAYABLE_VIDEO_TYPES, SC_TEXTS, TRANSCODABLE_VIDEO_TYPES, VIDEO_STATUS_TEXT, type VideoStatus } from '~/lib/rules/seller-content';
import { db } from '../../db';
import { lessons, videos } from '../../db/schema';
import { notFound } from '../../http/errors';
import { errorFields, log } from '../../log';
import { hasFfmpeg } from '../../providers/ffmpeg';
import { safeUploadPath } from '../../providers/storage';
import { invalidateCatalogue } from './invalidate';

const run = promisify(execFile);

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
  const target = safeUploadPath(key);
  if (!target) throw new UploadRefusal(400, SC_TEXTS.videoType);
  await mkdir(dirname(target), { recursive: true });
  await rename(opts.file, target);
  await rm(`${opts.file}.json`, { force: true });
  const size = (await stat(target)).size;
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
  if (processing) queueProcessing(row.id);
  return row;
}

const running = new Set<number>();
let queue: Promise<void> = Promise.resolve();

/** Processing runs one video at a time in this process, after the request has been answered. */
function queueProcessing(id: number): void {
  if (running.has(id)) return;
  running.add(id);
  queue = queue
    .then(() => processVideo(id))
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

/** ffprobe, a poster frame and an H.264/AAC MP4 (faststart, at most 1280 wide); then the lessons play it. */
async function processVideo(id: number): Promise<void> {
  const [row] = await db().select().from(videos).where(eq(videos.id, id)).limit(1);
  if (row?.status !== 'processing') return;
  const source = safeUploadPath(row.original.replace(/^\/uploads\//, ''));
  if (!source) return;
  const folder = row.original.replace(/\/[^/]+$/, '');
  const posterPath = `${folder}/poster.jpg`;
  const mp4Path = `${folder}/video.mp4`;
  const posterFile = safeUploadPath(posterPath.replace(/^\/uploads\//, ''));
  const mp4File = safeUploadPath(mp4Path.replace(/^\/uploads\//, ''));
  if (!posterFile || !mp4File) return;
  try {
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
  }
  invalidateCatalogue();
}

/** The wire form of a video; a row left `processing` by a restart is queued again here. */
export function videoInfo(v: VideoRow): VideoInfo {
  if (v.status === 'processing' && !running.has(v.id) && hasFfmpeg()) queueProcessing(v.id);
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
    poster: v.poster,
    path: v.path,
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
