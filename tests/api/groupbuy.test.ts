import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  classes,
  coaches,
  coinLedger,
  courseAccess,
  courses,
  groupBuyGroups,
  groupBuys,
  messages,
  orders,
  promotionOrders,
  sellerLedger,
  users,
} from '~/server/db/schema';
import { changeCoins } from '~/server/ledger/coins';
import { failDueGroups } from '~/server/modules/groupbuy/fail.service';
import { hashPassword } from '~/server/security/password';
import { GROUP_BUY_TEXTS } from '~/lib/rules/groupbuy';
import { SHARE_COOKIE, commissionOf } from '~/lib/rules/promotion';
import { ORDER_TEXTS } from '~/server/modules/commerce/order-texts';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/* 拼团: slots under concurrency, forming once in the paying transaction, failing and refunding once. */

let t: TestApi;
let coach: string;
let coachId: number;
let seq = 0;
const deliver = (req: Request) => Promise.resolve(t.app.fetch(req));

beforeAll(async () => {
  t = await startApi();
  coach = await t.login(DEMO.coach);
  const [c] = await t.db
    .select({ id: coaches.id })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(eq(users.phone, DEMO.coach));
  coachId = c!.id;
});
afterAll(() => t.stop());

/** A fresh member with a pay password (205813) and `coins` 功夫币. */
async function member(coins = 0) {
  const phone = `1370000${String(1000 + seq++).slice(-4)}`;
  const [u] = await t.db
    .insert(users)
    .values({ phone, nickName: `团员${seq}`, passwordHash: await hashPassword('abc12345'), payPasswordHash: await hashPassword('205813') })
    .returning();
  if (coins) await t.db.transaction((tx) => changeCoins(tx, u!.id, coins, 'grant', { type: 'test', id: 0 }));
  return { id: u!.id, token: await t.login(phone, 'abc12345') };
}

async function ledgerAgrees(userId: number) {
  const w = await t.wallet(userId);
  expect(w.ledgerSum).toBe(w.coins);
  return w.coins;
}

/** Every seller account's columns equal the sums of its ledger. */
async function sellerLedgersAgree() {
  const rows = await t.db.execute<{ ok: boolean }>(sql`
    select (a.pending = coalesce(sum(l.pending_delta), 0) and a.balance = coalesce(sum(l.balance_delta), 0)
      and a.frozen = coalesce(sum(l.frozen_delta), 0) and a.withdrawn = coalesce(sum(l.withdrawn_delta), 0)) as ok
    from seller_accounts a left join seller_ledger l on l.account_id = a.id group by a.id`);
  for (const r of (rows as unknown as { rows?: { ok: boolean }[] }).rows ?? (rows as unknown as { ok: boolean }[])) expect(r.ok).toBe(true);
}

const ago = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const ahead = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

let nthCourse = 0;
/** A course of the demo coach priced `price` fen, with the coach's earlier campaigns stopped (one active per item). */
async function freshCourse(price = 5000) {
  await t.db.update(groupBuys).set({ status: 'stopped' }).where(eq(groupBuys.coachId, coachId));
  const list = await t.db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.coachId, coachId), eq(courses.status, 1)))
    .orderBy(asc(courses.id));
  const c = list[nthCourse++ % list.length]!;
  await t.db.update(courses).set({ price }).where(eq(courses.id, c.id));
  return c.id;
}

async function campaign(
  kind: 'course' | 'class',
  itemId: number,
  over: Partial<{ price: number; size: number; limit_hours: number }> = {},
) {
  const r = await t.post(
    '/seller/groupBuySave',
    { kind, item_id: itemId, price: 2000, size: 2, limit_hours: 24, starts_at: ago(1), ends_at: ahead(24 * 30), ...over },
    coach,
  );
  expect(r.body.msg).toBe(GROUP_BUY_TEXTS.saved);
  return r.body.data.id;
}

const group = async (id: number) => (await t.db.select().from(groupBuyGroups).where(eq(groupBuyGroups.id, id)))[0]!;
const orderOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const payCoins = (id: number, token: string) => t.post('/order/payCoins', { id, pay_password: '205813' }, token);
const owns = async (userId: number, courseId: number) =>
  (
    await t.db
      .select()
      .from(courseAccess)
      .where(and(eq(courseAccess.userId, userId), eq(courseAccess.courseId, courseId)))
  ).length > 0;
/** Moves a group's deadline into the past (the clock, without waiting). */
const expire = (id: number) =>
  t.db
    .update(groupBuyGroups)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(groupBuyGroups.id, id));

