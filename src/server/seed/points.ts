import { and, asc, count, eq, gte } from 'drizzle-orm';
import { db } from '../db/index';
import { couponTemplates, courses, goods, pointsItems, skus } from '../db/schema';

/** The course discount's face value: ¥30 off from ¥199, like the seeded 课程满减券. */
const COURSE_DISCOUNT = { amount: 3000, threshold: 19900 };
const DAY = 86_400_000;

/**
 * The points shop's opening shelf (when it is empty): a coupon from the seeded templates, a course
 * discount for one course (its own template naming the first course on sale at ¥199 or more) and
 * one small goods SKU, the cheapest on sale. No member is given points here: they earn them by
 * signing in, a first order, reviews and homework (modules/points).
 */
export async function seedPoints(): Promise<Record<string, number>> {
  const [has] = await db().select({ n: count() }).from(pointsItems);
  if (has?.n) return { points_items: 0 };
  const tpl = async (title: string) =>
    (await db().select({ id: couponTemplates.id }).from(couponTemplates).where(eq(couponTemplates.title, title)).limit(1))[0]?.id;
  const shopTpl = await tpl('商城小额券');
  const [course] = await db()
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.status, 1), gte(courses.price, COURSE_DISCOUNT.threshold)))
    .orderBy(asc(courses.id))
    .limit(1);
  const courseTpl = course
    ? (
        await db()
          .insert(couponTemplates)
          .values({
            title: `${course.title}专享券`.slice(0, 32),
            ...COURSE_DISCOUNT,
            scope: 'course',
            courseId: course.id,
            validDays: 15,
            total: 1000,
            startsAt: new Date(Date.now() - DAY),
            endsAt: new Date(Date.now() + 180 * DAY),
          })
          .returning({ id: couponTemplates.id })
      )[0]?.id
    : undefined;
  const [cheap] = await db()
    .select({ id: skus.id, title: goods.title })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(eq(goods.status, 1))
    .orderBy(asc(skus.price), asc(skus.id))
    .limit(1);
  const rows: (typeof pointsItems.$inferInsert)[] = [
    ...(shopTpl ? [{ kind: 'coupon', title: '商城 5 元券', couponTemplateId: shopTpl, points: 50, stock: 200, perMember: 2 }] : []),
    ...(courseTpl ? [{ kind: 'course', title: '课程 30 元券', couponTemplateId: courseTpl, points: 300, stock: 100, perMember: 1 }] : []),
    ...(cheap ? [{ kind: 'goods', title: cheap.title.slice(0, 32), skuId: cheap.id, points: 800, stock: 20, perMember: 1 }] : []),
  ];
  if (!rows.length) return { points_items: 0 };
  return { points_items: (await db().insert(pointsItems).values(rows).returning({ id: pointsItems.id })).length };
}
