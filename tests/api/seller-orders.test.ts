import { agentGoods, agentOffers } from '~/server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  classes,
  coaches,
  coinLedger,
  courseAccess,
  courses,
  goods,
  messages,
  orderRefunds,
  orders,
  sellerAccounts,
  sellerLedger,
  shops,
  skus,
  users,
} from '~/server/db/schema';
import { changeCoins } from '~/server/ledger/coins';
import { advanceOrders, AUTO_COMPLETE_DAYS, SETTLE_DAYS } from '~/server/modules/commerce/order-lifecycle.service';
import { ORDER_TEXTS } from '~/server/modules/commerce/order-texts';
import { DEFAULT_COMMISSION_BP, INCOME_TEXTS, splitIncome } from '~/server/modules/seller/income';
import { moveSellerMoney } from '~/server/ledger/seller-money';
import { signSandbox, SANDBOX_SIGNATURE_HEADER } from '~/server/providers/pay/sandbox';
import { DEMO_PAY_PASSWORD } from '~/server/seed/commerce';
import { SELLER_ORDER_TEXTS } from '~/lib/rules/seller-orders';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/** A second coach and a second shop of the seed (password gongfu123), for the ownership matrix. */
const OTHER_COACH = '13800000102';
const OTHER_SHOP = '13800000203';

let t: TestApi;
let member: string;
let memberId: number;
let addressId: number;
let shopId: number;
let coachId: number;
let owner: string;
let coach: string;

beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
  owner = await t.login(DEMO.mechant);
  coach = await t.login(DEMO.coach);
  memberId = (await t.db.select().from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
  await t.db.transaction((tx) => changeCoins(tx, memberId, 50_000, 'grant', { type: 'test', id: 0 }));
  const a = await t.post(
    '/member/addressSave',
    { name: '王五', phone: '13912345678', province: '广东省', city: '佛山市', district: '禅城区', detail: '祖庙路 21 号' },
    member,
  );
  addressId = a.body.data.id;
  shopId = (await t.db.select().from(shops).innerJoin(users, eq(users.id, shops.userId)).where(eq(users.phone, DEMO.mechant)))[0]!.shops.id;
  coachId = (await t.db.select().from(coaches).innerJoin(users, eq(users.id, coaches.userId)).where(eq(users.phone, DEMO.coach)))[0]!
    .coaches.id;
});
afterAll(() => t.stop());

let skusTaken = 0;
/** The next SKU of the demo shop's goods, priced and stocked for one experiment. */
async function sku(price = 12_000, stock = 10) {
  const [row] = await t.db
    .select({ s: skus })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(and(eq(goods.shopId, shopId), eq(goods.status, 1)))
    .orderBy(asc(skus.id))
    .limit(1)
    .offset(skusTaken++);
  await t.db.update(skus).set({ price, stock }).where(eq(skus.id, row!.s.id));
  return { ...row!.s, price, stock };
}

async function goodsOrder(price = 12_000, num = 1) {
  const s = await sku(price);
  const o = (await t.post('/order/createGoods', { items: [{ sku_id: s.id, num }], address_id: addressId }, member)).body.data;
  return { o, s };
}

async function payCoins(id: number) {
  const r = await t.post('/order/payCoins', { id, pay_password: DEMO_PAY_PASSWORD }, member);
  expect(r.body.code).toBe(200);
}

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const skuStock = async (id: number) => (await t.db.select().from(skus).where(eq(skus.id, id)))[0]!.stock;
const coins = async () => (await t.wallet(memberId)).coins;

async function account(kind: 'coach' | 'shop', id: number) {
  const [a] = await t.db
    .select()
    .from(sellerAccounts)
    .where(and(eq(sellerAccounts.ownerKind, kind), eq(sellerAccounts.ownerId, id)));
  return a ?? { id: 0, pending: 0, balance: 0, frozen: 0, withdrawn: 0 };
}

