import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  classes,
  couponTemplates,
  courseAccess,
  courses,
  goods,
  lessons,
  orderItems,
  orders,
  shops,
  skus,
  userCoupons,
  users,
} from '~/server/db/schema';
import { changeCoins } from '~/server/ledger/coins';
import { advanceOrders, AUTO_COMPLETE_DAYS } from '~/server/modules/commerce/order-lifecycle.service';
import { COUPON_TEXTS } from '~/server/modules/commerce/coupon.service';
import { closeExpiredOrders } from '~/server/modules/commerce/order.service';
import { ORDER_TEXTS } from '~/server/modules/commerce/order-texts';
import { PAY_TEXTS } from '~/server/modules/commerce/payment.service';
import { signSandbox, SANDBOX_SIGNATURE_HEADER } from '~/server/providers/pay/sandbox';
import { resetEnv } from '~/server/env';
import { DEMO_PAY_PASSWORD } from '~/server/seed/commerce';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
let member: string;
let memberId: number;
let addressId: number;
let shopId: number;

beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
  memberId = (await t.db.select().from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
  const a = await t.post(
    '/member/addressSave',
    { name: '王五', phone: '13912345678', province: '广东省', city: '佛山市', district: '禅城区', detail: '祖庙路 21 号' },
    member,
  );
  addressId = a.body.data.id;
  shopId = (await t.db.select().from(shops).innerJoin(users, eq(users.id, shops.userId)).where(eq(users.phone, DEMO.mechant)))[0]!.shops.id;
});
afterAll(() => t.stop());

/** SKUs handed out so far: each experiment gets the next one (in id order), so no two share stock. */
let skusTaken = 0;

/** The next SKU of the demo shop owner's goods on sale, priced and stocked for the experiment. */
async function sku(opts: { price?: number; stock?: number } = {}) {
  const [row] = await t.db
    .select({ s: skus })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(and(eq(goods.shopId, shopId), eq(goods.status, 1)))
    .orderBy(asc(skus.id))
    .limit(1)
    .offset(skusTaken++);
  if (!row) throw new Error(`the demo shop has fewer than ${skusTaken} SKUs on sale`);
  const price = opts.price ?? row.s.price;
  await t.db
    .update(skus)
    .set({ stock: opts.stock ?? 50, price })
    .where(eq(skus.id, row.s.id));
  return { ...row.s, price };
}

const balance = async () => (await t.wallet(memberId)).coins;
async function ledgerSumsToBalance() {
  const w = await t.wallet(memberId);
  expect(w.ledgerSum).toBe(w.coins);
}
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('addresses use real regions', () => {
  it('refuses a province / city / district path that does not exist', async () => {
    const bad = await t.post(
      '/member/addressSave',
      { name: '王五', phone: '13912345678', province: '广东省', city: '杭州市', district: '西湖区', detail: '祖庙路 21 号' },
      member,
    );
    expect(bad.body.msg).toBe('请选择正确的省市区');
    const hk = await t.post(
      '/member/addressSave',
      { name: '王五', phone: '13912345678', province: '香港特别行政区', city: '九龙', district: '油尖旺区', detail: '弥敦道 100 号' },
      member,
    );
    expect(hk.body.code).toBe(200);
    await t.post('/member/addressDelete', { id: hk.body.data.id }, member);
  });
});

