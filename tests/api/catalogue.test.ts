import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { T } from '~/lib/texts';
import { classes, courseAccess, courses, goods, skus, users } from '~/server/db/schema';
import { notFound, refuse } from '~/server/http/errors';
import { orNotFound } from '~/server/http/page-load';
import { countView, flushViews, resetViews, setViewLimit, unflushedViews } from '~/server/views';
import { courseDetail } from '~/server/modules/catalogue/training.service';
import { grantCourse, ownsCourse } from '~/server/modules/catalogue/course-access';
import { addCourseSales, addGoodsSales, returnSeat, returnStock, takeSeat, takeStock } from '~/server/modules/catalogue/inventory';
import type { ApiInput } from '~/lib/api/types';
import { DEMO, startApi, type TestApi } from '../helpers/api';
import { fullClass } from '../helpers/orders';

let t: TestApi;
let member: string;
beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
});
afterAll(() => t.stop());

describe('courses', () => {
  it('lists with paging, label, price and sort filters', async () => {
    const all = await t.post('/public/courseList', { page: 1, limit: 10 });
    expect(all.body.data.total).toBeGreaterThanOrEqual(40);
    expect(all.body.data.list).toHaveLength(10);
    const labels = (await t.post('/course/label')).body.data as { id: number; name: string }[];
    const taiji = labels.find((l) => l.name === '太极拳')!;
    const byLabel = await t.post('/public/courseList', { label_id: taiji.id, limit: 50 });
    expect(byLabel.body.data.total).toBeGreaterThan(0);
    for (const c of byLabel.body.data.list) expect(c.label_ids).toContain(taiji.id);
    const free = await t.post('/public/courseList', { price: 'free', limit: 50 });
    expect(free.body.data.total).toBeGreaterThan(0);
    for (const c of free.body.data.list) expect(c).toMatchObject({ price: 0, is_free: 1 });
    const cheap = (await t.post('/public/courseList', { price: 'paid', sort: 'price_asc', limit: 50 })).body.data.list.map(
      (c: { price: number }) => c.price,
    );
    expect(cheap).toEqual([...cheap].sort((a: number, b: number) => a - b));
    expect(cheap[0]).toBeGreaterThan(0);
  });

  it('gives the same total on a full page, the short last page and a page past the end', async () => {
    const limit = 7;
    const first = (await t.post('/public/courseList', { page: 1, limit })).body.data as { total: number; list: unknown[] };
    const lastPage = Math.ceil(first.total / limit);
    expect(first.total % limit).not.toBe(0); // the seed's course count, so the last page is short
    const last = (await t.post('/public/courseList', { page: lastPage, limit })).body.data as { total: number; list: unknown[] };
    expect(last.list).toHaveLength(first.total % limit);
    expect(last.total).toBe(first.total);
    const beyond = (await t.post('/public/courseList', { page: lastPage + 1, limit })).body.data as { total: number; list: unknown[] };
    expect(beyond.list).toHaveLength(0);
    expect(beyond.total).toBe(first.total);
    // A coach's few courses fit one short page; its total is what a count would say.
    const [one] = await t.db
      .select({ coachId: courses.coachId })
      .from(courses)
      .where(and(eq(courses.status, 1), isNotNull(courses.coachId)))
      .limit(1);
    const own = (await t.post('/public/courseList', { coach_id: one!.coachId!, limit: 50 })).body.data as {
      total: number;
      list: unknown[];
    };
    const listed = await t.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.coachId, one!.coachId!), eq(courses.status, 1)));
    expect(listed.length).toBeGreaterThan(0);
    expect(own.list).toHaveLength(listed.length);
    expect(own.total).toBe(listed.length);
  });

  it('refuses bad filters and paging in Chinese', async () => {
    expect((await t.rawPost('/public/courseList', { sort: 'random' })).body).toMatchObject({ code: 100, msg: '排序方式不正确' });
    expect((await t.post('/public/courseList', { page: 0 })).body).toMatchObject({ code: 100, msg: '页码从 1 开始' });
    expect((await t.post('/public/courseList', { limit: 500 })).body).toMatchObject({ code: 100, msg: '每页最多 50 条' });
    expect((await t.post('/course/list', {})).body).toMatchObject({ code: 100, msg: '请指定教练或店铺' });
  });

  it('gives lesson videos only for previews to a guest, all to the owner', async () => {
    const paid = (await t.post('/public/courseList', { price: 'paid', limit: 50 })).body.data.list.find(
      (c: { owner: { name: string } }) => c.owner.name === '陈师傅',
    );
    const guest = await t.post('/course/detail', { id: paid!.id });
    expect(guest.body.data.lessons.length).toBeGreaterThanOrEqual(5);
    expect(guest.body.data.can_watch_all).toBe(0);
    for (const l of guest.body.data.lessons) expect(Boolean(l.video)).toBe(l.is_free === 1);
    const coach = await t.login(DEMO.coach);
    const own = await t.post('/course/detail', { id: paid!.id }, coach);
    expect(own.body.data.can_watch_all).toBe(1);
    for (const l of own.body.data.lessons) expect(l.video).toBe('/media/lesson-demo.webm');
  });

  it('answers 404 for unknown ids', async () => {
    expect((await t.post('/course/detail', { id: 999999 })).body).toMatchObject({ code: 404, msg: '课程不存在或已下架' });
    expect((await t.post('/course/detail', { id: 'x' })).body).toMatchObject({ code: 100, msg: '课程 id 不正确' });
  });
});

