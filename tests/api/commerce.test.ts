import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { goods, lessonProgress, lessons, orders, skus, users, wallets } from '~/server/db/schema';
import { hashPassword } from '~/server/security/password';
import { changeCoins } from '~/server/ledger/coins';
import { closeExpiredOrders, freightFor } from '~/server/modules/commerce/order.service';
import { ORDER_TEXTS } from '~/server/modules/commerce/order-texts';
import { DEMO, startApi, type TestApi } from '../helpers/api';
import { fullClass } from '../helpers/orders';

let t: TestApi;
let member: string;
let memberId: number;
let addressId: number;
/** The member's first (so default) address, used by every order below. */
const FIRST_ADDRESS = {
  name: '张三',
  phone: '13912345678',
  province: '北京市',
  city: '市辖区',
  district: '海淀区',
  detail: '中关村大街1号',
};

beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
  const [u] = await t.db.select().from(users).where(eq(users.phone, DEMO.member));
  memberId = u!.id;
  await t.db
    .update(users)
    .set({ payPasswordHash: await hashPassword('205813') })
    .where(eq(users.id, memberId));
  // Start from an empty wallet: the seed's welcome coins would hide overdrafts.
  const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, memberId));
  if (w?.coins) await t.db.transaction((tx) => changeCoins(tx, memberId, -w.coins, 'pay', { type: 'test', id: 0 }));
  const a = await t.post('/member/addressSave', FIRST_ADDRESS, member);
  addressId = a.body.data.id;
});
afterAll(() => t.stop());

/** SKUs handed out so far: each experiment gets the next one, so no two share stock. */
let skusTaken = 0;

/** A SKU of goods on sale (a different one each call, in id order) set to `stock` for a clean experiment. */
async function skuWithStock(stock: number) {
  const [row] = await t.db
    .select({ s: skus })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(eq(goods.status, 1))
    .orderBy(asc(skus.id))
    .limit(1)
    .offset(skusTaken++);
  const s = row!.s;
  await t.db.update(skus).set({ stock }).where(eq(skus.id, s.id));
  return s;
}

async function grant(userId: number, coins: number) {
  await t.db.transaction((tx) => changeCoins(tx, userId, coins, 'grant', { type: 'test', id: 0 }));
}

async function ledgerMatches(userId: number) {
  const w = await t.wallet(userId);
  expect(w.ledgerSum).toBe(w.coins);
  return w.coins;
}

describe('addresses', () => {
  it('validates, keeps one default and stays private', async () => {
    expect(
      (
        await t.post(
          '/member/addressSave',
          { name: '李四', phone: '123', province: '北京市', city: '市辖区', district: '朝阳区', detail: '建国路88号' },
          member,
        )
      ).body.msg,
    ).toBe('请填写正确的手机号');
    expect(
      (
        await t.rawPost(
          '/member/addressSave',
          { name: '李四', phone: '13912345679', city: '北京市', district: '朝阳区', detail: '建国路88号' },
          member,
        )
      ).body.msg,
    ).toBe('请选择省份');
    const second = await t.post(
      '/member/addressSave',
      {
        name: '李四',
        phone: '13912345679',
        province: '北京市',
        city: '市辖区',
        district: '朝阳区',
        detail: '建国路88号',
        is_default: true,
      },
      member,
    );
    const list = (await t.post('/member/addressList', {}, member)).body.data;
    expect(list.filter((a: { is_default: number }) => a.is_default)).toHaveLength(1);
    expect(list[0]!.id).toBe(second.body.data.id);
    const coach = await t.login(DEMO.coach);
    expect((await t.post('/member/addressDelete', { id: second.body.data.id }, coach)).body).toMatchObject({ code: 404 });
    expect((await t.post('/member/addressList', {}, coach)).body.data).toHaveLength(0);
  });
});