describe('cart', () => {
  it('needs login, merges lines, limits by stock, marks stale lines and stays private', async () => {
    const s = await sku({ stock: 5 });
    expect((await t.post('/cart/add', { sku_id: s.id, num: 1 })).body.code).toBe(101);
    expect((await t.post('/cart/add', { sku_id: s.id, num: 2 }, member)).body).toMatchObject({ code: 200, msg: '已加入购物车' });
    expect((await t.post('/cart/add', { sku_id: s.id, num: 2 }, member)).body.code).toBe(200);
    expect((await t.post('/cart/add', { sku_id: s.id, num: 2 }, member)).body.msg).toBe('库存不足，最多还能加 1 件');
    let cart = (await t.post('/cart/list', {}, member)).body.data;
    const line = cart.groups.flatMap((g) => g.items).find((i) => i.sku_id === s.id);
    expect(line).toMatchObject({ num: 4, stale: 0 });
    expect(cart.groups.find((g: { shop_id: number }) => g.shop_id === shopId)).toBeTruthy();

    await t.db.update(skus).set({ stock: 2 }).where(eq(skus.id, s.id));
    cart = (await t.post('/cart/list', {}, member)).body.data;
    expect(cart.groups.flatMap((g) => g.items).find((i) => i.id === line!.id)).toMatchObject({
      stale: 1,
      reason: '库存仅剩 2 件',
    });
    await t.db.update(goods).set({ status: 0 }).where(eq(goods.id, s.goodsId));
    cart = (await t.post('/cart/list', {}, member)).body.data;
    expect(cart.groups.flatMap((g) => g.items).find((i) => i.id === line!.id)).toMatchObject({
      stale: 1,
      reason: '已下架',
    });
    await t.db.update(goods).set({ status: 1 }).where(eq(goods.id, s.goodsId));

    expect((await t.post('/cart/update', { id: line!.id, num: 3 }, member)).body.msg).toBe('库存仅剩 2 件');
    expect((await t.post('/cart/update', { id: line!.id, num: 2 }, member)).body.code).toBe(200);
    const coach = await t.login(DEMO.coach);
    expect((await t.post('/cart/update', { id: line!.id, num: 1 }, coach)).body.code).toBe(404);
    expect((await t.post('/cart/delete', { ids: [line!.id] }, coach)).body.data.removed).toBe(0);
    expect((await t.post('/cart/delete', { ids: [line!.id] }, member)).body.data.removed).toBe(1);
  });

  it('checking out from the cart removes the bought lines', async () => {
    const s = await sku({ stock: 5 });
    await t.post('/cart/add', { sku_id: s.id, num: 1 }, member);
    const cartId = (await t.post('/cart/list', {}, member)).body.data.groups
      .flatMap((g: { items: { id: number; sku_id: number }[] }) => g.items)
      .find((i: { sku_id: number }) => i.sku_id === s.id)!.id;
    const preview = await t.post('/order/previewGoods', { cart_ids: [cartId], coupon_id: 0 }, member);
    expect(preview.body.data).toMatchObject({ items_total: s.price, lines: [{ sku_id: s.id, num: 1 }] });
    const o = await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId, from_cart: true }, member);
    expect(o.body.code).toBe(200);
    expect((await t.post('/cart/count', {}, member)).body.data.count).toBe(0);
    await t.post('/order/cancel', { id: o.body.data.id }, member);
  });
});

