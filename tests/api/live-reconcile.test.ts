import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Message } from '~/lib/chat/types';
import { liveRooms, liveSessions } from '~/server/db/schema';
import { liveStreamHandlers } from '~/server/modules/live/broadcast';
import { reconcileLive } from '~/server/modules/live/reconcile.service';
import { ingestName, setStreamHandlers } from '~/server/providers/live';
import { startIngest, type Ingest } from '~/server/providers/live/local';
import { uploadsDir } from '~/server/providers/storage';
import { DEMO } from '../helpers/api';
import { recorder, startIm, type TestIm } from '../helpers/im';

/**
 * A crash loses the ingest's end event (kill -9 during a broadcast): the room row stays `live` while
 * no stream exists. The rooms are reconciled with the ingest (at start and by a job), and a gift
 * or a like asks the ingest first, so nobody pays into a room that is not on air.
 */
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
const RTMP_PORT = 19365;

let t: TestIm;
let ingest: Ingest;
let member: string;
let memberId: number;

const streamOf = (pushUrl: string) => /\/live\/([A-Za-z0-9_-]+)\?/.exec(pushUrl)![1]!;
const customOf = (m: Message) =>
  m.type === 'TIMCustomElem' ? (JSON.parse(m.payload.data) as { type: string } & Record<string, unknown>) : null;

/** A broadcast the database believes is on air, as a crashed server left it: started, never ended. */
async function crashedBroadcast(phone: string, title: string) {
  const token = await t.login(phone);
  const { push, room_id, session_id } = (await t.post('/live/start', { title }, token)).body.data;
  const stream = streamOf(push.url);
  expect(await liveStreamHandlers.started(stream)).toBe(true);
  expect(ingest.publishing(stream)).toBe(false);
  return { token, push, stream, roomId: room_id as number, sessionId: session_id as number };
}

async function giftId(name: string): Promise<number> {
  return (await t.post('/public/liveGifts', {})).body.data.list.find((g: { name: string }) => g.name === name)!.id;
}

beforeAll(async () => {
  t = await startIm({ LIVE_MEDIA: 'local', LIVE_RTMP_PORT: String(RTMP_PORT) });
  setStreamHandlers(liveStreamHandlers);
  ingest = await startIngest({ port: RTMP_PORT, host: '127.0.0.1' });
  member = await t.login(DEMO.member);
  memberId = await t.idOf(DEMO.member);
}, 60_000);
afterAll(async () => {
  await ingest?.close();
  await t?.stop();
});

