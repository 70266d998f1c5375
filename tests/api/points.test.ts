import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gte } from 'drizzle-orm';
import {
  addresses,
  coaches,
  couponTemplates,
  courses,
  orders,
  pointsItems,
  pointsLedger,
  skus,
  userCoupons,
  users,
} from '~/server/db/schema';
import { settleDueItemOrders } from '~/server/modules/commerce/order-lifecycle.service';
import { expirePoints, ledgerMismatches } from '~/server/modules/points/history.service';
import { signIn } from '~/server/modules/points/signin.service';
import { insertCourseOrder } from '../helpers/orders';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * 签到 and 积分: once a day, a shop that never oversells or overdraws, a course discount for one course,
 * first purchase once and taken back once on a refund, yearly expiry once.
 */

let t: TestApi;
let seq = 0;
const freshPhone = () => `158${String(Date.now() % 1e5).padStart(5, '0')}${String(seq++).padStart(3, '0')}`;
let finance: ReturnType<TestApi['asStaff']>;
let shopTemplate: number;
let courseTemplate: number;
/** Two paid courses on sale (the course discount's course, and another), and the demo coach with a course of theirs. */
let courseX: typeof courses.$inferSelect;
let courseY: typeof courses.$inferSelect;
let coach: { token: string; coachId: number; courseId: number };

