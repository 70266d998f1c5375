import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LIST_MAX_ROWS, TOO_DEEP_TEXT } from '~/lib/rules/paging';
import { liveNotices, liveSessions, messages, users } from '~/server/db/schema';
import * as pages from '~/server/edge/page-cache';
import { liveStreamHandlers } from '~/server/modules/live/broadcast';
import { DEMO, startApi, type TestApi } from '../helpers/api';
import { keepGuestPage } from '../helpers/page-cache';

/** 直播预告 with bookings and reminders, playbacks (recorded → listed, pinned, deleted) and the anchor's history. */

let t: TestApi;
let coach: string;
let shop: string;
let member: string;
let memberId: number;

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const streamOf = (pushUrl: string) => /\/live\/([A-Za-z0-9_-]+)\?/.exec(pushUrl)![1]!;

beforeAll(async () => {
  t = await startApi();
  [coach, shop, member] = await Promise.all([t.login(DEMO.coach), t.login(DEMO.mechant), t.login(DEMO.member)]);
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.member));
  memberId = u!.id;
});
afterAll(() => t.stop());

async function reminders(): Promise<{ title: string; content: string; link: string }[]> {
  return t.db
    .select({ title: messages.title, content: messages.content, link: messages.link })
    .from(messages)
    .where(and(eq(messages.userId, memberId), eq(messages.title, '你预约的直播开始了')));
}

describe('直播预告', () => {
  it('validates, lists upcoming notices, books idempotently and reminds bookers once when the room goes live', async () => {
    expect((await t.post('/coach/liveNoticeAdd', { title: '太早了', start_at: inHours(0.05) }, coach)).body.msg).toBe(
      '开播时间需在 10 分钟后、30 天内',
    );
    expect((await t.post('/coach/liveNoticeAdd', { title: '太远了', start_at: inHours(24 * 31) }, coach)).body.msg).toBe(
      '开播时间需在 10 分钟后、30 天内',
    );
    expect((await t.post('/coach/liveNoticeAdd', { title: '', start_at: inHours(2) }, coach)).body.msg).toBe('请输入预告标题');
    expect((await t.rawPost('/coach/liveNoticeAdd', { title: '无时间' }, coach)).body.msg).toBe('请选择开播时间');
    // The shop's calls are the shop's: a coach token is refused there.
    expect((await t.post('/shop/liveNoticeAdd', { title: '越界', start_at: inHours(2) }, coach)).body.code).not.toBe(200);

    const added = await t.post('/coach/liveNoticeAdd', { title: '八极拳 · 实战拆解', intro: '带上你的问题', start_at: inHours(1) }, coach);
    expect(added.body).toMatchObject({
      code: 200,
      msg: '预告已保存',
      data: { title: '八极拳 · 实战拆解', status: 'waiting', bookings: 0 },
    });
    const id = added.body.data.id as number;
    const edited = await t.post('/coach/liveNoticeEdit', { id, title: '八极拳 · 实战拆解（加长版）', start_at: inHours(0.5) }, coach);
    expect(edited.body.data.title).toBe('八极拳 · 实战拆解（加长版）');
    // Another anchor cannot touch it.
    expect((await t.post('/shop/liveNoticeEdit', { id, title: 'x', start_at: inHours(2) }, shop)).body.msg).toBe('预告不存在');

    const upcoming = (await t.post('/public/liveNotices', {})).body.data;
    expect(upcoming.list.map((n: { id: number }) => n.id)).toContain(id);
    const byStart = upcoming.list.map((n: { start_at: string }) => n.start_at);
    expect([...byStart].sort()).toEqual(byStart);

    expect((await t.post('/member/liveBook', { id, status: 1 }, member)).body.data).toEqual({ booked: 1, bookings: 1 });
    expect((await t.post('/member/liveBook', { id, status: 1 }, member)).body.data).toEqual({ booked: 1, bookings: 1 });
    expect((await t.post('/member/liveBook', { id, status: 1 })).body.code).toBe(101);
    const seen = (await t.post('/public/liveNotices', { room_id: added.body.data.room_id }, member)).body.data.list.find(
      (n: { id: number }) => n.id === id,
    );
    expect(seen!.booked).toBe(1);
    const room = (await t.post('/public/liveRoom', { id: added.body.data.room_id }, member)).body.data;
    expect(room.next_notice).toMatchObject({ id, booked: 1 });

    // Going live near the time starts the notice and reminds its booker, once.
    const { push } = (await t.post('/live/start', {}, coach)).body.data;
    const stream = streamOf(push.url);
    await liveStreamHandlers.started(stream);
    await liveStreamHandlers.ended(stream);
    await liveStreamHandlers.started(stream);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      content: '陈师傅 的直播「八极拳 · 实战拆解（加长版）」已经开始，快去观看吧',
      link: `/live/room/${added.body.data.room_id}`,
    });
    const [n] = await t.db.select().from(liveNotices).where(eq(liveNotices.id, id));
    expect(n!.status).toBe('started');
    expect((await t.post('/member/liveBook', { id, status: 1 }, member)).body.msg).toBe('该预告已开播或已取消');
    expect((await t.post('/coach/liveNoticeEdit', { id, title: 'x', start_at: inHours(2) }, coach)).body.msg).toBe(
      '预告已开播或已取消，不能修改',
    );
    await t.post('/live/stop', {}, coach);
  });

  it('tells bookers when a notice is cancelled', async () => {
    const { id } = (await t.post('/shop/liveNoticeAdd', { title: '新品发布会', start_at: inHours(48) }, shop)).body.data;
    await t.post('/member/liveBook', { id, status: 1 }, member);
    expect((await t.post('/member/liveBook', { id, status: 0 }, member)).body.data).toEqual({ booked: 0, bookings: 0 });
    await t.post('/member/liveBook', { id, status: 1 }, member);
    expect((await t.post('/shop/liveNoticeDelete', { id }, shop)).body).toMatchObject({ code: 200, msg: '预告已删除' });
    const told = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, memberId), eq(messages.title, '直播预告已取消')));
    expect(told).toHaveLength(1);
    expect((await t.post('/public/liveNotices', {})).body.data.list.map((x: { id: number }) => x.id)).not.toContain(id);
  });

  it('caps waiting notices per room', async () => {
    const mine = (await t.post('/live/notices', { limit: 50 }, shop)).body.data.total as number;
    for (let i = mine; i < 10; i++)
      expect((await t.post('/shop/liveNoticeAdd', { title: `预告${i}`, start_at: inHours(3 + i) }, shop)).body.code).toBe(200);
    expect((await t.post('/shop/liveNoticeAdd', { title: '第十一个', start_at: inHours(30) }, shop)).body.msg).toBe(
      '最多同时发布 10 个预告',
    );
  });
});

