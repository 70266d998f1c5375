import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { liveRooms, liveSessions } from '~/server/db/schema';
import { liveStreamHandlers } from '~/server/modules/live/broadcast';
import { reconcileLive } from '~/server/modules/live/reconcile.service';
import { setStreamHandlers } from '~/server/providers/live';
import { renderLiveConfig } from '../../scripts/live-nginx-config.mjs';
import { freePorts } from '../../scripts/free-ports.mjs';
import { DEMO, startApi, type TestApi } from '../helpers/api';
import { listen, nodeHandler } from '../helpers/im';

/**
 * The production recipe for real (LIVE_MEDIA=nginx): Debian's nginx with
 * libnginx-mod-rtmp runs the shipped config; ffmpeg pushes with the signed URL the site hands out;
 * nginx asks our hooks, writes HLS, and hands over the recording, which becomes the playback.
 */
const MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const ok = (bin: string, args: string[]) => spawnSync(bin, args, { stdio: 'ignore' }).status === 0;
const ready = ok('nginx', ['-v']) && existsSync(MODULE) && ok('ffmpeg', ['-version']);
if (!ready) console.warn('[live-nginx] nginx with the rtmp module, or ffmpeg, is missing: skipped');

// Free ports: two checkouts may run this suite at once.
const [RTMP_PORT, HTTP_PORT] = (await freePorts(2)) as [number, number];
const TOKEN = 'nginx-integration-token';
const dir = mkdtempSync(join(tmpdir(), 'gongfu-nginx-'));
const recordDir = join(dir, 'rec');

let t: TestApi;
let site: http.Server;
let nginx: ChildProcess | null = null;

function push(url: string, seconds: number) {
  const p = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', url],
  ]);
  return new Promise<number>((done) => p.on('exit', (code) => done(code ?? 1)));
}
const until = async (cond: () => Promise<boolean> | boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
};

beforeAll(async () => {
  if (!ready) return;
  t = await startApi({
    LIVE_MEDIA: 'nginx',
    LIVE_NGINX_HOOK_TOKEN: TOKEN,
    LIVE_NGINX_RTMP_URL: `rtmp://127.0.0.1:${RTMP_PORT}/live`,
    LIVE_NGINX_HLS_URL: `http://127.0.0.1:${HTTP_PORT}/hls`,
    LIVE_NGINX_RECORD_DIR: recordDir,
    LIVE_NGINX_CONTROL_URL: `http://127.0.0.1:${HTTP_PORT}/control`,
    LIVE_NGINX_STAT_URL: `http://127.0.0.1:${HTTP_PORT}/stat`,
  });
  setStreamHandlers(liveStreamHandlers);
  site = http.createServer(nodeHandler((r) => t.app.fetch(r)));
  const port = await listen(site);
  // nginx's workers run as an unprivileged user when the test runs as root: they must reach these.
  chmodSync(dir, 0o755);
  for (const d of ['hls', 'rec']) {
    mkdirSync(join(dir, d), { recursive: true });
    chmodSync(join(dir, d), 0o777);
  }
  const conf = renderLiveConfig({
    site: `http://127.0.0.1:${port}`,
    token: TOKEN,
    rtmpPort: RTMP_PORT,
    httpPort: HTTP_PORT,
    hlsDir: join(dir, 'hls'),
    recordDir,
    module: MODULE,
    prefix: dir,
  });
  writeFileSync(join(dir, 'nginx.conf'), conf);
  nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  const up = await until(async () => (await fetch(`http://127.0.0.1:${HTTP_PORT}/hls/`).catch(() => null)) !== null, 10_000);
  if (!up)
    throw new Error(`nginx did not start: ${existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''}`);
}, 60_000);

