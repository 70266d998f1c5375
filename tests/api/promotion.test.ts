import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, gt, like, sql } from 'drizzle-orm';
import {
  classes,
  coaches,
  courseAccess,
  courses,
  messages,
  goods,
  orders,
  promotionClicks,
  promotionOrders,
  sellerAccounts,
  sellerLedger,
  shops,
  users,
} from '~/server/db/schema';
import { luhnValid } from '~/lib/rules/bank';
import { CLICK_LIMIT, PROMOTION_TEXTS, SHARE_COOKIE, commissionOf, type ShareKind } from '~/lib/rules/promotion';
import { SETTLE_DAYS, settleDueItemOrders } from '~/server/modules/commerce/order-lifecycle.service';
import { hashPassword } from '~/server/security/password';
import { DEMO_PAY_PASSWORD } from '~/server/seed/commerce';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * 分销: a landing through a share link, the order it credits, the commission settled once out of
 * the seller's balance, reversed once on a refund, and the limits the seller's rates must keep.
 */

let t: TestApi;
let buyer: string; // DEMO.member: coins and a pay password from the seed
let sharer: string; // DEMO.provider, a plain member identity
let other: string; // the shop owner, a second sharer
let coach: string;
let buyerId: number;
let sharerId: number;
let otherId: number;
let coachId: number;
let finance: string;

const RATE = 1000; // 10 %

