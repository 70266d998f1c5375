import { and, avg, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Review, ReviewSummary } from '~/lib/api/contract/review';
import { REVIEW_TEXTS, type ReviewKind } from '~/lib/rules/review';
import { db } from '../../db';
import { orderItems, orderReviews, orders, users } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { normaliseStoredPath } from '../../providers/storage';
import { maskBanned } from '../site/banned-words';
import { emit } from '../../events';

/**
 * 评价: one review per line of a completed order (goods lines, or the course or class
 * of its order), shown on the item's detail page with the average and the spread of stars.
 */
type Item = typeof orderItems.$inferSelect;
const targetOf = (it: Item): number => it.goodsId ?? it.courseId ?? it.classId ?? 0;

async function ownOrder(userId: number, orderId: number) {
  const [o] = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!o) throw notFound('订单不存在');
  return o;
}

/** /member/orderReviewInfo: the order's lines, each with its review once written. */
export async function pendingReview(userId: number, orderId: number) {
  const o = await ownOrder(userId, orderId);
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(orderItems.id);
  const done = await reviewRows(and(eq(orderReviews.orderId, o.id)));
  return {
    order_id: o.id,
    order_no: o.orderNo,
    kind: o.kind as ReviewKind,
    completed_at: o.completedAt?.toISOString() ?? null,
    items: items.map((it) => ({
      item_id: it.id,
      target_id: targetOf(it),
      title: it.title,
      specs: it.specs,
      cover: it.cover,
      review: done.find((r) => r.itemId === it.id)?.view ?? null,
    })),
  };
}

/**
 * /member/orderReview: reviews the given lines of a completed order in one transaction. A line
 * already reviewed is skipped (the unique key on the line makes a double submit land once); when
 * every given line was, the member is told so.
 */
export async function publishReview(
  userId: number,
  input: { order_id: number; items: { item_id: number; stars: number; content: string; images: string[] }[] },
): Promise<{ reviewed: number }> {
  const o = await ownOrder(userId, input.order_id);
  if (o.status !== 'completed') throw refuse(REVIEW_TEXTS.notCompleted);
  const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, o.id));
  const rows: (typeof orderReviews.$inferInsert)[] = [];
  for (const it of input.items) {
    const line = lines.find((l) => l.id === it.item_id);
    if (!line) throw refuse(REVIEW_TEXTS.itemMissing);
    const images = it.images.map((u) => normaliseStoredPath(u));
    if (images.some((u) => !u)) throw refuse(REVIEW_TEXTS.image);
    rows.push({
      orderItemId: line.id,
      orderId: o.id,
      userId,
      kind: o.kind,
      targetId: targetOf(line),
      stars: it.stars,
      content: it.content ? await maskBanned(it.content) : '',
      images: images as string[],
    });
  }
  const made = await db().transaction(async (tx) => {
    const ids = await tx.insert(orderReviews).values(rows).onConflictDoNothing().returning({ id: orderReviews.id });
    // Points for a review (modules/points) move with the review itself.
    for (const r of ids) await emit('review.published', { tx, userId, reviewId: r.id });
    return ids;
  });
  if (made.length === 0) throw refuse(REVIEW_TEXTS.already);
  return { reviewed: made.length };
}

async function reviewRows(where: ReturnType<typeof and>) {
  const rows = await db()
    .select({ r: orderReviews, nick: users.nickName, avatar: users.avatar, specs: orderItems.specs })
    .from(orderReviews)
    .innerJoin(users, eq(users.id, orderReviews.userId))
    .innerJoin(orderItems, eq(orderItems.id, orderReviews.orderItemId))
    .where(where)
    .orderBy(desc(orderReviews.id));
  return rows.map((x) => ({ itemId: x.r.orderItemId, view: viewOf(x) }));
}

function viewOf(x: { r: typeof orderReviews.$inferSelect; nick: string; avatar: string; specs: string }): Review {
  return {
    id: x.r.id,
    user: { nick: x.nick, avatar: x.avatar },
    stars: x.r.stars,
    content: x.r.content,
    images: x.r.images,
    specs: x.specs,
    created_at: x.r.createdAt.toISOString(),
  };
}

/** The count, average and spread of an item's shown reviews. */
export async function reviewSummary(kind: ReviewKind, id: number): Promise<ReviewSummary> {
  const rows = await db()
    .select({ stars: orderReviews.stars, n: count(), avg: avg(orderReviews.stars).mapWith(Number) })
    .from(orderReviews)
    .where(and(eq(orderReviews.kind, kind), eq(orderReviews.targetId, id), eq(orderReviews.status, 1)))
    .groupBy(orderReviews.stars);
  const spread = [1, 2, 3, 4, 5].map((s) => rows.find((r) => r.stars === s)?.n ?? 0);
  const total = spread.reduce((a, b) => a + b, 0);
  const sum = spread.reduce((a, n, i) => a + n * (i + 1), 0);
  return { count: total, average: total ? Math.round((sum / total) * 10) / 10 : 0, stars: spread };
}

/** /public/reviews: an item's reviews, newest first, with the summary. */
export async function itemReviews(kind: ReviewKind, id: number, page: number, limit: number) {
  const where = and(eq(orderReviews.kind, kind), eq(orderReviews.targetId, id), eq(orderReviews.status, 1));
  const [rows, summary] = await Promise.all([
    db()
      .select({ r: orderReviews, nick: users.nickName, avatar: users.avatar, specs: orderItems.specs })
      .from(orderReviews)
      .innerJoin(users, eq(users.id, orderReviews.userId))
      .innerJoin(orderItems, eq(orderItems.id, orderReviews.orderItemId))
      .where(where)
      .orderBy(desc(orderReviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    reviewSummary(kind, id),
  ]);
  return { list: rows.map(viewOf), total: summary.count, page, limit, summary };
}

/** Which of these completed orders still have a line without a review (the 评价 action). */
export async function ordersToReview(orderIds: number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db()
    .selectDistinct({ id: orderItems.orderId })
    .from(orderItems)
    .leftJoin(orderReviews, eq(orderReviews.orderItemId, orderItems.id))
    .where(and(inArray(orderItems.orderId, orderIds), isNull(orderReviews.id)));
  return new Set(rows.map((r) => r.id));
}