describe('classes and coaches', () => {
  it('lists classes by city with seats left', async () => {
    const res = await t.post('/class/list', { city: '北京' });
    expect(res.body.data.total).toBeGreaterThan(0);
    for (const k of res.body.data.list) {
      expect(k.city).toBe('北京');
      expect(k.seats_left).toBe(k.capacity - k.enrolled);
    }
    const fullId = await fullClass(t);
    const full = (await t.post('/class/list', { limit: 50 })).body.data.list.find((k: { seats_left: number }) => k.seats_left === 0);
    expect(full!.id).toBe(fullId);
    expect((await t.post('/class/detail', { id: full!.id })).body.data).toMatchObject({ seats_left: 0, schedule: expect.any(String) });
  });

  it('lists coaches by style and shows the profile with is_follow', async () => {
    const res = await t.post('/coach/list', { style: '咏春拳' });
    expect(res.body.data.list.map((c: { nick_name: string }) => c.nick_name)).toEqual(expect.arrayContaining(['黄志坚', '何家豪']));
    const chen = (await t.post('/coach/list', { limit: 50 })).body.data.list.find((c: { nick_name: string }) => c.nick_name === '陈师傅');
    expect((await t.post('/coach/public/info', { coach_id: chen!.id })).body.data).toMatchObject({
      is_follow: 0,
      uid: expect.any(Number),
      head: expect.any(String),
    });
    expect((await t.post('/coach/public/info', { coach_id: chen!.id }, member)).body.data.is_follow).toBe(1);
    const index = await t.post('/coach/public/indexInfo', { coach_id: chen!.id });
    expect(index.body.data.courses.length).toBeGreaterThan(0);
    expect(index.body.data.goods.length).toBeGreaterThan(0);
    expect((await t.post('/coach/public/info', { coach_id: 999999 })).body.code).toBe(404);
  });
});

