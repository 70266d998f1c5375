import { and, asc, count, eq, gt } from 'drizzle-orm';
import { db } from '../db';
import { coaches, courses, goods, promotionRates, shops, users } from '../db/schema';

/**
 * 分销 demo: commission rates a seller would set (the demo coach: 5 % on everything and 10 % on its
 * first paid course; the demo shop: 8 % on its first two goods). No clicks, orders or commission are
 * made up: those come from members sharing and buying.
 */
export async function seedPromotion(): Promise<{ promotion_rates: number }> {
  const [have] = await db().select({ n: count() }).from(promotionRates);
  if (have?.n) return { promotion_rates: 0 };
  const [coach] = await db()
    .select({ id: coaches.id })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(eq(users.phone, '13800000002'))
    .limit(1);
  const [shop] = await db()
    .select({ id: shops.id })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(eq(users.phone, '13800000003'))
    .limit(1);
  const rows: (typeof promotionRates.$inferInsert)[] = [];
  if (coach) {
    rows.push({ sellerKind: 'coach', sellerId: coach.id, itemKind: 'all', itemId: 0, rateBp: 500 });
    const [c] = await db()
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.coachId, coach.id), eq(courses.status, 1), gt(courses.price, 0)))
      .orderBy(asc(courses.id))
      .limit(1);
    if (c) rows.push({ sellerKind: 'coach', sellerId: coach.id, itemKind: 'course', itemId: c.id, rateBp: 1000 });
  }
  if (shop) {
    const list = await db()
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.shopId, shop.id), eq(goods.status, 1)))
      .orderBy(asc(goods.id))
      .limit(2);
    rows.push(...list.map((g) => ({ sellerKind: 'shop', sellerId: shop.id, itemKind: 'goods', itemId: g.id, rateBp: 800 })));
  }
  if (rows.length) await db().insert(promotionRates).values(rows);
  return { promotion_rates: rows.length };
}
