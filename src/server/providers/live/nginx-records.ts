import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { env } from '../../env';
import { log } from '../../log';
import { uploadsDir } from '../storage';
import { streamHandlers } from './media';
import { finishRecording } from './vod';

/**
 * nginx-rtmp's recordings (`record_unique on`: `<stream>-<unix time>.flv` in its record_path, which
 * this process sees as LIVE_NGINX_RECORD_DIR): copied into uploads/live/<stream>/ and made the
 * broadcast's playback. on_record_done hands one over; the reconciliation takes what a missed hook
 * left behind.
 */

/** Files being taken now: nginx may report the same recording twice. */
const taking = new Set<string>();

/** nginx's recording (its own path) copied into uploads/live/<stream>/ and made a playback, once. */
export async function takeNginxRecording(stream: string, nginxPath: string): Promise<void> {
  const dir = env().LIVE_NGINX_RECORD_DIR;
  const handlers = streamHandlers();
  if (!dir || !handlers) return;
  const src = join(dir, basename(nginxPath));
  if (taking.has(src) || !existsSync(src)) return;
  taking.add(src);
  try {
    await take(stream, src, handlers);
  } finally {
    taking.delete(src);
  }
}

/** The recordings of `stream` still lying in nginx's record directory (file names). */
export async function nginxRecordingsOf(stream: string): Promise<string[]> {
  const dir = env().LIVE_NGINX_RECORD_DIR;
  if (!dir) return [];
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.startsWith(`${stream}-`) && n.endsWith('.flv')).sort();
}

async function take(stream: string, src: string, handlers: NonNullable<ReturnType<typeof streamHandlers>>): Promise<void> {
  const started = Number(/-(\d{9,13})\.flv$/.exec(src)?.[1] ?? 0);
  const dest = join(uploadsDir(), 'live', stream, `${started > 1e12 ? started : started * 1000 || Date.now()}.flv`);
  await mkdir(join(uploadsDir(), 'live', stream), { recursive: true });
  await copyFile(src, dest);
  // nginx's worker owns its file: if this process may not delete it, nginx's own cleanup must.
  await rm(src, { force: true }).catch((err: unknown) =>
    log.warn('nginx recording copied but not removed', { file: src, error: String(err) }),
  );
  const rec = await finishRecording(dest);
  await handlers.recorded(stream, { ...rec, ...(started ? { startedAt: new Date(started > 1e12 ? started : started * 1000) } : {}) });
}
