import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agentCourses, agentGoods, agentOffers, coaches, goods, orderItems, orders, shops, skus, users } from '~/server/db/schema';
import { agentOfferFor } from '~/server/modules/commerce/order-agent';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
let member: string;
let coach: string;
let shop: string;
let otherShop: string;
let otherCoach: string;
let shopId: number;
let coachId: number;
let otherShopId: number;
let categoryId: number;

/** A tiny real PNG (1×1), uploaded like the browser does. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function upload(token: string): Promise<string> {
  const r = await t.post('/uploader_img_base64', { image: PNG, type: 'common' }, token);
  expect(r.body.code).toBe(200);
  return r.body.data.path;
}

async function idOf(table: typeof shops | typeof coaches, phone: string) {
  const [r] = await t.db.select({ id: table.id }).from(table).innerJoin(users, eq(users.id, table.userId)).where(eq(users.phone, phone));
  return r!.id;
}

/** A valid goods form with two SKUs. */
async function goodsForm(token: string, extra: Record<string, unknown> = {}) {
  return {
    title: '测试太极扇',
    images: [await upload(token)],
    category_id: categoryId,
    spec_names: ['颜色'],
    skus: [
      { specs: ['红色'], price: 5800, stock: 10 },
      { specs: ['黑色'], price: 6200, stock: 3 },
    ],
    detail: '<p>好扇子</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
    ...extra,
  };
}

beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
  coach = await t.login(DEMO.coach);
  shop = await t.login(DEMO.mechant);
  otherShop = await t.login('13800000203');
  otherCoach = await t.login('13800000102');
  shopId = await idOf(shops, DEMO.mechant);
  coachId = await idOf(coaches, DEMO.coach);
  otherShopId = await idOf(shops, '13800000203');
  categoryId = (await t.post('/goods/category')).body.data[0]!.id;
});
afterAll(() => t.stop());

