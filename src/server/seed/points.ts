import { asc, count, eq } from 'drizzle-orm';
import { db } from '../db/index';
import { couponTemplates, goods, pointsItems, skus } from '../db/schema';

/**
 * The points shop's opening shelf (when it is empty): coupons from the seeded templates and one
 * small goods SKU, the cheapest on sale. No member is given points here: they earn them by
 * signing in, a first order, reviews and homework (modules/points).
 */
export async function seedPoints(): Promise<Record<string, number>> {
  const [has] = await db().select({ n: count() }).from(pointsItems);
  if (has?.n) return { points_items: 0 };
  const tpl = async (title: string) =>
    (await db().select({ id: couponTemplates.id }).from(couponTemplates).where(eq(couponTemplates.title, title)).limit(1))[0]?.id;
  const [shopTpl, courseTpl] = await Promise.all([tpl('商城小额券'), tpl('课程满减券')]);
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