describe('coupons', () => {
  it('claims once, applies by the rules, serves one order, and comes back on cancel', async () => {
    const center = (await t.post('/public/couponCenter', {}, member)).body.data;
    const goodsTpl = center.find((c: { scope: string; title: string }) => c.scope === 'goods' && c.title === '商城满减券');
    const courseTpl = center.find((c: { scope: string; course_id: number | null }) => c.scope === 'course' && c.course_id === null);
    expect(goodsTpl).toMatchObject({ amount: 2000, threshold: 19900, claimed: 0 });
    expect((await t.post('/member/couponClaim', { id: goodsTpl!.id })).body.code).toBe(101);
    expect((await t.post('/member/couponClaim', { id: goodsTpl!.id }, member)).body.msg).toBe('领取成功');
    expect((await t.post('/member/couponClaim', { id: goodsTpl!.id }, member)).body.msg).toBe(COUPON_TEXTS.limit);
    await t.post('/member/couponClaim', { id: courseTpl!.id }, member);
    const mine = (await t.post('/member/couponList', { status: 'unused' }, member)).body.data.list;
    const goodsCoupon = mine.find((c: { template_id: number }) => c.template_id === goodsTpl!.id);
    const courseCoupon = mine.find((c: { template_id: number }) => c.template_id === courseTpl!.id);

    const cheap = await sku({ price: 5000, stock: 10 });
    expect(
      (await t.post('/order/previewGoods', { items: [{ sku_id: cheap.id, num: 1 }] }, member)).body.data.coupons.some(
        (c: { id: number }) => c.id === goodsCoupon!.id,
      ),
    ).toBe(false);
    expect(
      (
        await t.post(
          '/order/createGoods',
          { items: [{ sku_id: cheap.id, num: 1 }], address_id: addressId, coupon_id: goodsCoupon!.id },
          member,
        )
      ).body.msg,
    ).toBe(COUPON_TEXTS.unusable);

    const dear = await sku({ price: 25000, stock: 10 });
    const preview = (await t.post('/order/previewGoods', { items: [{ sku_id: dear.id, num: 1 }], coupon_id: goodsCoupon!.id }, member)).body
      .data;
    expect(preview).toMatchObject({ items_total: 25000, freight: 0, discount: 2000, pay_amount: 23000, coupon_id: goodsCoupon!.id });
    expect(
      (
        await t.post(
          '/order/createGoods',
          { items: [{ sku_id: dear.id, num: 1 }], address_id: addressId, coupon_id: courseCoupon!.id },
          member,
        )
      ).body.msg,
    ).toBe(COUPON_TEXTS.unusable);

    const [a, b] = await Promise.all([
      t.post('/order/createGoods', { items: [{ sku_id: dear.id, num: 1 }], address_id: addressId, coupon_id: goodsCoupon!.id }, member),
      t.post('/order/createGoods', { items: [{ sku_id: dear.id, num: 1 }], address_id: addressId, coupon_id: goodsCoupon!.id }, member),
    ]);
    const won = [a!, b!].filter((r) => r.body.code === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.data.pay_amount).toBe(23000);
    expect([a!, b!].find((r) => r.body.code !== 200)!.body.msg).toBe(COUPON_TEXTS.unusable);
    expect((await t.db.select().from(skus).where(eq(skus.id, dear.id)))[0]!.stock).toBe(9);
    expect((await t.post('/member/couponList', { status: 'used' }, member)).body.data.list.map((c: { id: number }) => c.id)).toContain(
      goodsCoupon!.id,
    );

    await t.post('/order/cancel', { id: won[0]!.body.data.id }, member);
    expect((await t.post('/member/couponList', { status: 'unused' }, member)).body.data.list.map((c: { id: number }) => c.id)).toContain(
      goodsCoupon!.id,
    );
    expect((await t.db.select().from(skus).where(eq(skus.id, dear.id)))[0]!.stock).toBe(10);
  });

  it('never hands out more than the template holds, whatever the crowd', async () => {
    const [tpl] = await t.db
      .insert(couponTemplates)
      .values({
        title: '限量券',
        amount: 100,
        threshold: 1000,
        scope: 'all',
        total: 3,
        perUser: 50,
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const results = await Promise.all(Array.from({ length: 20 }, () => t.post('/member/couponClaim', { id: tpl!.id }, member)));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.code !== 200).every((r) => r.body.msg === COUPON_TEXTS.gone)).toBe(true);
  });

  it('an unpaid order that closes by itself gives its coupon back', async () => {
    const [tpl] = await t.db
      .insert(couponTemplates)
      .values({ title: '关单券', amount: 300, threshold: 1000, scope: 'goods', total: 10, endsAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const c = (await t.post('/member/couponClaim', { id: tpl!.id }, member)).body.data;
    const s = await sku({ price: 4000, stock: 5 });
    const o = (await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId, coupon_id: c.id }, member))
      .body.data;
    expect(o.pay_amount).toBe(4000 + 1000 - 300);
    expect((await t.db.select().from(userCoupons).where(eq(userCoupons.id, c.id)))[0]).toMatchObject({ status: 'used', orderId: o.id });
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, o.id));
    expect(await closeExpiredOrders()).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(userCoupons).where(eq(userCoupons.id, c.id)))[0]).toMatchObject({ status: 'unused', orderId: null });
    expect((await t.db.select().from(skus).where(eq(skus.id, s.id)))[0]!.stock).toBe(5);
  });

  it('lists expired coupons apart', async () => {
    const [tpl] = await t.db
      .insert(couponTemplates)
      .values({ title: '过期券', amount: 100, threshold: 1000, scope: 'all', total: 10, endsAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const c = (await t.post('/member/couponClaim', { id: tpl!.id }, member)).body.data;
    await t.db
      .update(userCoupons)
      .set({ validTo: new Date(Date.now() - 1000) })
      .where(eq(userCoupons.id, c.id));
    expect((await t.post('/member/couponList', { status: 'expired' }, member)).body.data.list.map((x: { id: number }) => x.id)).toContain(
      c.id,
    );
    expect(
      (await t.post('/member/couponList', { status: 'unused' }, member)).body.data.list.map((x: { id: number }) => x.id),
    ).not.toContain(c.id);
  });
});