describe('role and ownership matrix', () => {
  const shopOnly = ['/shop/setInfo', '/shop/goodsManage'];
  const coachOnly = ['/coach/setInfo', '/seller/homeClasses'];
  const sellers = ['/seller/bannerList', '/seller/homeInfo', '/seller/homeCourses'];

  it('refuses guests (101) and members (403) on every seller endpoint', async () => {
    for (const path of [...shopOnly, ...coachOnly, ...sellers, '/seller/agentMarket', '/seller/agentMine']) {
      const body = path.startsWith('/seller/agent') ? { kind: 'goods' } : {};
      expect((await t.rawPost(path, body)).body.code, `${path} guest`).toBe(101);
      expect((await t.rawPost(path, body, member)).body.code, `${path} member`).toBe(403);
    }
    for (const path of shopOnly) expect((await t.rawPost(path, {}, coach)).body.code, `${path} coach`).toBe(403);
    for (const path of coachOnly) expect((await t.rawPost(path, {}, shop)).body.code, `${path} shop`).toBe(403);
  });

  it('lets no other shop read or change this shop’s goods, banners or settings', async () => {
    const saved = await t.post('/shop/goodsSave', await goodsForm(shop), shop);
    expect(saved.body.code).toBe(200);
    const id = saved.body.data.id;
    const form = await goodsForm(otherShop, { id });
    expect((await t.post('/shop/goodsManageInfo', { id }, otherShop)).body.code).toBe(404);
    expect((await t.post('/shop/goodsSave', form, otherShop)).body.code).toBe(404);
    expect((await t.post('/shop/goodsStatus', { id, status: 1 }, otherShop)).body.code).toBe(404);
    expect((await t.post('/shop/goodsManage', { q: '测试太极扇' }, otherShop)).body.data.total).toBe(0);
    // A SKU id of this shop's goods smuggled into the other shop's own goods is "not found" too.
    const theirs = (await t.post('/shop/goodsSave', await goodsForm(otherShop, { title: '别家的扇子' }), otherShop)).body.data;
    const mySku = saved.body.data.skus[0];
    const smuggle = await t.post(
      '/shop/goodsSave',
      { ...(await goodsForm(otherShop)), id: theirs.id, skus: [{ id: mySku!.id, specs: ['红色'], price: 1, stock: 999, stock_was: 10 }] },
      otherShop,
    );
    expect(smuggle.body.code).toBe(404);
    const [sku] = await t.db.select().from(skus).where(eq(skus.id, mySku!.id));
    expect(sku).toMatchObject({ price: 5800, stock: 10 });

    const banner = await t.post('/seller/bannerSave', { image: await upload(shop), link: '/shop' }, shop);
    const bannerId = banner.body.data.list[0]!.id;
    expect((await t.post('/seller/bannerSave', { id: bannerId, image: await upload(otherShop), link: '' }, otherShop)).body.code).toBe(404);
    expect((await t.post('/seller/bannerDelete', { id: bannerId }, otherShop)).body.code).toBe(404);
    expect((await t.post('/seller/bannerDelete', { id: bannerId }, otherCoach)).body.code).toBe(404);
    expect((await t.post('/seller/bannerSort', { ids: [bannerId] }, otherShop)).body.code).toBe(100);
    expect((await t.post('/seller/bannerList', {}, otherShop)).body.data.list).toHaveLength(0);
    expect((await t.post('/seller/bannerList', {}, shop)).body.data.list).toHaveLength(1);

    // Settings are always the caller's own: an id in the body is ignored.
    const mine = (await t.post('/shop/setInfo', {}, shop)).body.data;
    const other = (await t.rawPost('/shop/setInfo', { id: shopId }, otherShop)).body.data;
    expect(other.id).toBe(otherShopId);
    expect(mine.id).toBe(shopId);
  });

  it('keeps coaches apart: another coach cannot touch this coach’s banners or courses’ offers', async () => {
    const b = await t.post('/seller/bannerSave', { image: await upload(coach), link: '' }, coach);
    expect(b.body.code).toBe(200);
    const id = b.body.data.list[0]!.id;
    expect((await t.post('/seller/bannerDelete', { id }, otherCoach)).body.code).toBe(404);
    expect((await t.post('/seller/bannerDelete', { id }, shop)).body.code).toBe(404);
    const course = (await t.post('/seller/homeCourses', {}, coach)).body.data.list[0];
    expect((await t.post('/seller/courseOffer', { course_id: course!.id, rate_bp: 1000 }, otherCoach)).body.code).toBe(404);
    expect((await t.post('/seller/courseOffer', { course_id: course!.id, rate_bp: 1000 }, shop)).body.code).toBe(404);
  });
});

describe('settings', () => {
  it('validates and shows the change on the public homepage at once', async () => {
    const before = (await t.post('/shop/public/indexInfo', { shop_id: shopId })).body.data;
    const base = (await t.post('/shop/setInfo', {}, shop)).body.data;
    const bad = async (patch: Record<string, unknown>) => (await t.post('/shop/setInfoSave', { ...base, ...patch }, shop)).body.msg;
    expect(await bad({ name: '  ' })).toBe('请填写名称');
    expect(await bad({ phone: '12345' })).toBe('请填写正确的手机号');
    expect(await bad({ wechat: '1abc' })).toMatch(/微信号/);
    expect(await bad({ avatar: 'https://evil.example/a.png' })).toBe('图片地址不正确，请重新上传');
    expect(await bad({ labels: ['太极', '太极'] })).toBe('标签不能重复');
    const logo = await upload(shop);
    const saved = await t.post(
      '/shop/setInfoSave',
      {
        ...base,
        name: '武当山货铺·新',
        avatar: logo,
        intro: '新的简介',
        labels: ['太极', '器械'],
        phone: '13912345678',
        wechat: 'wudang_2024',
      },
      shop,
    );
    expect(saved.body).toMatchObject({ code: 200, data: { name: '武当山货铺·新', avatar: logo, labels: ['太极', '器械'] } });
    const after = (await t.post('/shop/public/indexInfo', { shop_id: shopId })).body.data;
    expect(before.info.nick_name).not.toBe('武当山货铺·新');
    expect(after.info).toMatchObject({ nick_name: '武当山货铺·新', head: logo, intro: '新的简介' });
    expect(after.contact).toEqual({ phone: '13912345678', wechat: 'wudang_2024' });
    expect(after.labels).toEqual(['太极', '器械']);
  });

  it('saves a coach profile', async () => {
    const base = (await t.post('/coach/setInfo', {}, coach)).body.data;
    expect(base.id).toBe(coachId);
    const saved = await t.post('/coach/setInfoSave', { ...base, title: '新头衔', years: 23, labels: ['太极拳'] }, coach);
    expect(saved.body).toMatchObject({ code: 200, data: { title: '新头衔', years: 23 } });
    expect((await t.post('/coach/public/indexInfo', { coach_id: coachId })).body.data.info).toMatchObject({
      title: '新头衔',
      styles: ['太极拳'],
    });
    expect((await t.post('/coach/setInfoSave', { ...base, years: -1 }, coach)).body.msg).toBe('教龄不能为负');
  });
});

