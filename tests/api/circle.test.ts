import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { circleLikes, circlePosts, messages, users } from '~/server/db/schema';
import { hashPassword } from '~/server/security/password';
import { invalidate } from '~/server/cache';
import { setConfig } from '~/server/modules/site/site.service';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/** 功夫圈: publish, feed cursor, likes, comments and their notices, deletes. */

let t: TestApi;
let member: string;
let coach: string;
let shop: string;
let memberId: number;
let coachId: number;

async function idOf(phone: string): Promise<number> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return u!.id;
}

beforeAll(async () => {
  t = await startApi();
  [member, coach, shop] = await Promise.all([t.login(DEMO.member), t.login(DEMO.coach), t.login(DEMO.mechant)]);
  [memberId, coachId] = await Promise.all([idOf(DEMO.member), idOf(DEMO.coach)]);
});
afterAll(() => t.stop());

const unread = async (token: string) => (await t.post('/member/unreadMsgCount', {}, token)).body.data;

describe('publishing', () => {
  it('publishes text with tags and a city, and refuses what it must', async () => {
    const made = await t.post(
      '/member/friendCirclePublish',
      { content: '今天站桩一小时，腿在发抖', tags: ['太极拳', '太极拳'], city: '杭州' },
      coach,
    );
    expect(made.body).toMatchObject({
      code: 200,
      msg: '发布成功',
      data: { content: '今天站桩一小时，腿在发抖', tags: ['太极拳'], city: '杭州', likes: 0, is_like: 0 },
    });
    expect(made.body.data.author.user_id).toBe(coachId);
    expect((await t.post('/member/friendCirclePublish', {}, member)).body.msg).toBe('请输入内容或上传图片');
    expect((await t.post('/member/friendCirclePublish', { content: 'x', images: ['https://evil.example/a.png'] }, member)).body.msg).toBe(
      '图片地址不正确，请重新上传',
    );
    expect((await t.post('/member/friendCirclePublish', { content: 'x'.repeat(2001) }, member)).body.msg).toBe('内容最多 2000 个字');
    expect((await t.post('/member/friendCirclePublish', { content: 'x', images: Array(10).fill('/imgs/logo.svg') }, member)).body.msg).toBe(
      '图片最多 9 张',
    );
    expect((await t.post('/member/friendCirclePublish', { content: 'x' })).body.code).toBe(101);
  });

  it('masks the configured banned words in posts and comments', async () => {
    await setConfig({ im_banned_words: '脏话' });
    invalidate();
    const post = (await t.post('/member/friendCirclePublish', { content: '这里有脏话' }, member)).body.data;
    expect(post.content).toBe('这里有**');
    const c = (await t.post('/member/friendCircleComment', { id: post.id, content: '脏话回复' }, coach)).body.data;
    expect(c.content).toBe('**回复');
    await setConfig({ im_banned_words: '' });
    invalidate();
  });

  it('limits a member to five posts in ten minutes', async () => {
    for (let i = 0; i < 5; i++) expect((await t.post('/member/friendCirclePublish', { content: `第${i}条` }, shop)).body.code).toBe(200);
    expect((await t.post('/member/friendCirclePublish', { content: '第六条' }, shop)).body.msg).toBe('发布太频繁，请稍后再试');
  });
});

