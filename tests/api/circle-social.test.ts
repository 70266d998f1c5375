import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { videoQueueIdle } from '~/server/modules/upload/video.service';
import sharp from 'sharp';
import { safeUploadPath } from '~/server/providers/storage';
import { circleComments, circlePosts, coaches, follows, messages, users } from '~/server/db/schema';
import { tusUpload } from '../helpers/tus';
import type { ApiInput, ApiPath } from '~/lib/api/types';
import { DEMO, localVoucher, startApi, type TestApi } from '../helpers/api';

/**
 * 功夫圈: the recommended ranking, search, homepages, likes state, my
 * comments, @mentions, image thumbnails, and reports taken down by the console.
 */

let t: TestApi;
let member: string;
let coach: string;
let shop: string;
let memberId: number;
let coachUserId: number;

const idOf = async (phone: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
const op = <P extends ApiPath>(path: P, body: ApiInput<P>, cookie: string) => t.asStaff(cookie)(path, body);

beforeAll(async () => {
  t = await startApi();
  [member, coach, shop] = await Promise.all([t.login(DEMO.member), t.login(DEMO.coach), t.login(DEMO.mechant)]);
  [memberId, coachUserId] = await Promise.all([idOf(DEMO.member), idOf(DEMO.coach)]);
});
afterAll(() => t.stop());

describe('the recommended tab', () => {
  it('ranks by engagement with time decay, in a window fixed by the first page', async () => {
    // Three fresh posts: a plain one, one with likes, and an older one with more likes.
    const mk = async (content: string, hoursAgo: number, likes: number, comments: number) => {
      const [r] = await t.db
        .insert(circlePosts)
        .values({ userId: coachUserId, content, likes, comments, createdAt: sql`now() - ${`${hoursAgo} hours`}::interval` })
        .returning({ id: circlePosts.id });
      return r!.id;
    };
    const plain = await mk('推荐-普通', 0, 0, 0);
    const liked = await mk('推荐-有赞', 1, 6, 1);
    const old = await mk('推荐-三天前很多赞', 72, 40, 5);
    const first = (await t.post('/index/friendCircleList', { tab: 'rec', limit: 30 })).body.data;
    const order = first.list.map((p: { id: number }) => p.id);
    // (1+6+2)/3^1.5 ≈ 1.73 > (1+40+10)/74^1.5 ≈ 0.08, and the plain new post (1/2^1.5 ≈ 0.35) sits between.
    expect(order.indexOf(liked)).toBeLessThan(order.indexOf(plain));
    expect(order.indexOf(plain)).toBeLessThan(order.indexOf(old));
    // Later pages read the same window: a post published meanwhile is not in it.
    const top = Math.max(...order);
    const p1 = (await t.post('/index/friendCircleList', { tab: 'rec', limit: 2 })).body.data;
    await t.post('/member/friendCirclePublish', { content: '翻页时新发布的' }, shop);
    const seen = [...p1.list];
    let cursor = p1.next_cursor;
    while (cursor !== null) {
      const next = (await t.post('/index/friendCircleList', { tab: 'rec', limit: 2, cursor, before: top })).body.data;
      seen.push(...next.list);
      cursor = next.next_cursor;
    }
    expect(seen.some((p: { content: string }) => p.content === '翻页时新发布的')).toBe(false);
    expect(new Set(seen.map((p: { id: number }) => p.id)).size).toBe(seen.length);
  });
});

describe('search', () => {
  it('finds a Chinese substring in the text or the author name, newest first, escapes LIKE wildcards', async () => {
    await t.post('/member/friendCirclePublish', { content: '今天学习八卦掌走圈，转得头晕' }, member);
    const hit = (await t.post('/index/friendCircleSearch', { q: '卦掌走' })).body.data;
    expect(hit.list.map((p: { content: string }) => p.content)).toContain('今天学习八卦掌走圈，转得头晕');
    const byAuthor = (await t.post('/index/friendCircleSearch', { q: '陈师' })).body.data;
    expect(byAuthor.list.length).toBeGreaterThan(0);
    expect(
      byAuthor.list.every((p: { author: { user_id: number } }) => p.author.user_id === coachUserId || /陈师/.test(JSON.stringify(p))),
    ).toBe(true);
    expect((await t.post('/index/friendCircleSearch', { q: '%' })).body.data.list).toEqual([]);
    expect((await t.post('/index/friendCircleSearch', { q: ' ' })).body.msg).toBe('请输入搜索关键字');
  });
});

describe('homepages and the member side', () => {
  it('answers a profile with counts, studied courses only when allowed, and the author links', async () => {
    const p = (await t.post('/index/friendCircleProfile', { user_id: memberId })).body.data;
    expect(p.author).toMatchObject({ user_id: memberId, kind: 'member', home: `/anchor/friendscircle?type=member&id=${memberId}` });
    expect(p.courses).toBeNull();
    const posts = await t.db
      .select()
      .from(circlePosts)
      .where(and(eq(circlePosts.userId, memberId), eq(circlePosts.status, 1)));
    expect(p.posts).toBe(posts.length);
    expect(p.likes).toBe(posts.reduce((n, x) => n + x.likes, 0));
    expect((await t.post('/member/friendCircleSettings', { show_study: 1 }, member)).body.data).toEqual({ show_study: 1 });
    const open = (await t.post('/index/friendCircleProfile', { user_id: memberId })).body.data;
    expect(Array.isArray(open.courses)).toBe(true);
    await t.post('/member/friendCircleSettings', { show_study: 0 }, member);
    const c = (await t.post('/index/friendCircleProfile', { user_id: coachUserId })).body.data;
    const [coachRow] = await t.db.select().from(coaches).where(eq(coaches.userId, coachUserId));
    expect(c.author).toMatchObject({ kind: 'coach', nick: coachRow!.name, home: `/anchor/friendscircle?type=coach&id=${coachRow!.id}` });
    expect((await t.post('/index/friendCircleProfile', { user_id: 99999999 })).body.code).toBe(404);
  });

  it('tells a member which shown posts they liked, and lists their own comments', async () => {
    const post = (await t.post('/member/friendCirclePublish', { content: '求点赞' }, coach)).body.data;
    await t.post('/member/friendCircleLike', { id: post.id, status: 1 }, member);
    expect((await t.post('/member/friendCircleLiked', { ids: [post.id, 99999999] }, member)).body.data).toEqual({ ids: [post.id] });
    expect((await t.post('/member/friendCircleLiked', { ids: [post.id] })).body.code).toBe(101);
    const c = (await t.post('/member/friendCircleComment', { id: post.id, content: '我的评论' }, member)).body.data;
    const mine = (await t.post('/member/friendCircleMyComments', { page: 1, limit: 5 }, member)).body.data;
    expect(mine.list[0]).toMatchObject({
      id: c.id,
      content: '我的评论',
      post: { id: post.id, content: '求点赞', author: { user_id: coachUserId } },
    });
    // A comment under a deleted post leaves the list.
    await t.post('/member/friendCircleDelete', { id: post.id }, coach);
    const after = (await t.post('/member/friendCircleMyComments', { page: 1, limit: 5 }, member)).body.data;
    expect(after.list.some((x: { id: number }) => x.id === c.id)).toBe(false);
  });

  it('links @mentions of followed coaches only', async () => {
    const [chen] = await t.db.select().from(coaches).where(eq(coaches.userId, coachUserId));
    await t.db.insert(follows).values({ userId: memberId, targetType: 'coach', targetId: chen!.id }).onConflictDoNothing();
    const p = (await t.post('/member/friendCirclePublish', { content: `谢谢@${chen!.name}的指导，也谢谢@路人甲` }, member)).body.data;
    expect(p.mentions).toEqual([{ nick: chen!.name, home: `/anchor/friendscircle?type=coach&id=${chen!.id}` }]);
  });
});

describe('images', () => {
  it('makes a square thumbnail for a circle upload and shows it in the feed', async () => {
    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#c87400' } })
      .png()
      .toBuffer();
    const up = (await t.post('/uploader_img_base64', { image: `data:image/png;base64,${png.toString('base64')}`, type: 'circle' }, member))
      .body;
    expect(up.code).toBe(200);
    const post = (await t.post('/member/friendCirclePublish', { content: '', images: [up.data.path] }, member)).body.data;
    expect(post.thumbs[0]).toBe(up.data.path.replace(/\.png$/, '_t.webp'));
    const file = safeUploadPath(post.thumbs[0]!.replace(/^\/uploads\//, ''));
    const meta = await sharp(await readFile(file!)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 360, 360]);
    // A file that only claims to be an image is refused whole.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    expect((await t.post('/uploader_img_base64', { image: fake.toString('base64'), type: 'circle' }, member)).body.code).toBe(100);
  });
});

describe('a video post', () => {
  const MP4 = readFileSync(new URL('../fixtures/lesson.mp4', import.meta.url));
  it('uploads a member video through the resumable upload and posts it instead of images', async () => {
    const v = (await t.post('/member/circleVideoVoucher', {}, member)).body.data;
    expect(v.provider).toBe('local');
    const { last } = await tusUpload(t, MP4, localVoucher(v), 'clip.mp4');
    expect(last.status).toBe(204);
    const id = Number(last.headers.get('upload-video-id'));
    expect(id).toBeGreaterThan(0);
    await videoQueueIdle();
    const status = (await t.post('/member/circleVideoStatus', { id }, member)).body.data;
    expect(['ready', 'raw']).toContain(status.status);
    // Only its uploader sees or posts it; a coach's lesson-video status does not answer it.
    expect((await t.post('/member/circleVideoStatus', { id }, shop)).body.code).toBe(404);
    expect((await t.post('/member/friendCirclePublish', { video_id: id }, shop)).body.msg).toBe('视频不存在，请重新上传');
    expect((await t.post('/member/friendCirclePublish', { video_id: id, images: ['/imgs/logo.svg'] }, member)).body.msg).toBe(
      '图片和视频只能选一种',
    );
    const post = (await t.post('/member/friendCirclePublish', { content: '今天的套路', video_id: id }, member)).body.data;
    expect(post.video).toMatchObject({ url: status.path });
    expect(post.images).toEqual([]);
    const feed = (await t.post('/index/friendCircleList', { tab: 'new', limit: 3 })).body.data.list;
    expect(feed.find((p: { id: number }) => p.id === post.id)!.video!.url).toBe(status.path);
  });
});

describe('reports', () => {
  it('takes a reported post down everywhere and tells its author why', async () => {
    const post = (await t.post('/member/friendCirclePublish', { content: '加微信买秘籍' }, shop)).body.data;
    expect((await t.post('/member/report', { target_type: 'post', target_id: post.id, reason: 'false' }, member)).body.code).toBe(200);
    expect((await t.post('/member/report', { target_type: 'post', target_id: post.id, reason: 'false' }, shop)).body.code).toBe(100);
    const content = await t.staffCookie('content');
    const queue = (await op('/admin/contentReports', { target_type: 'post' }, content)).body.data.list;
    const r = queue.find((x: { target_id: number }) => x.target_id === post.id);
    expect(r).toMatchObject({ can_take_down: true, target_href: `/firendscircle?post=${post.id}` });
    expect((await op('/admin/contentReport/takedown', { id: r!.id, note: '站外引流' }, content)).body.code).toBe(200);
    expect((await t.post('/index/friendCircleDetail', { id: post.id })).body.code).toBe(404);
    const feed = (await t.post('/index/friendCircleList', { tab: 'new', limit: 30 })).body.data.list;
    expect(feed.some((p: { id: number }) => p.id === post.id)).toBe(false);
    const shopId = await idOf(DEMO.mechant);
    const told = await t.db.select().from(messages).where(eq(messages.userId, shopId));
    expect(told.some((m) => m.title === '你的功夫圈动态已被平台下架' && m.content.includes('站外引流'))).toBe(true);
  });

  it('takes a reported comment down with its replies and keeps the count exact', async () => {
    const post = (await t.post('/member/friendCirclePublish', { content: '评论举报测试' }, coach)).body.data;
    const bad = (await t.post('/member/friendCircleComment', { id: post.id, content: '广告评论' }, shop)).body.data;
    await t.post('/member/friendCircleComment', { id: post.id, content: '回复广告', comment_id: bad.id }, member);
    await t.post('/member/friendCircleComment', { id: post.id, content: '正常评论' }, member);
    expect((await t.post('/member/report', { target_type: 'comment', target_id: bad.id, reason: 'other' }, coach)).body.code).toBe(200);
    const content = await t.staffCookie('content');
    const r = (await op('/admin/contentReports', { target_type: 'comment' }, content)).body.data.list.find(
      (x: { target_id: number }) => x.target_id === bad.id,
    );
    expect((await op('/admin/contentReport/takedown', { id: r!.id, note: '广告' }, content)).body.code).toBe(200);
    const left = (await t.post('/index/friendCircleComment', { id: post.id })).body.data;
    expect(left.list.map((c: { content: string }) => c.content)).toEqual(['正常评论']);
    expect((await t.post('/index/friendCircleDetail', { id: post.id })).body.data.comments).toBe(1);
    const rows = await t.db.select().from(circleComments).where(eq(circleComments.postId, post.id));
    expect(rows.filter((c) => c.status === 2)).toHaveLength(2);
  });
});