describe('the server prices every confirm page', () => {
  /** A paid course on sale the member has never ordered, so nothing refuses its preview. */
  async function freshCourse(minPrice: number) {
    const mine = await t.db
      .select({ id: orderItems.courseId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.userId, memberId));
    const taken = new Set(mine.map((r) => r.id));
    const list = await t.db.select().from(courses).where(eq(courses.status, 1)).orderBy(asc(courses.id));
    const c = list.find((x) => x.price >= minPrice && !taken.has(x.id));
    if (!c) throw new Error('no course left to preview');
    return c;
  }

  it('a course: the best coupon unless one is asked for (0 = none), and the order costs what the preview said', async () => {
    const [tpl] = await t.db
      .insert(couponTemplates)
      .values({ title: '课程预览券', amount: 700, threshold: 1000, scope: 'course', total: 10, endsAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const mineCoupon = (await t.post('/member/couponClaim', { id: tpl!.id }, member)).body.data;
    const c = await freshCourse(1000);

    const best = (await t.post('/order/previewItem', { kind: 'course', id: c.id }, member)).body.data;
    expect(best).toMatchObject({ kind: 'course', item: { id: c.id, price: c.price, level: c.level }, items_total: c.price });
    expect(best.coupon_id).toBe(best.coupons[0]!.id);
    expect(best.pay_amount).toBe(c.price - best.discount);

    const asked = (await t.post('/order/previewItem', { kind: 'course', id: c.id, coupon_id: mineCoupon.id }, member)).body.data;
    expect(asked).toMatchObject({ coupon_id: mineCoupon.id, discount: 700, pay_amount: c.price - 700 });
    const none = (await t.post('/order/previewItem', { kind: 'course', id: c.id, coupon_id: 0 }, member)).body.data;
    expect(none).toMatchObject({ coupon_id: 0, discount: 0, pay_amount: c.price });

    const o = (await t.post('/order/createCourse', { course_id: c.id, coupon_id: mineCoupon.id }, member)).body.data;
    expect(o.pay_amount).toBe(asked.pay_amount);
    await t.post('/order/cancel', { id: o.id }, member);
  });

  it('a class answers its own shape: schedule, venue, seats left and start', async () => {
    const [k] = await t.db
      .select()
      .from(classes)
      .where(and(eq(classes.status, 1), sql`${classes.enrolled} < ${classes.capacity}`))
      .orderBy(asc(classes.id))
      .limit(1);
    const p = (await t.post('/order/previewItem', { kind: 'class', id: k!.id }, member)).body.data;
    expect(p).toMatchObject({
      kind: 'class',
      item: { id: k!.id, schedule: k!.schedule, seats_left: k!.capacity - k!.enrolled, starts_at: k!.startsAt.toISOString() },
      items_total: k!.price,
    });
    expect(p.pay_amount).toBe(k!.price - p.discount);
  });

  it('goods: quantities change the total and the freight; from_cart "false" leaves the cart alone', async () => {
    const s = await sku({ price: 6000, stock: 10 });
    const one = (await t.post('/order/previewGoods', { items: [{ sku_id: s.id, num: 1 }], coupon_id: 0 }, member)).body.data;
    expect(one).toMatchObject({ items_total: 6000, freight: 1000, pay_amount: 7000, lines: [{ sku_id: s.id, num: 1 }] });
    const two = (await t.post('/order/previewGoods', { items: [{ sku_id: s.id, num: 2 }], coupon_id: 0 }, member)).body.data;
    expect(two).toMatchObject({ items_total: 12000, freight: 0, pay_amount: 12000 });

    await t.post('/cart/add', { sku_id: s.id, num: 1 }, member);
    const before = (await t.post('/cart/count', {}, member)).body.data.count;
    const o = await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId, from_cart: 'false' }, member);
    expect(o.body.code).toBe(200);
    expect((await t.post('/cart/count', {}, member)).body.data.count).toBe(before);
    expect(
      (await t.rawPost('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId, from_cart: 'no' }, member)).body
        .msg,
    ).toBe('from_cart 只能是 true 或 false');
    await t.post('/order/cancel', { id: o.body.data.id }, member);
    const line = (await t.post('/cart/list', {}, member)).body.data.groups
      .flatMap((g: { items: { id: number; sku_id: number }[] }) => g.items)
      .find((i: { sku_id: number }) => i.sku_id === s.id);
    await t.post('/cart/delete', { ids: [line!.id] }, member);
  });
});

/** Posts a sandbox notice signed as the gateway would (or with `sig` to forge it). */
function notify(body: Record<string, unknown>, sig?: string) {
  const raw = JSON.stringify(body);
  return t.app.request('/api/pay/notify/sandbox', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sig ?? signSandbox(raw) },
    body: raw,
  });
}

