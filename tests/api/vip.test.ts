import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { courses, goods, lessons, messages, orders, skus, users, vipGrants, vipMembers, vipPlans } from '~/server/db/schema';
import { changeCoins } from '~/server/ledger/coins';
import { signSandbox, SANDBOX_SIGNATURE_HEADER } from '~/server/providers/pay/sandbox';
import { remindExpiring } from '~/server/modules/vip/remind.job';
import { hashPassword } from '~/server/security/password';
import { VIP_TEXTS } from '~/lib/rules/vip';
import { startApi, type TestApi } from '../helpers/api';

/* VIP membership: plans priced in the console, bought through the one order and payment code, extended once per paid order. */

const DAY = 86_400_000;
let t: TestApi;
let month: { id: number; days: number };
let year: { id: number; days: number };
let vipCourse: number;
let vipLesson: number;
let seq = 0;

beforeAll(async () => {
  t = await startApi();
  const plans = await t.db.select().from(vipPlans).orderBy(asc(vipPlans.sort));
  month = plans.find((p) => p.code === 'month')!;
  year = plans.find((p) => p.code === 'year')!;
  // The seed marks one priced course of the demo coach VIP免费 (src/server/seed/vip.ts).
  const [c] = await t.db.select().from(courses).where(eq(courses.vipFree, true)).limit(1);
  vipCourse = c!.id;
  const [l] = await t.db
    .select()
    .from(lessons)
    .where(and(eq(lessons.courseId, vipCourse), eq(lessons.isFree, false)))
    .limit(1);
  vipLesson = l!.id;
});
afterAll(() => t.stop());
afterEach(() => {
  vi.useRealTimers();
});

/** A fresh member with a pay password (205813) and `coins` 功夫币. */
async function member(coins = 0) {
  const phone = `1370000${String(1000 + seq++).slice(-4)}`;
  const [u] = await t.db
    .insert(users)
    .values({ phone, nickName: `会员${seq}`, passwordHash: await hashPassword('abc12345'), payPasswordHash: await hashPassword('205813') })
    .returning();
  if (coins) await t.db.transaction((tx) => changeCoins(tx, u!.id, coins, 'grant', { type: 'test', id: 0 }));
  return { id: u!.id, phone, token: await t.login(phone, 'abc12345') };
}

async function ledgerAgrees(userId: number) {
  const w = await t.wallet(userId);
  expect(w.ledgerSum).toBe(w.coins);
  return w.coins;
}

const membership = async (userId: number) => (await t.db.select().from(vipMembers).where(eq(vipMembers.userId, userId)))[0];
const grants = async (userId: number) => t.db.select().from(vipGrants).where(eq(vipGrants.userId, userId));

async function buy(token: string, planId: number) {
  const r = await t.post('/member/vipBuy', { plan_id: planId }, token);
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data;
}

const payCoins = (token: string, id: number) => t.post('/order/payCoins', { id, pay_password: '205813' }, token);

function sandboxNotice(payNo: string, amount: number) {
  const raw = JSON.stringify({ pay_no: payNo, txn_id: `SBX-${payNo}`, amount, trade_state: 'SUCCESS', paid_at: new Date().toISOString() });
  return t.app.request('/api/pay/notify/sandbox', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandbox(raw) },
    body: raw,
  });
}

describe('plans in the console', () => {
  it('finance sets a price and puts a plan on sale; the public list follows; other roles are refused', async () => {
    const finance = t.asStaff(await t.staffCookie('finance'));
    const saved = await finance('/admin/vipPlanSave', { id: month.id, price: 1990, enabled: 1 });
    expect(saved.body.msg).toBe(VIP_TEXTS.saved);
    expect(saved.body.data).toMatchObject({ id: month.id, price: 1990, enabled: 1 });
    expect((await finance('/admin/vipPlans')).body.data.list.find((p) => p.id === month.id)?.price).toBe(1990);
    expect((await t.post('/public/vipPlans')).body.data.find((p) => p.id === month.id)?.price).toBe(1990);

    const content = t.asStaff(await t.staffCookie('content'));
    expect((await content('/admin/vipPlanSave', { id: month.id, price: 1, enabled: 1 })).body.code).toBe(403);
    expect((await finance('/admin/vipPlanSave', { id: month.id, price: 0, enabled: 1 })).body.msg).toBe('价格至少 0.01 元');

    // Off sale: gone from the public list and refused at checkout.
    await finance('/admin/vipPlanSave', { id: year.id, price: 16800, enabled: 0 });
    expect((await t.post('/public/vipPlans')).body.data.map((p) => p.id)).not.toContain(year.id);
    const m = await member();
    expect((await t.post('/member/vipBuy', { plan_id: year.id }, m.token)).body.msg).toBe(VIP_TEXTS.planOff);
    await finance('/admin/vipPlanSave', { id: year.id, price: 16800, enabled: 1 });
  });
});

