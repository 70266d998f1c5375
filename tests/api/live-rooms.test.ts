import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { coaches, liveBookings, liveNotices, liveRooms, liveSessions, shops } from '~/server/db/schema';
import { runSeed } from '~/server/seed';
import { PLAYBACK_VIDEO } from '~/server/seed/live';
import { liveStreamHandlers } from '~/server/modules/live/broadcast';
import { pushSecret } from '~/server/providers/live';
import { checkPush } from '~/server/providers/live/sign';
import { HLS_URL } from '~/server/providers/live/hls';
import { hasFfmpeg } from '~/server/providers/ffmpeg';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
let coach: string;
let shop: string;
let member: string;
beforeAll(async () => {
  t = await startApi();
  [coach, shop, member] = await Promise.all([t.login(DEMO.coach), t.login(DEMO.mechant), t.login(DEMO.member)]);
});
afterAll(() => t.stop());

const streamOf = (pushUrl: string) => /\/live\/([A-Za-z0-9_-]+)\?/.exec(pushUrl)![1]!;

describe('the live demo data', () => {
  it('gives every coach and shop a room, upcoming notices with bookings and playable playbacks, none on air; a second seed adds nothing', async () => {
    const counts = async () => ({
      rooms: (await t.db.select({ id: liveRooms.id, status: liveRooms.status }).from(liveRooms)).map((r) => r.status),
      sessions: (await t.db.select({ id: liveSessions.id }).from(liveSessions)).length,
      notices: (await t.db.select({ id: liveNotices.id }).from(liveNotices)).length,
      bookings: (await t.db.select({ n: liveBookings.noticeId }).from(liveBookings)).length,
    });
    const before = await counts();
    const [c, s] = await Promise.all([t.db.select({ id: coaches.id }).from(coaches), t.db.select({ id: shops.id }).from(shops)]);
    expect(before.rooms).toHaveLength(c.length + s.length);
    expect(new Set(before.rooms)).toEqual(new Set(['idle']));

    // What the live search's placeholder (咏春) finds.
    const found = (await t.post('/public/liveSearch', { q: '咏春' })).body.data;
    expect(found.total).toBeGreaterThanOrEqual(3);
    const notices = (await t.post('/public/liveNotices', { limit: 50 })).body.data.list as { start_at: string; bookings: number }[];
    expect(notices.length).toBeGreaterThanOrEqual(5);
    for (const n of notices) expect(new Date(n.start_at).getTime()).toBeGreaterThan(Date.now() + 2 * 3600_000);
    expect(notices.reduce((sum, n) => sum + n.bookings, 0)).toBe(before.bookings);
    const playbacks = (await t.post('/public/playbackList', { limit: 50 })).body.data.list as { id: number }[];
    expect(playbacks.length).toBeGreaterThanOrEqual(5);
    const pb = (await t.post('/public/playback', { id: playbacks[0]!.id })).body.data;
    expect(pb).toMatchObject({ url: PLAYBACK_VIDEO, format: 'mp4', duration_s: 10 });
    expect(statSync(join('public', PLAYBACK_VIDEO)).size).toBeGreaterThan(50_000);

    await runSeed();
    expect(await counts()).toEqual(before);
  });
});

