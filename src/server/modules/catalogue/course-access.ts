import { and, eq } from 'drizzle-orm';
import { db, type Db, type Tx } from '../../db';
import { courseAccess, courses } from '../../db/schema';
import { isActiveMember } from './membership';

/**
 * Who may watch a course in full. The catalogue owns the record; commerce grants it when a
 * course order is paid (in the paying transaction), and the course page reads it.
 */

/** Whether the member has bought full access to a course. */
export async function ownsCourse(userId: number, courseId: number, tx: Tx | Db = db()): Promise<boolean> {
  const [r] = await tx
    .select({ c: courseAccess.courseId })
    .from(courseAccess)
    .where(and(eq(courseAccess.userId, userId), eq(courseAccess.courseId, courseId)))
    .limit(1);
  return Boolean(r);
}

/**
 * Whether the member may watch every lesson: bought it, or the course is VIP免费 and the member's
 * membership is active now (it lapses by itself at its end time). Buying stays possible for a VIP
 * (to keep the course after the membership ends), so duplicate-order checks use `ownsCourse`.
 */
export async function entitledToCourse(userId: number, courseId: number, tx: Tx | Db = db()): Promise<boolean> {
  if (await ownsCourse(userId, courseId, tx)) return true;
  const [c] = await tx.select({ vipFree: courses.vipFree }).from(courses).where(eq(courses.id, courseId)).limit(1);
  return Boolean(c?.vipFree) && (await isActiveMember(userId, tx));
}

/**
 * Gives the member full access to a course, bought by `orderId`. A member who already has it
 * keeps the first grant; answers whether this call granted it (so sales count once).
 */
export async function grantCourse(tx: Tx | Db, userId: number, courseId: number, orderId: number): Promise<boolean> {
  const rows = await tx
    .insert(courseAccess)
    .values({ userId, courseId, orderId })
    .onConflictDoNothing()
    .returning({ courseId: courseAccess.courseId });
  return rows.length > 0;
}

/**
 * Takes back the access that `orderId` granted (its order was refunded). Access granted by another
 * order is kept. Answers whether anything was taken back (so sales count down once).
 */
export async function revokeCourse(tx: Tx | Db, userId: number, courseId: number, orderId: number): Promise<boolean> {
  const rows = await tx
    .delete(courseAccess)
    .where(and(eq(courseAccess.userId, userId), eq(courseAccess.courseId, courseId), eq(courseAccess.orderId, orderId)))
    .returning({ courseId: courseAccess.courseId });
  return rows.length > 0;
}
