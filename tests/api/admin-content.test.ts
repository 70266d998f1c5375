import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { auditLog, catalogueHolds, coaches, courses, goods, messages, shops, users } from '~/server/db/schema';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
let content: string;
let reviewer: string;
let finance: string;
let superC: string;
beforeAll(async () => {
  t = await startApi();
  [content, reviewer, finance, superC] = await Promise.all([
    t.staffCookie('content'),
    t.staffCookie('reviewer'),
    t.staffCookie('finance'),
    t.staffCookie('super'),
  ]);
});
afterAll(() => t.stop());

const as = (cookie: string) => t.asStaff(cookie);
/** The newest audit row of an action (every console write leaves exactly one). */
async function lastAudit(action: string) {
  const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return row;
}
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('articles', () => {
  it('sanitises the body, audits every write and shows a published article in the public list at once', async () => {
    const c = as(content);
    const cates = await c('/admin/articleCates', { limit: 50 });
    expect(cates.body.code).toBe(200);
    const cate = await c('/admin/articleCateSave', { name: '测试分类', sort: 5 });
    expect(cate.body.code).toBe(200);
    expect((await lastAudit('article_category.create'))!.targetId).toBe(String(cate.body.data.id));
    const cover = await c('/admin/upload', { image: PNG });
    expect(cover.body.code).toBe(200);

    // Prime the public caches first, so the test proves they are cleared.
    const before = await t.post('/index/articleList', { cate_id: cate.body.data.id });
    expect(before.body.data.list).toHaveLength(0);

    const saved = await c('/admin/articleSave', {
      category_id: cate.body.data.id,
      title: '新闻：运营发布',
      summary: '摘要',
      cover: cover.body.data.path,
      content: '<p>正文<script>alert(1)</script><img src="/x.png" onerror="alert(2)"></p>',
      status: 0,
    });
    expect(saved.body.code).toBe(200);
    const id = saved.body.data.id as number;
    const info = await c('/admin/articleInfo', { id });
    expect(info.body.data.content).not.toMatch(/script|onerror/);
    expect(info.body.data.content).toContain('正文');
    const created = await lastAudit('article.create');
    expect(created).toMatchObject({ target: 'articles', targetId: String(id), staffRole: 'content' });
    expect(JSON.stringify(created!.after)).not.toContain('<script');

    // A draft is not public.
    expect((await t.post('/index/articleList', { cate_id: cate.body.data.id })).body.data.list).toHaveLength(0);
    const pub = await c('/admin/articleStatus', { id, status: 1 });
    expect(pub.body).toMatchObject({ code: 200, data: { id, status: 1 } });
    expect(await lastAudit('article.publish')).toMatchObject({ before: { status: 0 }, after: { status: 1 } });
    const after = await t.post('/index/articleList', { cate_id: cate.body.data.id });
    expect(after.body.data.list.map((a: { title: string }) => a.title)).toEqual(['新闻：运营发布']);
    expect((await t.post('/index/articleCate')).body.data.map((x: { name: string }) => x.name)).toContain('测试分类');

    // Publishing twice is refused (a guarded state change), and writes nothing.
    const n = await auditCount();
    expect((await c('/admin/articleStatus', { id, status: 1 })).body.code).toBe(100);
    expect(await auditCount()).toBe(n);

    expect((await c('/admin/articles', { status: 'published', keyword: '运营发布' })).body.data.total).toBe(1);
    expect((await c('/admin/articleCateDelete', { id: cate.body.data.id })).body.msg).toContain('还有 1 篇文章');
    expect((await c('/admin/articleStatus', { id, status: 0 })).body.code).toBe(200);
    expect((await t.post('/index/articleList', { cate_id: cate.body.data.id })).body.data.list).toHaveLength(0);
    expect((await c('/admin/articleDelete', { id })).body.code).toBe(200);
    expect((await lastAudit('article.delete'))!.before).toMatchObject({ id, title: '新闻：运营发布' });
    expect((await c('/admin/articleInfo', { id })).body.code).toBe(404);
    expect((await c('/admin/articleCateDelete', { id: cate.body.data.id })).body.code).toBe(200);
  });

  it('refuses an empty body, an unknown category and a cover that is not ours', async () => {
    const c = as(content);
    expect((await c('/admin/articleSave', { category_id: 1, title: 'x', content: '<script>x</script>' })).body.msg).toBe('请填写正文');
    expect((await c('/admin/articleSave', { category_id: 99999, title: 'x', content: '<p>x</p>' })).body.msg).toBe('请选择分类');
    expect(
      (await c('/admin/articleSave', { category_id: 1, title: 'x', content: '<p>x</p>', cover: 'https://evil.example/a.png' })).body.msg,
    ).toContain('封面地址不正确');
  });

  it('is closed to staff of other roles', async () => {
    for (const cookie of [reviewer, finance])
      expect((await as(cookie)('/admin/articleSave', { category_id: 1, title: 'x', content: '<p>x</p>' })).body.code).toBe(403);
    expect((await as(superC)('/admin/articles')).body.code).toBe(200);
  });
});

