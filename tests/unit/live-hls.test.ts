import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHlsSegmenter, HLS_PATH, HLS_URL, hlsArgs } from '~/server/providers/live/hls';

/** A stand-in ffmpeg: records its command line, exits when killed or told to. */
class FakeProc extends EventEmitter {
  exitCode: number | null = null;
  killed: string[] = [];
  constructor(public args: string[]) {
    super();
  }
  kill(sig?: NodeJS.Signals) {
    this.killed.push(String(sig));
    this.exit(null);
    return true;
  }
  exit(code: number | null) {
    this.exitCode = code ?? 1;
    this.emit('exit', code);
  }
}

function rig() {
  const root = mkdtempSync(join(tmpdir(), 'gf-hls-'));
  const procs: FakeProc[] = [];
  const seg = createHlsSegmenter({
    root,
    input: (s) => `rtmp://127.0.0.1:1935/live/${s}`,
    spawn: (cmd, args) => {
      expect(cmd).toBe('ffmpeg');
      const p = new FakeProc(args);
      procs.push(p);
      return p;
    },
    restartMs: 10,
    maxRestarts: 2,
  });
  return { root, procs, seg };
}

afterEach(() => vi.useRealTimers());

describe('HLS of the embedded ingest', () => {
  it('segments without re-encoding into 1 s segments, a short playlist, old segments deleted', () => {
    const a = hlsArgs('rtmp://127.0.0.1:1935/live/abcd', '/data/live-hls/abcd');
    const after = (flag: string) => a[a.indexOf(flag) + 1];
    expect(after('-i')).toBe('rtmp://127.0.0.1:1935/live/abcd');
    expect(after('-c')).toBe('copy');
    expect(after('-f')).toBe('hls');
    expect(after('-hls_time')).toBe('1');
    expect(after('-hls_list_size')).toBe('4');
    expect(after('-hls_flags')).toContain('delete_segments');
    expect(after('-hls_flags')).toContain('omit_endlist');
    expect(after('-hls_segment_filename')).toBe('/data/live-hls/abcd/%d.ts');
    expect(a.at(-1)).toBe('/data/live-hls/abcd/index.m3u8');
  });

  it('serves the playlist and segments of a stream name only', () => {
    expect(HLS_URL('abcd')).toBe('/media/live/hls/abcd/index.m3u8');
    expect(HLS_PATH.exec('/media/live/hls/abcd/index.m3u8')?.slice(1)).toEqual(['abcd', 'index.m3u8']);
    expect(HLS_PATH.exec('/media/live/hls/abcd/12.ts')?.slice(1)).toEqual(['abcd', '12.ts']);
    for (const bad of [
      '/media/live/hls/../x/index.m3u8',
      '/media/live/hls/abcd/x.m3u8',
      '/media/live/hls/abcd/1.ts/..',
      '/media/live/hls/ab/1.ts',
    ]) {
      expect(HLS_PATH.test(bad)).toBe(false);
    }
  });

  it('starts one ffmpeg per stream and removes its directory when the stream ends', () => {
    const { procs, seg } = rig();
    seg.start('abcd');
    expect(procs).toHaveLength(1);
    expect(procs[0]!.args).toContain('rtmp://127.0.0.1:1935/live/abcd');
    expect(seg.running('abcd')).toBe(true);
    writeFileSync(join(seg.dir('abcd'), 'index.m3u8'), '#EXTM3U');
    seg.stop('abcd');
    expect(procs[0]!.killed).toEqual(['SIGKILL']);
    expect(seg.running('abcd')).toBe(false);
    expect(existsSync(seg.dir('abcd'))).toBe(false);
  });

  it('restarts an ffmpeg that died while the stream is on, a few times at most', async () => {
    vi.useFakeTimers();
    const { procs, seg } = rig();
    seg.start('abcd');
    procs[0]!.exit(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(procs).toHaveLength(2);
    procs[1]!.exit(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(procs).toHaveLength(3);
    procs[2]!.exit(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(procs).toHaveLength(3);
    expect(seg.running('abcd')).toBe(false);
  });

  it('a stream that ends before the restart is not started again; close() stops them all', async () => {
    vi.useFakeTimers();
    const { procs, seg } = rig();
    seg.start('abcd');
    seg.start('efgh');
    procs[0]!.exit(1);
    seg.stop('abcd');
    await vi.advanceTimersByTimeAsync(50);
    expect(procs).toHaveLength(2);
    seg.close();
    expect(procs[1]!.killed).toEqual(['SIGKILL']);
    expect(seg.running('efgh')).toBe(false);
  });
});