/** A 课程可用 template for any course (¥5 off from ¥10), made in the console. */
async function courseCouponTemplate() {
  const day = 86_400_000;
  const res = await finance('/admin/couponSave', {
    title: `课程券${seq++}`,
    amount: 500,
    threshold: 1000,
    scope: 'course',
    valid_days: 30,
    starts_at: new Date(Date.now() - day).toISOString(),
    ends_at: new Date(Date.now() + 30 * day).toISOString(),
    total: 100,
    per_user: 5,
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id as number;
}

beforeAll(async () => {
  t = await startApi();
  finance = t.asStaff(await t.staffCookie('finance'));
  shopTemplate = (await t.db.select().from(couponTemplates).where(eq(couponTemplates.scope, 'goods')).limit(1))[0]!.id;
  courseTemplate = await courseCouponTemplate();
  const paid = await t.db
    .select()
    .from(courses)
    .where(and(eq(courses.status, 1), gte(courses.price, 1000)))
    .orderBy(asc(courses.id))
    .limit(2);
  [courseX, courseY] = [paid[0]!, paid[1]!];
  const [c] = await t.db
    .select({ coachId: coaches.id, courseId: courses.id })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .innerJoin(courses, eq(courses.coachId, coaches.id))
    .where(eq(users.phone, DEMO.coach))
    .limit(1);
  coach = { token: await t.login(DEMO.coach), ...c! };
});
afterAll(() => t.stop());

async function member() {
  const phone = freshPhone();
  await t.sendCode(phone, 'register');
  const res = await t.post('/register', { phone, yzm: await t.lastCode(phone), password: 'abc12345', passwords: 'abc12345' });
  expect(res.body.code).toBe(200);
  return { id: res.body.data.user_id as number, token: res.body.data.token as string };
}

/** Points earned the way members earn them: a sign-in on each of `days` consecutive days from `from`. */
async function signInDays(userId: number, from: string, days: number) {
  for (let i = 0; i < days; i++) await signIn(userId, new Date(Date.parse(`${from}T09:00:00+08:00`) + i * 86_400_000));
}

const balance = async (token: string) => (await t.post('/member/points', {}, token)).body.data.balance;

async function item(body: { kind: 'coupon' | 'course' | 'goods'; points: number; stock: number; per_member: number; sku_id?: number }) {
  const res = await finance('/admin/points/itemSave', {
    title: `测试${seq++}`,
    ...(body.kind === 'goods' ? {} : { coupon_template_id: body.kind === 'course' ? courseTemplate : shopTemplate }),
    ...(body.kind === 'course' ? { course_id: courseX.id } : {}),
    ...body,
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id;
}

describe('sign-in', () => {
  it('gives points once a day however many sign-ins arrive at once', async () => {
    const m = await member();
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.post('/member/points/signin', {}, m.token)));
    expect(answers.map((a) => a.body.code).sort()).toEqual([100, 100, 100, 200]);
    expect(answers.filter((a) => a.body.code === 100).map((a) => a.body.msg)).toEqual(['今天已签到', '今天已签到', '今天已签到']);
    const s = (await t.post('/member/points', {}, m.token)).body.data;
    expect(s).toMatchObject({ balance: 5, signed_today: 1, streak: 1, today_points: 5, tomorrow_points: 6 });
    const cal = (await t.post('/member/points/calendar', { month: s.today.slice(0, 7) }, m.token)).body.data;
    expect(cal.days).toEqual([s.today]);
    const ledger = (await t.post('/member/points/ledger', {}, m.token)).body.data;
    expect(ledger.list).toEqual([expect.objectContaining({ delta: 5, balance_after: 5, reason: 'signin', reason_text: '每日签到' })]);
  });

  it('grows the streak on consecutive Shanghai days with the configured bonus, and restarts after a gap', async () => {
    const m = await member();
    expect(
      (
        await finance('/admin/points/configSave', {
          signin: 5,
          streak_step: 2,
          streak_cap: 4,
          first_order: 100,
          review: 10,
          homework: 20,
          expire_years: 1,
        })
      ).body.code,
    ).toBe(200);
    // 23:30 and 00:30 Beijing time are two days, though the same UTC day.
    const a = await signIn(m.id, new Date('2030-03-01T23:30:00+08:00'));
    const b = await signIn(m.id, new Date('2030-03-02T00:30:00+08:00'));
    const c = await signIn(m.id, new Date('2030-03-03T12:00:00+08:00'));
    const d = await signIn(m.id, new Date('2030-03-04T12:00:00+08:00'));
    const e = await signIn(m.id, new Date('2030-03-06T12:00:00+08:00'));
    expect([a, b, c, d, e].map((x) => [x.streak, x.points])).toEqual([
      [1, 5],
      [2, 7],
      [3, 9],
      [4, 9],
      [1, 5],
    ]);
    await expect(signIn(m.id, new Date('2030-03-06T23:59:00+08:00'))).rejects.toThrow('今天已签到');
    expect(await balance(m.token)).toBe(35);
    await finance('/admin/points/configSave', {
      signin: 5,
      streak_step: 1,
      streak_cap: 10,
      first_order: 100,
      review: 10,
      homework: 20,
      expire_years: 1,
    });
    expect((await finance('/admin/points/config')).body.data.streak_step).toBe(1);
  });
});

describe('the points shop', () => {
  it('never sells more than the stock to a crowd, each redemption paid in points with its coupon', async () => {
    const id = await item({ kind: 'coupon', points: 5, stock: 3, per_member: 5 });
    const crowd = await Promise.all([member(), member(), member()]);
    for (const m of crowd) await signInDays(m.id, '2030-05-01', 4); // 5+6+7+8 = 26 points each
    const tries = await Promise.all(crowd.flatMap((m) => [1, 2, 3].map(() => t.post('/member/points/redeem', { id }, m.token))));
    const ok = tries.filter((r) => r.body.code === 200);
    expect(ok).toHaveLength(3);
    expect(tries.filter((r) => r.body.code !== 200).every((r) => r.body.msg === '已兑完')).toBe(true);
    const [row] = await t.db.select().from(pointsItems).where(eq(pointsItems.id, id));
    expect(row).toMatchObject({ stock: 0, redeemed: 3 });
    const spent = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.reason, 'redeem')));
    expect(spent.filter((l) => crowd.some((m) => m.id === l.userId))).toHaveLength(3);
    const coupons = await Promise.all(crowd.map((m) => t.db.select().from(userCoupons).where(eq(userCoupons.userId, m.id))));
    expect(coupons.flat()).toHaveLength(3);
    expect((await t.post('/member/points/items', {}, crowd[0]!.token)).body.data.list.some((i) => i.id === id)).toBe(false);
    expect(await ledgerMismatches(crowd.map((m) => m.id))).toEqual([]);
  });

  it('never takes a balance below zero or past the per-member limit, however many clicks race', async () => {
    const m = await member();
    await signInDays(m.id, '2030-06-01', 4); // 26
    const dear = await item({ kind: 'coupon', points: 20, stock: 50, per_member: 5 });
    const tries = await Promise.all([1, 2, 3, 4].map(() => t.post('/member/points/redeem', { id: dear }, m.token)));
    expect(tries.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.body.code === 100).map((r) => r.body.msg)).toEqual(['积分不足', '积分不足', '积分不足']);
    expect(await balance(m.token)).toBe(6);

    const rich = await member();
    await signInDays(rich.id, '2030-07-01', 6); // 5+6+7+8+9+10 = 45
    const once = await item({ kind: 'course', points: 5, stock: 50, per_member: 1 });
    const clicks = await Promise.all([1, 2, 3].map(() => t.post('/member/points/redeem', { id: once }, rich.token)));
    expect(clicks.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(clicks.filter((r) => r.body.code === 100).map((r) => r.body.msg)).toEqual(['每人限兑 1 件', '每人限兑 1 件']);
    expect(await balance(rich.token)).toBe(40);
    const mine = (await t.post('/member/points/redemptions', {}, rich.token)).body.data;
    expect(mine.list).toEqual([expect.objectContaining({ kind: 'course', points: 5, status: 'done' })]);
    expect(await ledgerMismatches([m.id, rich.id])).toEqual([]);
  });

  it('ships goods to the address chosen, once; another member’s address is refused', async () => {
    const [sku] = await t.db.select().from(skus).limit(1);
    const gift = await item({ kind: 'goods', points: 5, stock: 5, per_member: 2, sku_id: sku!.id });
    const m = await member();
    const other = await member();
    await signInDays(m.id, '2030-08-01', 2);
    const [addr] = await t.db
      .insert(addresses)
      .values({
        userId: m.id,
        name: '张三',
        phone: '13912345678',
        province: '北京市',
        city: '北京市',
        district: '朝阳区',
        detail: '建国路 1 号',
      })
      .returning();
    expect((await t.post('/member/points/redeem', { id: gift }, m.token)).body.msg).toBe('请选择收货地址');
    expect((await t.post('/member/points/redeem', { id: gift, address_id: addr!.id }, other.token)).body.code).toBe(404);
    const r = await t.post('/member/points/redeem', { id: gift, address_id: addr!.id }, m.token);
    expect(r.body.data).toMatchObject({ status: 'pending', balance: 6 });
    const queue = (await finance('/admin/points/redemptions', { pending: 1 })).body.data.list;
    expect(queue.find((q) => q.id === r.body.data.id)).toMatchObject({ address: '张三 13912345678 北京市北京市朝阳区建国路 1 号' });
    const ships = await Promise.all([1, 2].map(() => finance('/admin/points/ship', { id: r.body.data.id, company: '顺丰', no: 'SF100' })));
    expect(ships.map((s) => s.body.code).sort()).toEqual([100, 200]);
    const mine = (await t.post('/member/points/redemptions', {}, m.token)).body.data.list[0];
    expect(mine).toMatchObject({ status: 'shipped', express_company: '顺丰', express_no: 'SF100' });
  });

  it('refuses items the console cannot stand behind', async () => {
    const res = await finance('/admin/points/itemSave', {
      kind: 'course',
      title: '课程券',
      coupon_template_id: shopTemplate,
      points: 5,
      stock: 1,
      per_member: 1,
    });
    expect(res.body.msg).toBe('课程优惠券须选择「课程可用」的优惠券模板');
    const off = await item({ kind: 'coupon', points: 1, stock: 1, per_member: 1 });
    expect((await finance('/admin/points/itemStatus', { id: off, status: 0 })).body.code).toBe(200);
    const m = await member();
    await signInDays(m.id, '2030-09-01', 1);
    expect((await t.post('/member/points/redeem', { id: off }, m.token)).body.msg).toBe('该商品已下架');
  });
});

