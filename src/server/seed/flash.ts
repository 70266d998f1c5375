import { and, count, desc, eq, gt } from 'drizzle-orm';
import { db } from '../db/index';
import { coaches, courses, flashSales, goods, shops, skus, users } from '../db/schema';
import { saveFlash } from '../modules/flash/flash-seller.service';
import { FLASH_LIMITS } from '~/lib/rules/flash';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** About 60 % of a list price, in whole yuan (never below ¥1, always below the list price). */
const flashPriceOf = (list: number) => Math.max(100, Math.floor((list * 0.6) / 100) * 100);

/**
 * 秒杀 demo: one running sale on a course of 陈师傅 (the demo coach) and one on a SKU of the demo shop,
 * created through the sellers' own service. Both started an hour before seeding and last the longest
 * window a seller may set (FLASH_LIMITS.spanMaxDays), so a demo site still shows them running for about
 * three months after `npm run seed`; after that they show as ended and the seller creates new ones.
 * Their last course and last SKU are used, so tests that take the first items find them free.
 */
export async function seedFlash(): Promise<Record<string, number>> {
  const [n] = await db().select({ n: count() }).from(flashSales);
  if (n?.n) return { flash_sales: 0 };
  const userOf = async (p: string) => (await db().select({ id: users.id }).from(users).where(eq(users.phone, p)).limit(1))[0]?.id;
  const coachUser = await userOf('13800000002');
  const shopUser = await userOf('13800000003');
  const starts_at = new Date(Date.now() - HOUR).toISOString();
  const ends_at = new Date(Date.now() - HOUR + (FLASH_LIMITS.spanMaxDays * DAY - 60_000)).toISOString();
  let made = 0;

  const [coach] = coachUser ? await db().select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, coachUser)).limit(1) : [];
  const [course] = coach
    ? await db()
        .select({ id: courses.id, price: courses.price })
        .from(courses)
        .where(and(eq(courses.coachId, coach.id), eq(courses.status, 1), gt(courses.price, 200)))
        .orderBy(desc(courses.id))
        .limit(1)
    : [];
  if (coachUser && course) {
    await saveFlash(coachUser, {
      kind: 'course',
      item_id: course.id,
      price: flashPriceOf(course.price),
      stock: 50,
      per_member: 1,
      starts_at,
      ends_at,
    });
    made++;
  }

  const [shop] = shopUser ? await db().select({ id: shops.id }).from(shops).where(eq(shops.userId, shopUser)).limit(1) : [];
  const [sku] = shop
    ? await db()
        .select({ id: skus.id, price: skus.price, stock: skus.stock })
        .from(skus)
        .innerJoin(goods, eq(goods.id, skus.goodsId))
        .where(and(eq(goods.shopId, shop.id), eq(goods.status, 1), gt(skus.price, 200), gt(skus.stock, 0)))
        .orderBy(desc(skus.id))
        .limit(1)
    : [];
  if (shopUser && sku) {
    await saveFlash(shopUser, {
      kind: 'goods',
      item_id: sku.id,
      price: flashPriceOf(sku.price),
      stock: Math.min(30, sku.stock),
      per_member: 2,
      starts_at,
      ends_at,
    });
    made++;
  }
  return { flash_sales: made };
}