describe('goods and shops', () => {
  it('filters by category and price range, and refuses an upside-down range', async () => {
    const cats = (await t.post('/goods/category')).body.data as { id: number; name: string }[];
    expect(cats.map((c) => c.name)).toContain('搏击护具');
    const res = await t.post('/goods/list', { category_id: cats[0]!.id, min_price: 10000, max_price: 20000, limit: 50 });
    for (const g of res.body.data.list) {
      expect(g.category_id).toBe(cats[0]!.id);
      expect(g.price).toBeGreaterThanOrEqual(10000);
      expect(g.price).toBeLessThanOrEqual(20000);
    }
    expect((await t.post('/goods/list', { min_price: 5000, max_price: 100 })).body).toMatchObject({
      code: 100,
      msg: '最低价不能高于最高价',
    });
    expect((await t.post('/goods/list', { limit: 50 })).body.data.total).toBeGreaterThanOrEqual(60);
  });

  it('narrows the list by keyword with the other filters (the mobile goods list), an empty keyword by nothing', async () => {
    const all = (await t.post('/goods/list', { limit: 50 })).body.data;
    const word = (all.list[0] as { title: string }).title.slice(0, 2);
    const found = (await t.post('/goods/list', { q: word, sort: 'price_asc', limit: 50 })).body.data;
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThanOrEqual(all.total);
    for (const g of found.list) expect(g.title).toContain(word);
    const prices = found.list.map((g: { price: number }) => g.price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    expect((await t.post('/goods/list', { q: '  ', limit: 50 })).body.data.total).toBe(all.total);
    expect((await t.post('/goods/list', { q: '拳'.repeat(31) })).body).toMatchObject({ code: 100, msg: '关键字最多 30 个字' });
  });

  it('shows SKUs with their own price and stock', async () => {
    const g = (await t.post('/goods/list', { limit: 1 })).body.data.list[0];
    const d = (await t.post('/goods/detail', { id: g!.id })).body.data;
    expect(d.images).toHaveLength(3);
    expect(d.skus.length).toBeGreaterThan(1);
    for (const s of d.skus) expect(s.specs).toHaveLength(d.spec_names.length);
    expect(d.price).toBe(Math.min(...d.skus.map((s: { price: number }) => s.price)));
    expect(d.shop_card).toMatchObject({ id: g!.shop.id, nick_name: g!.shop.name });
  });

  it('lists agent goods of a coach and refuses an unknown agent', async () => {
    const chen = (await t.post('/coach/list', { limit: 50 })).body.data.list.find((c: { nick_name: string }) => c.nick_name === '陈师傅');
    expect((await t.post('/public/businessAgentGoods', { type: 'coach', id: chen!.id })).body.data.total).toBe(4);
    expect((await t.post('/public/businessAgentGoods', { type: 'coach', id: 999999 })).body).toMatchObject({
      code: 404,
      msg: '教练不存在',
    });
    expect((await t.post('/public/businessAgentCourses', { type: 'shop', id: 999999 })).body).toMatchObject({
      code: 404,
      msg: '店铺不存在',
    });
    // The homepage asks for a profile once and 404s an unknown one.
    expect((await t.post('/coach/public/indexInfo', { coach_id: 999999 })).body).toMatchObject({ code: 404, msg: '教练不存在' });
  });
});

describe('follow (SPEC §4/§5)', () => {
  it('follows and unfollows with a steady fans count under repeats', async () => {
    const coach = (await t.post('/coach/list', { style: '散打' })).body.data.list[0];
    const before = coach!.fans_count;
    const follow = () => t.post('/member/follow', { status: 1, coach_id: coach!.id }, member);
    await Promise.all([follow(), follow(), follow()]);
    expect((await t.post('/coach/public/info', { coach_id: coach!.id }, member)).body.data).toMatchObject({
      is_follow: 1,
      fans_count: before + 1,
    });
    const unfollow = () => t.post('/member/follow', { status: 0, coach_id: coach!.id }, member);
    await Promise.all([unfollow(), unfollow()]);
    expect((await t.post('/coach/public/info', { coach_id: coach!.id }, member)).body.data).toMatchObject({
      is_follow: 0,
      fans_count: before,
    });
  });

  it('needs login and refuses following yourself', async () => {
    const shop = (await t.post('/shop/list', { limit: 50 })).body.data.list.find(
      (s: { nick_name: string }) => s.nick_name === '武当山货铺',
    );
    expect((await t.post('/member/follow', { status: 1, shop_id: shop!.id })).body).toMatchObject({ code: 101, msg: T.loginFirst });
    const owner = await t.login(DEMO.mechant);
    expect((await t.post('/member/follow', { status: 1, shop_id: shop!.id }, owner)).body).toMatchObject({
      code: 100,
      msg: T.cannotFollowSelf,
    });
    expect((await t.post('/member/follow', { status: 1 }, owner)).body).toMatchObject({ code: 100, msg: '请指定一位教练或一个店铺' });
    expect((await t.post('/member/follow', { status: 2, shop_id: shop!.id }, owner)).body).toMatchObject({
      code: 100,
      msg: 'status 只能是 0 或 1',
    });
  });

  it('lists who I follow and who follows me', async () => {
    const focus = (await t.post('/member/focusList', {}, member)).body.data;
    expect(focus.list.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['陈师傅', '武当山货铺']));
    const fans = (await t.post('/member/fansList', {}, await t.login(DEMO.coach))).body.data;
    expect(fans.list.map((f: { nick_name: string }) => f.nick_name)).toContain('习武小白');
  });
});