describe('live rooms after a crash', () => {
  it('refuses a gift and a like to a room marked live whose stream the ingest does not have, and ends that broadcast', async () => {
    const b = await crashedBroadcast(DEMO.coach, '断线的直播');
    const [room] = await t.db.select().from(liveRooms).where(eq(liveRooms.id, b.roomId));
    expect(room).toMatchObject({ status: 'live', ingest: ingestName() });
    const watcher = await t.connect(await t.makeUser('守候的观众'));
    await watcher.c.joinGroup({ groupID: room!.imGroupId! });
    const heard = recorder(watcher.c, 'messageReceived');

    const before = await t.wallet(memberId);
    const gift = await t.post(
      '/member/sendGift',
      { room_id: b.roomId, gift_id: await giftId('鲜花'), num: 1, key: 'crash-gift-0001' },
      member,
    );
    expect(gift.body).toMatchObject({ code: 100, msg: '主播未开播，暂不能送礼' });
    expect(await t.wallet(memberId)).toEqual(before);
    const like = await t.post('/member/liveLike', { id: b.roomId, count: 1 }, member);
    expect(like.body).toMatchObject({ code: 100, msg: '主播未开播，暂不能点赞' });

    // Ended as a normal end: the session closed, the room idle with nothing to play, watchers told.
    const pub = (await t.post('/public/liveRoom', { id: b.roomId })).body.data;
    expect(pub).toMatchObject({ status: 'idle', play: null });
    const [s] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, b.sessionId));
    expect(s!.endedAt).not.toBeNull();
    await heard.until((all) => all.flat().some((m) => customOf(m)?.type === 'live_status' && customOf(m)?.['status'] === 'idle'));
  });

  it('ends at the reconciliation every room on air without a stream, finishing what was recorded', async () => {
    const b = await crashedBroadcast(DEMO.mechant, '崩溃前的直播');
    // What the embedded ingest had written when the process died.
    const [s0] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, b.sessionId));
    expect(s0!.recordStatus).toBe('recording');
    if (hasFfmpeg) {
      const dir = join(uploadsDir(), 'live', b.stream);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${s0!.startedAt!.getTime() + 200}.flv`);
      execFileSync('ffmpeg', [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '2'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'flv', file],
      ]);
    }
    // Another instance's embedded ingest that still confirms its stream, one silent for minutes,
    // and a Tencent stream (only its callbacks can end it).
    const other = await crashedBroadcast('13800000102', '别的实例在播');
    const silent = await crashedBroadcast('13800000103', '实例已下线');
    const tencent = await crashedBroadcast('13800000104', '云直播');
    await t.db.update(liveRooms).set({ ingest: 'local:elsewhere:1935', ingestSeenAt: new Date() }).where(eq(liveRooms.id, other.roomId));
    await t.db
      .update(liveRooms)
      .set({ ingest: 'local:gone:1935', ingestSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(liveRooms.id, silent.roomId));
    await t.db.update(liveRooms).set({ ingest: 'tencent' }).where(eq(liveRooms.id, tencent.roomId));

    expect(await reconcileLive()).toBe(2);
    const status = async (id: number) => (await t.post('/public/liveRoom', { id })).body.data.status;
    expect(await status(b.roomId)).toBe('idle');
    expect(await status(silent.roomId)).toBe('idle');
    expect(await status(other.roomId)).toBe('live');
    expect(await status(tencent.roomId)).toBe('live');
    const living = (await t.post('/public/liveList', { living: 1 })).body.data.list.map((r: { id: number }) => r.id);
    expect(living.sort()).toEqual([other.roomId, tencent.roomId].sort());

    const [s] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, b.sessionId));
    expect(s!.endedAt).not.toBeNull();
    if (hasFfmpeg) {
      expect(s).toMatchObject({ recordStatus: 'ready' });
      expect(s!.recordUrl).toMatch(/^\/uploads\/live\/.+\.mp4$/);
      expect(existsSync(join(uploadsDir(), s!.recordUrl.replace(/^\/uploads\//, '')))).toBe(true);
      expect((await t.post('/public/playback', { id: b.sessionId })).body.data.duration_s).toBeGreaterThanOrEqual(1);
    } else {
      expect(s!.recordStatus).toBe('failed');
    }
    // Nothing is left to end; the gift now meets an idle room.
    expect(await reconcileLive()).toBe(0);
    const gift = await t.post('/member/sendGift', { room_id: b.roomId, gift_id: await giftId('鲜花'), key: 'crash-gift-0002' }, member);
    expect(gift.body.msg).toBe('主播未开播，暂不能送礼');
    for (const x of [other, tencent]) await t.post('/live/stop', {}, x.token);
  }, 30_000);

  it.skipIf(!hasFfmpeg)(
    'keeps a broadcast whose stream is being pushed, and confirms it',
    async () => {
      const token = await t.login('13800000105');
      const { push, room_id } = (await t.post('/live/start', {}, token)).body.data;
      const p = spawn(
        'ffmpeg',
        [
          ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '30'],
          ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-f', 'flv', push.url],
        ],
        { stdio: 'ignore' },
      );
      try {
        const live = async () => (await t.post('/public/liveRoom', { id: room_id })).body.data.status === 'live';
        const end = Date.now() + 15_000;
        while (!(await live()) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
        expect(await live()).toBe(true);
        const seen = new Date(Date.now() - 60_000);
        await t.db.update(liveRooms).set({ ingestSeenAt: seen }).where(eq(liveRooms.id, room_id));
        expect(await reconcileLive()).toBe(0);
        expect(await live()).toBe(true);
        const [r] = await t.db.select().from(liveRooms).where(eq(liveRooms.id, room_id));
        expect(r!.ingestSeenAt!.getTime()).toBeGreaterThan(seen.getTime());
        const gift = await t.post('/member/sendGift', { room_id, gift_id: await giftId('鲜花'), key: 'live-gift-00001' }, member);
        expect(gift.body.code).toBe(200);
      } finally {
        p.kill('SIGKILL');
        await t.post('/live/stop', {}, token);
      }
    },
    40_000,
  );
});