/** Every account's columns equal the sums of its ledger rows. */
async function ledgersMatch() {
  const accounts = await t.db.select().from(sellerAccounts);
  for (const a of accounts) {
    const [s] = await t.db
      .select({
        p: sql<number>`coalesce(sum(${sellerLedger.pendingDelta}),0)::int`,
        b: sql<number>`coalesce(sum(${sellerLedger.balanceDelta}),0)::int`,
        f: sql<number>`coalesce(sum(${sellerLedger.frozenDelta}),0)::int`,
        w: sql<number>`coalesce(sum(${sellerLedger.withdrawnDelta}),0)::int`,
      })
      .from(sellerLedger)
      .where(eq(sellerLedger.accountId, a.id));
    expect({ p: s!.p, b: s!.b, f: s!.f, w: s!.w }).toEqual({ p: a.pending, b: a.balance, f: a.frozen, w: a.withdrawn });
  }
  const w = await t.wallet(memberId);
  expect(w.ledgerSum).toBe(w.coins);
}

const share = (pay: number) => splitIncome(pay, DEFAULT_COMMISSION_BP).owner;

async function coachCourse() {
  const [c] = await t.db
    .select()
    .from(courses)
    .where(and(eq(courses.coachId, coachId), eq(courses.status, 1), sql`${courses.price} > 0`))
    .orderBy(asc(courses.id))
    .limit(1);
  return c!;
}

describe('seller income', () => {
  it('splits a payment: commission rounded half up, agent cut capped, parts add up', () => {
    expect(splitIncome(12_345, 500)).toEqual({ platform: 617, agent: 0, owner: 11_728 });
    expect(splitIncome(10_000, 500, 1000)).toEqual({ platform: 500, agent: 1000, owner: 8500 });
    expect(splitIncome(100, 9000, 5000)).toEqual({ platform: 90, agent: 10, owner: 0 });
    expect(splitIncome(0, 500)).toEqual({ platform: 0, agent: 0, owner: 0 });
  });

  it('credits the share to pending when paid, and settles it when the goods order completes', async () => {
    const before = await account('shop', shopId);
    const { o } = await goodsOrder(12_000);
    expect((await account('shop', shopId)).pending).toBe(before.pending);
    await payCoins(o.id);
    const paid = await account('shop', shopId);
    expect(paid.pending - before.pending).toBe(share(o.pay_amount));
    expect((await t.post('/order/ship', { id: o.id, express_company: '顺丰速运', express_no: 'SF1234567890' }, owner)).body.code).toBe(200);
    expect((await t.post('/order/receive', { id: o.id }, member)).body.code).toBe(200);
    // Received is still refundable: nothing settles yet.
    expect((await account('shop', shopId)).balance).toBe(before.balance);
    await t.db
      .update(orders)
      .set({ receivedAt: new Date(Date.now() - (AUTO_COMPLETE_DAYS + 1) * 86_400_000) })
      .where(eq(orders.id, o.id));
    await Promise.all([advanceOrders(), advanceOrders()]);
    const after = await account('shop', shopId);
    expect((await orderRow(o.id)).status).toBe('completed');
    expect(after.balance - before.balance).toBe(share(o.pay_amount));
    expect(after.pending).toBe(before.pending);
    await advanceOrders();
    expect((await account('shop', shopId)).balance).toBe(after.balance);
    await ledgersMatch();
  });

  it('settles a course order after its refund window', async () => {
    const c = await coachCourse();
    const before = await account('coach', coachId);
    const o = (await t.post('/order/createCourse', { course_id: c.id }, member)).body.data;
    await payCoins(o.id);
    expect((await account('coach', coachId)).pending - before.pending).toBe(share(o.pay_amount));
    await advanceOrders();
    expect((await orderRow(o.id)).status).toBe('paid');
    await t.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - (SETTLE_DAYS + 1) * 86_400_000) })
      .where(eq(orders.id, o.id));
    await advanceOrders();
    expect((await orderRow(o.id)).status).toBe('completed');
    const after = await account('coach', coachId);
    expect(after.balance - before.balance).toBe(share(o.pay_amount));
    // A completed course order is past its refund window.
    expect((await t.post('/order/refund', { id: o.id, reason: '不想学了' }, member)).body.msg).toBe('该订单当前不能申请退款');
    await ledgersMatch();
  });

  it('splits a sale through an agent: commission to the agent, the rest to the owner', async () => {
    const { o } = await goodsOrder(20_000);
    await t.db.update(orders).set({ agentKind: 'coach', agentId: coachId, agentBp: 1000 }).where(eq(orders.id, o.id));
    const shopBefore = await account('shop', shopId);
    const coachBefore = await account('coach', coachId);
    await payCoins(o.id);
    const split = splitIncome(o.pay_amount, DEFAULT_COMMISSION_BP, 1000);
    expect((await account('shop', shopId)).pending - shopBefore.pending).toBe(split.owner);
    expect((await account('coach', coachId)).pending - coachBefore.pending).toBe(split.agent);
    // The coach sees it read-only in their goods orders.
    const listed = (await t.post('/seller/orders', { area: 'coach', kind: 'goods' }, coach)).body.data.list;
    expect(listed.find((x: { id: number }) => x.id === o.id)).toMatchObject({ agent: 1, can_ship: 0, income: split.agent, address: null });
    await ledgersMatch();
  });

  it('credits the agent a buyer came from (?agent=), at the offer’s rate; a wrong or foreign agent credits nobody', async () => {
    const s = await sku(30_000);
    await t.db
      .insert(agentOffers)
      .values({ kind: 'goods', itemId: s.goodsId, ownerType: 'shop', ownerId: shopId, rateBp: 800 })
      .onConflictDoUpdate({ target: [agentOffers.kind, agentOffers.itemId], set: { rateBp: 800 } });
    await t.db.insert(agentGoods).values({ agentType: 'coach', agentId: coachId, goodsId: s.goodsId }).onConflictDoNothing();
    const buy = async (agent: string) =>
      (await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId, agent }, member)).body.data;

    const coachBefore = await account('coach', coachId);
    const o = await buy(`coach:${coachId}`);
    expect(await orderRow(o.id)).toMatchObject({ agentKind: 'coach', agentId: coachId, agentBp: 800 });
    await payCoins(o.id);
    expect((await account('coach', coachId)).pending - coachBefore.pending).toBe(
      splitIncome(o.pay_amount, DEFAULT_COMMISSION_BP, 800).agent,
    );

    // An agent who did not pick the goods, a malformed value, or the owner itself: no agent.
    for (const agent of ['coach:999999', 'coach:abc', `shop:${shopId}`]) {
      expect(await orderRow((await buy(agent)).id)).toMatchObject({ agentKind: '', agentId: null, agentBp: 0 });
    }
    await ledgersMatch();
  });
});