describe('sandbox gateway', () => {
  it('buys a course: cashier page → signed notify → paid, every lesson unlocked', async () => {
    const course = (await t.post('/public/courseList', { price: 'paid', limit: 30 })).body.data.list.at(-1);
    const o = (await t.post('/order/createCourse', { course_id: course!.id }, member)).body.data;
    const started = await t.post('/pay/order', { id: o.id, provider: 'sandbox' }, member);
    expect(started.body.data.redirect).toBe(`/pay/sandbox?pay_no=${started.body.data.pay_no}`);
    const info = (await t.post('/pay/sandbox/info', { pay_no: started.body.data.pay_no }, member)).body.data;
    expect(info).toMatchObject({ amount: o.pay_amount, subject: course!.title, status: 'pending' });
    const done = await t.post('/pay/sandbox/confirm', { pay_no: started.body.data.pay_no }, member);
    expect(done.body.data).toMatchObject({ status: 'paid', return_url: `/order/detail?id=${o.id}&paid=1` });
    expect(await orderRow(o.id)).toMatchObject({ status: 'paid', payMethod: 'sandbox' });
    const detail = (await t.post('/course/detail', { id: course!.id }, member)).body.data;
    expect(detail.lessons.every((l: { video: string }) => l.video)).toBe(true);
    expect((await t.post('/pay/status', { pay_no: started.body.data.pay_no }, member)).body.data.status).toBe('paid');
  });

  it('tops up coins once however often the notice is replayed; forged or wrong-amount notices change nothing', async () => {
    const before = await balance();
    const p = (await t.post('/pay/topup', { coins: 88, provider: 'sandbox' }, member)).body.data;
    const notice = { pay_no: p.pay_no, txn_id: 'SBX1', amount: 8800, trade_state: 'SUCCESS', paid_at: new Date().toISOString() };

    expect((await notify(notice, 't=1,v1=' + '0'.repeat(64))).status).toBe(400);
    expect((await notify({ ...notice, amount: 1 })).status).toBe(400);
    expect(await balance()).toBe(before);

    const first = await notify(notice);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('SUCCESS');
    const replays = await Promise.all(Array.from({ length: 5 }, () => notify(notice)));
    expect(replays.every((r) => r.status === 200)).toBe(true);
    expect(await balance()).toBe(before + 88);
    expect((await t.post('/member/coinLedger', {}, member)).body.data.list[0]).toMatchObject({
      delta: 88,
      reason: 'topup',
      reason_text: '充值',
    });
    await ledgerSumsToBalance();
    expect((await t.post('/pay/topup', { coins: 0, provider: 'sandbox' }, member)).body.msg).toBe('至少充值 1 个');
  });

  it('a top-up started from an order returns to that order; a return to another site is ignored', async () => {
    const returnOf = async (return_to?: string) => {
      const p = (await t.post('/pay/topup', { coins: 5, provider: 'sandbox', ...(return_to === undefined ? {} : { return_to }) }, member))
        .body.data;
      return (await t.post('/pay/sandbox/confirm', { pay_no: p.pay_no }, member)).body.data.return_url as string;
    };
    expect(await returnOf('/order/middle?id=42')).toBe('/order/middle?id=42&topup=1');
    expect(await returnOf()).toBe('/my/wallet/kungfucoin?topup=1');
    for (const evil of ['https://evil.example/order/middle?id=1', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])
      expect(await returnOf(evil)).toBe('/my/wallet/kungfucoin?topup=1');
    expect((await t.post('/pay/topup', { coins: 5, provider: 'sandbox', return_to: `/${'x'.repeat(300)}` }, member)).body.code).toBe(100);
  });

  it('a notice for an order that closed meanwhile keeps the money as coins', async () => {
    const s = await sku({ price: 12000, stock: 3 });
    const o = (await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId }, member)).body.data;
    const p = (await t.post('/pay/order', { id: o.id, provider: 'sandbox' }, member)).body.data;
    await t.post('/order/cancel', { id: o.id }, member);
    const before = await balance();
    expect((await notify({ pay_no: p.pay_no, txn_id: 'SBX2', amount: o.pay_amount, trade_state: 'SUCCESS', paid_at: '' })).status).toBe(
      200,
    );
    expect((await orderRow(o.id)).status).toBe('cancelled');
    expect(await balance()).toBe(before + Math.ceil(o.pay_amount / 100));
    await ledgerSumsToBalance();
  });

  it('is refused in production mode', async () => {
    const was = process.env['NODE_ENV'];
    process.env['NODE_ENV'] = 'production';
    resetEnv();
    try {
      const methods = (await t.post('/pay/methods', {}, member)).body.data;
      expect(methods.providers.map((p: { name: string }) => p.name)).not.toContain('sandbox');
      expect((await t.post('/pay/topup', { coins: 5, provider: 'sandbox' }, member)).body.msg).toBe(PAY_TEXTS.sandboxOff);
      expect((await t.post('/pay/sandbox/info', { pay_no: 'P1' }, member)).body.msg).toBe(PAY_TEXTS.sandboxOff);
      expect((await notify({ pay_no: 'P1', txn_id: 'x', amount: 100, trade_state: 'SUCCESS', paid_at: '' })).status).toBe(404);
    } finally {
      process.env['NODE_ENV'] = was;
      resetEnv();
    }
  });
});