describe('buying and paying', () => {
  it('coins: paid once extends once; renewal extends from the current end; the ledger equals the balance', async () => {
    const m = await member(100);
    const before = Date.now();
    const o = await buy(m.token, month.id);
    expect(o.pay_amount).toBe(1990);
    // One unpaid VIP order at a time: the second points to the first.
    const again = await t.post('/member/vipBuy', { plan_id: month.id }, m.token);
    expect(again.body.msg).toBe(VIP_TEXTS.unpaid);
    expect(again.body.data).toEqual({ order_id: o.id });

    expect((await payCoins(m.token, o.id)).body.code).toBe(200);
    expect((await payCoins(m.token, o.id)).body.code).not.toBe(200);
    const s = (await t.post('/member/vip', {}, m.token)).body.data;
    expect(s.active).toBe(1);
    const end1 = Date.parse(s.ends_at!);
    expect(end1 - before).toBeGreaterThanOrEqual(month.days * DAY);
    expect(end1 - Date.now()).toBeLessThanOrEqual(month.days * DAY);
    expect(await grants(m.id)).toHaveLength(1);

    const renew = await buy(m.token, month.id);
    expect((await payCoins(m.token, renew.id)).body.code).toBe(200);
    const end2 = (await membership(m.id))!.endsAt.getTime();
    expect(end2 - end1).toBe(month.days * DAY);
    expect(await ledgerAgrees(m.id)).toBe(100 - 2 * 20); // 19.90 yuan → 20 coins each
    const history = (await t.post('/member/vipHistory', { page: 1, limit: 10 }, m.token)).body.data;
    expect(history.total).toBe(2);
    expect(history.list[0]).toMatchObject({ order_id: renew.id, days: month.days, starts_at: new Date(end1).toISOString() });
  });

  it('a replayed gateway notice extends nothing', async () => {
    const m = await member();
    const o = await buy(m.token, year.id);
    const started = (await t.post('/pay/order', { id: o.id, provider: 'sandbox' }, m.token)).body.data;
    expect((await t.post('/pay/sandbox/confirm', { pay_no: started.pay_no }, m.token)).body.code).toBe(200);
    const end = (await membership(m.id))!.endsAt.getTime();
    expect((await sandboxNotice(started.pay_no, o.pay_amount)).status).toBe(200);
    expect((await sandboxNotice(started.pay_no, o.pay_amount)).status).toBe(200);
    expect((await membership(m.id))!.endsAt.getTime()).toBe(end);
    expect(await grants(m.id)).toHaveLength(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row!.status).toBe('paid');
  });

  it('concurrent: five payments of one order and five checkouts leave one extension and one charge', { timeout: 60_000 }, async () => {
    const m = await member(1000);
    const o = await buy(m.token, month.id);
    const paid = await Promise.all(Array.from({ length: 5 }, () => payCoins(m.token, o.id)));
    expect(paid.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(await grants(m.id)).toHaveLength(1);
    expect(await ledgerAgrees(m.id)).toBe(1000 - 20);

    const racing = await Promise.all(Array.from({ length: 5 }, () => t.post('/member/vipBuy', { plan_id: month.id }, m.token)));
    expect(racing.filter((a) => a.body.code === 200)).toHaveLength(1);
    const open = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, m.id), eq(orders.kind, 'vip'), eq(orders.status, 'unpaid')));
    expect(open).toHaveLength(1);
  });

  it('a VIP order cannot be refunded', async () => {
    const m = await member(100);
    const o = await buy(m.token, month.id);
    await payCoins(m.token, o.id);
    expect((await t.post('/order/detail', { id: o.id }, m.token)).body.data.can_refund).toBe(0);
    const r = await t.post('/order/refund', { id: o.id, reason: '不想要了' }, m.token);
    expect(r.body.msg).toBe(VIP_TEXTS.noRefund);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row!.status).toBe('paid');
  });
});