describe('a course discount names one course', () => {
  it('is offered and accepted on that course only, and the member sees which course', async () => {
    const id = await item({ kind: 'course', points: 5, stock: 5, per_member: 1 });
    const save = (body: { coupon_template_id?: number; course_id?: number }) =>
      finance('/admin/points/itemSave', {
        kind: 'course',
        title: '课程券',
        coupon_template_id: courseTemplate,
        points: 5,
        stock: 5,
        per_member: 1,
        ...body,
      });
    expect((await save({})).body.msg).toBe('课程优惠券须填写课程编号');
    expect((await save({ course_id: 99_999_999 })).body.msg).toBe('课程不存在或未上架');
    expect((await save({ course_id: courseY.id })).body.msg).toBe('该优惠券模板已限定其他课程，请另选模板');
    const m = await member();
    const anyCourse = await courseCouponTemplate();
    expect((await t.post('/member/couponClaim', { id: anyCourse }, m.token)).body.code).toBe(200);
    expect((await save({ coupon_template_id: anyCourse, course_id: courseX.id })).body.msg).toContain('已有会员领取');

    await signInDays(m.id, '2030-10-01', 1);
    expect((await t.post('/member/points/redeem', { id }, m.token)).body.code).toBe(200);
    const mine = (await t.post('/member/couponList', { status: 'unused' }, m.token)).body.data.list;
    const coupon = mine.find((c) => c.template_id === courseTemplate)!;
    expect(coupon).toMatchObject({ course_id: courseX.id, scope_text: `限「${courseX.title}」使用` });
    const offered = async (courseId: number) =>
      (await t.post('/order/previewItem', { kind: 'course', id: courseId }, m.token)).body.data.coupons.map((c) => c.id);
    expect(await offered(courseX.id)).toContain(coupon.id);
    // Another course is offered the any-course coupon as before, never the one for course X.
    const onY = await offered(courseY.id);
    expect(onY).not.toContain(coupon.id);
    expect(onY).toContain(mine.find((c) => c.template_id === anyCourse)!.id);
    const refused = await t.post('/order/createCourse', { course_id: courseY.id, coupon_id: coupon.id }, m.token);
    expect(refused.body.msg).toBe(`该优惠券仅限课程「${courseX.title}」使用`);
    const [held] = await t.db.select().from(userCoupons).where(eq(userCoupons.id, coupon.id));
    expect(held).toMatchObject({ status: 'unused', orderId: null });
  });
});

