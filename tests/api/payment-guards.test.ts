import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { classes, courses, messages, orderItems, orders, users } from '~/server/db/schema';
import { ORDER_TEXTS } from '~/server/modules/commerce/order-texts';
import { DEMO_PAY_PASSWORD } from '~/server/seed/commerce';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * One course, one charge: a member can neither order nor pay twice for the same course or class
 * seat, however the requests race; money that arrives anyway comes back as coins with a notice.
 * The sandbox cashier serves only the payer.
 */
let t: TestApi;
let member: string;
let memberId: number;

beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
  memberId = (await t.db.select().from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
});
afterAll(() => t.stop());

/** The n-th paid course on sale (by id), so each test works on its own course. */
async function paidCourse(n: number) {
  const rows = await t.db
    .select()
    .from(courses)
    .where(and(eq(courses.status, 1), sql`${courses.price} > 0`))
    .orderBy(asc(courses.id))
    .offset(n)
    .limit(1);
  return rows[0]!;
}
const balance = async () => (await t.wallet(memberId)).coins;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** An unpaid course order written straight into the database — what a race before this fix left behind. */
async function strayCourseOrder(courseId: number, price: number): Promise<number> {
  const [o] = await t.db
    .insert(orders)
    .values({
      orderNo: `STRAY${Date.now()}${courseId}`,
      userId: memberId,
      kind: 'course',
      itemsTotal: price,
      payAmount: price,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning();
  await t.db.insert(orderItems).values({ orderId: o!.id, courseId, title: 'stray', price, num: 1 });
  return o!.id;
}

describe('a course is bought once', () => {
  it('a second order for a course awaiting payment is refused and points to the open one', async () => {
    const c = await paidCourse(0);
    const first = await t.post('/order/createCourse', { course_id: c.id }, member);
    expect(first.body.code).toBe(200);
    const again = await t.post('/order/createCourse', { course_id: c.id }, member);
    expect(again.body).toMatchObject({ code: 100, msg: ORDER_TEXTS.courseUnpaid, data: { order_id: first.body.data.id } });
    const preview = await t.post('/order/previewItem', { kind: 'course', id: c.id }, member);
    expect(preview.body).toMatchObject({ code: 100, data: { order_id: first.body.data.id } });
    // Once the open order is cancelled, the member may order again.
    await t.post('/order/cancel', { id: first.body.data.id }, member);
    expect((await t.post('/order/createCourse', { course_id: c.id }, member)).body.code).toBe(200);
  });

  it('twenty simultaneous checkouts of one course make exactly one order', async () => {
    const c = await paidCourse(1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.post('/order/createCourse', { course_id: c.id }, member)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 100 && a.body.msg === ORDER_TEXTS.courseUnpaid)).toHaveLength(19);
  });

  it('coins are not taken for a course the member already owns', async () => {
    const c = await paidCourse(2);
    const o = (await t.post('/order/createCourse', { course_id: c.id }, member)).body.data;
    expect((await t.post('/order/payCoins', { id: o.id, pay_password: DEMO_PAY_PASSWORD }, member)).body.code).toBe(200);
    expect((await t.post('/order/createCourse', { course_id: c.id }, member)).body.msg).toBe(ORDER_TEXTS.owned);
    const stray = await strayCourseOrder(c.id, c.price);
    const before = await balance();
    const paid = await t.post('/order/payCoins', { id: stray, pay_password: DEMO_PAY_PASSWORD }, member);
    expect(paid.body).toMatchObject({ code: 100, msg: ORDER_TEXTS.alreadyOwned });
    expect(await balance()).toBe(before);
    expect((await orderRow(stray)).status).toBe('unpaid');
  });

  it('a gateway payment for a course already owned comes back as coins, with a notice', async () => {
    const c = await paidCourse(3);
    const o = (await t.post('/order/createCourse', { course_id: c.id }, member)).body.data;
    await t.post('/order/payCoins', { id: o.id, pay_password: DEMO_PAY_PASSWORD }, member);
    const stray = await strayCourseOrder(c.id, c.price);
    const started = (await t.post('/pay/order', { id: stray, provider: 'sandbox' }, member)).body.data;
    const before = await balance();
    const done = await t.post('/pay/sandbox/confirm', { pay_no: started.pay_no }, member);
    expect(done.body.code).toBe(200);
    expect(await balance()).toBe(before + Math.ceil(c.price / 100));
    expect((await orderRow(stray)).status).toBe('closed');
    const [notice] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, memberId), eq(messages.title, '支付款项已退回为功夫币')))
      .orderBy(sql`${messages.id} desc`)
      .limit(1);
    expect(notice?.content).toContain('你已拥有该课程');
    expect(notice?.content).toContain(started.pay_no);
    const w = await t.wallet(memberId);
    expect(w.ledgerSum).toBe(w.coins);
  });
});

describe('a class seat is taken once', () => {
  it('ten simultaneous enrolments in one class make exactly one order and take one seat', async () => {
    const [k] = await t.db
      .select()
      .from(classes)
      .where(and(eq(classes.status, 1), sql`${classes.price} > 0`, sql`${classes.enrolled} + 5 < ${classes.capacity}`))
      .orderBy(asc(classes.id))
      .limit(1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.post('/order/createClass', { class_id: k!.id }, member)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    const [after] = await t.db.select().from(classes).where(eq(classes.id, k!.id));
    expect(after!.enrolled).toBe(k!.enrolled + 1);
  });
});

describe('the sandbox cashier serves only the payer', () => {
  it('a guest is asked to log in and another member finds nothing to confirm', async () => {
    const c = await paidCourse(4);
    const o = (await t.post('/order/createCourse', { course_id: c.id }, member)).body.data;
    const started = (await t.post('/pay/order', { id: o.id, provider: 'sandbox' }, member)).body.data;
    expect((await t.post('/pay/sandbox/info', { pay_no: started.pay_no })).body.code).toBe(101);
    expect((await t.post('/pay/sandbox/confirm', { pay_no: started.pay_no })).body.code).toBe(101);
    const other = await t.login(DEMO.coach);
    expect((await t.post('/pay/sandbox/info', { pay_no: started.pay_no }, other)).body.code).toBe(404);
    expect((await t.post('/pay/sandbox/confirm', { pay_no: started.pay_no }, other)).body.code).toBe(404);
    expect((await orderRow(o.id)).status).toBe('unpaid');
  });
});
