import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db';
import { classes, courses, goods, skus } from '../../db/schema';

/**
 * The catalogue counters commerce moves: SKU stock, class seats and sales. Each write runs in the
 * caller's transaction, and the taking ones are conditional, so concurrent orders can never
 * oversell: they answer false when there is not enough left and change nothing.
 */

/** Takes `num` of a SKU's stock; false when fewer than `num` are left. */
export async function takeStock(tx: Tx | Db, skuId: number, num: number): Promise<boolean> {
  const rows = await tx
    .update(skus)
    .set({ stock: sql`${skus.stock} - ${num}` })
    .where(and(eq(skus.id, skuId), sql`${skus.stock} >= ${num}`))
    .returning({ stock: skus.stock });
  return rows.length > 0;
}

/** Puts `num` back on a SKU's stock (an unpaid order closed or was cancelled). */
export async function returnStock(tx: Tx | Db, skuId: number, num: number): Promise<void> {
  await tx
    .update(skus)
    .set({ stock: sql`${skus.stock} + ${num}` })
    .where(eq(skus.id, skuId));
}

/** Takes a seat in a class; false when it is full. */
export async function takeSeat(tx: Tx | Db, classId: number): Promise<boolean> {
  const rows = await tx
    .update(classes)
    .set({ enrolled: sql`${classes.enrolled} + 1` })
    .where(and(eq(classes.id, classId), lt(classes.enrolled, classes.capacity)))
    .returning({ enrolled: classes.enrolled });
  return rows.length > 0;
}

/** Gives a class seat back (never below zero). */
export async function returnSeat(tx: Tx | Db, classId: number): Promise<void> {
  await tx
    .update(classes)
    .set({ enrolled: sql`greatest(${classes.enrolled} - 1, 0)` })
    .where(eq(classes.id, classId));
}

/** Counts `num` more sold of a goods item (on payment). */
export async function addGoodsSales(tx: Tx | Db, goodsId: number, num: number): Promise<void> {
  await tx
    .update(goods)
    .set({ sales: sql`${goods.sales} + ${num}` })
    .where(eq(goods.id, goodsId));
}

/** Counts one more sale of a course (on payment). */
export async function addCourseSales(tx: Tx | Db, courseId: number): Promise<void> {
  await tx
    .update(courses)
    .set({ sales: sql`${courses.sales} + 1` })
    .where(eq(courses.id, courseId));
}

/** Counts `num` fewer sold of a goods item (its order was refunded); never below zero. */
export async function removeGoodsSales(tx: Tx | Db, goodsId: number, num: number): Promise<void> {
  await tx
    .update(goods)
    .set({ sales: sql`greatest(${goods.sales} - ${num}, 0)` })
    .where(eq(goods.id, goodsId));
}

/** Counts one sale fewer of a course (its order was refunded); never below zero. */
export async function removeCourseSales(tx: Tx | Db, courseId: number): Promise<void> {
  await tx
    .update(courses)
    .set({ sales: sql`greatest(${courses.sales} - 1, 0)` })
    .where(eq(courses.id, courseId));
}
