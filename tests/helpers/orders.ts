import { asc, eq } from 'drizzle-orm';
import { invalidate } from '~/server/cache';
import { classes, orderItems, orders } from '~/server/db/schema';
import { DEMO, type TestApi } from './api';

/**
 * A course order of 1 yuan written straight into the tables (no payment flow), with one line for
 * `courseId` when given: for tests of what happens to orders in a status — settling, reviews.
 * `paidDaysAgo` back-dates the payment (past the refund window, it settles on the next run);
 * `coachId` makes it that coach's order and `payMethod` says how it was paid (for refunds).
 */
export async function insertCourseOrder(
  t: TestApi,
  userId: number,
  opts: { status: 'paid' | 'completed'; paidDaysAgo?: number; courseId?: number; coachId?: number; payMethod?: 'coins' | 'sandbox' },
) {
  const [order] = await t.db
    .insert(orders)
    .values({
      orderNo: `T${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      userId,
      kind: 'course',
      status: opts.status,
      coachId: opts.coachId ?? null,
      payMethod: opts.payMethod ?? '',
      itemsTotal: 100,
      payAmount: 100,
      paidAt: new Date(Date.now() - (opts.paidDaysAgo ?? 0) * 86_400_000),
      completedAt: opts.status === 'completed' ? new Date() : null,
      expiresAt: new Date(),
    })
    .returning();
  const [item] = opts.courseId
    ? await t.db
        .insert(orderItems)
        .values({ orderId: order!.id, courseId: opts.courseId, title: '测试课程', price: 100, num: 1 })
        .returning()
    : [];
  return { order: order!, item };
}

/**
 * A full class made the way the site fills one: the first class on sale gets one seat, and the
 * demo provider's account takes it with an unpaid order (the seed takes no seats). Returns its id.
 */
export async function fullClass(t: TestApi): Promise<number> {
  const [k] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.status, 1)).orderBy(asc(classes.id)).limit(1);
  if (!k) throw new Error('no class on sale');
  await t.db.update(classes).set({ capacity: 1 }).where(eq(classes.id, k.id));
  const buyer = await t.login(DEMO.provider);
  const o = await t.post('/order/createClass', { class_id: k.id }, buyer);
  if (o.body.code !== 200) throw new Error(`could not take the seat: ${o.body.msg}`);
  invalidate('catalogue:');
  return k.id;
}