describe('seller order lists', () => {
  it('lists by kind and tab, searches by order number, nickname and phone, and pages', async () => {
    const { o } = await goodsOrder(9000);
    const list = async (body: Record<string, unknown>, token = owner) =>
      (await t.post('/seller/orders', { area: 'mechant', ...body }, token)).body;
    const unpaid = (await list({ kind: 'goods', tab: 'unpaid' })).data.list;
    expect(unpaid.find((x: { id: number }) => x.id === o.id)).toMatchObject({
      status: 'unpaid',
      buyer: { phone: '138****0001' },
      can_ship: 0,
    });
    expect((await list({ kind: 'goods', tab: 'paid' })).data.list.some((x: { id: number }) => x.id === o.id)).toBe(false);
    expect((await list({ kind: 'course' })).data.list.some((x: { id: number }) => x.id === o.id)).toBe(false);
    expect((await list({ key: o.order_no.slice(0, 12) })).data.list.some((x: { id: number }) => x.id === o.id)).toBe(true);
    expect((await list({ key: '习武' })).data.list.some((x: { id: number }) => x.id === o.id)).toBe(true);
    expect((await list({ key: '13800000001' })).data.list.some((x: { id: number }) => x.id === o.id)).toBe(true);
    expect((await list({ key: '没有这个人' })).data.total).toBe(0);
    expect((await list({ key: '%' })).data.total).toBe(0);
    await goodsOrder(9100);
    await goodsOrder(9200);
    const page1 = (await list({ limit: 2 })).data;
    const page2 = (await list({ limit: 2, page: 2 })).data;
    expect(page1.list).toHaveLength(2);
    expect(page1.total).toBeGreaterThanOrEqual(3);
    expect(page2.list[0]!.id).toBeLessThan(page1.list[1]!.id);
    await payCoins(o.id);
    expect((await list({ kind: 'goods', tab: 'paid' })).data.list.find((x: { id: number }) => x.id === o.id)).toMatchObject({
      can_ship: 1,
      income: share(o.pay_amount),
    });
  });

  it('exports a month as CSV with a BOM', async () => {
    const { o } = await goodsOrder(6600);
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const r = (await t.post('/seller/orders/export', { area: 'mechant', kind: 'goods', month }, owner)).body;
    expect(r.code).toBe(200);
    expect(r.data.csv.startsWith('\uFEFF订单号,类型,状态')).toBe(true);
    expect(r.data.csv).toContain(o.order_no);
    expect(r.data.filename).toBe(`店铺商品订单-${month}.csv`);
    expect((await t.post('/seller/orders/export', { area: 'mechant', month: '2001-01' }, owner)).body.data.rows).toBe(0);
    expect((await t.post('/seller/orders/export', { area: 'mechant', month: '2024-13' }, owner)).body.msg).toBe(SELLER_ORDER_TEXTS.month);
    const other = await t.login(OTHER_SHOP);
    expect((await t.post('/seller/orders/export', { area: 'mechant', month }, other)).body.data.csv).not.toContain(o.order_no);
  });
});

