import { and, asc, count, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { db } from '../../db';
import { courses, flashSales, goods, orderItems, orders, skus } from '../../db/schema';
import { flashPhase, type FlashKind } from '~/lib/rules/flash';
import type { FlashCard } from '~/lib/api/contract/flash';

type Sale = typeof flashSales.$inferSelect;

/** Sales with their item: the course, or the goods and SKU (either side null). */
export function salesWithItems(where: SQL | undefined) {
  return db()
    .select({ s: flashSales, c: courses, g: goods, k: skus })
    .from(flashSales)
    .leftJoin(courses, eq(courses.id, flashSales.courseId))
    .leftJoin(goods, eq(goods.id, flashSales.goodsId))
    .leftJoin(skus, eq(skus.id, flashSales.skuId))
    .where(where);
}

export type SaleRow = {
  s: Sale;
  c: typeof courses.$inferSelect | null;
  g: typeof goods.$inferSelect | null;
  k: typeof skus.$inferSelect | null;
};

export function cardOf(r: SaleRow, now = new Date()): FlashCard {
  const { s } = r;
  const kind: FlashKind = s.kind === 'goods' ? 'goods' : 'course';
  return {
    id: s.id,
    kind,
    course_id: s.courseId,
    goods_id: s.goodsId,
    sku_id: s.skuId,
    title: r.c?.title ?? r.g?.title ?? '',
    cover: r.c?.cover ?? r.g?.images[0] ?? '',
    specs: r.k?.specs.join(' / ') ?? '',
    price: s.price,
    list_price: r.c?.price ?? r.k?.price ?? 0,
    stock: s.stock,
    left: Math.max(0, s.stock - s.sold),
    per_member: s.perMember,
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    phase: flashPhase(s.status, s.startsAt, s.endsAt, now),
  };
}

/** Active sales not yet over whose item is on sale: what buyers may see. */
const visible = (now: Date) =>
  and(
    eq(flashSales.status, 'active'),
    gt(flashSales.endsAt, now),
    or(and(eq(flashSales.kind, 'course'), eq(courses.status, 1)), and(eq(flashSales.kind, 'goods'), eq(goods.status, 1))),
  );

/** /flash and /public/flash/list: running sales first (soonest to end), then upcoming (soonest to start). */
export async function flashList(input: { page: number; limit: number; kind: 'all' | FlashKind }) {
  const now = new Date();
  const where = and(visible(now), input.kind === 'all' ? undefined : eq(flashSales.kind, input.kind));
  const running = sql`case when ${flashSales.startsAt} <= ${now} then 0 else 1 end`;
  const [rows, [total]] = await Promise.all([
    salesWithItems(where)
      .orderBy(
        running,
        sql`case when ${flashSales.startsAt} <= ${now} then ${flashSales.endsAt} else ${flashSales.startsAt} end`,
        asc(flashSales.id),
      )
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db()
      .select({ n: count() })
      .from(flashSales)
      .leftJoin(courses, eq(courses.id, flashSales.courseId))
      .leftJoin(goods, eq(goods.id, flashSales.goodsId))
      .where(where),
  ]);
  return { list: rows.map((r) => cardOf(r, now)), total: total?.n ?? 0, page: input.page, limit: input.limit };
}

/** One sale as buyers see it (also when over or cancelled: an old link says so). */
export async function flashDetail(id: number): Promise<FlashCard | null> {
  const [r] = await salesWithItems(eq(flashSales.id, id)).limit(1);
  return r ? cardOf(r) : null;
}

/** The course page's sale: the running one, else the next to start. */
export async function flashForCourse(courseId: number): Promise<FlashCard | null> {
  const now = new Date();
  const [r] = await salesWithItems(and(visible(now), eq(flashSales.courseId, courseId)))
    .orderBy(asc(flashSales.startsAt))
    .limit(1);
  return r ? cardOf(r, now) : null;
}

/** The goods page's sales, one per SKU at most (running before upcoming). */
export async function flashForGoods(goodsId: number): Promise<FlashCard[]> {
  const now = new Date();
  const rows = await salesWithItems(and(visible(now), eq(flashSales.goodsId, goodsId))).orderBy(asc(flashSales.startsAt));
  const seen = new Set<number>();
  return rows.filter((r) => (r.s.skuId && !seen.has(r.s.skuId) ? (seen.add(r.s.skuId), true) : false)).map((r) => cardOf(r, now));
}

/** Units of each sale in paid (or later, not refunded) orders: the seller's 已付款. */
export async function paidUnits(ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db()
    .select({ id: orderItems.flashSaleId, n: sql<number>`coalesce(sum(${orderItems.num}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.flashSaleId, ids), inArray(orders.status, ['paid', 'shipped', 'received', 'completed', 'refunding'])))
    .groupBy(orderItems.flashSaleId);
  return new Map(rows.map((r) => [r.id ?? 0, Number(r.n)]));
}
