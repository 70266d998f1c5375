import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { goods, orders, shops, skus, users } from '~/server/db/schema';
import { DEMO_PAY_PASSWORD } from '~/server/seed/commerce';
import { ORDER_TEXTS } from '~/server/modules/commerce/order-texts';
import { BUSY_TEXT } from '~/server/security/limiter';
import * as password from '~/server/security/password';
import { DEMO, startApi, type TestApi } from '../helpers/api';

// Every password comparison is counted (the real one still runs), to see how many a burst gets.
vi.mock('~/server/security/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/server/security/password')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const verify = vi.mocked(password.verifyPassword);

/**
 * The pay-password guard counts wrong passwords only: payments of one member in flight together
 * are not failures, while a burst of wrong guesses is still checked five times at most.
 */
let t: TestApi;
let member: string;
let memberId: number;
let payHash: string;
let addressId: number;
let skuId: number;

beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
  const [u] = await t.db.select().from(users).where(eq(users.phone, DEMO.member));
  memberId = u!.id;
  payHash = u!.payPasswordHash!;
  const a = await t.post(
    '/member/addressSave',
    { name: '王五', phone: '13912345678', province: '广东省', city: '佛山市', district: '禅城区', detail: '祖庙路 21 号' },
    member,
  );
  addressId = a.body.data.id;
  const [row] = await t.db
    .select({ id: skus.id })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .innerJoin(shops, eq(shops.id, goods.shopId))
    .innerJoin(users, eq(users.id, shops.userId))
    .where(and(eq(users.phone, DEMO.mechant), eq(goods.status, 1)))
    .orderBy(asc(skus.id))
    .limit(1);
  skuId = row!.id;
  await t.db.update(skus).set({ stock: 100, price: 100 }).where(eq(skus.id, skuId));
});
afterAll(() => t.stop());

/** `n` unpaid goods orders of the demo member. */
async function unpaidOrders(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const o = await t.post('/order/createGoods', { items: [{ sku_id: skuId, num: 1 }], address_id: addressId }, member);
    expect(o.body.code).toBe(200);
    ids.push(o.body.data.id);
  }
  return ids;
}

/** How many comparisons against the member's pay password were made. */
const payChecks = () => verify.mock.calls.filter(([, stored]) => stored === payHash).length;

describe('pay password guard', () => {
  it('ten coin payments at once with the right password all go through', async () => {
    const ids = await unpaidOrders(10);
    const paid = await Promise.all(ids.map((id) => t.post('/order/payCoins', { id: id!, pay_password: DEMO_PAY_PASSWORD }, member)));
    expect(paid.every((r) => r.body.code === 200)).toBe(true);
    const rows = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.userId, memberId));
    expect(rows.filter((r) => r.status === 'paid').length).toBeGreaterThanOrEqual(10);
    const w = await t.wallet(memberId);
    expect(w.ledgerSum).toBe(w.coins);
  });

  it('a wrong password among them is one failure, not a lockout of the rest', async () => {
    const ids = await unpaidOrders(8);
    const answers = await Promise.all(
      ids.map((id, i) => t.post('/order/payCoins', { id: id!, pay_password: i === 3 ? '000000' : DEMO_PAY_PASSWORD }, member)),
    );
    expect(answers.filter((r) => r.body.code === 200)).toHaveLength(7);
    expect(answers[3]!.body).toMatchObject({ code: 100, msg: ORDER_TEXTS.payPwWrong });
  });

  it('a burst of wrong guesses is checked five times at most, then even the right password is refused', async () => {
    const [id] = await unpaidOrders(1);
    verify.mockClear();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.post('/order/payCoins', { id: id!, pay_password: String(200000 + i) }, member)),
    );
    // On a loaded box a guess may wait past the guard's bound and come back 系统繁忙 unchecked; it is
    // tried again alone below. Never more than five checks, and the fifth wrong one locks.
    const wrong = burst.filter((r) => r.body.code === 100 && r.body.msg === ORDER_TEXTS.payPwWrong).length;
    const locked = burst.filter((r) => r.body.code === 429 && r.body.msg === ORDER_TEXTS.payPwLocked('15 分钟')).length;
    const busy = burst.filter((r) => r.body.code === 429 && r.body.msg === BUSY_TEXT).length;
    expect(wrong + locked + busy).toBe(12);
    expect(payChecks()).toBe(locked > 0 ? 5 : wrong);
    for (let i = payChecks(); i < 5; i++) {
      const again = await t.post('/order/payCoins', { id: id!, pay_password: String(300000 + i) }, member);
      expect(again.body.code).toBe(i < 4 ? 100 : 429);
    }
    expect(payChecks()).toBe(5);
    const right = await t.post('/order/payCoins', { id: id!, pay_password: DEMO_PAY_PASSWORD }, member);
    expect(right.body).toMatchObject({ code: 429, msg: ORDER_TEXTS.payPwLocked('15 分钟') });
    expect(payChecks()).toBe(5);
  });
});
