import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { liveRooms, liveSessions } from '~/server/db/schema';
import { liveStreamHandlers } from '~/server/modules/live/broadcast';
import { pushSecret, setStreamHandlers } from '~/server/providers/live';
import { signedPushQuery } from '~/server/providers/live/sign';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * The media servers' callbacks through the real app: nginx-rtmp's on_publish /
 * on_publish_done / on_record_done (form posts, token in the URL) and Tencent Cloud Live's
 * stream begin / end / recording callbacks (JSON, sign = MD5(key + t)).
 */

const streamOf = (pushUrl: string) => /\/live\/([A-Za-z0-9_-]+)\?/.exec(pushUrl)![1]!;
const HOOK_TOKEN = 'nginx-hook-token-for-tests';

async function form(t: TestApi, path: string, fields: Record<string, string>) {
  const res = await t.app.request(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return res.status;
}

describe('nginx-rtmp hooks (LIVE_MEDIA=nginx)', () => {
  let t: TestApi;
  let coach: string;
  beforeAll(async () => {
    t = await startApi({ LIVE_MEDIA: 'nginx', LIVE_NGINX_HOOK_TOKEN: HOOK_TOKEN, LIVE_NGINX_RTMP_URL: 'rtmp://live.example.com/live' });
    setStreamHandlers(liveStreamHandlers);
    coach = await t.login(DEMO.coach);
  });
  afterAll(() => t.stop());

  it('hands out nginx push URLs and HLS play URLs, and lets only a signed publish go live', async () => {
    const { push, room_id } = (await t.post('/live/start', {}, coach)).body.data;
    expect(push.server).toBe('rtmp://live.example.com/live');
    const stream = streamOf(push.url);
    const args = Object.fromEntries(new URLSearchParams(push.key.split('?')[1]));
    const hook = (event: string, token = HOOK_TOKEN) => `/live/hooks/nginx/${event}?token=${token}`;

    // No token, or a wrong one: refused before anything is read.
    expect(await form(t, '/live/hooks/nginx/publish', { name: stream, ...args })).toBe(403);
    expect(await form(t, hook('publish', 'x'.repeat(HOOK_TOKEN.length)), { name: stream, ...args })).toBe(403);
    // Unsigned or tampered: 403, and nginx drops the publisher.
    expect(await form(t, hook('publish'), { app: 'live', name: stream })).toBe(403);
    expect(await form(t, hook('publish'), { app: 'live', name: stream, ...args, expire: String(Number(args['expire']) + 1) })).toBe(403);
    expect(await form(t, hook('publish'), { app: 'live', name: '../../etc', ...args })).toBe(400);
    expect((await t.post('/public/liveRoom', { id: room_id })).body.data.status).toBe('idle');

    expect(await form(t, hook('publish'), { app: 'live', name: stream, ...args })).toBe(200);
    const live = (await t.post('/public/liveRoom', { id: room_id })).body.data;
    expect(live.status).toBe('live');
    expect(live.play).toEqual({ flv: null, hls: `/hls/${stream}.m3u8` });

    expect(await form(t, hook('publish_done'), { app: 'live', name: stream })).toBe(200);
    expect((await t.post('/public/liveRoom', { id: room_id })).body.data.status).toBe('idle');
  });

  it('refuses a banned room’s signed publish', async () => {
    const { push, room_id } = (await t.post('/live/start', {}, coach)).body.data;
    await t.db.update(liveRooms).set({ status: 'banned' }).where(eq(liveRooms.id, room_id));
    const args = Object.fromEntries(new URLSearchParams(push.key.split('?')[1]));
    expect(await form(t, `/live/hooks/nginx/publish?token=${HOOK_TOKEN}`, { name: streamOf(push.url), ...args })).toBe(403);
    await t.db.update(liveRooms).set({ status: 'idle' }).where(eq(liveRooms.id, room_id));
  });

  it('is not there in the other media modes', async () => {
    const stream = 'room_abcd';
    const q = signedPushQuery(pushSecret(), stream, Math.floor(Date.now() / 1000) + 60);
    const res = await t.app.request('/api/live/hooks/tencent', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q }),
    });
    expect(res.status).toBe(404);
  });
});

describe('Tencent Cloud Live callbacks (LIVE_MEDIA=tencent)', () => {
  let t: TestApi;
  let shop: string;
  const KEY = 'tx-callback-key';
  beforeAll(async () => {
    t = await startApi({
      LIVE_MEDIA: 'tencent',
      LIVE_TX_PUSH_DOMAIN: 'push.example.com',
      LIVE_TX_PLAY_DOMAIN: 'play.example.com',
      LIVE_TX_PUSH_KEY: 'tx-push-key',
      LIVE_TX_CALLBACK_KEY: KEY,
    });
    setStreamHandlers(liveStreamHandlers);
    shop = await t.login(DEMO.mechant);
  });
  afterAll(() => t.stop());

  const callback = async (body: Record<string, unknown>, key = KEY) => {
    const tt = Math.floor(Date.now() / 1000) + 60;
    const sign = createHash('md5').update(`${key}${tt}`).digest('hex');
    const res = await t.app.request('/api/live/hooks/tencent', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ t: tt, sign, ...body }),
    });
    return { status: res.status, body: (await res.json()) as { code: number } };
  };

  it('signs Tencent push and play URLs and follows the stream through its callbacks', async () => {
    const { push, room_id, session_id } = (await t.post('/live/start', {}, shop)).body.data;
    expect(push.server).toBe('rtmp://push.example.com/live');
    const stream = streamOf(push.url);
    const q = new URLSearchParams(push.key.split('?')[1]);
    const txTime = q.get('txTime')!;
    expect(txTime).toMatch(/^[0-9A-F]{8}$/);
    expect(q.get('txSecret')).toBe(createHash('md5').update(`tx-push-key${stream}${txTime}`).digest('hex'));

    // A wrong sign changes nothing.
    expect((await callback({ event_type: 1, stream_id: stream }, 'not-the-key')).status).toBe(403);
    expect((await t.post('/public/liveRoom', { id: room_id })).body.data.status).toBe('idle');

    expect((await callback({ event_type: 1, stream_id: stream })).body).toEqual({ code: 0 });
    const live = (await t.post('/public/liveRoom', { id: room_id })).body.data;
    expect(live.status).toBe('live');
    expect(live.play).toEqual({ flv: `https://play.example.com/live/${stream}.flv`, hls: `https://play.example.com/live/${stream}.m3u8` });

    expect((await callback({ event_type: 0, stream_id: stream })).body).toEqual({ code: 0 });
    expect((await t.post('/public/liveRoom', { id: room_id })).body.data.status).toBe('idle');

    const video = `https://vod.example.com/${stream}/f0.mp4`;
    expect((await callback({ event_type: 100, stream_id: stream, video_url: video, duration: 93 })).body).toEqual({ code: 0 });
    const [s] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, session_id));
    expect(s).toMatchObject({ recordStatus: 'ready', recordUrl: video, durationS: 93 });
    expect((await t.post('/public/playback', { id: session_id })).body.data).toMatchObject({ url: video, format: 'mp4' });
  });

  it('refuses a callback whose t has passed, or a malformed one', async () => {
    const past = Math.floor(Date.now() / 1000) - 5;
    const sign = createHash('md5').update(`${KEY}${past}`).digest('hex');
    const res = await t.app.request('/api/live/hooks/tencent', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ t: past, sign, event_type: 1, stream_id: 'room_abcd' }),
    });
    expect(res.status).toBe(403);
    expect((await callback({ event_type: 1, stream_id: '../x' })).status).toBe(400);
  });
});