describe('banners', () => {
  it('validates links, keeps at most five, sorts and shows them on the homepage', async () => {
    const img = await upload(coach);
    for (const link of ['javascript:alert(1)', 'http://x.example/', '//evil.example/x', 'ftp://a.b/c', '/a b']) {
      expect((await t.post('/seller/bannerSave', { image: img, link }, coach)).body.msg, link).toMatch(/链接须为本站路径/);
    }
    expect((await t.post('/seller/bannerSave', { image: '', link: '' }, coach)).body.msg).toBe('请上传轮播图图片');
    let list = (await t.post('/seller/bannerList', {}, coach)).body.data.list;
    while (list.length < 5) {
      list = (await t.post('/seller/bannerSave', { image: img, link: 'https://example.com/a?b=1' }, coach)).body.data.list;
    }
    expect((await t.post('/seller/bannerSave', { image: img, link: '' }, coach)).body.msg).toBe('最多只能设置 5 张轮播图');
    const ids = list.map((b: { id: number }) => b.id).reverse();
    const sorted = await t.post('/seller/bannerSort', { ids }, coach);
    expect(sorted.body.data.list.map((b: { id: number }) => b.id)).toEqual(ids);
    expect((await t.post('/seller/bannerSort', { ids: ids.slice(1) }, coach)).body.code).toBe(100);
    const home = (await t.post('/coach/public/indexInfo', { coach_id: coachId })).body.data;
    expect(home.banners.map((b: { id: number }) => b.id)).toEqual(ids);
    await t.post('/seller/bannerDelete', { id: ids[0]! }, coach);
    expect((await t.post('/coach/public/indexInfo', { coach_id: coachId })).body.data.banners).toHaveLength(4);
  });
});