beforeAll(async () => {
  t = await startApi();
  [buyer, sharer, other, coach] = await Promise.all([
    t.login(DEMO.member),
    t.login(DEMO.provider),
    t.login(DEMO.mechant),
    t.login(DEMO.coach),
  ]);
  const id = async (phone: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
  [buyerId, sharerId, otherId] = await Promise.all([id(DEMO.member), id(DEMO.provider), id(DEMO.mechant)]);
  coachId = (
    await t.db
      .select({ id: coaches.id })
      .from(coaches)
      .where(eq(coaches.userId, await id(DEMO.coach)))
  )[0]!.id;
  finance = await t.staffCookie('finance');
});
afterAll(() => t.stop());

let used = 0;
/** The next paid course of the demo coach (round the list), with the buyer holding neither it nor an order for it, at 10 %. */
async function course() {
  const list = await t.db
    .select()
    .from(courses)
    .where(and(eq(courses.coachId, coachId), eq(courses.status, 1), gt(courses.price, 0)))
    .orderBy(asc(courses.id));
  const c = list[used++ % list.length];
  if (!c) throw new Error('the seed has no paid course of the demo coach');
  await t.db.delete(courseAccess).where(and(eq(courseAccess.userId, buyerId), eq(courseAccess.courseId, c.id)));
  await t.db.execute(
    sql`delete from orders where user_id = ${buyerId} and id in (select order_id from order_items where course_id = ${c.id})`,
  );
  const r = await t.post('/seller/promotion/rateSave', { kind: 'course', item_id: c.id, rate_bp: RATE }, coach);
  expect(r.body.code).toBe(200);
  return c;
}

/** A landing through `token`'s share link for a course; answers the browser's attribution cookie. */
async function land(code: string, courseId: number, cookie = '', token?: string): Promise<string> {
  const r = await t.post('/public/promotion/click', { code, kind: 'course', id: courseId }, token, cookie ? { Cookie: cookie } : {});
  expect(r.body.code).toBe(200);
  const set = r.headers.get('set-cookie') ?? '';
  const m = new RegExp(`${SHARE_COOKIE}=([^;]+)`).exec(set);
  return m ? `${SHARE_COOKIE}=${m[1]}` : cookie;
}

const codeOf = async (token: string, courseId: number) =>
  (await t.post('/member/promotion/link', { kind: 'course', id: courseId }, token)).body.data.code;

async function buy(courseId: number, cookie: string) {
  const o = await t.post('/order/createCourse', { course_id: courseId }, buyer, cookie ? { Cookie: cookie } : {});
  expect(o.body.code).toBe(200);
  const p = await t.post('/order/payCoins', { id: o.body.data.id, pay_password: DEMO_PAY_PASSWORD }, buyer);
  expect(p.body.code).toBe(200);
  return o.body.data;
}

const promo = async (orderId: number) => (await t.db.select().from(promotionOrders).where(eq(promotionOrders.orderId, orderId)))[0];
const memberAccount = async (userId: number) =>
  (
    await t.db
      .select()
      .from(sellerAccounts)
      .where(and(eq(sellerAccounts.ownerKind, 'member'), eq(sellerAccounts.ownerId, userId)))
  )[0] ?? { id: 0, balance: 0, pending: 0 };
const coachAccount = async () =>
  (
    await t.db
      .select()
      .from(sellerAccounts)
      .where(and(eq(sellerAccounts.ownerKind, 'coach'), eq(sellerAccounts.ownerId, coachId)))
  )[0]!;
const rows = (orderId: number, reason: string) =>
  t.db
    .select()
    .from(sellerLedger)
    .where(and(eq(sellerLedger.refType, 'order'), eq(sellerLedger.refId, orderId), eq(sellerLedger.reason, reason)));

/** Every account's columns equal the sums of its ledger rows. */
async function ledgersMatch() {
  const bad = await t.db.execute(sql`
    select a.id from seller_accounts a left join seller_ledger l on l.account_id = a.id group by a.id
    having a.pending <> coalesce(sum(l.pending_delta), 0) or a.balance <> coalesce(sum(l.balance_delta), 0)
      or a.frozen <> coalesce(sum(l.frozen_delta), 0) or a.withdrawn <> coalesce(sum(l.withdrawn_delta), 0)`);
  expect(bad.rows).toEqual([]);
}

/** Moves the order past its refund window and runs the settling job twice at once, then once more. */
async function settle(orderId: number) {
  await t.db
    .update(orders)
    .set({ paidAt: new Date(Date.now() - (SETTLE_DAYS + 1) * 86_400_000) })
    .where(eq(orders.id, orderId));
  await Promise.all([settleDueItemOrders(), settleDueItemOrders()]);
  await settleDueItemOrders();
  expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('completed');
}

describe('share, buy, settle, refund', () => {
  let orderId = 0;
  let commission = 0;

  it('a purchase through the link is credited once when the order settles, out of the seller balance', async () => {
    const c = await course();
    const link = (await t.post('/member/promotion/link', { kind: 'course', id: c.id }, sharer)).body.data;
    expect(link.url).toBe(`/train/courseDetail?id=${c.id}&share=${link.code}`);
    expect(link).toMatchObject({ rate_bp: RATE, commission: commissionOf(c.price, RATE), window_days: 7 });
    // The code is the member's, stable, and not the id.
    expect(await codeOf(sharer, c.id)).toBe(link.code);
    expect(link.code).not.toContain(String(sharerId));

    const cookie = await land(link.code, c.id);
    expect(cookie).toMatch(new RegExp(`^${SHARE_COOKIE}=`));
    const o = await buy(c.id, cookie);
    commission = commissionOf(o.pay_amount, RATE);
    orderId = o.id;
    expect(await promo(o.id)).toMatchObject({ sharerId, commission, status: 'pending' });
    expect((await memberAccount(sharerId)).balance).toBe(0);

    const before = await coachAccount();
    await settle(o.id);
    expect(await promo(o.id)).toMatchObject({ status: 'settled', settled: commission });
    expect((await memberAccount(sharerId)).balance).toBe(commission);
    expect(await rows(o.id, 'share')).toHaveLength(1);
    expect(await rows(o.id, 'share_paid')).toHaveLength(1);
    // Settled twice at once, told once: the amount and the item.
    const told = await t.db
      .select()
      .from(messages)
      .where(
        and(eq(messages.userId, sharerId), eq(messages.title, PROMOTION_TEXTS.settledTitle), like(messages.content, `%${o.order_no}%`)),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain(`¥${(commission / 100).toFixed(2)}`);
    expect(told[0]!.content).toContain(c.title);
    const sale = (await rows(o.id, 'sale'))[0]!.pendingDelta;
    // The seller's balance gained its share less the commission.
    expect((await coachAccount()).balance).toBe(before.balance + sale - commission);

    const s = (await t.post('/member/promotion/summary', {}, sharer)).body.data;
    expect(s).toMatchObject({ clicks: 1, orders: 1, pending: 0, settled: commission, reversed: 0, balance: commission });
    const list = (await t.post('/member/promotion/orders', {}, sharer)).body.data;
    expect(list.list[0]).toMatchObject({ order_no: o.order_no, commission, status: 'settled', status_text: '已结算' });
    expect(list.list[0]!.buyer).toMatch(/\*\*\*$/);
    const links = (await t.post('/member/promotion/links', {}, sharer)).body.data;
    expect(links.list[0]).toMatchObject({ kind: 'course', item_id: c.id, clicks: 1 });
    // The commission account is the member's finance, with its ledger.
    const fin = (await t.post('/member/promotion/finance', {}, sharer)).body.data;
    expect(fin).toMatchObject({ owner_kind: 'member', balance: commission });
    const ledger = (await t.post('/member/promotion/ledger', {}, sharer)).body.data;
    expect(ledger.list[0]).toMatchObject({ reason: 'share', balance_delta: commission });
    await ledgersMatch();
  });

  it('a refund after settling takes the commission back once and returns it to the seller', async () => {
    await t.db.update(orders).set({ status: 'refunding', refundFrom: 'completed' }).where(eq(orders.id, orderId));
    const before = await coachAccount();
    const answers = await Promise.all([1, 2, 3].map(() => t.post('/seller/order/refundAgree', { id: orderId }, coach)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(await promo(orderId)).toMatchObject({ status: 'reversed', reversed: commission });
    expect((await memberAccount(sharerId)).balance).toBe(0);
    expect(await rows(orderId, 'share_back')).toHaveLength(2);
    const sale = (await rows(orderId, 'sale'))[0]!.pendingDelta;
    expect((await coachAccount()).balance).toBe(before.balance + commission - sale);
    const s = (await t.post('/member/promotion/summary', {}, sharer)).body.data;
    expect(s).toMatchObject({ settled: 0, reversed: commission, balance: 0 });
    expect((await t.post('/member/promotion/orders', {}, sharer)).body.data.list[0]).toMatchObject({ status: 'reversed' });
    await ledgersMatch();
  });

  it('a refund before settling lets the commission lapse without moving money', async () => {
    const c = await course();
    const o = await buy(c.id, await land(await codeOf(sharer, c.id), c.id));
    expect(await promo(o.id)).toMatchObject({ status: 'pending' });
    await t.post('/order/refund', { id: o.id, reason: '不想学了' }, buyer);
    expect((await t.post('/seller/order/refundAgree', { id: o.id }, coach)).body.code).toBe(200);
    expect(await promo(o.id)).toMatchObject({ status: 'cancelled', settled: 0 });
    await settleDueItemOrders();
    expect(await rows(o.id, 'share')).toHaveLength(0);
    await ledgersMatch();
  });
});

describe('attribution', () => {
  it('credits nobody for a purchase through the buyer’s own link', async () => {
    const c = await course();
    const own = await codeOf(buyer, c.id);
    // Signed in: the sharer's own landing is not even recorded.
    expect((await t.post('/public/promotion/click', { code: own, kind: 'course', id: c.id }, buyer)).body.data.recorded).toBe(false);
    // Signed out first, then buying: still no commission.
    const o = await buy(c.id, await land(own, c.id));
    expect(await promo(o.id)).toBeUndefined();
  });

  it('credits nobody once the attribution window has passed', async () => {
    const c = await course();
    const cookie = await land(await codeOf(sharer, c.id), c.id);
    await t.db
      .update(promotionClicks)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(promotionClicks.visitor, cookie.split('=')[1]!));
    const o = await buy(c.id, cookie);
    expect(await promo(o.id)).toBeUndefined();
  });

  it('credits the last click: a later landing through another member’s link wins', async () => {
    const c = await course();
    const first = await land(await codeOf(sharer, c.id), c.id);
    const second = await land(await codeOf(other, c.id), c.id, first);
    expect(second).toBe(first);
    const o = await buy(c.id, second);
    expect(await promo(o.id)).toMatchObject({ sharerId: otherId });
  });

  it('follows the signed-in member without the cookie (another device)', async () => {
    const c = await course();
    await land(await codeOf(sharer, c.id), c.id, '', buyer);
    const o = await buy(c.id, '');
    expect(await promo(o.id)).toMatchObject({ sharerId });
  });

  it('records nothing for an unknown code, and refuses a malformed one', async () => {
    const c = await course();
    expect((await t.post('/public/promotion/click', { code: 'NoSuchCode', kind: 'course', id: c.id })).body.data.recorded).toBe(false);
    expect((await t.rawPost('/public/promotion/click', { code: 'x', kind: 'course', id: c.id })).body.code).toBe(100);
  });
});

describe('rates and limits', () => {
  it('refuses a seller rate outside the operator limits, and follows the limits the console sets', async () => {
    const c = await course();
    const save = (rate_bp: number, kind: 'course' | 'all' = 'course') =>
      t.post('/seller/promotion/rateSave', { kind, item_id: kind === 'all' ? 0 : c.id, rate_bp }, coach);
    expect((await save(50)).body.msg).toBe(PROMOTION_TEXTS.rateRange(100, 3000));
    expect((await save(3001)).body.code).toBe(100);
    expect((await save(3000)).body.code).toBe(200);

    const as = t.asStaff(finance);
    expect((await as('/admin/promotion/settingsSave', { min_bp: 500, max_bp: 200, window_days: 7 })).body.msg).toBe(
      PROMOTION_TEXTS.limitsOrder,
    );
    expect((await as('/admin/promotion/settingsSave', { min_bp: 200, max_bp: 1500, window_days: 10 })).body.code).toBe(200);
    expect((await as('/admin/promotion/settings')).body.data).toEqual({ min_bp: 200, max_bp: 1500, window_days: 10 });
    expect((await save(1600)).body.msg).toBe(PROMOTION_TEXTS.rateRange(200, 1500));
    // The 30 % set before is held to the new maximum.
    expect((await t.post('/member/promotion/link', { kind: 'course', id: c.id }, sharer)).body.data.rate_bp).toBe(1500);
    expect((await save(800, 'all')).body.code).toBe(200);
    expect((await t.post('/seller/promotion/settings', {}, coach)).body.data).toMatchObject({ default_bp: 800, min_bp: 200, max_bp: 1500 });
    // Cleared, the item falls back to the seller's default.
    expect((await save(0)).body.code).toBe(200);
    expect((await t.post('/member/promotion/link', { kind: 'course', id: c.id }, sharer)).body.data.rate_bp).toBe(800);
    await as('/admin/promotion/settingsSave', { min_bp: 100, max_bp: 3000, window_days: 7 });
  });

  it('lets a seller set rates on its own items only', async () => {
    const c = await course();
    expect((await t.post('/seller/promotion/rateSave', { kind: 'course', item_id: c.id, rate_bp: 500 }, other)).body.code).toBe(404);
    expect((await t.post('/seller/promotion/rateSave', { kind: 'course', item_id: c.id, rate_bp: 500 }, buyer)).body.code).toBe(403);
    const items = (await t.post('/seller/promotion/items', { kind: 'course', limit: 50 }, coach)).body.data;
    expect(items.list.find((i) => i.item_id === c.id)?.rate_bp).toBe(RATE);
  });

  it('lists a seller its own items of a kind, newest first and paged, and none of a kind it does not sell', async () => {
    const items = async (kind: ShareKind, token: string, page = 1, limit = 50) =>
      (await t.post('/seller/promotion/items', { kind, page, limit }, token)).body.data;
    const [shop] = await t.db.select({ id: shops.id }).from(shops).where(eq(shops.userId, otherId));
    const goodsIds = (await t.db.select({ id: goods.id }).from(goods).where(eq(goods.shopId, shop!.id)).orderBy(desc(goods.id))).map(
      (g) => g.id,
    );
    const classIds = (
      await t.db.select({ id: classes.id }).from(classes).where(eq(classes.coachId, coachId)).orderBy(desc(classes.id))
    ).map((k) => k.id);
    expect(goodsIds.length).toBeGreaterThan(1);
    expect(classIds.length).toBeGreaterThan(0);
    const shopGoods = await items('goods', other);
    expect(shopGoods.total).toBe(goodsIds.length);
    expect(shopGoods.list.map((i) => i.item_id)).toEqual(goodsIds.slice(0, 50));
    expect((await items('goods', other, 2, 1)).list.map((i) => i.item_id)).toEqual([goodsIds[1]]);
    const coachClasses = await items('class', coach);
    expect(coachClasses.total).toBe(classIds.length);
    expect(coachClasses.list.map((i) => i.item_id)).toEqual(classIds.slice(0, 50));
    // A coach sells no goods and a shop no classes.
    expect(await items('goods', coach)).toMatchObject({ list: [], total: 0 });
    expect(await items('class', other)).toMatchObject({ list: [], total: 0 });
  });
});

describe('withdrawing commission', () => {
  it('goes through the seller withdrawal flow on the member account, behind the pay password', async () => {
    await t.db
      .update(users)
      .set({ payPasswordHash: await hashPassword('654321') })
      .where(eq(users.id, sharerId));
    // Earn enough to pass the minimum: a few settled sales through the link.
    while ((await memberAccount(sharerId)).balance < 1000) {
      const c = await course();
      const o = await buy(c.id, await land(await codeOf(sharer, c.id), c.id));
      await settle(o.id);
    }
    await t.skipCooldown(DEMO.provider);
    expect((await t.sendCode('', 'bank_card', sharer)).body.code).toBe(200);
    const yzm = await t.lastCode(DEMO.provider);
    let no = '';
    for (let d = 0; d <= 9 && !no; d++) if (luhnValid(`622202123456789012${d}`)) no = `622202123456789012${d}`;
    const card = await t.post('/member/promotion/bankCardAdd', { holder_name: '华武', bank_code: 'ICBC', card_no: no, yzm }, sharer);
    expect(card.body.code).toBe(200);
    const bal = (await memberAccount(sharerId)).balance;
    const wrong = await t.post('/member/promotion/withdraw', { card_id: card.body.data.id, amount: 1000, pay_password: '000000' }, sharer);
    expect(wrong.body.code).toBe(100);
    const w = await t.post('/member/promotion/withdraw', { card_id: card.body.data.id, amount: 1000, pay_password: '654321' }, sharer);
    expect(w.body.code).toBe(200);
    expect(await memberAccount(sharerId)).toMatchObject({ balance: bal - 1000, frozen: 1000 });
    expect((await t.post('/member/promotion/withdrawals', {}, sharer)).body.data.total).toBe(1);
    await ledgersMatch();
  });
});

describe('click budget', () => {
  it('refuses an address past its budget, records nothing more, and leaves other addresses alone', async () => {
    const c = await course();
    const code = await codeOf(sharer, c.id);
    const click = (ip: string) =>
      t.post('/public/promotion/click', { code, kind: 'course', id: c.id }, undefined, { 'x-forwarded-for': ip });
    const clicks = async () =>
      (await t.db.select({ n: count() }).from(promotionClicks).where(eq(promotionClicks.sharerId, sharerId)))[0]!.n;
    const before = await clicks();
    // Each call is a new visitor (no cookie), so each within the budget is recorded.
    for (let i = 0; i < CLICK_LIMIT.points; i++) expect((await click('203.0.113.7')).body.data.recorded).toBe(true);
    const over = await click('203.0.113.7');
    expect(over.body).toMatchObject({ code: 429, msg: PROMOTION_TEXTS.clickTooFast });
    expect(over.headers.get('set-cookie')).toBeNull();
    expect(await clicks()).toBe(before + CLICK_LIMIT.points);
    expect((await click('203.0.113.8')).body.data.recorded).toBe(true);
  });
});