describe('help and agreements', () => {
  it('orders groups and articles by the full id list, and saves agreement bodies sanitised', async () => {
    const c = as(content);
    const groups = (await c('/admin/helpGroups', { limit: 50 })).body.data.list as { id: number }[];
    const reversed = groups.map((g) => g.id).reverse();
    expect((await c('/admin/helpSort', { kind: 'group', ids: reversed })).body.code).toBe(200);
    const pub = await t.post('/index/helpArticleGroup');
    expect(pub.body.data.map((g: { id: number }) => g.id)).toEqual(reversed);
    expect((await c('/admin/helpSort', { kind: 'group', ids: reversed.slice(1) })).body.msg).toContain('已有变动');
    expect((await lastAudit('help_group.sort'))!.after).toEqual(reversed);

    const art = await c('/admin/helpArticleSave', {
      group_id: reversed[0]!,
      title: '如何退款',
      content: '<p>步骤<iframe src="x"></iframe></p>',
    });
    expect(art.body.code).toBe(200);
    expect((await c('/admin/helpArticleInfo', { id: art.body.data.id })).body.data.content).toBe('<p>步骤</p>');
    const cate = await t.post('/index/helpCate', { id: reversed[0]! });
    expect(cate.body.data.list.at(-1)!.title).toBe('如何退款');

    const page = await c('/admin/pageSave', {
      slug: 'useragreement',
      title: '用户协议（新版）',
      content: '<h3>第一条</h3><p onclick="x()">内容</p>',
    });
    expect(page.body.code).toBe(200);
    const shown = await t.post('/index/agreement', { slug: 'useragreement' });
    expect(shown.body.data).toMatchObject({ title: '用户协议（新版）', content: '<h3>第一条</h3><p>内容</p>' });
    expect((await lastAudit('page.update'))!.targetId).toBe('useragreement');
    expect(
      (await t.rawPost('/admin/pageSave', { slug: 'nope', title: 'x', content: '<p>x</p>' }, undefined, { cookie: content })).body.msg,
    ).toBe('页面不存在');
  });
});