describe('VIP免费 courses', () => {
  it('a member watches every lesson while the membership lasts, and not after its end time', async () => {
    const m = await member(100);
    const detail = async (token: string) => (await t.post('/course/detail', { id: vipCourse }, token)).body.data;
    const progress = (token: string) => t.post('/course/progress', { lesson_id: vipLesson, position: 1, ranges: [] }, token);
    const d0 = await detail(m.token);
    expect(d0.vip_free).toBe(1);
    expect(d0.can_watch_all).toBe(0);
    expect((await progress(m.token)).body.code).not.toBe(200);

    const o = await buy(m.token, month.id);
    await payCoins(m.token, o.id);
    const d1 = await detail(m.token);
    expect(d1.can_watch_all).toBe(1);
    expect(d1.lessons.every((l) => l.video !== '')).toBe(true);
    expect((await progress(m.token)).body.code).toBe(200);

    // Move the clock past the end: access ends by itself, no job involved.
    const end = (await membership(m.id))!.endsAt.getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(end + 60_000);
    const later = await t.login(m.phone, 'abc12345');
    expect((await detail(later)).can_watch_all).toBe(0);
    expect((await progress(later)).body.code).not.toBe(200);
    expect((await t.post('/member/vip', {}, later)).body.data.active).toBe(0);

    // Renewing after the lapse starts from now, not from the old end.
    const again = await buy(later, month.id);
    expect((await payCoins(later, again.id)).body.code).toBe(200);
    expect((await membership(m.id))!.endsAt.getTime()).toBe(end + 60_000 + month.days * DAY);
    expect((await detail(later)).can_watch_all).toBe(1);
  });

  it('the owner marks a paid course VIP免费 in the course editor', async () => {
    const coach = await t.login('13800000002');
    const info = (await t.post('/coach/courseInfo', { id: vipCourse }, coach)).body.data;
    expect(info.vip_free).toBe(1);
    const body = {
      id: info.id,
      title: info.title,
      cover: info.cover,
      label_ids: info.label_ids,
      level: '入门' as const,
      price: info.price,
    };
    expect((await t.post('/coach/courseSave', { ...body, vip_free: 0 }, coach)).body.code).toBe(200);
    expect((await t.post('/coach/courseInfo', { id: vipCourse }, coach)).body.data.vip_free).toBe(0);
    expect((await t.post('/coach/courseSave', { ...body, vip_free: 1 }, coach)).body.code).toBe(200);
    expect((await t.post('/course/detail', { id: vipCourse })).body.data.vip_free).toBe(1);
  });
});

describe('会员价 on goods', () => {
  it('an active VIP pays the SKU 会员价: the preview equals the order; others pay the price', async () => {
    const [s] = await t.db
      .select({ sku: skus })
      .from(skus)
      .innerJoin(goods, eq(goods.id, skus.goodsId))
      .where(and(eq(goods.status, 1), gt(skus.stock, 10), gt(skus.price, 1000)))
      .orderBy(asc(skus.id))
      .limit(1);
    const sku = s!.sku;
    const vipPrice = sku.price - 500;
    await t.db.update(skus).set({ vipPrice }).where(eq(skus.id, sku.id));
    const shown = (await t.post('/goods/detail', { id: sku.goodsId })).body.data.skus.find((k) => k.id === sku.id);
    expect(shown?.vip_price).toBe(vipPrice);

    const plain = await member();
    const vip = await member(100);
    const o = await buy(vip.token, month.id);
    await payCoins(vip.token, o.id);
    const address = { name: '王五', phone: '13912345678', province: '广东省', city: '佛山市', district: '禅城区', detail: '祖庙路 21 号' };
    const items = [{ sku_id: sku.id, num: 2 }];

    for (const [who, unit] of [
      [vip, vipPrice],
      [plain, sku.price],
    ] as const) {
      const addressId = (await t.post('/member/addressSave', address, who.token)).body.data.id;
      const p = (await t.post('/order/previewGoods', { items, coupon_id: 0 }, who.token)).body.data;
      expect(p.items[0]).toMatchObject({ price: unit, member_price: unit === vipPrice ? 1 : 0 });
      const c = await t.post('/order/createGoods', { items, address_id: addressId }, who.token);
      expect(c.body.code).toBe(200);
      expect(c.body.data.pay_amount).toBe(p.pay_amount);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, c.body.data.id));
      expect(row!.itemsTotal).toBe(unit * 2);
    }
  });
});

describe('renewal reminders', () => {
  it('one notice per membership period, however often or concurrently the job runs', async () => {
    const m = await member(100);
    const o = await buy(m.token, month.id);
    await payCoins(m.token, o.id);
    const reminders = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(messages)
          .where(and(eq(messages.userId, m.id), eq(messages.title, VIP_TEXTS.remindTitle)))
      )[0]!.n;
    const end = (await membership(m.id))!.endsAt.getTime();

    await remindExpiring(new Date(end - 4 * DAY));
    expect(await reminders()).toBe(0);
    const twoDaysBefore = new Date(end - 2 * DAY);
    const sent = await Promise.all([remindExpiring(twoDaysBefore), remindExpiring(twoDaysBefore), remindExpiring(twoDaysBefore)]);
    expect(await reminders()).toBe(1);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await remindExpiring(new Date(end - DAY));
    expect(await reminders()).toBe(1);

    // Renewed: the new period is reminded again when its own end comes near.
    const renew = await buy(m.token, month.id);
    await payCoins(m.token, renew.id);
    const end2 = (await membership(m.id))!.endsAt.getTime();
    await remindExpiring(new Date(end2 - 2 * DAY));
    await remindExpiring(new Date(end2 - 2 * DAY));
    expect(await reminders()).toBe(2);
    // Past the end nothing more is sent.
    await remindExpiring(new Date(end2 + DAY));
    expect(await reminders()).toBe(2);
  });
});
