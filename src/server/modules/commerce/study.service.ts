import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LessonProgress, MyClass, MyCourse } from '~/lib/api/contract/study';
import type { ApiOutput } from '~/lib/api/types';
import { db } from '../../db';
import { classes, coaches, courseAccess, courses, lessonProgress, lessons, orderItems, orders } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { ownsCourse } from '../catalogue/course-access';

/** A lesson counts as finished once watched to within this share of its end. */
const FINISHED_SHARE = 0.9;

/** /my/course: courses the member bought, with lessons finished and where they left off. */
export async function myCourses(userId: number, page: number, limit: number): Promise<ApiOutput<'/member/myCourse'>> {
  const where = eq(courseAccess.userId, userId);
  const [rows, [total]] = await Promise.all([
    db()
      .select({ c: courses, since: courseAccess.createdAt })
      .from(courseAccess)
      .innerJoin(courses, eq(courses.id, courseAccess.courseId))
      .where(where)
      .orderBy(desc(courseAccess.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(courseAccess).where(where),
  ]);
  const ids = rows.map((r) => r.c.id);
  const [lessonCounts, done, last] = ids.length
    ? await Promise.all([
        db().select({ course: lessons.courseId, n: count() }).from(lessons).where(inArray(lessons.courseId, ids)).groupBy(lessons.courseId),
        db()
          .select({ course: lessonProgress.courseId, n: count() })
          .from(lessonProgress)
          .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.finished, true), inArray(lessonProgress.courseId, ids)))
          .groupBy(lessonProgress.courseId),
        db()
          .selectDistinctOn([lessonProgress.courseId], {
            course: lessonProgress.courseId,
            lesson: lessons.title,
            at: lessonProgress.updatedAt,
          })
          .from(lessonProgress)
          .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
          .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.courseId, ids)))
          .orderBy(lessonProgress.courseId, desc(lessonProgress.updatedAt)),
      ])
    : [[], [], []];
  return {
    list: rows.map(({ c, since }): MyCourse => {
      const n = lessonCounts.find((x) => x.course === c.id)?.n ?? 0;
      const f = done.find((x) => x.course === c.id)?.n ?? 0;
      const l = last.find((x) => x.course === c.id);
      return {
        id: c.id,
        title: c.title,
        cover: c.cover,
        lesson_count: n,
        finished_count: f,
        progress: n ? Math.round((f / n) * 100) : 0,
        last_lesson: l?.lesson ?? '',
        last_studied_at: l?.at.toISOString() ?? null,
        bought_at: since.toISOString(),
      };
    }),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

/** /my/class: classes the member is enrolled in (paid orders), soonest first. */
export async function myClasses(userId: number, page: number, limit: number): Promise<ApiOutput<'/member/myClass'>> {
  const where = and(eq(orders.userId, userId), eq(orders.kind, 'class'), inArray(orders.status, ['paid', 'completed', 'refunding']));
  const [rows, [total]] = await Promise.all([
    db()
      .select({ k: classes, coach: coaches.name, orderId: orders.id, status: orders.status })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .innerJoin(classes, eq(classes.id, orderItems.classId))
      .innerJoin(coaches, eq(coaches.id, classes.coachId))
      .where(where)
      .orderBy(classes.startsAt)
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(orders).where(where),
  ]);
  const now = Date.now();
  return {
    list: rows.map(({ k, coach, orderId, status }): MyClass => ({
      id: k.id,
      order_id: orderId,
      title: k.title,
      cover: k.cover,
      coach,
      schedule: k.schedule,
      venue: `${k.city} ${k.venue}`,
      address: k.address,
      starts_at: k.startsAt.toISOString(),
      ends_at: k.endsAt.toISOString(),
      phase: status === 'refunding' ? '退款中' : now < k.startsAt.getTime() ? '未开课' : now > k.endsAt.getTime() ? '已结课' : '上课中',
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

/** Whether the member may watch this lesson (free lesson, free course, owner or buyer). */
async function mayWatch(userId: number, lessonId: number) {
  const [row] = await db()
    .select({
      l: lessons,
      price: courses.price,
      coachUser: sql<number | null>`(select user_id from coaches where id = ${courses.coachId})`,
      shopUser: sql<number | null>`(select user_id from shops where id = ${courses.shopId})`,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  if (!row) throw notFound('课时不存在');
  const ok =
    row.l.isFree || row.price === 0 || row.coachUser === userId || row.shopUser === userId || (await ownsCourse(userId, row.l.courseId));
  return { ok, lesson: row.l };
}

/**
 * The player reports where the member is in a lesson (every few seconds and at the end). The
 * furthest position is kept; `finished` never turns back off.
 */
export async function recordProgress(
  userId: number,
  lessonId: number,
  position: number,
  ended: boolean,
): Promise<ApiOutput<'/course/progress'>> {
  const { ok, lesson } = await mayWatch(userId, lessonId);
  if (!ok) throw refuse('购买课程后才能学习该课时');
  const pos = Math.min(position, lesson.durationS || position);
  const finished = ended || (lesson.durationS > 0 && pos >= lesson.durationS * FINISHED_SHARE);
  await db()
    .insert(lessonProgress)
    .values({ userId, lessonId, courseId: lesson.courseId, position: pos, finished })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        position: sql`greatest(${lessonProgress.position}, excluded.position)`,
        finished: sql`${lessonProgress.finished} or excluded.finished`,
        updatedAt: new Date(),
      },
    });
  return { lesson_id: lessonId, finished: finished ? 1 : 0 };
}

/** Per-lesson progress of one course for the player (resume points and ticks). */
export async function courseProgress(userId: number, courseId: number): Promise<LessonProgress[]> {
  const rows = await db()
    .select({ lesson_id: lessonProgress.lessonId, position: lessonProgress.position, finished: lessonProgress.finished })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
  return rows.map((r) => ({ lesson_id: r.lesson_id, position: r.position, finished: r.finished ? 1 : 0 }));
}