describe('address flags and regions', () => {
  const home = { name: '赵六', phone: '13912345670', province: '北京市', city: '市辖区', district: '东城区', detail: '王府井大街 1 号' };

  it('reads is_default "false" as false and "true" as true; anything else is refused', async () => {
    const off = await t.post('/member/addressSave', { ...home, is_default: 'false' }, member);
    expect(off.body).toMatchObject({ code: 200, data: { is_default: 0 } });
    const on = await t.post('/member/addressSave', { ...home, id: off.body.data.id, is_default: 'true' }, member);
    expect(on.body).toMatchObject({ code: 200, data: { is_default: 1 } });
    const zero = await t.post('/member/addressSave', { ...home, id: off.body.data.id, is_default: 0 }, member);
    expect(zero.body.data.is_default).toBe(0);
    expect((await t.rawPost('/member/addressSave', { ...home, is_default: 'no' }, member)).body.code).toBe(100);
    await t.post('/member/addressDelete', { id: off.body.data.id }, member);
    // Give the first address its default back.
    expect((await t.post('/member/addressSave', { ...FIRST_ADDRESS, id: addressId, is_default: 1 }, member)).body.data.is_default).toBe(1);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'refuses %s as a province, city or district (no lookup on the prototype)',
    async (name) => {
      for (const field of ['province', 'city', 'district'] as const) {
        const res = await t.post('/member/addressSave', { ...home, [field]: name }, member);
        expect(res.status, field).toBe(200);
        expect(res.body, field).toMatchObject({ code: 100, msg: '请选择正确的省市区' });
      }
    },
  );
});

describe('lesson progress flags', () => {
  it('accepts the old ended flag in either form, and it never finishes a lesson on its own', async () => {
    const [free] = await t.db.select().from(lessons).where(eq(lessons.isFree, true)).orderBy(asc(lessons.id)).limit(1);
    expect(free!.durationS).toBeGreaterThan(0);
    const notYet = await t.post('/course/progress', { lesson_id: free!.id, position: 0, ended: 'false' }, member);
    expect(notYet.body).toMatchObject({ code: 200, data: { lesson_id: free!.id, finished: 0 } });
    const claimed = await t.post('/course/progress', { lesson_id: free!.id, position: free!.durationS, ended: 'true' }, member);
    expect(claimed.body.data.finished).toBe(0);
    // Played for real: the reports were a minute apart (the server caps new ranges by the wall time between them).
    await t.db
      .update(lessonProgress)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(lessonProgress.lessonId, free!.id));
    const played = await t.post('/course/progress', { lesson_id: free!.id, position: 0, ranges: [[0, free!.durationS]] }, member);
    expect(played.body.data.finished).toBe(1);
  });
});

describe('goods orders', () => {
  it('takes stock, and cancelling gives it back', async () => {
    const s = await skuWithStock(5);
    const res = await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 2 }], address_id: addressId }, member);
    expect(res.body).toMatchObject({ code: 200, data: { pay_amount: s.price * 2 + freightFor(s.price * 2) } });
    expect((await t.db.select().from(skus).where(eq(skus.id, s.id)))[0]!.stock).toBe(3);
    expect((await t.post('/order/cancel', { id: res.body.data.id }, member)).body.code).toBe(200);
    expect((await t.db.select().from(skus).where(eq(skus.id, s.id)))[0]!.stock).toBe(5);
    expect((await t.post('/order/cancel', { id: res.body.data.id }, member)).body.msg).toBe(ORDER_TEXTS.state);
  });

  it('refuses more than the stock and another member’s address', async () => {
    const s = await skuWithStock(1);
    expect((await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 2 }], address_id: addressId }, member)).body.msg).toMatch(
      /库存不足/,
    );
    const coach = await t.login(DEMO.coach);
    expect((await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId }, coach)).body.msg).toBe(
      ORDER_TEXTS.address,
    );
  });

  it('closes unpaid orders after their time and returns the stock', async () => {
    const s = await skuWithStock(4);
    const res = await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 4 }], address_id: addressId }, member);
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, res.body.data.id));
    expect(await closeExpiredOrders()).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(orders).where(eq(orders.id, res.body.data.id)))[0]!.status).toBe('closed');
    expect((await t.db.select().from(skus).where(eq(skus.id, s.id)))[0]!.stock).toBe(4);
  });

  it('200 simultaneous checkouts of a SKU with stock 10: exactly 10 orders, all 10 paid, stock 0', async () => {
    const s = await skuWithStock(10);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId }, member)),
    );
    const made = results.filter((r) => r.body.code === 200);
    expect(made).toHaveLength(10);
    expect(results.filter((r) => r.body.code !== 200).every((r) => /库存不足/.test(r.body.msg))).toBe(true);
    expect((await t.db.select().from(skus).where(eq(skus.id, s.id)))[0]!.stock).toBe(0);
    await grant(
      memberId,
      made.reduce((n, r) => n + Math.ceil(r.body.data.pay_amount / 100), 0),
    );
    // All ten paid at once: payments in flight together are not wrong passwords.
    const paid = await Promise.all(made.map((r) => t.post('/order/payCoins', { id: r.body.data.id, pay_password: '205813' }, member)));
    expect(paid.map((r) => r.body.code)).toEqual(made.map(() => 200));
    expect(await ledgerMatches(memberId)).toBe(0);
  });
});