describe('playbacks and the broadcast history', () => {
  it('a recording that becomes a playback, a pin and a delete clear the kept guest lists at once', async () => {
    pages.enablePageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
    const { push, session_id } = (await t.post('/live/start', { title: '缓存测试场' }, coach)).body.data;
    const stream = streamOf(push.url);
    await liveStreamHandlers.started(stream);
    await t.post('/live/stop', {}, coach);
    await keepGuestPage(pages, '/live/playbackList');
    expect(pages.pageCacheStats().entries).toBe(1);
    await liveStreamHandlers.recorded(stream, { url: `/uploads/live/${stream}/c.mp4`, poster: '', durationS: 3 });
    expect(pages.pageCacheStats().entries).toBe(0);
    await keepGuestPage(pages, '/live/playbackList');
    expect((await t.post('/member/liveBatchTop', { ids: [session_id], status: 1 }, coach)).body.data.changed).toBe(1);
    expect(pages.pageCacheStats().entries).toBe(0);
    await keepGuestPage(pages, '/live/playbackList');
    expect((await t.post('/member/PlayBackDelete', { ids: [session_id] }, coach)).body.code).toBe(200);
    expect(pages.pageCacheStats().entries).toBe(0);
    // 直播预告 show on the live lists too.
    await keepGuestPage(pages, '/live/coach');
    const notice = (await t.post('/coach/liveNoticeAdd', { title: '缓存预告', start_at: inHours(3) }, coach)).body.data;
    expect(pages.pageCacheStats().entries).toBe(0);
    await keepGuestPage(pages, '/live/coach');
    expect((await t.post('/coach/liveNoticeDelete', { id: notice.id }, coach)).body.code).toBe(200);
    expect(pages.pageCacheStats().entries).toBe(0);
    pages.enablePageCache({ maxBytes: 0, ttlMs: 60_000 });
  });

  it('turns a recorded broadcast into a playback the anchor can pin and delete', async () => {
    const { push, session_id } = (await t.post('/live/start', { title: '回放测试场' }, coach)).body.data;
    const stream = streamOf(push.url);
    await liveStreamHandlers.started(stream);
    await t.post('/live/stop', {}, coach);
    const [s] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, session_id));
    expect(s!.recordStatus).toBe('recording');
    // Not listed until the recording is ready.
    expect((await t.post('/public/playbackList', {})).body.data.list.map((p: { id: number }) => p.id)).not.toContain(session_id);
    await liveStreamHandlers.recorded(stream, {
      url: `/uploads/live/${stream}/1.mp4`,
      poster: `/uploads/live/${stream}/1.jpg`,
      durationS: 62,
    });
    const list = (await t.post('/public/playbackList', { type: 0 })).body.data;
    expect(list.list[0]).toMatchObject({
      id: session_id,
      title: '回放测试场',
      duration_s: 62,
      cover: `/uploads/live/${stream}/1.jpg`,
      pinned: 0,
    });
    expect((await t.post('/public/playbackList', { type: 1 })).body.data.list.map((p: { id: number }) => p.id)).not.toContain(session_id);
    expect((await t.post('/public/playbackList', { q: '回放测试' })).body.data.total).toBe(1);
    // Bounded like every list: a page past the first LIST_MAX_ROWS is refused in Chinese.
    for (const path of ['/public/playbackList', '/public/liveNotices'])
      expect((await t.rawPost(path, { page: LIST_MAX_ROWS / 10 + 1, limit: 10 })).body).toMatchObject({ code: 100, msg: TOO_DEEP_TEXT });
    expect((await t.post('/public/playback', { id: session_id })).body.data).toMatchObject({
      url: `/uploads/live/${stream}/1.mp4`,
      format: 'mp4',
    });

    // A second, older-looking broadcast, then pin the first: pinned lists first.
    const second = (await t.post('/live/start', { title: '第二场' }, coach)).body.data;
    await liveStreamHandlers.started(stream);
    await t.post('/live/stop', {}, coach);
    await liveStreamHandlers.recorded(stream, { url: `/uploads/live/${stream}/2.flv`, poster: '', durationS: 5 });
    let first = (await t.post('/public/playbackList', { type: 0 })).body.data.list[0];
    expect(first!.id).toBe(second.session_id);
    expect((await t.post('/public/playback', { id: second.session_id })).body.data.format).toBe('flv');
    expect((await t.post('/member/liveBatchTop', { ids: [session_id], status: 1 }, coach)).body.data.changed).toBe(1);
    expect((await t.post('/member/liveBatchTop', { ids: [session_id], status: 1 }, coach)).body.data.changed).toBe(0);
    first = (await t.post('/public/playbackList', { type: 0 })).body.data.list[0];
    expect(first).toMatchObject({ id: session_id, pinned: 1 });
    // Another anchor can neither pin nor delete it.
    expect((await t.post('/member/liveBatchTop', { ids: [session_id], status: 0 }, shop)).body.msg).toBe('回放不存在');
    expect((await t.post('/member/PlayBackDelete', { ids: [session_id] }, shop)).body.msg).toBe('回放不存在');
    expect((await t.post('/member/PlayBackDelete', { ids: [session_id] }, member)).body.code).not.toBe(200);

    const del = await t.post('/member/PlayBackDelete', { ids: [session_id] }, coach);
    expect(del.body).toMatchObject({ code: 200, msg: '回放已删除', data: { deleted: 1 } });
    expect((await t.post('/public/playback', { id: session_id })).body.msg).toBe('回放不存在');

    // The history keeps both broadcasts, with the deleted playback marked.
    const logs = (await t.post('/member/liveLogs', {}, coach)).body.data.list as { id: number; playback: string }[];
    expect(logs.find((l) => l.id === session_id)?.playback).toBe('deleted');
    expect(logs.find((l) => l.id === second.session_id)?.playback).toBe('ready');

    // The coach's live overview and homepage show it.
    const index = (await t.post('/coach/liveIndexInfo', {}, coach)).body.data;
    expect(index.stats.sessions).toBeGreaterThanOrEqual(2);
    expect(index.stats.playbacks).toBeGreaterThanOrEqual(1);
    expect((await t.post('/shop/liveIndexInfo', {}, coach)).body.code).not.toBe(200);
    const home = (await t.post('/coach/public/indexInfo', { coach_id: index.room.anchor.id })).body.data.live;
    expect(home.room).toMatchObject({ id: index.room.id });
    expect(home.playbacks.map((p: { id: number }) => p.id)).toContain(second.session_id);
  });

  it('marks a failed recording, which never lists', async () => {
    const { push, session_id } = (await t.post('/live/start', { title: '录制失败场' }, shop)).body.data;
    const stream = streamOf(push.url);
    await liveStreamHandlers.started(stream);
    await liveStreamHandlers.ended(stream);
    await liveStreamHandlers.recorded(stream, { url: '', poster: '', durationS: 0 });
    const [s] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, session_id));
    expect(s!.recordStatus).toBe('failed');
    expect((await t.post('/public/playback', { id: session_id })).body.msg).toBe('回放不存在');
  });
});

describe('search', () => {
  it('finds rooms by title and by anchor name', async () => {
    const byName = (await t.post('/public/liveSearch', { q: '陈师傅' })).body.data;
    expect(byName.list[0]!.anchor.nick).toBe('陈师傅');
    expect((await t.post('/public/liveSearch', { q: '不存在的直播间名字' })).body.data.total).toBe(0);
    expect((await t.post('/public/liveSearch', { q: '' })).body.msg).toBe('请输入搜索关键字');
  });
});