describe('seller campaigns', () => {
  it('validates, owns, locks once a group opened, and stops', { timeout: 120_000 }, async () => {
    const courseId = await freshCourse(5000);
    const tooHigh = await t.post(
      '/seller/groupBuySave',
      { kind: 'course', item_id: courseId, price: 5000, size: 3, limit_hours: 24, starts_at: ago(1), ends_at: ahead(48) },
      coach,
    );
    expect(tooHigh.body.msg).toBe(GROUP_BUY_TEXTS.priceTooHigh);
    const badSize = await t.post(
      '/seller/groupBuySave',
      { kind: 'course', item_id: courseId, price: 100, size: 11, limit_hours: 24, starts_at: ago(1), ends_at: ahead(48) },
      coach,
    );
    expect(badSize.body.code).toBe(100);
    // Another seller (the demo shop owner) cannot touch the coach's course or campaign.
    const shop = await t.login(DEMO.mechant);
    const foreign = await t.post(
      '/seller/groupBuySave',
      { kind: 'course', item_id: courseId, price: 100, size: 3, limit_hours: 24, starts_at: ago(1), ends_at: ahead(48) },
      shop,
    );
    expect(foreign.body.msg).toBe(GROUP_BUY_TEXTS.itemMissing);
    expect(
      (
        await t.post(
          '/seller/groupBuySave',
          { kind: 'course', item_id: courseId, price: 100, size: 3, limit_hours: 24, starts_at: ago(1), ends_at: ahead(48) },
          (await member()).token,
        )
      ).body.code,
    ).not.toBe(200);

    const id = await campaign('course', courseId, { size: 3 });
    const twice = await t.post(
      '/seller/groupBuySave',
      { kind: 'course', item_id: courseId, price: 1500, size: 3, limit_hours: 24, starts_at: ago(1), ends_at: ahead(48) },
      coach,
    );
    expect(twice.body.msg).toBe(GROUP_BUY_TEXTS.activeExists);
    const edited = await t.post(
      '/seller/groupBuySave',
      { id, kind: 'course', item_id: courseId, price: 1800, size: 3, limit_hours: 12, starts_at: ago(1), ends_at: ahead(48) },
      coach,
    );
    expect(edited.body.data).toMatchObject({ price: 1800, limit_hours: 12, editable: 1, state: 'running' });
    expect((await t.post('/seller/groupBuyStop', { id }, shop)).body.code).toBe(404);

    const a = await member(100);
    // The panel tells the item's seller, and only them, that the group buy is not theirs to join.
    const panel = (token?: string) => t.post('/public/groupBuy', { kind: 'course', id: courseId }, token);
    expect([(await panel(coach)).body.data.own, (await panel(a.token)).body.data.own, (await panel()).body.data.own]).toEqual([1, 0, 0]);
    expect((await t.post('/member/groupBuyOpen', { campaign_id: id }, coach)).body.msg).toBe(GROUP_BUY_TEXTS.ownItem);
    const opened = await t.post('/member/groupBuyOpen', { campaign_id: id }, a.token);
    expect(opened.body.data.pay_amount).toBe(1800);
    const locked = await t.post(
      '/seller/groupBuySave',
      { id, kind: 'course', item_id: courseId, price: 1000, size: 3, limit_hours: 12, starts_at: ago(1), ends_at: ahead(48) },
      coach,
    );
    expect(locked.body.msg).toBe(GROUP_BUY_TEXTS.locked);

    expect((await t.post('/seller/groupBuyStop', { id }, coach)).body.data.state).toBe('stopped');
    // Stopped: no new group, but the open one can still be joined until its deadline.
    expect((await t.post('/member/groupBuyOpen', { campaign_id: id }, (await member()).token)).body.msg).toBe(GROUP_BUY_TEXTS.notRunning);
    const b = await t.post('/member/groupBuyJoin', { group_id: opened.body.data.group_id }, (await member()).token);
    expect(b.body.code).toBe(200);
    const list = await t.post('/seller/groupBuyList', {}, coach);
    expect(list.body.data.list.find((c) => c.id === id)).toMatchObject({ opened: 1, editable: 0, state: 'stopped' });
  });
});