describe('ownership matrix', () => {
  it('guest 101, member 403, another seller 404 — never this seller’s orders', async () => {
    const { o } = await goodsOrder(8000);
    await payCoins(o.id);
    const otherShop = await t.login(OTHER_SHOP);
    const otherCoach = await t.login(OTHER_COACH);
    const calls: [string, Record<string, unknown>][] = [
      ['/seller/orders', { area: 'mechant' }],
      ['/seller/orders/export', { area: 'mechant', month: '2026-01' }],
      ['/seller/order/refundAgree', { id: o.id }],
      ['/seller/order/refundRefuse', { id: o.id, reason: '已发货' }],
    ];
    for (const [path, body] of calls) {
      expect((await t.rawPost(path, body)).body.code, path).toBe(101);
      expect((await t.rawPost(path, body, member)).body.code, path).toBe(403);
    }
    // A coach has no shop: the shop area is refused.
    expect((await t.post('/seller/orders', { area: 'mechant' }, coach)).body.code).toBe(403);
    expect((await t.post('/seller/orders', { area: 'coach' }, owner)).body.code).toBe(403);
    // Another shop or coach never sees it, and cannot ship or decide it.
    for (const other of [otherShop, otherCoach]) {
      const area = other === otherShop ? 'mechant' : 'coach';
      expect((await t.post('/seller/orders', { area, key: o.order_no }, other)).body.data.total).toBe(0);
      expect((await t.post('/order/shopDetail', { id: o.id }, other)).body.code).toBe(404);
      expect((await t.post('/seller/order/refundAgree', { id: o.id }, other)).body.code).toBe(404);
      expect((await t.post('/seller/order/refundRefuse', { id: o.id, reason: '不同意' }, other)).body.code).toBe(404);
    }
    expect((await t.post('/order/ship', { id: o.id, express_company: '顺丰速运', express_no: 'SF1234567890' }, otherShop)).body.code).toBe(
      404,
    );
    expect((await orderRow(o.id)).status).toBe('paid');
  });
});