describe('announcements', () => {
  it('reach every member through one broadcast row; scheduled ones wait; withdrawing removes them', async () => {
    const c = as(content);
    const member = await t.login(DEMO.member);
    const coach = await t.login(DEMO.coach);
    const unread = async (token: string) => (await t.post('/member/unreadMsgCount', {}, token)).body.data.announce as number;
    const [m0, c0] = [await unread(member), await unread(coach)];
    const [rows0] = await t.db.select({ n: count() }).from(messages);

    const now = await c('/admin/announcementSave', { title: '平台升级公告', content: '<p>今晚维护<script>x</script></p>' });
    expect(now.body.code).toBe(200);
    const [rows1] = await t.db.select({ n: count() }).from(messages);
    expect(rows1!.n - rows0!.n).toBe(1);
    expect(await unread(member)).toBe(m0 + 1);
    expect(await unread(coach)).toBe(c0 + 1);
    const list = await t.post('/member/messageList', { type: 'announce' }, member);
    expect(list.body.data.list[0]).toMatchObject({ title: '平台升级公告' });
    const detail = await t.post('/member/messageDetail', { id: now.body.data.id }, member);
    expect(detail.body.data.content).toBe('<p>今晚维护</p>');

    const later = await c('/admin/announcementSave', {
      title: '明天的公告',
      content: '<p>明天见</p>',
      publish_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(later.body.code).toBe(200);
    expect(await unread(coach)).toBe(c0 + 1);
    const admin = await c('/admin/announcements');
    expect(admin.body.data.list.find((a: { id: number }) => a.id === later.body.data.id)).toMatchObject({ state: 'scheduled' });
    expect(admin.body.data.list.find((a: { id: number }) => a.id === now.body.data.id)).toMatchObject({ state: 'published', reads: 1 });
    expect(
      (await c('/admin/announcementSave', { title: 'x', content: '<p>x</p>', publish_at: '2020-01-01T00:00:00Z' })).body.msg,
    ).toContain('已过');

    expect((await c('/admin/announcementWithdraw', { id: now.body.data.id })).body.code).toBe(200);
    expect(await unread(coach)).toBe(c0);
    expect((await t.post('/member/messageDetail', { id: now.body.data.id }, member)).body.code).toBe(404);
    expect((await lastAudit('announcement.withdraw'))!.before).toMatchObject({ title: '平台升级公告' });
    expect((await c('/admin/announcementWithdraw', { id: now.body.data.id })).body.code).toBe(404);
    // A member's own notice is not an announcement and cannot be withdrawn from here.
    const [own] = await t.db.select({ id: messages.id }).from(messages).where(eq(messages.kind, 'notice')).limit(1);
    if (own) expect((await c('/admin/announcementWithdraw', { id: own.id })).body.code).toBe(404);
  });
});

describe('adverts and config', () => {
  it('shows a new advert on its position at once, respects on/off and the time window', async () => {
    const c = as(content);
    const img = (await c('/admin/upload', { image: PNG })).body.data.path as string;
    const before = await t.post('/public/adverts', { position: 'aa' });
    const saved = await c('/admin/advertSave', { position: 'aa', title: '新活动', image: img, link: '/coupon', sort: 0 });
    expect(saved.body.code).toBe(200);
    const shown = await t.post('/public/adverts', { position: 'aa' });
    expect(shown.body.data.length).toBe(before.body.data.length + 1);
    expect((await c('/admin/advertStatus', { id: saved.body.data.id, status: 0 })).body.code).toBe(200);
    expect((await t.post('/public/adverts', { position: 'aa' })).body.data.length).toBe(before.body.data.length);
    expect((await lastAudit('advert.off'))!.targetId).toBe(String(saved.body.data.id));
    const future = await c('/admin/advertSave', {
      id: saved.body.data.id,
      position: 'aa',
      title: '新活动',
      image: img,
      status: 1,
      starts_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.body.code).toBe(200);
    expect((await t.post('/public/adverts', { position: 'aa' })).body.data.length).toBe(before.body.data.length);
    expect((await c('/admin/advertSave', { position: 'aa', title: 'x', image: img, link: 'javascript:alert(1)' })).body.code).toBe(100);
    expect((await c('/admin/advertSave', { position: 'nowhere', title: 'x', image: img })).body.msg).toBe('广告位不正确');
    expect((await c('/admin/advertDelete', { id: saved.body.data.id })).body.code).toBe(200);
  });

  it('validates each key by type, publishes at once, and keeps money keys for super', async () => {
    const c = as(content);
    const list = await c('/admin/config');
    const keys = list.body.data.list.map((k: { key: string }) => k.key);
    for (const k of [
      'download_qr_code',
      'service_qr_code',
      'ofline_phone',
      'wechat',
      'qq',
      'search_keyword',
      'shop_search_keyword',
      'live_search_keyword',
      'dongtai_search_keyword',
      'seller_commission_bp',
    ])
      expect(keys).toContain(k);
    expect(list.body.data.list.find((k: { key: string }) => k.key === 'seller_commission_bp')).toMatchObject({
      money: true,
      editable: false,
    });

    expect((await t.post('/public/config', { keys: 'ofline_phone' })).body.data.ofline_phone).toBe('400-820-8866');
    expect((await c('/admin/configSave', { key: 'ofline_phone', value: 'call me' })).body.msg).toContain('电话格式不正确');
    expect((await c('/admin/configSave', { key: 'ofline_phone', value: '010-66668888' })).body.code).toBe(200);
    expect((await t.post('/public/config', { keys: 'ofline_phone' })).body.data.ofline_phone).toBe('010-66668888');
    expect(await lastAudit('config.update')).toMatchObject({
      targetId: 'ofline_phone',
      before: { value: '400-820-8866' },
      after: { value: '010-66668888' },
    });
    expect((await c('/admin/configSave', { key: 'service_qr_code', value: 'https://evil.example/qr.png' })).body.msg).toContain(
      '地址不正确',
    );
    expect((await c('/admin/configSave', { key: 'search_keyword', value: '' })).body.msg).toContain('1–16');
    expect((await c('/admin/configSave', { key: 'no_such_key', value: 'x' })).body.code).toBe(404);

    const n = await auditCount();
    expect((await c('/admin/configSave', { key: 'seller_commission_bp', value: '800' })).body.code).toBe(403);
    expect(await auditCount()).toBe(n);
    expect((await as(superC)('/admin/configSave', { key: 'seller_commission_bp', value: '20000' })).body.code).toBe(100);
    expect((await as(superC)('/admin/configSave', { key: 'seller_commission_bp', value: '800' })).body.code).toBe(200);
    expect((await as(reviewer)('/admin/configSave', { key: 'wechat', value: 'x' })).body.code).toBe(403);
  });
});

describe('labels and coupon templates', () => {
  it('adds, renames, hides and orders course labels as /course/label shows them', async () => {
    const c = as(content);
    const made = await c('/admin/labelSave', { name: '新拳种' });
    expect(made.body.code).toBe(200);
    expect((await t.post('/course/label')).body.data.map((l: { name: string }) => l.name)).toContain('新拳种');
    expect((await c('/admin/labelSave', { name: '新拳种' })).body.msg).toContain('同名');
    expect((await c('/admin/labelSave', { id: made.body.data.id, name: '新拳法' })).body.code).toBe(200);
    expect((await c('/admin/labelStatus', { id: made.body.data.id, status: 0 })).body.code).toBe(200);
    expect((await t.post('/course/label')).body.data.map((l: { name: string }) => l.name)).not.toContain('新拳法');
    const all = (await c('/admin/labels')).body.data.list.map((l: { id: number }) => l.id) as number[];
    expect((await c('/admin/labelSort', { ids: [...all].reverse() })).body.code).toBe(200);
    expect((await c('/admin/labels')).body.data.list[0]!.id).toBe(all.at(-1));
    expect((await lastAudit('label.hide'))!.targetId).toBe(String(made.body.data.id));
  });

  it('edits a template only while nobody holds one, and stops issuing without touching held coupons', async () => {
    const f = as(finance);
    expect((await as(content)('/admin/coupons')).body.code).toBe(403);
    const base = {
      title: '测试券',
      amount: 500,
      threshold: 5000,
      scope: 'all' as const,
      valid_days: 7,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      total: 10,
      per_user: 1,
    };
    expect((await f('/admin/couponSave', { ...base, threshold: 500 })).body.msg).toContain('门槛须高于');
    const made = await f('/admin/couponSave', base);
    expect(made.body.code).toBe(200);
    const id = made.body.data.id as number;
    expect((await f('/admin/couponSave', { ...base, id, amount: 600 })).body.code).toBe(200);
    const member = await t.login(DEMO.member);
    const claim = await t.post('/member/couponClaim', { id }, member);
    expect(claim.body.code).toBe(200);
    const n = await auditCount();
    expect((await f('/admin/couponSave', { ...base, id, amount: 900 })).body.msg).toContain('不能再修改');
    expect(await auditCount()).toBe(n);
    expect((await f('/admin/couponStop', { id })).body.code).toBe(200);
    expect((await f('/admin/couponStop', { id })).body.code).toBe(100);
    expect((await t.post('/member/couponClaim', { id }, await t.login(DEMO.coach))).body.code).not.toBe(200);
    const mine = await t.post('/member/couponList', { status: 'unused' }, member);
    expect(mine.body.data.list.find((x: { template_id: number }) => x.template_id === id)).toMatchObject({ amount: 600 });
    expect((await lastAudit('coupon_template.stop'))!.targetId).toBe(String(id));
  });
});

describe('catalogue oversight', () => {
  async function coachCourse() {
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.coach));
    const [co] = await t.db.select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, u!.id));
    const [c] = await t.db
      .select()
      .from(courses)
      .where(and(eq(courses.coachId, co!.id), eq(courses.status, 1)))
      .limit(1);
    return { userId: u!.id, course: c! };
  }

  it('takes a course off sale with a reason the coach receives; the coach cannot put it back; the console can', async () => {
    const { userId, course } = await coachCourse();
    const r = as(reviewer);
    const list = await r('/admin/catalogue', { kind: 'course', owner: DEMO.coach, status: 'on' });
    expect(list.body.data.list.map((x: { id: number }) => x.id)).toContain(course.id);
    expect((await r('/admin/catalogueOff', { kind: 'course', id: course.id, reason: 'x' })).body.msg).toContain('至少 2 个字');
    const off = await r('/admin/catalogueOff', { kind: 'course', id: course.id, reason: '课程封面含违规联系方式' });
    expect(off.body.code).toBe(200);
    const [row] = await t.db.select({ status: courses.status }).from(courses).where(eq(courses.id, course.id));
    expect(row!.status).toBe(0);
    expect((await t.post('/public/courseList', { limit: 50 })).body.data.list.map((x: { id: number }) => x.id)).not.toContain(course.id);
    const [notice] = await t.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(desc(messages.id)).limit(1);
    expect(notice!.title).toContain(course.title);
    expect(notice!.content).toContain('课程封面含违规联系方式');
    expect(await lastAudit('course.take_down')).toMatchObject({ targetId: String(course.id), note: '课程封面含违规联系方式' });
    expect((await r('/admin/catalogueOff', { kind: 'course', id: course.id, reason: '再来一次' })).body.code).toBe(100);
    expect((await r('/admin/catalogue', { kind: 'course', status: 'held' })).body.data.list[0]).toMatchObject({
      id: course.id,
      hold: { reason: '课程封面含违规联系方式' },
    });

    const coach = await t.login(DEMO.coach);
    const back = await t.post('/coach/courseStatus', { id: course.id, status: 1 }, coach);
    expect(back.body.msg).toContain('已被平台下架');

    expect((await r('/admin/catalogueOn', { kind: 'course', id: course.id, note: '已整改' })).body.code).toBe(200);
    const [again] = await t.db.select({ status: courses.status }).from(courses).where(eq(courses.id, course.id));
    expect(again!.status).toBe(1);
    expect((await r('/admin/catalogueOn', { kind: 'course', id: course.id })).body.code).toBe(100);
    expect((await t.post('/coach/courseStatus', { id: course.id, status: 0 }, coach)).body.code).toBe(200);
    expect((await t.post('/coach/courseStatus', { id: course.id, status: 1 }, coach)).body.code).toBe(200);
  });

  it('suspends a shop with its goods and puts back exactly what went down with it', async () => {
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.mechant));
    const [shop] = await t.db.select().from(shops).where(eq(shops.userId, u!.id));
    const onSale = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.shopId, shop!.id), eq(goods.status, 1)));
    const offAlready = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.shopId, shop!.id), eq(goods.status, 0)));
    expect(onSale.length).toBeGreaterThan(0);
    const c = as(content);
    expect((await c('/admin/catalogueOff', { kind: 'shop', id: shop!.id, reason: '资质过期，请更新营业执照' })).body.code).toBe(200);
    const [s] = await t.db.select({ status: shops.status }).from(shops).where(eq(shops.id, shop!.id));
    expect(s!.status).toBe(0);
    const [live] = await t.db
      .select({ n: count() })
      .from(goods)
      .where(and(eq(goods.shopId, shop!.id), eq(goods.status, 1)));
    expect(live!.n).toBe(0);
    const owner = await t.login(DEMO.mechant);
    expect((await t.post('/shop/goodsStatus', { id: onSale[0]!.id, status: 1 }, owner)).body.msg).toContain('暂停营业');
    expect((await t.post('/member/unreadMsgCount', {}, owner)).body.data.notice).toBeGreaterThan(0);

    expect((await c('/admin/catalogueOn', { kind: 'shop', id: shop!.id })).body.code).toBe(200);
    const nowOn = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.shopId, shop!.id), eq(goods.status, 1)));
    expect(nowOn.map((g) => g.id).sort()).toEqual(onSale.map((g) => g.id).sort());
    const stillOff = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.shopId, shop!.id), eq(goods.status, 0)));
    expect(stillOff.map((g) => g.id).sort()).toEqual(offAlready.map((g) => g.id).sort());
    const [open] = await t.db.select({ n: count() }).from(catalogueHolds).where(isNull(catalogueHolds.releasedAt));
    expect(open!.n).toBe(0);
    expect(await lastAudit('shop.resume')).toMatchObject({ targetId: String(shop!.id) });
  });

  it('is open to content and reviewer, not finance or support', async () => {
    expect((await as(finance)('/admin/catalogue')).body.code).toBe(403);
    expect((await as(await t.staffCookie('support'))('/admin/catalogueOff', { kind: 'goods', id: 1, reason: '测试原因' })).body.code).toBe(
      403,
    );
    expect((await as(content)('/admin/catalogueOff', { kind: 'goods', id: 999999, reason: '测试原因' })).body.code).toBe(404);
  });
});