describe('favourites', () => {
  it('keeps courses, classes and goods per member', async () => {
    const course = (await t.post('/public/courseList', { limit: 1 })).body.data.list[0];
    expect((await t.post('/member/favorite', { type: 'course', id: course!.id, status: 1 }, member)).body.data).toEqual({ is_favorite: 1 });
    expect((await t.post('/course/detail', { id: course!.id }, member)).body.data.is_favorite).toBe(1);
    const list = (await t.post('/member/favoriteList', { type: 'course' }, member)).body.data;
    expect(list.list[0]).toMatchObject({ id: course!.id, title: course!.title });
    expect((await t.post('/member/favoriteList', { type: 'course' }, await t.login(DEMO.coach))).body.data.total).toBe(0);
    await t.post('/member/favorite', { type: 'course', id: course!.id, status: 0 }, member);
    expect((await t.post('/member/favoriteList', { type: 'course' }, member)).body.data.total).toBe(0);
    expect((await t.post('/member/favorite', { type: 'goods', id: 999999, status: 1 }, member)).body).toMatchObject({ code: 404 });
  });
});

describe('search (/api/index/comSeach)', () => {
  it.each([
    ['course', '太极', 'title'],
    ['class', '咏春', 'title'],
    ['coach', '八极', 'nick_name'],
    ['goods', '太极剑', 'title'],
    ['shop', '咏春', 'nick_name'],
  ])('finds %s by the Chinese substring %s', async (type, q) => {
    const res = await t.post('/index/comSeach', { q, type: type as ApiInput<'/index/comSeach'>['type'] });
    expect(res.body.code).toBe(200);
    expect(res.body.data.total).toBeGreaterThan(0);
  });

  it('treats % and _ literally and refuses an empty key', async () => {
    expect((await t.post('/index/comSeach', { q: '%', type: 'course' })).body.data.total).toBe(0);
    expect((await t.post('/index/comSeach', { q: '  ', type: 'course' })).body).toMatchObject({ code: 100, msg: '请输入搜索关键字' });
    expect((await t.rawPost('/index/comSeach', { q: '太极', type: 'video' })).body).toMatchObject({ code: 100, msg: '搜索类型不正确' });
  });
});

describe('search answers', () => {
  it('answers each search type in the shape its type names', async () => {
    const coach = (await t.post('/index/comSeach', { q: '八极', type: 'coach' })).body.data;
    expect(coach).toMatchObject({ type: 'coach', q: '八极' });
    expect(coach.list[0]).toMatchObject({ nick_name: expect.any(String), styles: expect.any(Array) });
    const goodsHit = (await t.post('/index/comSeach', { q: '太极剑', type: 'goods' })).body.data;
    expect(goodsHit.list[0]).toMatchObject({ shop: { id: expect.any(Number), name: expect.any(String) } });
  });
});

