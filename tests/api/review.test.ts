import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courses, users } from '~/server/db/schema';
import { insertCourseOrder } from '../helpers/orders';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/** 评价: reviews of completed orders, once per line, shown with the average. */

let t: TestApi;
let member: string;
let memberId: number;
let courseId: number;

beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
  memberId = (await t.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
  courseId = (await t.db.select({ id: courses.id }).from(courses).limit(1))[0]!.id;
});
afterAll(() => t.stop());

async function courseOrder(userId: number, status: 'paid' | 'completed') {
  const { order, item } = await insertCourseOrder(t, userId, { status, courseId });
  return { order, item: item! };
}

describe('reviews', () => {
  it('reviews a completed order once, offers 评价 only while a line is open, and averages on the item', async () => {
    const { order, item } = await courseOrder(memberId, 'completed');
    const listed = (await t.post('/order/list', { kind: 'course', tab: 'all' }, member)).body.data.list;
    expect(listed.find((o: { id: number }) => o.id === order.id)).toMatchObject({ can_review: 1 });
    const info = (await t.post('/member/orderReviewInfo', { order_id: order.id }, member)).body.data;
    expect(info.items).toEqual([expect.objectContaining({ item_id: item.id, target_id: courseId, review: null })]);
    expect((await t.post('/member/orderReview', { order_id: order.id, items: [{ item_id: item.id, stars: 0 }] }, member)).body.msg).toBe(
      '请为每一项打分',
    );
    expect(
      (
        await t.post(
          '/member/orderReview',
          { order_id: order.id, items: [{ item_id: item.id, stars: 5, images: ['https://x.cn/a.png'] }] },
          member,
        )
      ).body.msg,
    ).toBe('图片地址不正确，请重新上传');
    const ok = await t.post(
      '/member/orderReview',
      { order_id: order.id, items: [{ item_id: item.id, stars: 5, content: '讲得很细' }] },
      member,
    );
    expect(ok.body).toMatchObject({ code: 200, msg: '评价成功，感谢你的分享', data: { reviewed: 1 } });
    // A double submit lands once.
    expect((await t.post('/member/orderReview', { order_id: order.id, items: [{ item_id: item.id, stars: 1 }] }, member)).body.msg).toBe(
      '已经评价过了',
    );
    const again = (await t.post('/order/detail', { id: order.id }, member)).body.data;
    expect(again.can_review).toBe(0);

    const second = await courseOrder(memberId, 'completed');
    await t.post('/member/orderReview', { order_id: second.order.id, items: [{ item_id: second.item.id, stars: 2 }] }, member);
    const shown = (await t.post('/public/reviews', { kind: 'course', id: courseId })).body.data;
    expect(shown.summary).toMatchObject({ count: 2, average: 3.5, stars: [0, 1, 0, 0, 1] });
    expect(shown.list[0]).toMatchObject({ stars: 2 });
    expect(shown.list[1]).toMatchObject({ stars: 5, content: '讲得很细' });
  });

  it('refuses orders that are not completed, lines of other orders, and other members’ orders', async () => {
    const paid = await courseOrder(memberId, 'paid');
    expect(
      (await t.post('/member/orderReview', { order_id: paid.order.id, items: [{ item_id: paid.item.id, stars: 4 }] }, member)).body.msg,
    ).toBe('订单完成后才能评价');
    const done = await courseOrder(memberId, 'completed');
    expect(
      (await t.post('/member/orderReview', { order_id: done.order.id, items: [{ item_id: paid.item.id, stars: 4 }] }, member)).body.msg,
    ).toBe('评价的商品不在这个订单里');
    const coach = await t.login(DEMO.coach);
    expect(
      (await t.post('/member/orderReview', { order_id: done.order.id, items: [{ item_id: done.item.id, stars: 4 }] }, coach)).body.code,
    ).toBe(404);
    expect((await t.post('/member/orderReviewInfo', { order_id: done.order.id })).body.code).toBe(101);
  });
});
