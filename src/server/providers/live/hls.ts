import { spawn as nodeSpawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { env } from '../../env';
import { log } from '../../log';

/**
 * HLS of the embedded ingest (`LIVE_MEDIA=local` with ffmpeg): for each accepted publish an ffmpeg
 * plays the stream from the ingest and cuts it, without re-encoding, into short MPEG-TS segments in
 * DATA_DIR/live-hls/<stream>/ — the player's way on browsers without Media Source Extensions for
 * HTTP-FLV (iPhone Safari before 17.1). Low latency: 1 s target segments (cut at the pusher's
 * keyframes), a 4-segment playlist, old segments deleted; the directory goes when the publish ends.
 */

/** Where a stream's playlist and segments are served (server.mjs hands /media/live/* to the ingest). */
export const HLS_URL = (stream: string) => `/media/live/hls/${stream}/index.m3u8`;
export const HLS_PATH = /^\/media\/live\/hls\/([A-Za-z0-9_-]{4,64})\/(index\.m3u8|\d{1,9}\.ts)$/;

export const hlsRoot = (): string => resolve(env().DATA_DIR, 'live-hls');

/** ffmpeg's command line: read `input` (the ingest's RTMP), write `dir`/index.m3u8 and its segments. */
export function hlsArgs(input: string, dir: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-fflags', '+nobuffer', '-i', input],
    ...['-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '4'],
    // temp_file: a segment or playlist appears only once written; omit_endlist: a live playlist.
    ...['-hls_flags', 'delete_segments+omit_endlist+independent_segments+temp_file', '-hls_delete_threshold', '2'],
    ...['-hls_segment_filename', join(dir, '%d.ts'), join(dir, 'index.m3u8')],
  ];
}

export interface HlsSegmenter {
  start(stream: string): void;
  stop(stream: string): void;
  running(stream: string): boolean;
  dir(stream: string): string;
  close(): void;
}

/** What the segmenter needs of a child process (a ChildProcess; a stand-in in tests). */
interface Proc {
  readonly exitCode: number | null;
  kill(signal?: NodeJS.Signals): boolean;
  once(event: 'exit', listener: (code: number | null) => void): unknown;
}
type Spawn = (cmd: string, args: string[]) => Proc;

/**
 * One segmenter per publishing stream. An ffmpeg that dies while the stream is still wanted (the
 * first play raced the publish's headers) starts again after `restartMs`, a few times at most.
 */
export function createHlsSegmenter(opts: {
  root: string;
  /** The URL ffmpeg plays `stream` from. */
  input: (stream: string) => string;
  spawn?: Spawn;
  restartMs?: number;
  maxRestarts?: number;
}): HlsSegmenter {
  const spawn: Spawn = opts.spawn ?? ((cmd, args) => nodeSpawn(cmd, args, { stdio: 'ignore' }));
  const live = new Map<string, { proc: ReturnType<Spawn>; restarts: number; timer?: ReturnType<typeof setTimeout> }>();
  const dir = (stream: string) => join(opts.root, stream);
  const clean = (stream: string) => rmSync(dir(stream), { recursive: true, force: true });

  function run(stream: string, restarts: number) {
    const proc = spawn('ffmpeg', hlsArgs(opts.input(stream), dir(stream)));
    const entry: { proc: ReturnType<Spawn>; restarts: number; timer?: ReturnType<typeof setTimeout> } = { proc, restarts };
    live.set(stream, entry);
    proc.once('exit', (code) => {
      if (live.get(stream) !== entry) return;
      if (restarts >= (opts.maxRestarts ?? 5)) {
        log.warn('live HLS segmenter gave up', { stream, code });
        live.delete(stream);
        return;
      }
      entry.timer = setTimeout(() => live.get(stream) === entry && run(stream, restarts + 1), opts.restartMs ?? 1000);
      entry.timer.unref?.();
    });
  }

  const segmenter: HlsSegmenter = {
    start(stream) {
      segmenter.stop(stream);
      mkdirSync(dir(stream), { recursive: true });
      run(stream, 0);
    },
    stop(stream) {
      const entry = live.get(stream);
      if (!entry) return clean(stream);
      live.delete(stream);
      if (entry.timer) clearTimeout(entry.timer);
      if (entry.proc.exitCode === null) {
        entry.proc.once('exit', () => !live.has(stream) && clean(stream));
        entry.proc.kill('SIGKILL');
      } else clean(stream);
    },
    running: (stream) => live.has(stream),
    dir,
    close() {
      for (const stream of [...live.keys()]) segmenter.stop(stream);
    },
  };
  return segmenter;
}