describe('order lifecycle', () => {
  it('paid → shipped (by its seller) → received → completed, each step guarded', async () => {
    const s = await sku({ price: 3000, stock: 5 });
    const o = (
      await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId, remark: '请尽快发货' }, member)
    ).body.data;
    expect(o.pay_amount).toBe(3000 + 1000);
    expect((await t.post('/order/receive', { id: o.id }, member)).body.msg).toBe(ORDER_TEXTS.state);
    expect((await t.post('/order/payCoins', { id: o.id, pay_password: DEMO_PAY_PASSWORD }, member)).body.code).toBe(200);

    const coach = await t.login(DEMO.coach);
    const owner = await t.login(DEMO.mechant);
    expect((await t.post('/order/ship', { id: o.id, express_company: '顺丰速运', express_no: 'SF1234567890' }, coach)).body.code).not.toBe(
      200,
    );
    expect((await t.post('/order/ship', { id: o.id, express_company: '顺丰速运', express_no: '12' }, owner)).body.msg).toBe(
      '快递单号为 6-32 位字母或数字',
    );
    const seen = (await t.post('/order/shopDetail', { id: o.id }, owner)).body.data;
    expect(seen).toMatchObject({ status: 'paid', can_ship: 1, remark: '请尽快发货', buyer: { phone: '138****0001' } });
    expect((await t.post('/order/ship', { id: o.id, express_company: '顺丰速运', express_no: 'SF1234567890' }, owner)).body.msg).toBe(
      '已发货',
    );
    expect((await t.post('/order/ship', { id: o.id, express_company: '顺丰速运', express_no: 'SF1234567890' }, owner)).body.msg).toBe(
      ORDER_TEXTS.state,
    );

    const shipped = (await t.post('/order/list', { kind: 'goods', tab: 'shipped' }, member)).body.data.list;
    expect(shipped.find((x: { id: number }) => x.id === o.id)).toMatchObject({
      status_text: '待收货',
      express_no: 'SF1234567890',
      seller: { type: 'mechant', id: shopId },
    });
    expect((await t.post('/order/receive', { id: o.id }, member)).body.msg).toBe('已确认收货');
    expect((await orderRow(o.id)).status).toBe('received');

    await t.db
      .update(orders)
      .set({ receivedAt: new Date(Date.now() - (AUTO_COMPLETE_DAYS + 1) * 86_400_000) })
      .where(eq(orders.id, o.id));
    expect(await advanceOrders()).toBeGreaterThanOrEqual(1);
    expect((await t.post('/order/detail', { id: o.id }, member)).body.data).toMatchObject({ status: 'completed', status_text: '已完成' });
  });

  it('refund requests: needs a reason, only for paid orders, can be withdrawn', async () => {
    const s = await sku({ price: 3000, stock: 5 });
    const o = (await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId }, member)).body.data;
    expect((await t.post('/order/refund', { id: o.id, reason: '不想要了' }, member)).body.msg).toBe('该订单当前不能申请退款');
    await t.post('/order/payCoins', { id: o.id, pay_password: DEMO_PAY_PASSWORD }, member);
    expect((await t.post('/order/refund', { id: o.id, reason: '' }, member)).body.msg).toBe('请填写退款原因');
    expect((await t.post('/order/refund', { id: o.id, reason: '尺码不合适' }, member)).body.msg).toBe('退款申请已提交');
    expect(
      (await t.post('/order/list', { kind: 'goods', tab: 'refund' }, member)).body.data.list.find((x: { id: number }) => x.id === o.id),
    ).toMatchObject({ status: 'refunding', refund_reason: '尺码不合适' });
    expect((await t.post('/order/refundCancel', { id: o.id }, member)).body.code).toBe(200);
    expect((await orderRow(o.id)).status).toBe('paid');
  });

  it('keeps every order private', async () => {
    const s = await sku({ stock: 5 });
    const o = (await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId }, member)).body.data;
    const coach = await t.login(DEMO.coach);
    expect((await t.post('/order/detail', { id: o.id }, coach)).body.code).toBe(404);
    expect((await t.post('/order/cancel', { id: o.id }, coach)).body.msg).toBe(ORDER_TEXTS.state);
    expect((await t.post('/order/list', { kind: 'goods' }, coach)).body.data.list.map((x: { id: number }) => x.id)).not.toContain(o.id);
    expect((await t.post('/pay/order', { id: o.id, provider: 'sandbox' }, coach)).body.msg).toBe(ORDER_TEXTS.state);
    expect(
      (await t.post('/order/list', { kind: 'goods', tab: 'unpaid' }, member)).body.data.list.map((x: { id: number }) => x.id),
    ).toContain(o.id);
  });
});