describe('joining', () => {
  it('ten members race for the last slot: the group never exceeds its size', { timeout: 240_000 }, async () => {
    const courseId = await freshCourse(5000);
    const id = await campaign('course', courseId, { size: 3 });
    const leader = await member(100);
    const opened = (await t.post('/member/groupBuyOpen', { campaign_id: id }, leader.token)).body.data;
    const one = await member(100);
    expect((await t.post('/member/groupBuyJoin', { group_id: opened.group_id }, one.token)).body.code).toBe(200);
    const ten = await Promise.all(Array.from({ length: 10 }, () => member(100)));
    const answers = await Promise.all(ten.map((m) => t.post('/member/groupBuyJoin', { group_id: opened.group_id }, m.token)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 200).every((a) => a.body.msg === GROUP_BUY_TEXTS.groupFull)).toBe(true);
    const g = await group(opened.group_id);
    expect(g).toMatchObject({ reserved: 3, paid: 0, status: 'open' });
    const live = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.groupId, g.id), eq(orders.status, 'unpaid')));
    expect(live[0]!.n).toBe(3);

    // The same member cannot join twice (their unpaid order is pointed to); a closed order frees its slot.
    const again = await t.post('/member/groupBuyJoin', { group_id: g.id }, one.token);
    expect(again.body.msg).toBe(ORDER_TEXTS.courseUnpaid);
    const winner = ten[answers.findIndex((a) => a.body.code === 200)]!;
    const winnerOrder = answers.find((a) => a.body.code === 200)!.body.data.id;
    expect((await t.post('/order/cancel', { id: winnerOrder }, winner.token)).body.code).toBe(200);
    expect((await group(g.id)).reserved).toBe(2);
    // A member who already owns the course cannot join.
    const owner = await member(100);
    await t.db.insert(courseAccess).values({ userId: owner.id, courseId, orderId: 0 });
    expect((await t.post('/member/groupBuyJoin', { group_id: g.id }, owner.token)).body.msg).toBe(ORDER_TEXTS.owned);
  });
});

describe('forming', () => {
  it('access waits for the last payment; concurrent last payments form the group exactly once', { timeout: 120_000 }, async () => {
    const courseId = await freshCourse(5000);
    const id = await campaign('course', courseId, { size: 3, price: 2000 });
    const [a, b, c] = [await member(100), await member(100), await member(100)];
    const oa = (await t.post('/member/groupBuyOpen', { campaign_id: id }, a.token)).body.data;
    const ob = (await t.post('/member/groupBuyJoin', { group_id: oa.group_id }, b.token)).body.data;
    const oc = (await t.post('/member/groupBuyJoin', { group_id: oa.group_id }, c.token)).body.data;
    expect((await payCoins(oa.id, a.token)).body.code).toBe(200);
    // Paid, but the group is not full: no access, no refund request, not settled.
    expect(await owns(a.id, courseId)).toBe(false);
    expect((await orderOf(oa.id)).onHold).toBe(true);
    expect((await t.post('/order/refund', { id: oa.id, reason: '不想拼了' }, a.token)).body.msg).toBe(ORDER_TEXTS.groupPending);
    const shown = await t.post('/public/groupBuy', { kind: 'course', id: courseId });
    expect(shown.body.data.groups.find((g) => g.id === oa.group_id)).toMatchObject({ paid: 1, left: 2, free_slots: 0 });

    const [pb, pc] = await Promise.all([payCoins(ob.id, b.token), payCoins(oc.id, c.token)]);
    expect([pb.body.code, pc.body.code]).toEqual([200, 200]);
    const g = await group(oa.group_id);
    expect(g).toMatchObject({ status: 'formed', paid: 3, reserved: 3 });
    for (const m of [a, b, c]) {
      expect(await owns(m.id, courseId)).toBe(true);
      expect(await ledgerAgrees(m.id)).toBe(80);
    }
    for (const o of [oa, ob, oc]) expect((await orderOf(o.id)).onHold).toBe(false);
    // One sale per member, counted once.
    const [course] = await t.db.select({ sales: courses.sales }).from(courses).where(eq(courses.id, courseId));
    expect(course!.sales).toBeGreaterThanOrEqual(3);
    const told = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.userId, a.id), eq(messages.title, GROUP_BUY_TEXTS.formedNotice)));
    expect(told).toHaveLength(1);
    // A failing run afterwards finds nothing to do for a formed group.
    await expire(g.id);
    await failDueGroups(deliver);
    expect((await group(g.id)).status).toBe('formed');
    expect(await owns(a.id, courseId)).toBe(true);
    await sellerLedgersAgree();
    const mine = await t.post('/member/groupBuyMine', {}, a.token);
    expect(mine.body.data.list[0]).toMatchObject({ order_id: oa.id, group: { status: 'formed', left: 0 } });
  });

  it('a class seat is taken on joining, within the class capacity', { timeout: 120_000 }, async () => {
    const [k] = await t.db
      .select()
      .from(classes)
      .where(and(eq(classes.coachId, coachId), eq(classes.status, 1)))
      .orderBy(asc(classes.id))
      .limit(1);
    await t.db
      .update(classes)
      .set({ price: 3000, capacity: k!.enrolled + 1, enrolEndsAt: null })
      .where(eq(classes.id, k!.id));
    const id = await campaign('class', k!.id, { price: 1000, size: 2 });
    const [a, b] = [await member(100), await member(100)];
    const oa = (await t.post('/member/groupBuyOpen', { campaign_id: id }, a.token)).body.data;
    // The last seat went to the opener: the joiner is refused before any slot is taken.
    const joined = await t.post('/member/groupBuyJoin', { group_id: oa.group_id }, b.token);
    expect(joined.body.msg).toBe(ORDER_TEXTS.seats);
    expect((await group(oa.group_id)).reserved).toBe(1);
    await t.db
      .update(classes)
      .set({ capacity: k!.enrolled + 2 })
      .where(eq(classes.id, k!.id));
    const ob = (await t.post('/member/groupBuyJoin', { group_id: oa.group_id }, b.token)).body.data;
    expect((await payCoins(oa.id, a.token)).body.code).toBe(200);
    // Paid but not formed: not yet in 我的班级.
    expect((await t.post('/member/myClass', {}, a.token)).body.data.list.some((x) => x.id === k!.id)).toBe(false);
    expect((await payCoins(ob.id, b.token)).body.code).toBe(200);
    expect((await t.post('/member/myClass', {}, a.token)).body.data.list.some((x) => x.id === k!.id)).toBe(true);
    const [after] = await t.db.select().from(classes).where(eq(classes.id, k!.id));
    expect(after!.enrolled).toBe(k!.enrolled + 2);
  });
});

