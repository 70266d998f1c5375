import { orderItems, orders } from '~/server/db/schema';
import type { TestApi } from './api';

/**
 * A course order of 1 yuan written straight into the tables (no payment flow), with one line for
 * `courseId` when given: for tests of what happens to orders in a status — settling, reviews.
 * `paidDaysAgo` back-dates the payment (past the refund window, it settles on the next run).
 */
export async function insertCourseOrder(
  t: TestApi,
  userId: number,
  opts: { status: 'paid' | 'completed'; paidDaysAgo?: number; courseId?: number },
) {
  const [order] = await t.db
    .insert(orders)
    .values({
      orderNo: `T${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      userId,
      kind: 'course',
      status: opts.status,
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
