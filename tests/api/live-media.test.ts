import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetEnv } from '~/server/env';
import { uploadsDir } from '~/server/providers/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSecret, setStreamHandlers } from '~/server/providers/live';
import { flvServer, startIngest, type Ingest } from '~/server/providers/live/local';
import { signedPushQuery } from '~/server/providers/live/sign';
import { freePort } from '../../scripts/free-ports.mjs';

/**
 * The embedded ingest with a real encoder: ffmpeg pushes a test pattern over RTMP, the site-side
 * FLV handler serves it, and the stream events reach the rooms' handlers. Needs ffmpeg.
 */
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
if (!hasFfmpeg) console.warn('[live-media] ffmpeg is not installed: the push tests are skipped');

// A free port: two checkouts may run this suite at once.
const RTMP_PORT = await freePort();
let ingest: Ingest;
let flvBase = '';
const events: string[] = [];
let refuse = new Set<string>();
const recordings = new Map<string, { url: string; poster: string; durationS: number }>();
const dataDir = mkdtempSync(join(tmpdir(), 'gongfu-live-'));

beforeAll(async () => {
  // Recordings go to DATA_DIR/uploads/live.
  process.env['DATA_DIR'] = dataDir;
  resetEnv();
  setStreamHandlers({
    started: async (s) => (events.push(`started:${s}`), !refuse.has(s)),
    ended: async (s) => void events.push(`ended:${s}`),
    recorded: async (s, rec) => void (events.push(`recorded:${s}`), recordings.set(s, rec)),
  });
  ingest = await startIngest({ port: RTMP_PORT, host: '127.0.0.1' });
  const http = flvServer(ingest);
  await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
  flvBase = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return async () => {
    http.close();
    await ingest.close();
  };
});
afterAll(() => {
  setStreamHandlers({ started: async () => true, ended: async () => {}, recorded: async () => {} });
  Reflect.deleteProperty(process.env, 'VIDEO_FFMPEG');
  resetEnv();
  rmSync(dataDir, { recursive: true, force: true });
});
const fileOf = (url: string) => join(uploadsDir(), url.replace(/^\/uploads\//, ''));

function push(url: string, seconds: number) {
  const p = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<number>((ok) => p.on('exit', (code) => ok(code ?? 1)));
  return { p, exited };
}
const rtmp = (stream: string, query: string) => `rtmp://127.0.0.1:${RTMP_PORT}/live/${stream}${query ? `?${query}` : ''}`;
const until = async (cond: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return cond();
};

describe.skipIf(!hasFfmpeg)('the embedded RTMP ingest (LIVE_MEDIA=local)', () => {
  it('takes a signed push, serves it as HTTP-FLV on the site, and reports start and end', async () => {
    const stream = 'room_media1';
    expect((await fetch(`${flvBase}/media/live/${stream}.flv`)).status).toBe(404);
    const expire = Math.floor(Date.now() / 1000) + 300;
    const { p, exited } = push(rtmp(stream, signedPushQuery(pushSecret(), stream, expire)), 30);
    expect(await until(() => events.includes(`started:${stream}`))).toBe(true);
    // A viewer gets an FLV stream: the "FLV" signature, then tags as the pattern plays.
    await until(() => false, 1500);
    const res = await fetch(`${flvBase}/media/live/${stream}.flv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/x-flv');
    const reader = res.body!.getReader();
    let bytes = Buffer.alloc(0);
    while (bytes.length < 20_000) {
      const { value, done } = await reader.read();
      if (done) break;
      bytes = Buffer.concat([bytes, Buffer.from(value)]);
    }
    await reader.cancel();
    expect(bytes.subarray(0, 3).toString()).toBe('FLV');
    expect(bytes.length).toBeGreaterThanOrEqual(20_000);
    // The anchor stops: the publisher is dropped and the end is reported at once.
    ingest.kick(stream);
    expect(await exited).not.toBe(0);
    p.kill('SIGKILL');
    expect(await until(() => events.includes(`ended:${stream}`), 5000)).toBe(true);
  }, 60_000);

  it('refuses an unsigned, a tampered and an expired push before any room hears of it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const tries = [
      rtmp('room_media2', ''),
      rtmp('room_media2', signedPushQuery(pushSecret(), 'room_other', now + 300)),
      rtmp('room_media2', signedPushQuery(pushSecret(), 'room_media2', now - 1)),
    ];
    for (const url of tries) {
      const { exited } = push(url, 3);
      expect(await exited).not.toBe(0);
    }
    expect(events.filter((e) => e.includes('room_media2'))).toEqual([]);
    expect((await fetch(`${flvBase}/media/live/room_media2.flv`)).status).toBe(404);
  }, 60_000);

  it('drops a signed push the rooms refuse (a banned room)', async () => {
    const stream = 'room_banned';
    refuse = new Set([stream]);
    const { exited } = push(rtmp(stream, signedPushQuery(pushSecret(), stream, Math.floor(Date.now() / 1000) + 300)), 20);
    expect(await exited).not.toBe(0);
    expect(events).toContain(`started:${stream}`);
    expect((await fetch(`${flvBase}/media/live/${stream}.flv`)).status).toBe(404);
  }, 60_000);

  it('records each broadcast into its playback: an MP4 with a poster and its duration', async () => {
    const stream = 'room_rec1';
    const { exited } = push(rtmp(stream, signedPushQuery(pushSecret(), stream, Math.floor(Date.now() / 1000) + 300)), 4);
    expect(await exited).toBe(0);
    expect(await until(() => recordings.has(stream), 20_000)).toBe(true);
    const rec = recordings.get(stream)!;
    expect(rec.url).toMatch(new RegExp(`^/uploads/live/${stream}/\\d+\\.mp4$`));
    expect(rec.poster).toMatch(/\.jpg$/);
    expect(existsSync(fileOf(rec.poster))).toBe(true);
    expect(rec.durationS).toBeGreaterThanOrEqual(3);
    expect(rec.durationS).toBeLessThanOrEqual(5);
    // A real MP4 with video and audio, and the FLV it came from is gone.
    const probe = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type',
      '-of',
      'csv=p=0',
      fileOf(rec.url),
    ]).toString();
    expect(probe.split('\n').filter(Boolean).sort()).toEqual(['audio', 'video']);
    expect(existsSync(fileOf(rec.url).replace(/\.mp4$/, '.flv'))).toBe(false);
  }, 60_000);

  it('keeps the FLV (with its duration) when the server may not use ffmpeg', async () => {
    process.env['VIDEO_FFMPEG'] = 'off';
    resetEnv();
    const stream = 'room_rec2';
    const { exited } = push(rtmp(stream, signedPushQuery(pushSecret(), stream, Math.floor(Date.now() / 1000) + 300)), 3);
    expect(await exited).toBe(0);
    expect(await until(() => recordings.has(stream), 20_000)).toBe(true);
    const rec = recordings.get(stream)!;
    expect(rec.url).toMatch(/\.flv$/);
    expect(rec.poster).toBe('');
    expect(rec.durationS).toBeGreaterThanOrEqual(2);
    expect(rec.durationS).toBeLessThanOrEqual(4);
  }, 60_000);
});