describe('failing', () => {
  it('refunds every paid member once (coins and gateway), closes the unpaid, even run twice at once', { timeout: 180_000 }, async () => {
    const courseId = await freshCourse(5000);
    const id = await campaign('course', courseId, { size: 4, price: 2000 });
    const [a, b, c] = [await member(100), await member(0), await member(100)];
    const oa = (await t.post('/member/groupBuyOpen', { campaign_id: id }, a.token)).body.data;
    // b comes through a 分销 link: the join is credited to the sharer at the group price, pending.
    expect((await t.post('/seller/promotion/rateSave', { kind: 'course', item_id: courseId, rate_bp: 1000 }, coach)).body.code).toBe(200);
    const sharer = await member();
    const code = (await t.post('/member/promotion/link', { kind: 'course', id: courseId }, sharer.token)).body.data.code;
    const landed = await t.post('/public/promotion/click', { code, kind: 'course', id: courseId }, undefined, {
      'x-forwarded-for': '198.51.100.7',
    });
    const cookie = new RegExp(`${SHARE_COOKIE}=[^;]+`).exec(landed.headers.get('set-cookie') ?? '')![0];
    const ob = (await t.post('/member/groupBuyJoin', { group_id: oa.group_id }, b.token, { Cookie: cookie })).body.data;
    const promo = async () => (await t.db.select().from(promotionOrders).where(eq(promotionOrders.orderId, ob.id)))[0];
    expect(await promo()).toMatchObject({ sharerId: sharer.id, commission: commissionOf(2000, 1000), status: 'pending' });
    const oc = (await t.post('/member/groupBuyJoin', { group_id: oa.group_id }, c.token)).body.data;
    expect((await payCoins(oa.id, a.token)).body.code).toBe(200);
    // b pays through the (sandbox) gateway.
    const started = await t.post('/pay/order', { id: ob.id, provider: 'sandbox' }, b.token);
    expect((await t.post('/pay/sandbox/confirm', { pay_no: started.body.data.pay_no }, b.token)).body.data.status).toBe('paid');
    // c starts a gateway payment but its money only arrives after the group failed.
    const late = await t.post('/pay/order', { id: oc.id, provider: 'sandbox' }, c.token);
    expect((await group(oa.group_id)).paid).toBe(2);
    await sellerLedgersAgree();

    await expire(oa.group_id);
    // A coin payment after the deadline is refused (nothing charged) even before the job ran.
    expect((await payCoins(oc.id, c.token)).body.msg).toBe(ORDER_TEXTS.groupFailed);
    expect(await ledgerAgrees(c.id)).toBe(100);

    const runs = await Promise.all([failDueGroups(deliver), failDueGroups(deliver)]);
    expect(runs.reduce((n, x) => n + x, 0)).toBeGreaterThanOrEqual(4);
    await failDueGroups(deliver);
    expect(await group(oa.group_id)).toMatchObject({ status: 'failed' });
    expect((await orderOf(oa.id)).status).toBe('refunded');
    expect((await orderOf(ob.id)).status).toBe('refunded');
    expect((await orderOf(oc.id)).status).toBe('closed');
    expect(await ledgerAgrees(a.id)).toBe(100);
    const refunds = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(coinLedger)
      .where(and(eq(coinLedger.reason, 'refund'), eq(coinLedger.userId, a.id)));
    expect(refunds[0]!.n).toBe(1);
    expect(await owns(a.id, courseId)).toBe(false);
    // The gateway refund went back through the gateway, not as coins.
    expect(await ledgerAgrees(b.id)).toBe(0);
    // The sharer's pending commission lapsed with the refund; no commission money moved.
    expect(await promo()).toMatchObject({ status: 'cancelled', settled: 0 });
    const shares = await t.db
      .select()
      .from(sellerLedger)
      .where(and(eq(sellerLedger.refType, 'order'), eq(sellerLedger.refId, ob.id), sql`${sellerLedger.reason} like 'share%'`));
    expect(shares).toEqual([]);
    // Each refunded member is told once, in the group's words, with where the money went.
    const told = async (userId: number) => t.db.select().from(messages).where(eq(messages.userId, userId));
    const [ta, tb] = [await told(a.id), await told(b.id)];
    expect([ta.map((m) => m.title), tb.map((m) => m.title)]).toEqual([[GROUP_BUY_TEXTS.failedNotice], [GROUP_BUY_TEXTS.failedNotice]]);
    expect(ta[0]!.content).toContain('功夫币已退回');
    expect(tb[0]!.content).toContain('已原路退回');

    // c's money arrives after the failure: credited back as coins (commerce's creditBack), once.
    const done = await t.post('/pay/sandbox/confirm', { pay_no: late.body.data.pay_no }, c.token);
    expect(done.body.data.status).toBe('paid');
    expect(await ledgerAgrees(c.id)).toBe(120);
    expect((await orderOf(oc.id)).status).toBe('closed');
    await sellerLedgersAgree();

    // The failed group is no longer joinable; the members may open a new one.
    expect((await t.post('/member/groupBuyJoin', { group_id: oa.group_id }, (await member(100)).token)).body.msg).toBe(
      GROUP_BUY_TEXTS.groupClosed,
    );
    expect((await t.post('/member/groupBuyOpen', { campaign_id: id }, a.token)).body.code).toBe(200);
    const mine = await t.post('/member/groupBuyMine', {}, b.token);
    expect(mine.body.data.list[0]).toMatchObject({ order_id: ob.id, order_status: 'refunded', group: { status: 'failed' } });
  });

  it(
    'a last-second payment racing the failing job: either the group forms or the payment is refused, never both',
    { timeout: 180_000 },
    async () => {
      for (let round = 0; round < 3; round++) {
        const courseId = await freshCourse(5000);
        const id = await campaign('course', courseId, { size: 2, price: 2000 });
        const [a, b] = [await member(100), await member(100)];
        const oa = (await t.post('/member/groupBuyOpen', { campaign_id: id }, a.token)).body.data;
        const ob = (await t.post('/member/groupBuyJoin', { group_id: oa.group_id }, b.token)).body.data;
        expect((await payCoins(oa.id, a.token)).body.code).toBe(200);
        // The job runs with its clock past the deadline while the payment, inside it, is under way.
        await t.db
          .update(groupBuyGroups)
          .set({ expiresAt: new Date(Date.now() + 60_000) })
          .where(eq(groupBuyGroups.id, oa.group_id));
        const pay = payCoins(ob.id, b.token);
        const job = failDueGroups(deliver, new Date(Date.now() + 120_000));
        const [paid] = await Promise.all([pay, job]);
        await failDueGroups(deliver, new Date(Date.now() + 120_000));
        const g = await group(oa.group_id);
        if (g.status === 'formed') {
          expect(paid.body.code).toBe(200);
          expect(await owns(a.id, courseId)).toBe(true);
          expect(await owns(b.id, courseId)).toBe(true);
          expect(await ledgerAgrees(a.id)).toBe(80);
          expect(await ledgerAgrees(b.id)).toBe(80);
        } else {
          expect(g.status).toBe('failed');
          expect(await owns(a.id, courseId)).toBe(false);
          expect(await ledgerAgrees(a.id)).toBe(100);
          // b either was refused (nothing charged) or paid first and was refunded: 100 either way.
          expect(await ledgerAgrees(b.id)).toBe(100);
          expect(['closed', 'refunded']).toContain((await orderOf(ob.id)).status);
        }
        await t.db.update(groupBuys).set({ status: 'stopped' }).where(eq(groupBuys.id, id));
      }
      await sellerLedgersAgree();
    },
  );
});