describe('study records', () => {
  it('records lesson progress for buyers only and shows it in /my/course', async () => {
    const course = (await t.post('/public/courseList', { price: 'paid', limit: 30 })).body.data.list.at(-2);
    const ls = await t.db.select().from(lessons).where(eq(lessons.courseId, course!.id)).orderBy(lessons.sort);
    const locked = ls.find((l) => !l.isFree)!;
    expect((await t.post('/course/progress', { lesson_id: locked.id, position: 10 }, member)).body.msg).toBe('购买课程后才能学习该课时');
    const o = (await t.post('/order/createCourse', { course_id: course!.id }, member)).body.data;
    expect((await t.post('/order/payCoins', { id: o.id, pay_password: DEMO_PAY_PASSWORD }, member)).body.code).toBe(200);
    expect(
      await t.db
        .select()
        .from(courseAccess)
        .where(and(eq(courseAccess.userId, memberId), eq(courseAccess.courseId, course!.id))),
    ).toHaveLength(1);
    await t.post('/course/progress', { lesson_id: ls[0]!.id, position: 5, ranges: [[0, ls[0]!.durationS]] }, member);
    // Halfway through a lesson, then back to an earlier moment: the resume point is where they stopped.
    const half = Math.floor(locked.durationS / 2);
    await t.post('/course/progress', { lesson_id: locked.id, position: half }, member);
    await t.post('/course/progress', { lesson_id: locked.id, position: 1 }, member);
    const mine = (await t.post('/member/myCourse', {}, member)).body.data.list.find((c: { id: number }) => c.id === course!.id);
    expect(mine).toMatchObject({ lesson_count: ls.length, finished_count: 1, progress: Math.round(100 / ls.length) });
    const progress = (await t.post('/course/myProgress', { course_id: course!.id }, member)).body.data;
    expect(progress.find((p: { lesson_id: number }) => p.lesson_id === locked.id)).toMatchObject({ position: 1, finished: 0 });
  });

  it('lists enrolled classes in /my/class', async () => {
    const open = (await t.post('/class/list', { limit: 50 })).body.data.list.find(
      (k: { seats_left: number; price: number }) => k.seats_left > 0 && k.price > 0,
    );
    const o = (await t.post('/order/createClass', { class_id: open!.id }, member)).body.data;
    expect((await t.post('/order/createClass', { class_id: open!.id }, member)).body.msg).toBe('你已报名该班级，请在订单中完成支付');
    const coinsNeeded = Math.ceil(o.pay_amount / 100);
    if ((await balance()) < coinsNeeded)
      await t.db.transaction((tx) => changeCoins(tx, memberId, coinsNeeded, 'grant', { type: 'test', id: 0 }));
    await t.post('/order/payCoins', { id: o.id, pay_password: DEMO_PAY_PASSWORD }, member);
    expect((await t.post('/member/myClass', {}, member)).body.data.list.map((k: { id: number }) => k.id)).toContain(open!.id);
    expect((await t.post('/order/createClass', { class_id: open!.id }, member)).body.msg).toBe(ORDER_TEXTS.enrolled);
  });
});

describe('wallet summary', () => {
  it('shows the balance and the usable coupons', async () => {
    const w = (await t.post('/member/wallet', {}, member)).body.data;
    expect(w.coins).toBe(await balance());
    expect(w.coupons).toBeGreaterThanOrEqual(1);
  });
});