describe('detail pages (load or 404)', () => {
  it('turns only "not found" into null and lets every other failure through', async () => {
    expect(await orNotFound(courseDetail(999999, null))).toBeNull();
    await expect(orNotFound(Promise.reject(refuse('别的拒绝')))).rejects.toThrow('别的拒绝');
    await expect(orNotFound(Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await orNotFound(Promise.reject(notFound()))).toBeNull();
  });
});

describe('view counters', () => {
  const viewsInDb = async (id: number) => (await t.db.select({ v: courses.views }).from(courses).where(eq(courses.id, id)))[0]?.v;

  it('counts page renders and non-web reads in memory and writes them in one flush', async () => {
    resetViews();
    const course = (await t.post('/public/courseList', { limit: 1 })).body.data.list[0];
    const before = await viewsInDb(course!.id);
    // The page render counts, writing nothing.
    const rendered = await courseDetail(course!.id, null, true);
    expect(rendered.views).toBe((before ?? 0) + 1);
    expect(await viewsInDb(course!.id)).toBe(before);
    // The web islands' reads do not count again; other clients' reads do.
    await t.post('/course/detail', { id: course!.id });
    const h5 = await t.post('/course/detail', { id: course!.id }, undefined, { authSource: 'h5' });
    expect(h5.body.data.views).toBe((before ?? 0) + 2);
    expect(unflushedViews('course', course!.id)).toBe(2);
    expect(await viewsInDb(course!.id)).toBe(before);

    expect(await flushViews()).toBe(2);
    expect(await viewsInDb(course!.id)).toBe((before ?? 0) + 2);
    expect(unflushedViews('course', course!.id)).toBe(0);
    expect((await t.post('/course/detail', { id: course!.id })).body.data.views).toBe((before ?? 0) + 2);
    expect(await flushViews()).toBe(0);
  });

  it('keeps the buffer bounded: beyond the limit it flushes early', async () => {
    resetViews();
    setViewLimit(2);
    try {
      const ids = (await t.post('/public/courseList', { limit: 5 })).body.data.list.map((c: { id: number }) => c.id) as number[];
      const before = await Promise.all(ids.map(viewsInDb));
      const [a, b, c, d, e] = ids as [number, number, number, number, number];
      countView('course', a);
      countView('course', b);
      countView('course', c); // the buffer is full: a and b are flushed early, c starts a new buffer
      countView('course', d);
      countView('course', e); // full again while that flush runs: dropped
      expect(countView('course', d)).toBe(2); // an item already counted is still counted
      expect(await flushViews()).toBe(3);
      const after = await Promise.all(ids.map(viewsInDb));
      expect(after.map((v, i) => (v ?? 0) - (before[i] ?? 0))).toEqual([1, 1, 1, 2, 0]);
    } finally {
      setViewLimit(5_000);
      resetViews();
    }
  });
});

describe('inventory and course access (for commerce)', () => {
  it('takes stock only when enough is left and gives it back', async () => {
    const [sku] = await t.db.select().from(skus).limit(1);
    if (!sku) throw new Error('no seeded SKU');
    await t.db.update(skus).set({ stock: 2 }).where(eq(skus.id, sku.id));
    const stock = async () => (await t.db.select({ s: skus.stock }).from(skus).where(eq(skus.id, sku.id)))[0]?.s;
    expect(await t.db.transaction((tx) => takeStock(tx, sku.id, 3))).toBe(false);
    expect(await stock()).toBe(2);
    expect(await t.db.transaction((tx) => takeStock(tx, sku.id, 2))).toBe(true);
    expect(await stock()).toBe(0);
    await t.db.transaction((tx) => returnStock(tx, sku.id, 2));
    expect(await stock()).toBe(2);
    await t.db.update(skus).set({ stock: sku.stock }).where(eq(skus.id, sku.id));
  });

  it('takes a seat only while the class has room, and never returns below zero', async () => {
    const [k] = await t.db.select().from(classes).limit(1);
    if (!k) throw new Error('no seeded class');
    const seats = async () => (await t.db.select({ n: classes.enrolled }).from(classes).where(eq(classes.id, k.id)))[0]?.n;
    await t.db
      .update(classes)
      .set({ enrolled: k.capacity - 1 })
      .where(eq(classes.id, k.id));
    const taken = await Promise.all([1, 2, 3].map(() => t.db.transaction((tx) => takeSeat(tx, k.id))));
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await seats()).toBe(k.capacity);
    await t.db.update(classes).set({ enrolled: 0 }).where(eq(classes.id, k.id));
    await t.db.transaction((tx) => returnSeat(tx, k.id));
    expect(await seats()).toBe(0);
    await t.db.update(classes).set({ enrolled: k.enrolled }).where(eq(classes.id, k.id));
  });

  it('counts sales', async () => {
    const [g] = await t.db.select().from(goods).limit(1);
    const [c] = await t.db.select().from(courses).limit(1);
    if (!g || !c) throw new Error('no seeded goods or course');
    await t.db.transaction(async (tx) => {
      await addGoodsSales(tx, g.id, 3);
      await addCourseSales(tx, c.id);
    });
    expect((await t.db.select({ s: goods.sales }).from(goods).where(eq(goods.id, g.id)))[0]?.s).toBe(g.sales + 3);
    expect((await t.db.select({ s: courses.sales }).from(courses).where(eq(courses.id, c.id)))[0]?.s).toBe(c.sales + 1);
  });

  it('grants a course once and says whether this call granted it', async () => {
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.provider));
    const [c] = await t.db.select({ id: courses.id }).from(courses).limit(1);
    if (!u || !c) throw new Error('no seeded user or course');
    await t.db.delete(courseAccess).where(eq(courseAccess.userId, u.id));
    expect(await ownsCourse(u.id, c.id)).toBe(false);
    expect(await t.db.transaction((tx) => grantCourse(tx, u.id, c.id, 1))).toBe(true);
    expect(await t.db.transaction((tx) => grantCourse(tx, u.id, c.id, 2))).toBe(false);
    expect(await ownsCourse(u.id, c.id)).toBe(true);
    await t.db.delete(courseAccess).where(eq(courseAccess.userId, u.id));
  });
});