describe('points for what members do', () => {
  it('rewards the first purchase once when several first orders complete together', async () => {
    const m = await member();
    await Promise.all([1, 2, 3].map(() => insertCourseOrder(t, m.id, { status: 'paid', paidDaysAgo: 30 })));
    await Promise.all([settleDueItemOrders(), settleDueItemOrders()]);
    await insertCourseOrder(t, m.id, { status: 'paid', paidDaysAgo: 30 });
    await settleDueItemOrders();
    const rows = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, m.id));
    expect(rows.map((r) => [r.reason, r.delta])).toEqual([['first_order', 100]]);
  });

  it('rewards a published review once', async () => {
    const m = await member();
    const courseId = (await t.db.select({ id: courses.id }).from(courses).limit(1))[0]!.id;
    const { order, item: line } = await insertCourseOrder(t, m.id, { status: 'completed', courseId });
    const body = { order_id: order.id, items: [{ item_id: line!.id, stars: 5, content: '讲得清楚', images: [] }] };
    expect((await t.post('/member/orderReview', body, m.token)).body.code).toBe(200);
    expect((await t.post('/member/orderReview', body, m.token)).body.code).toBe(100);
    const rows = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, m.id));
    expect(rows.map((r) => [r.reason, r.delta])).toEqual([['review', 10]]);
  });
});