describe('paying with coins', () => {
  it('needs the pay password and limits wrong attempts', async () => {
    const s = await skuWithStock(3);
    const o = (await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId }, member)).body.data;
    expect((await t.post('/order/payCoins', { id: o.id, pay_password: '000000' }, member)).body.msg).toBe(ORDER_TEXTS.payPwWrong);
    const coach = await t.login(DEMO.coach);
    expect((await t.post('/order/payCoins', { id: o.id, pay_password: '205813' }, coach)).body.msg).toBe(ORDER_TEXTS.payPwUnset);
  });

  it('refuses an overdraft and pays once; the ledger sums to the balance', async () => {
    const s = await skuWithStock(3);
    const o = (await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId }, member)).body.data;
    expect((await t.post('/order/payCoins', { id: o.id, pay_password: '205813' }, member)).body.msg).toBe('功夫币余额不足');
    await grant(memberId, Math.ceil(o.pay_amount / 100));
    const paid = await t.post('/order/payCoins', { id: o.id, pay_password: '205813' }, member);
    expect(paid.body).toMatchObject({ code: 200, data: { status: 'paid', balance: 0 } });
    expect((await t.post('/order/payCoins', { id: o.id, pay_password: '205813' }, member)).body.msg).toBe(ORDER_TEXTS.state);
    expect((await t.post('/order/cancel', { id: o.id }, member)).body.msg).toBe(ORDER_TEXTS.state);
    expect(await ledgerMatches(memberId)).toBe(0);
    expect((await t.post('/member/coinLedger', {}, member)).body.data.list[0]).toMatchObject({ reason: 'pay', balance_after: 0 });
  });

  it('100 simultaneous debits against a balance that covers 7: exactly 7 go through, never below zero', async () => {
    await grant(memberId, 7 * 30);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => t.db.transaction((tx) => changeCoins(tx, memberId, -30, 'pay', { type: 'test', id: i }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    expect(await ledgerMatches(memberId)).toBe(0);
  });

  it('simultaneous payments of one order charge it once', async () => {
    const s = await skuWithStock(3);
    const o = (await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: addressId }, member)).body.data;
    await grant(memberId, Math.ceil(o.pay_amount / 100) * 3);
    const before = (await t.wallet(memberId)).coins;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.post('/order/payCoins', { id: o.id, pay_password: '205813' }, member)),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect((await t.wallet(memberId)).coins).toBe(before - Math.ceil(o.pay_amount / 100));
    await ledgerMatches(memberId);
  });

  it('a paid course unlocks every lesson', async () => {
    const course = (await t.post('/public/courseList', { price: 'paid', limit: 1 })).body.data.list[0];
    const o = (await t.post('/order/createCourse', { course_id: course!.id }, member)).body.data;
    await grant(memberId, Math.ceil(o.pay_amount / 100));
    expect((await t.post('/order/payCoins', { id: o.id, pay_password: '205813' }, member)).body.code).toBe(200);
    const d = (await t.post('/course/detail', { id: course!.id }, member)).body.data;
    expect(d.can_watch_all).toBe(1);
    for (const l of d.lessons) expect(l.video).toBeTruthy();
    expect((await t.post('/order/createCourse', { course_id: course!.id }, member)).body.msg).toBe(ORDER_TEXTS.owned);
  });

  it('a class order takes a seat; a full class refuses', async () => {
    const full = await fullClass(t);
    expect((await t.post('/order/createClass', { class_id: full }, member)).body.msg).toBe(ORDER_TEXTS.seats);
    const open = (await t.post('/class/list', { limit: 50 })).body.data.list.find((k: { seats_left: number }) => k.seats_left > 0);
    const o = await t.post('/order/createClass', { class_id: open!.id }, member);
    expect(o.body.code).toBe(200);
    expect((await t.post('/class/detail', { id: open!.id })).body.data.seats_left).toBe(open!.seats_left - 1);
    await t.post('/order/cancel', { id: o.body.data.id }, member);
    expect((await t.post('/class/detail', { id: open!.id })).body.data.seats_left).toBe(open!.seats_left);
  });
});

describe('pay-password guard', () => {
  it('a burst of guesses gets five checks at most: the right password at the end is refused', async () => {
    // A member of its own: the lock this test causes must not reach the other tests.
    const [u] = await t.db
      .insert(users)
      .values({
        phone: '13700000088',
        nickName: '爆破测试',
        passwordHash: await hashPassword('abc12345'),
        payPasswordHash: await hashPassword('205813'),
      })
      .returning();
    const token = await t.login('13700000088', 'abc12345');
    const address = (await t.post('/member/addressSave', FIRST_ADDRESS, token)).body.data.id;
    const s = await skuWithStock(3);
    const o = (await t.post('/order/createGoods', { items: [{ sku_id: s.id, num: 1 }], address_id: address }, token)).body.data;
    await grant(u!.id, Math.ceil(o.pay_amount / 100));
    const guesses = [...Array.from({ length: 39 }, (_, i) => String(300000 + i)), '205813'];
    const burst = await Promise.all(guesses.map((pay_password) => t.post('/order/payCoins', { id: o.id, pay_password }, token)));
    expect(burst.filter((r) => r.body.code === 200)).toHaveLength(0);
    expect(burst.filter((r) => r.body.msg === ORDER_TEXTS.payPwWrong)).toHaveLength(4);
    expect(burst.filter((r) => r.body.code === 429)).toHaveLength(36);
    expect((await t.post('/order/payCoins', { id: o.id, pay_password: '205813' }, token)).body.code).toBe(429);
    expect((await t.db.select().from(orders).where(eq(orders.id, o.id)))[0]?.status).toBe('unpaid');
  });
});