afterAll(async () => {
  if (process.env['DEBUG_NGINX']) console.log(readFileSync(join(dir, 'error.log'), 'utf8'), readFileSync(join(dir, 'access.log'), 'utf8'));
  if (nginx) {
    nginx.kill('SIGQUIT');
    await new Promise((r) => nginx!.once('exit', r));
  }
  site?.close();
  await t?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!ready)('nginx-rtmp with the shipped config', () => {
  it('refuses an unsigned push, plays a signed one as HLS, and turns the recording into the playback', async () => {
    const coach = await t.login(DEMO.coach);
    const { push: info, room_id, session_id } = (await t.post('/live/start', { title: 'nginx 推流测试' }, coach)).body.data;
    const stream = info.key.split('?')[0]!;

    expect(await push(`${info.server}/${stream}`, 3)).not.toBe(0);
    expect((await t.post('/public/liveRoom', { id: room_id })).body.data.status).toBe('idle');

    const pushing = push(info.url, 8);
    expect(await until(async () => (await t.post('/public/liveRoom', { id: room_id })).body.data.status === 'live')).toBe(true);
    const room = (await t.post('/public/liveRoom', { id: room_id })).body.data;
    expect(room.play).toEqual({ flv: null, hls: `http://127.0.0.1:${HTTP_PORT}/hls/${stream}.m3u8` });
    // nginx writes the playlist and its segments, served with CORS and no caching of the playlist.
    expect(await until(async () => (await fetch(room.play!.hls!)).status === 200)).toBe(true);
    const res = await fetch(room.play!.hls!);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toMatch(/#EXTM3U[\s\S]*\.ts/);
    // The reconciliation finds the stream in nginx's stat and leaves the room on air.
    await t.db
      .update(liveSessions)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(liveSessions.id, session_id));
    expect(await reconcileLive()).toBe(0);
    expect((await t.post('/public/liveRoom', { id: room_id })).body.data.status).toBe('live');

    expect(await pushing).toBe(0);
    expect(await until(async () => (await t.post('/public/liveRoom', { id: room_id })).body.data.status === 'idle')).toBe(true);
    expect(
      await until(async () => {
        const [s] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, session_id));
        return s?.recordStatus === 'ready';
      }, 30_000),
    ).toBe(true);
    const pb = (await t.post('/public/playback', { id: session_id })).body.data;
    expect(pb.url).toMatch(/^\/uploads\/live\/.+\.mp4$/);
    expect(pb.duration_s).toBeGreaterThanOrEqual(6);
  }, 90_000);

  it('ends a room nginx has no stream for (a publish_done lost in a crash) and takes the recording nginx left', async () => {
    const coach = await t.login('13800000106');
    const { push: info, room_id, session_id } = (await t.post('/live/start', { title: '崩溃时的直播' }, coach)).body.data;
    const stream = info.key.split('?')[0]!;
    // The database says live (on_publish reached us), nginx has nothing: the end never arrived.
    expect(await liveStreamHandlers.started(stream)).toBe(true);
    const [room] = await t.db.select().from(liveRooms).where(eq(liveRooms.id, room_id));
    expect(room!.ingest).toBe('nginx');
    // Just started: nginx's stat may not list a publish it is still asking about, so it waits.
    expect(await reconcileLive()).toBe(0);
    const started = new Date(Date.now() - 60_000);
    await t.db.update(liveSessions).set({ startedAt: started }).where(eq(liveSessions.id, session_id));
    const file = join(recordDir, `${stream}-${Math.floor(started.getTime() / 1000) + 1}.flv`);
    spawnSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'flv', file],
    ]);

    expect(await reconcileLive()).toBe(1);
    expect((await t.post('/public/liveRoom', { id: room_id })).body.data.status).toBe('idle');
    const [s] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, session_id));
    expect(s).toMatchObject({ recordStatus: 'ready' });
    expect(s!.endedAt).not.toBeNull();
    expect(existsSync(file)).toBe(false);
  }, 60_000);

  it('drops the publisher when the anchor stops (nginx control)', async () => {
    const shop = await t.login(DEMO.mechant);
    const { push: info, room_id } = (await t.post('/live/start', {}, shop)).body.data;
    const pushing = push(info.url, 60);
    expect(await until(async () => (await t.post('/public/liveRoom', { id: room_id })).body.data.status === 'live')).toBe(true);
    expect((await t.post('/live/stop', {}, shop)).body.data.status).toBe('idle');
    // ffmpeg is cut off long before its 60 s.
    expect(await pushing).not.toBe(0);
  }, 90_000);
});