describe('goods management', () => {
  it('creates off sale, sanitises the detail, lists and finds it once on sale', async () => {
    const saved = await t.post('/shop/goodsSave', await goodsForm(shop, { title: '云手太极扇' }), shop);
    expect(saved.body.code).toBe(200);
    const g = saved.body.data;
    expect(g.status).toBe(0);
    expect(g.detail).toContain('<p>好扇子</p>');
    expect(g.detail).not.toMatch(/script|onerror|javascript/);
    expect(g.skus.map((s: { specs: string[] }) => s.specs[0])).toEqual(['红色', '黑色']);
    const [row] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    expect(row!.price).toBe(5800);
    expect((await t.post('/goods/detail', { id: g.id })).body.code).toBe(404);
    expect((await t.post('/shop/goodsStatus', { id: g.id, status: 1 }, shop)).body.data).toEqual({ id: g.id, status: 1 });
    expect((await t.post('/shop/goodsStatus', { id: g.id, status: 1 }, shop)).body.data.status).toBe(1);
    const detail = (await t.post('/goods/detail', { id: g.id })).body.data;
    expect(detail).toMatchObject({ title: '云手太极扇', price: 5800, stock: 13 });
    const listed = (await t.post('/goods/list', { shop_id: shopId, limit: 50 })).body.data.list;
    expect(listed.map((x: { id: number }) => x.id)).toContain(g.id);
    const found = (await t.post('/index/comSeach', { q: '云手太', type: 'goods' })).body;
    expect(found.code).toBe(200);
    expect(JSON.stringify(found.data)).toContain('云手太极扇');
    // Off sale again: gone from the list and detail.
    await t.post('/shop/goodsStatus', { id: g.id, status: 0 }, shop);
    expect((await t.post('/goods/detail', { id: g.id })).body.code).toBe(404);
  });

  it('refuses bad forms with Chinese messages', async () => {
    const f = await goodsForm(shop);
    const msg = async (patch: Record<string, unknown>) => (await t.post('/shop/goodsSave', { ...f, ...patch }, shop)).body.msg;
    expect(await msg({ title: '' })).toBe('请填写商品标题');
    expect(await msg({ images: [] })).toBe('请至少上传一张商品图片');
    expect(await msg({ images: ['https://evil.example/x.png'] })).toBe('图片地址不正确，请重新上传');
    expect(await msg({ category_id: 99999 })).toBe('请选择商品分类');
    expect(await msg({ skus: [] })).toBe('请至少添加一个规格');
    expect(await msg({ skus: [{ specs: ['红色'], price: 100, stock: -1 }] })).toBe('库存不能为负');
    expect(await msg({ skus: [{ specs: ['红色'], price: 0, stock: 1 }] })).toBe('价格至少 0.01 元');
    expect(await msg({ skus: [{ specs: [], price: 100, stock: 1 }] })).toBe('每个规格都要填写全部规格项的值');
    expect(
      await msg({
        skus: [
          { specs: ['红色'], price: 100, stock: 1 },
          { specs: ['红色'], price: 200, stock: 1 },
        ],
      }),
    ).toBe('有两个规格的取值完全相同');
    expect(
      await msg({
        spec_names: [],
        skus: [
          { specs: [], price: 1, stock: 1 },
          { specs: [], price: 2, stock: 1 },
        ],
      }),
    ).toMatch(/单规格/);
    expect(await msg({ agent_rate_bp: 6000 })).toMatch(/佣金比例/);
  });

  it('edits the available stock only from what the form saw, never below zero, never over an order', async () => {
    const g = (await t.post('/shop/goodsSave', await goodsForm(shop, { title: '库存测试扇' }), shop)).body.data;
    await t.post('/shop/goodsStatus', { id: g.id, status: 1 }, shop);
    const [red, black] = g.skus;
    // An order takes 2 of red after the owner opened the form (stock 10 → 8).
    await t.db.update(skus).set({ stock: 8 }).where(eq(skus.id, red!.id));
    const [u] = await t.db.select().from(users).where(eq(users.phone, DEMO.member));
    const [o] = await t.db
      .insert(orders)
      .values({
        orderNo: `T${Date.now()}`,
        userId: u!.id,
        kind: 'goods',
        shopId,
        itemsTotal: 11600,
        payAmount: 11600,
        status: 'paid',
        expiresAt: new Date(),
      })
      .returning();
    await t.db.insert(orderItems).values({ orderId: o!.id, goodsId: g.id, skuId: red!.id, title: g.title, price: 5800, num: 2 });

    const base = await goodsForm(shop, { id: g.id, title: '库存测试扇' });
    const stale = await t.post(
      '/shop/goodsSave',
      {
        ...base,
        skus: [
          { id: red!.id, specs: ['红色'], price: 5800, stock: 20, stock_was: 10 },
          { id: black!.id, specs: ['黑色'], price: 6200, stock: 3, stock_was: 3 },
        ],
      },
      shop,
    );
    expect(stale.body.msg).toMatch(/库存已有变动/);
    expect((await t.db.select().from(skus).where(eq(skus.id, red!.id)))[0]!.stock).toBe(8);

    const info = (await t.post('/shop/goodsManageInfo', { id: g.id }, shop)).body.data;
    expect(info.skus[0]).toMatchObject({ id: red!.id, stock: 8, held: 2 });
    const fresh = await t.post(
      '/shop/goodsSave',
      {
        ...base,
        skus: [
          { id: red!.id, specs: ['红色'], price: 5800, stock: 20, stock_was: 8 },
          { id: black!.id, specs: ['黑色'], price: 6200, stock: 3, stock_was: 3 },
        ],
      },
      shop,
    );
    expect(fresh.body.data.skus[0]).toMatchObject({ stock: 20, held: 2 });
    const listItem = (await t.post('/shop/goodsManage', { q: '库存测试扇' }, shop)).body.data.list[0];
    expect(listItem).toMatchObject({ stock: 23, held: 2, sku_count: 2 });

    // The red SKU is held by a paid order: it cannot be deleted.
    const drop = await t.post(
      '/shop/goodsSave',
      { ...base, skus: [{ id: black!.id, specs: ['黑色'], price: 6200, stock: 3, stock_was: 3 }] },
      shop,
    );
    expect(drop.body.msg).toBe('该规格还有未完成的订单，不能删除；可把库存改为 0');
    // Once shipped and completed it may go; black is replaced by a new one.
    await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, o!.id));
    const ok = await t.post(
      '/shop/goodsSave',
      {
        ...base,
        skus: [
          { id: black!.id, specs: ['黑色'], price: 6200, stock: 0, stock_was: 3 },
          { specs: ['白色'], price: 5000, stock: 1 },
        ],
      },
      shop,
    );
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.skus.map((s: { specs: string[] }) => s.specs[0])).toEqual(['黑色', '白色']);
    expect((await t.db.select().from(goods).where(eq(goods.id, g.id)))[0]!.price).toBe(5000);
  });
});