describe('the feed', () => {
  it('pages by cursor, stable while new posts arrive, and filters by city, author and follows', async () => {
    const first = (await t.post('/index/friendCircleList', { limit: 3 })).body.data;
    expect(first.list).toHaveLength(3);
    const ids = first.list.map((p: { id: number }) => p.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    // A post published now does not shift the next page.
    await t.post('/member/friendCirclePublish', { content: '插队的新动态' }, member);
    const second = (await t.post('/index/friendCircleList', { limit: 3, cursor: first.next_cursor! })).body.data;
    expect(second.list[0]!.id).toBeLessThan(ids[2]!);
    expect(second.list.map((p: { id: number }) => p.id).some((id: number) => ids.includes(id))).toBe(false);

    const city = (await t.post('/index/friendCircleList', { tab: 'city', city: '杭州' })).body.data.list;
    expect(city.length).toBeGreaterThan(0);
    expect(city.every((p: { city: string }) => p.city === '杭州')).toBe(true);
    expect((await t.post('/index/friendCircleList', { tab: 'city' })).body.msg).toBe('请选择城市');
    const byCoach = (await t.post('/index/friendCircleList', { user_id: coachId })).body.data.list;
    expect(byCoach.every((p: { author: { user_id: number } }) => p.author.user_id === coachId)).toBe(true);
    // The demo member follows the demo coach (seed): the coach's posts are in 关注.
    await t.post('/member/follow', { status: 1, coach_id: (await t.post('/live/anchorRoom', {}, coach)).body.data.anchor.id }, member);
    const following = (await t.post('/index/friendCircleList', { tab: 'following' }, member)).body.data.list;
    expect(following.some((p: { author: { user_id: number } }) => p.author.user_id === coachId)).toBe(true);
    // Nobody the member does not follow — not even the member — is in 关注.
    expect(following.some((p: { author: { user_id: number } }) => p.author.user_id === memberId)).toBe(false);
    expect((await t.post('/index/friendCircleList', { tab: 'following' })).body.data.list).toEqual([]);
  });
});

describe('likes', () => {
  it('toggles idempotently and stays exact under 200 concurrent likes', async () => {
    const post = (await t.post('/member/friendCirclePublish', { content: '点赞测试' }, coach)).body.data;
    expect((await t.post('/member/friendCircleLike', { id: post.id, status: 1 }, member)).body.data).toEqual({ is_like: 1, likes: 1 });
    expect((await t.post('/member/friendCircleLike', { id: post.id, status: 1 }, member)).body.data).toEqual({ is_like: 1, likes: 1 });
    expect((await t.post('/index/friendCircleDetail', { id: post.id }, member)).body.data.is_like).toBe(1);
    expect((await t.post('/member/friendCircleLike', { id: post.id, status: 0 }, member)).body.data).toEqual({ is_like: 0, likes: 0 });

    const hash = await hashPassword('abc12345');
    const fans = await t.db
      .insert(users)
      .values(
        Array.from({ length: 40 }, (_, i) => ({ phone: `1370000${String(i).padStart(4, '0')}`, nickName: `粉丝${i}`, passwordHash: hash })),
      )
      .returning({ phone: users.phone });
    const tokens = await Promise.all(fans.map((f) => t.login(f.phone!, 'abc12345')));
    // 40 members each send five toggles (like, like, unlike, like, like) at once, in any order.
    const seq = [1, 1, 0, 1, 1];
    await Promise.all(tokens.flatMap((tok) => seq.map((s) => t.post('/member/friendCircleLike', { id: post.id, status: s }, tok))));
    // Whatever the interleaving, the count equals the like rows.
    const [row] = await t.db.select().from(circlePosts).where(eq(circlePosts.id, post.id));
    const [n] = await t.db.select({ n: count() }).from(circleLikes).where(eq(circleLikes.postId, post.id));
    expect(row!.likes).toBe(n!.n);
  }, 60_000);
});

describe('comments', () => {
  it('lists publicly, notifies the post’s author and the replied member, and counts in unread', async () => {
    const post = (await t.post('/member/friendCirclePublish', { content: '请教推手要领' }, coach)).body.data;
    const before = (await unread(coach)).comment;
    const c1 = await t.post('/member/friendCircleComment', { id: post.id, content: '沉肩坠肘' }, member);
    expect(c1.body).toMatchObject({ code: 200, msg: '评论成功', data: { content: '沉肩坠肘', parent_id: null, reply_to: null } });
    expect((await unread(coach)).comment).toBe(before + 1);
    // The author answers: the commenter is told, and a reply to the reply stays under the same comment.
    const memberBefore = (await unread(member)).comment;
    const r1 = await t.post('/member/friendCircleComment', { id: post.id, content: '多谢指点', comment_id: c1.body.data.id }, coach);
    expect(r1.body.data).toMatchObject({ parent_id: c1.body.data.id, reply_to: { user_id: memberId } });
    expect((await unread(member)).comment).toBe(memberBefore + 1);
    const r2 = await t.post('/member/friendCircleComment', { id: post.id, content: '客气', comment_id: r1.body.data.id }, member);
    expect(r2.body.data).toMatchObject({ parent_id: c1.body.data.id, reply_to: { user_id: coachId } });
    // Commenting on your own post tells nobody.
    const own = (await unread(coach)).comment;
    await t.post('/member/friendCircleComment', { id: post.id, content: '补充一句' }, coach);
    expect((await unread(coach)).comment).toBe(own);
    const [note] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, coachId), eq(messages.kind, 'comment'), eq(messages.fromUserId, memberId)));
    expect(note!.content).toContain('评论了你的动态：沉肩坠肘');

    const list = (await t.post('/index/friendCircleComment', { id: post.id })).body.data;
    expect(list.total).toBe(4);
    expect(list.list.map((c: { content: string }) => c.content)).toEqual(['沉肩坠肘', '多谢指点', '客气', '补充一句']);
    expect((await t.post('/index/friendCircleDetail', { id: post.id })).body.data.comments).toBe(4);
    expect((await t.post('/member/friendCircleComment', { id: post.id, content: '' }, member)).body.msg).toBe('请输入评论内容');
    expect((await t.post('/member/friendCircleComment', { id: post.id, content: 'x', comment_id: 999999 }, member)).body.msg).toBe(
      '评论不存在或已删除',
    );
  });

  it('lets the comment’s author or the post’s author delete it (with its replies), nobody else', async () => {
    const post = (await t.post('/member/friendCirclePublish', { content: '删除规则' }, coach)).body.data;
    const c = (await t.post('/member/friendCircleComment', { id: post.id, content: '一条评论' }, member)).body.data;
    await t.post('/member/friendCircleComment', { id: post.id, content: '一条回复', comment_id: c.id }, coach);
    expect((await t.post('/member/friendCircleCommentDelete', { id: c.id }, shop)).body.msg).toBe('只能删除自己的评论或自己动态下的评论');
    expect((await t.post('/member/friendCircleCommentDelete', { id: c.id }, coach)).body.code).toBe(200);
    expect((await t.post('/index/friendCircleComment', { id: post.id })).body.data.total).toBe(0);
    expect((await t.post('/index/friendCircleDetail', { id: post.id })).body.data.comments).toBe(0);

    expect((await t.post('/member/friendCircleDelete', { id: post.id }, member)).body.msg).toBe('只能删除自己的动态');
    expect((await t.post('/member/friendCircleDelete', { id: post.id }, coach)).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await t.post('/index/friendCircleDetail', { id: post.id })).body.msg).toBe('动态不存在或已删除');
    expect((await t.post('/index/friendCircleComment', { id: post.id })).body.msg).toBe('动态不存在或已删除');
  });
});