describe('refund decisions', () => {
  it('refuse needs a reason and puts the order back where it was; the member is told', async () => {
    const { o } = await goodsOrder(7000);
    await payCoins(o.id);
    expect((await t.post('/order/refund', { id: o.id, reason: '不想要了' }, member)).body.code).toBe(200);
    expect((await t.post('/seller/order/refundRefuse', { id: o.id, reason: '' }, owner)).body.msg).toBe(SELLER_ORDER_TEXTS.refuseReason);
    expect((await t.post('/seller/order/refundRefuse', { id: o.id, reason: '商品已定制，不支持退款' }, owner)).body.msg).toBe(
      SELLER_ORDER_TEXTS.refused,
    );
    expect(await orderRow(o.id)).toMatchObject({ status: 'paid', refundRefusal: '商品已定制，不支持退款' });
    expect((await t.post('/order/detail', { id: o.id }, member)).body.data.refund_refusal).toBe('商品已定制，不支持退款');
    const [m] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.userId, memberId))
      .orderBy(sql`${messages.id} desc`)
      .limit(1);
    expect(m).toMatchObject({ title: '卖家拒绝了退款申请' });
    expect(m!.content).toContain('商品已定制');
    expect((await t.post('/seller/order/refundRefuse', { id: o.id, reason: '再次拒绝' }, owner)).body.msg).toBe(ORDER_TEXTS.state);
  });

  it('approve (coins): coins back once, stock back, income reversed — ten simultaneous approvals refund once', async () => {
    const { o, s } = await goodsOrder(15_000, 2);
    await payCoins(o.id);
    expect(await skuStock(s.id)).toBe(s.stock - 2);
    const acc = await account('shop', shopId);
    const c0 = await coins();
    expect((await t.post('/order/refund', { id: o.id, reason: '拍错了' }, member)).body.code).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.post('/seller/order/refundAgree', { id: o.id }, owner)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.find((a) => a.body.code === 200)!.body.data).toEqual({ status: 'refunded' });
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await coins()).toBe(c0 + Math.ceil(o.pay_amount / 100));
    const credits = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.refType, 'order'), eq(coinLedger.refId, o.id), eq(coinLedger.reason, 'refund')));
    expect(credits).toHaveLength(1);
    expect((await orderRow(o.id)).status).toBe('refunded');
    expect(await skuStock(s.id)).toBe(s.stock);
    expect((await account('shop', shopId)).pending).toBe(acc.pending - share(o.pay_amount));
    const [m] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.userId, memberId))
      .orderBy(sql`${messages.id} desc`)
      .limit(1);
    expect(m).toMatchObject({ title: '卖家已同意退款' });
    expect((await t.post('/order/refundCancel', { id: o.id }, member)).body.msg).toBe(ORDER_TEXTS.state);
    await ledgersMatch();
  });

  it('approve racing refuse: exactly one wins', async () => {
    for (let i = 0; i < 3; i++) {
      const { o } = await goodsOrder(5000);
      await payCoins(o.id);
      await t.post('/order/refund', { id: o.id, reason: '不想要了' }, member);
      const [a, r] = await Promise.all([
        t.post('/seller/order/refundAgree', { id: o.id }, owner),
        t.post('/seller/order/refundRefuse', { id: o.id, reason: '不同意退款' }, owner),
      ]);
      expect([a.body.code, r.body.code].filter((c) => c === 200)).toHaveLength(1);
      expect((await orderRow(o.id)).status).toBe(a.body.code === 200 ? 'refunded' : 'paid');
    }
    await ledgersMatch();
  });

  it('a course refund takes back access; a class refund gives the seat back', async () => {
    const c = await coachCourse();
    await t.db.delete(courseAccess).where(and(eq(courseAccess.userId, memberId), eq(courseAccess.courseId, c.id)));
    await t.db.delete(orders).where(and(eq(orders.userId, memberId), eq(orders.kind, 'course')));
    const o = (await t.post('/order/createCourse', { course_id: c.id }, member)).body.data;
    await payCoins(o.id);
    const sales = (await t.db.select().from(courses).where(eq(courses.id, c.id)))[0]!.sales;
    await t.post('/order/refund', { id: o.id, reason: '内容不适合' }, member);
    // The course belongs to the coach: the shop cannot decide it.
    expect((await t.post('/seller/order/refundAgree', { id: o.id }, owner)).body.code).toBe(404);
    expect((await t.post('/seller/order/refundAgree', { id: o.id }, coach)).body.code).toBe(200);
    expect(
      await t.db
        .select()
        .from(courseAccess)
        .where(and(eq(courseAccess.userId, memberId), eq(courseAccess.courseId, c.id))),
    ).toHaveLength(0);
    expect((await t.db.select().from(courses).where(eq(courses.id, c.id)))[0]!.sales).toBe(sales - 1);

    const [k] = await t.db
      .select()
      .from(classes)
      .where(
        and(eq(classes.coachId, coachId), eq(classes.status, 1), sql`${classes.price} > 0`, sql`${classes.enrolled} < ${classes.capacity}`),
      )
      .limit(1);
    const ko = (await t.post('/order/createClass', { class_id: k!.id }, member)).body.data;
    await payCoins(ko.id);
    const enrolled = (await t.db.select().from(classes).where(eq(classes.id, k!.id)))[0]!.enrolled;
    await t.post('/order/refund', { id: ko.id, reason: '时间冲突' }, member);
    expect((await t.post('/seller/order/refundAgree', { id: ko.id }, coach)).body.code).toBe(200);
    expect((await t.db.select().from(classes).where(eq(classes.id, k!.id)))[0]!.enrolled).toBe(enrolled - 1);
    await ledgersMatch();
  });

  it('a settled sale comes out of the balance, and is refused when the balance cannot cover it', async () => {
    const c = await coachCourse();
    await t.db.delete(courseAccess).where(and(eq(courseAccess.userId, memberId), eq(courseAccess.courseId, c.id)));
    await t.db.delete(orders).where(and(eq(orders.userId, memberId), eq(orders.kind, 'course')));
    const o = (await t.post('/order/createCourse', { course_id: c.id }, member)).body.data;
    await payCoins(o.id);
    await t.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - (SETTLE_DAYS + 1) * 86_400_000) })
      .where(eq(orders.id, o.id));
    await advanceOrders();
    // The operator reopens it for a refund (the member can no longer ask past the window).
    await t.db.update(orders).set({ status: 'refunding', refundFrom: 'completed' }).where(eq(orders.id, o.id));
    const acc = await account('coach', coachId);
    // Hold the whole balance (as a withdrawal would): nothing left to give back.
    await t.db.transaction((tx) =>
      moveSellerMoney(tx, acc.id, { balance: -acc.balance, frozen: acc.balance }, 'withdraw', { type: 'test', id: o.id }),
    );
    expect((await t.post('/seller/order/refundAgree', { id: o.id }, coach)).body.msg).toBe(INCOME_TEXTS.cannotCover);
    expect((await orderRow(o.id)).status).toBe('refunding');
    expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, o.id))).toHaveLength(0);
    await t.db.transaction((tx) =>
      moveSellerMoney(tx, acc.id, { balance: acc.balance, frozen: -acc.balance }, 'withdraw_back', { type: 'test', id: o.id }),
    );
    expect((await t.post('/seller/order/refundAgree', { id: o.id }, coach)).body.code).toBe(200);
    expect((await account('coach', coachId)).balance).toBe(acc.balance - share(o.pay_amount));
    await ledgersMatch();
  });

  it('approve (sandbox gateway): a signed refund notice completes it once; no coins move', async () => {
    const { o, s } = await goodsOrder(13_000);
    const started = (await t.post('/pay/order', { id: o.id, provider: 'sandbox' }, member)).body.data;
    expect((await t.post('/pay/sandbox/confirm', { pay_no: started.pay_no }, member)).body.data.status).toBe('paid');
    const acc = await account('shop', shopId);
    expect(acc.pending).toBeGreaterThanOrEqual(share(o.pay_amount));
    const c0 = await coins();
    await t.post('/order/refund', { id: o.id, reason: '质量问题' }, member);
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.post('/seller/order/refundAgree', { id: o.id }, owner)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.find((a) => a.body.code === 200)!.body.data).toEqual({ status: 'refunded' });
    expect((await orderRow(o.id)).status).toBe('refunded');
    expect(await coins()).toBe(c0);
    expect(await skuStock(s.id)).toBe(s.stock);
    const [r] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, o.id));
    expect(r).toMatchObject({ status: 'done', method: 'sandbox', amount: o.pay_amount });
    expect((await account('shop', shopId)).pending).toBe(acc.pending - share(o.pay_amount));
    // A replayed or forged refund notice changes nothing.
    const body = JSON.stringify({
      refund_no: r!.refundNo,
      pay_no: started.pay_no,
      refund_id: 'X',
      amount: o.pay_amount,
      refund_state: 'SUCCESS',
      refunded_at: '',
    });
    const post = (sig: string) =>
      t.app.request('/api/pay/refund-notify/sandbox', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sig },
        body,
      });
    expect((await post(signSandbox(body))).status).toBe(200);
    expect((await post('t=1,v1=' + '0'.repeat(64))).status).toBe(400);
    expect(await coins()).toBe(c0);
    expect((await account('shop', shopId)).pending).toBe(acc.pending - share(o.pay_amount));
    await ledgersMatch();
  });
});