describe('agency', () => {
  it('offers goods with a rate, another seller picks and shows it, the order side reads the rate', async () => {
    const g = (await t.post('/shop/goodsSave', await goodsForm(shop, { title: '代理测试剑', agent_rate_bp: 1250 }), shop)).body.data;
    expect(g.agent_rate_bp).toBe(1250);
    // Off sale: not in the market yet.
    let market = (await t.post('/seller/agentMarket', { kind: 'goods', q: '代理测试剑' }, coach)).body.data;
    expect(market.total).toBe(0);
    await t.post('/shop/goodsStatus', { id: g.id, status: 1 }, shop);
    market = (await t.post('/seller/agentMarket', { kind: 'goods', q: '代理测试剑' }, coach)).body.data;
    expect(market.list[0]).toMatchObject({ id: g.id, rate_bp: 1250, picked: 0, owner: { type: 'mechant', id: shopId } });
    // The owner never sees its own offers in the market and cannot pick them.
    expect((await t.post('/seller/agentMarket', { kind: 'goods', q: '代理测试剑' }, shop)).body.data.total).toBe(0);
    expect((await t.post('/seller/agentPick', { kind: 'goods', id: g.id, status: 1 }, shop)).body.msg).toBe('不能代理自己的商品或课程');

    expect((await t.post('/seller/agentPick', { kind: 'goods', id: g.id, status: 1 }, coach)).body.data).toMatchObject({
      picked: 1,
      shown: 1,
    });
    expect((await t.post('/seller/agentPick', { kind: 'goods', id: g.id, status: 1 }, coach)).body.data.picked).toBe(1);
    let home = (await t.post('/public/businessAgentGoods', { type: 'coach', id: coachId, limit: 50 })).body.data;
    expect(home.list.map((x: { id: number }) => x.id)).toContain(g.id);
    expect(await agentOfferFor('goods', g.id, { type: 'coach', id: coachId })).toEqual({
      rateBp: 1250,
      owner: { type: 'shop', id: shopId },
    });
    expect(await agentOfferFor('goods', g.id, { type: 'coach', id: 999 })).toBeNull();

    await t.post('/seller/agentShow', { kind: 'goods', id: g.id, shown: 0 }, coach);
    home = (await t.post('/public/businessAgentGoods', { type: 'coach', id: coachId, limit: 50 })).body.data;
    expect(home.list.map((x: { id: number }) => x.id)).not.toContain(g.id);
    expect((await t.post('/seller/agentShow', { kind: 'goods', id: g.id, shown: 1 }, otherCoach)).body.code).toBe(404);

    // The owner withdraws the offer: the pick stays, but earns nothing and is not shown.
    await t.post('/seller/agentShow', { kind: 'goods', id: g.id, shown: 1 }, coach);
    const form = (await t.post('/shop/goodsManageInfo', { id: g.id }, shop)).body.data;
    await t.post('/shop/goodsSave', { ...form, agent_rate_bp: 0, skus: form.skus.map((s) => ({ ...s, stock_was: s.stock })) }, shop);
    expect(await agentOfferFor('goods', g.id, { type: 'coach', id: coachId })).toBeNull();
    const mine = (await t.post('/seller/agentMine', { kind: 'goods', limit: 50 }, coach)).body.data.list;
    expect(mine.find((x: { id: number }) => x.id === g.id)).toMatchObject({ rate_bp: 0, picked: 1 });
    home = (await t.post('/public/businessAgentGoods', { type: 'coach', id: coachId, limit: 50 })).body.data;
    expect(home.list.map((x: { id: number }) => x.id)).not.toContain(g.id);
    expect((await t.post('/seller/agentPick', { kind: 'goods', id: g.id, status: 0 }, coach)).body.data.picked).toBe(0);
    expect(
      await t.db
        .select()
        .from(agentGoods)
        .where(and(eq(agentGoods.goodsId, g.id), eq(agentGoods.agentType, 'coach'))),
    ).toHaveLength(0);
  });

  it('offers a course; a shop picks it and shows it on its homepage', async () => {
    const course = (await t.post('/seller/homeCourses', {}, coach)).body.data.list[0];
    expect((await t.post('/seller/courseOffer', { course_id: course!.id, rate_bp: 0 }, coach)).body.code).toBe(200);
    expect((await t.post('/seller/agentPick', { kind: 'course', id: course!.id, status: 1 }, shop)).body.msg).toBe(
      '该商品或课程已不再开放代理',
    );
    await t.post('/seller/courseOffer', { course_id: course!.id, rate_bp: 1500 }, coach);
    const market = (await t.post('/seller/agentMarket', { kind: 'course', limit: 50 }, shop)).body.data.list;
    expect(market.find((x: { id: number }) => x.id === course!.id)).toMatchObject({ rate_bp: 1500, owner: { type: 'coach', id: coachId } });
    // A coach never sees their own course in the market.
    expect(
      ((await t.post('/seller/agentMarket', { kind: 'course', limit: 50 }, coach)).body.data.list as { id: number }[]).map((x) => x.id),
    ).not.toContain(course!.id);
    await t.post('/seller/agentPick', { kind: 'course', id: course!.id, status: 1 }, shop);
    const home = (await t.post('/shop/public/indexInfo', { shop_id: shopId })).body.data;
    expect(home.agent_courses.map((c: { id: number }) => c.id)).toContain(course!.id);
    expect(await agentOfferFor('course', course!.id, { type: 'shop', id: shopId })).toEqual({
      rateBp: 1500,
      owner: { type: 'coach', id: coachId },
    });
    const [offer] = await t.db
      .select()
      .from(agentOffers)
      .where(and(eq(agentOffers.kind, 'course'), eq(agentOffers.itemId, course!.id)));
    expect(offer!.rateBp).toBe(1500);
    expect(await t.db.select().from(agentCourses).where(eq(agentCourses.courseId, course!.id))).toHaveLength(1);
  });
});

describe('owner homepage', () => {
  it('answers the owner’s stats', async () => {
    const shopHome = (await t.post('/seller/homeInfo', {}, shop)).body.data;
    expect(shopHome).toMatchObject({ type: 'mechant', id: shopId, anchor: `/anchor?type=mechant&id=${shopId}` });
    expect(shopHome.stats.goods).toBeGreaterThan(0);
    const coachHome = (await t.post('/seller/homeInfo', {}, coach)).body.data;
    expect(coachHome).toMatchObject({ type: 'coach', id: coachId });
    expect(coachHome.stats.courses).toBeGreaterThan(0);
    const classes = (await t.post('/seller/homeClasses', {}, coach)).body.data;
    expect(classes.total).toBe(coachHome.stats.classes);
  });
});