describe('a refund takes back what the order earned', () => {
  /** A completed first order of the demo coach's course for `m` (+100), and its review (+10). */
  async function earnOnOrder(m: { id: number; token: string }, payMethod: 'coins' | 'sandbox') {
    const { order, item: line } = await insertCourseOrder(t, m.id, {
      status: 'paid',
      paidDaysAgo: 30,
      courseId: coach.courseId,
      coachId: coach.coachId,
      payMethod,
    });
    await settleDueItemOrders();
    const body = { order_id: order.id, items: [{ item_id: line!.id, stars: 5, content: '很好', images: [] }] };
    expect((await t.post('/member/orderReview', body, m.token)).body.code).toBe(200);
    // A dispute (or the seller) refunds it after completion.
    await t.db.update(orders).set({ status: 'refunding', refundFrom: 'completed' }).where(eq(orders.id, order.id));
    return order;
  }
  const refunds = async (userId: number) =>
    (
      await t.db
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, 'refund')))
        .orderBy(asc(pointsLedger.id))
    ).map((r) => [r.refType, r.delta]);

  it('takes the first-order bonus and the review points back once, however often the refund is approved', async () => {
    const m = await member();
    await signInDays(m.id, '2031-01-01', 2); // 11
    const order = await earnOnOrder(m, 'sandbox');
    expect(await balance(m.token)).toBe(121);
    // The gateway cannot refund (no payment on record), so the refund fails and is approved again.
    await Promise.all([1, 2, 3].map(() => t.post('/seller/order/refundAgree', { id: order.id }, coach.token)));
    await t.post('/seller/order/refundAgree', { id: order.id }, coach.token);
    expect(await balance(m.token)).toBe(11);
    expect(await refunds(m.id)).toEqual([
      ['order', -100],
      ['review', -10],
    ]);
    const ledger = (await t.post('/member/points/ledger', {}, m.token)).body.data.list;
    expect(ledger[0]).toMatchObject({ reason_text: '退款扣回', note: `订单 ${order.orderNo} 退款，扣回评价积分` });
    expect(await ledgerMismatches([m.id])).toEqual([]);
  });

  it('takes only what is left when the points were spent: the balance stays at zero', async () => {
    const m = await member();
    const order = await earnOnOrder(m, 'coins'); // 110
    const dear = await item({ kind: 'coupon', points: 105, stock: 5, per_member: 1 });
    expect((await t.post('/member/points/redeem', { id: dear }, m.token)).body.code).toBe(200);
    expect((await t.post('/seller/order/refundAgree', { id: order.id }, coach.token)).body.code).toBe(200);
    expect(await balance(m.token)).toBe(0);
    // 5 of the bonus taken, the rest and the review's 10 forgiven (recorded as such).
    expect(await refunds(m.id)).toEqual([
      ['order', -5],
      ['review', 0],
    ]);
    expect(await ledgerMismatches([m.id])).toEqual([]);
  });
});

describe('yearly expiry', () => {
  it('expires what is left of a year’s points at the end of the next year, once however often it runs', async () => {
    const m = await member();
    await signInDays(m.id, '2034-12-30', 2); // 5 + 6 in 2034
    await signInDays(m.id, '2035-06-01', 1); // 5 in 2035
    const spend = await item({ kind: 'coupon', points: 4, stock: 5, per_member: 5 });
    expect((await t.post('/member/points/redeem', { id: spend }, m.token)).body.code).toBe(200); // 16 - 4 = 12
    // At the start of 2036, 2034's points are still good (they expire at the end of 2035).
    await expirePoints(new Date('2035-12-31T23:00:00+08:00'));
    expect(await balance(m.token)).toBe(12);
    // In 2036: of the 12 held, 5 were earned in 2035, so 7 are 2034's and expire; two runs at once, and a rerun.
    await Promise.all([expirePoints(new Date('2036-01-01T00:10:00+08:00')), expirePoints(new Date('2036-01-01T00:10:00+08:00'))]);
    await expirePoints(new Date('2036-02-01T00:00:00+08:00'));
    expect(await balance(m.token)).toBe(5);
    const gone = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, m.id), eq(pointsLedger.reason, 'expire')));
    expect(gone.map((g) => [g.delta, g.refId])).toEqual([[-7, 2034]]);
  });

  it('leaves every balance equal to the sum of its ledger', async () => {
    const demo = (await t.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
    expect(demo).toBeGreaterThan(0);
    expect(await ledgerMismatches()).toEqual([]);
  });
});