describe('going live: /live/start, the stream events, /live/stop', () => {
  it('gives a coach a room and a signed push URL; the room is live only once the stream starts', async () => {
    const room = await t.post('/live/anchorRoom', {}, coach);
    expect(room.body.code).toBe(200);
    expect(room.body.data).toMatchObject({ status: 'idle', play: null, session_id: null, anchor: { kind: 'coach', nick: '陈师傅' } });

    const start = await t.post('/live/start', { title: '太极推手公开课' }, coach);
    expect(start.body.code).toBe(200);
    const { push, room_id, session_id } = start.body.data;
    expect(room_id).toBe(room.body.data.id);
    // OBS's two fields put together make the whole URL, and the URL carries a valid signature.
    expect(`${push.server}/${push.key}`).toBe(push.url);
    const stream = streamOf(push.url);
    const q = Object.fromEntries(new URL(push.url.replace(/^rtmp/, 'http')).searchParams);
    expect(checkPush(pushSecret(), stream, q)).toBe('ok');

    // Prepared, not on air: the public room has no play URL yet.
    let pub = await t.post('/public/liveRoom', { id: room_id });
    expect(pub.body.data).toMatchObject({ status: 'idle', play: null, title: '太极推手公开课' });
    // A second start (another tab, a retry) reuses the prepared broadcast.
    expect((await t.post('/live/start', {}, coach)).body.data.session_id).toBe(session_id);

    expect(await liveStreamHandlers.started(stream)).toBe(true);
    expect(await liveStreamHandlers.started(stream)).toBe(true);
    pub = await t.post('/public/liveRoom', { id: room_id });
    expect(pub.body.data.status).toBe('live');
    // HLS beside FLV where this server can segment (ffmpeg installed).
    expect(pub.body.data.play).toEqual({ flv: `/media/live/${stream}.flv`, hls: hasFfmpeg() ? HLS_URL(stream) : null });
    expect(pub.body.data.started_at).not.toBeNull();

    const stop = await t.post('/live/stop', {}, coach);
    expect(stop.body).toMatchObject({ code: 200, msg: '直播已结束', data: { status: 'idle' } });
    // The ingest's own end event arriving after /live/stop changes nothing more.
    await liveStreamHandlers.ended(stream);
    const [s] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, session_id));
    expect(s!.endedAt).not.toBeNull();
    expect(s!.durationS).toBeGreaterThanOrEqual(0);
    pub = await t.post('/public/liveRoom', { id: room_id });
    expect(pub.body.data).toMatchObject({ status: 'idle', play: null, started_at: null });
  });

  it('starts a new broadcast when a still-valid URL pushes again after the last one ended', async () => {
    const { push, room_id, session_id } = (await t.post('/live/start', {}, shop)).body.data;
    const stream = streamOf(push.url);
    await liveStreamHandlers.started(stream);
    await liveStreamHandlers.ended(stream);
    expect(await liveStreamHandlers.started(stream)).toBe(true);
    // The seeded playbacks are older broadcasts of this room: count from the one prepared here.
    const sessions = await t.db.select().from(liveSessions).where(eq(liveSessions.roomId, room_id));
    expect(sessions.filter((s) => s.startedAt && s.id >= session_id)).toHaveLength(2);
    await t.post('/live/stop', {}, shop);
  });

  it('drops a broadcast that was prepared but never went on air', async () => {
    const { session_id } = (await t.post('/live/start', {}, coach)).body.data;
    await t.post('/live/stop', {}, coach);
    expect(await t.db.select().from(liveSessions).where(eq(liveSessions.id, session_id))).toEqual([]);
  });

  it('refuses unknown streams, a banned room’s stream and a banned anchor’s start', async () => {
    expect(await liveStreamHandlers.started('r_nobody_here')).toBe(false);
    const { room_id, push } = (await t.post('/live/start', {}, coach)).body.data;
    await t.db.update(liveRooms).set({ status: 'banned', banReason: '违规内容' }).where(eq(liveRooms.id, room_id));
    expect(await liveStreamHandlers.started(streamOf(push.url))).toBe(false);
    const again = await t.post('/live/start', {}, coach);
    expect(again.body).toMatchObject({ code: 100, msg: '直播间已被封禁：违规内容' });
    await t.db.update(liveRooms).set({ status: 'idle', banReason: '' }).where(eq(liveRooms.id, room_id));
    await t.post('/live/stop', {}, coach);
  });

  it('lets only coaches and shop owners broadcast, and answers an unknown room with 404', async () => {
    expect((await t.post('/live/start', {}, member)).body.code).toBe(403);
    expect((await t.post('/live/start', {})).body.code).toBe(101);
    expect((await t.post('/public/liveRoom', { id: 999_999 })).body).toMatchObject({ code: 404, msg: '直播间不存在' });
    expect((await t.post('/live/start', { title: '' }, coach)).body).toMatchObject({ code: 100, msg: '请输入直播标题' });
  });

  it('lists rooms on air first, by anchor type, and never a banned room', async () => {
    const rooms = (await t.db.select({ id: liveRooms.id }).from(liveRooms)).length;
    const shopRoom = (await t.post('/live/start', {}, shop)).body.data;
    await liveStreamHandlers.started(streamOf(shopRoom.push.url));
    const all = await t.post('/public/liveList', {});
    expect(all.body.code).toBe(200);
    expect(all.body.data.list[0]).toMatchObject({ id: shopRoom.room_id, status: 'live', anchor: { kind: 'shop' } });
    expect(all.body.data.total).toBe(rooms);
    const coaches = await t.post('/public/liveList', { type: 0, limit: 50 });
    expect(new Set(coaches.body.data.list.map((r: { anchor: { kind: string } }) => r.anchor.kind))).toEqual(new Set(['coach']));
    const living = await t.post('/public/liveList', { living: 1 });
    expect(living.body.data.list.map((r: { id: number }) => r.id)).toEqual([shopRoom.room_id]);
    await t.db.update(liveRooms).set({ status: 'banned' }).where(eq(liveRooms.id, shopRoom.room_id));
    expect((await t.post('/public/liveList', {})).body.data.total).toBe(rooms - 1);
    await t.db.update(liveRooms).set({ status: 'idle', sessionId: null }).where(eq(liveRooms.id, shopRoom.room_id));
    expect((await t.post('/public/liveList', { type: 2 })).body).toMatchObject({ code: 100, msg: 'type 只能是 0 或 1' });
  });
});
