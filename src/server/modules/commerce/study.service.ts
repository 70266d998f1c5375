import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MyClass, MyCourse } from '~/lib/api/contract/study';
import { watchedPercent } from '~/lib/rules/learn';
import type { ApiOutput } from '~/lib/api/types';
import { db } from '../../db';
import { classes, coaches, courseAccess, courses, lessonProgress, lessons, orderItems, orders } from '../../db/schema';
import { notFound } from '../../http/errors';
import { entitledToCourse } from '../catalogue/course-access';

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
        db()
          .select({ course: lessons.courseId, n: count(), duration: sql<number>`coalesce(sum(${lessons.durationS}), 0)::int` })
          .from(lessons)
          .where(inArray(lessons.courseId, ids))
          .groupBy(lessons.courseId),
        db()
          .select({
            course: lessonProgress.courseId,
            n: sql<number>`count(*) filter (where ${lessonProgress.finished})::int`,
            watched: sql<number>`coalesce(sum(${lessonProgress.watchedS}), 0)::int`,
            study: sql<number>`coalesce(sum(${lessonProgress.studyS}), 0)::int`,
          })
          .from(lessonProgress)
          .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.courseId, ids)))
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
      const counts = lessonCounts.find((x) => x.course === c.id);
      const n = counts?.n ?? 0;
      const mine = done.find((x) => x.course === c.id);
      const f = mine?.n ?? 0;
      const l = last.find((x) => x.course === c.id);
      return {
        id: c.id,
        title: c.title,
        cover: c.cover,
        lesson_count: n,
        finished_count: f,
        progress: n ? Math.round((f / n) * 100) : 0,
        watched_percent: watchedPercent(mine?.watched ?? 0, counts?.duration ?? 0),
        study_s: mine?.study ?? 0,
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
  // A 拼团 seat counts once its group formed (the order is no longer on hold).
  const where = and(
    eq(orders.userId, userId),
    eq(orders.kind, 'class'),
    inArray(orders.status, ['paid', 'completed', 'refunding']),
    eq(orders.onHold, false),
  );
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

/** Whether the member may watch this lesson (free lesson, free course, owner, buyer or a VIP on a VIP免费 course); 404 for no such lesson. */
export async function mayWatch(userId: number, lessonId: number) {
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
    row.l.isFree ||
    row.price === 0 ||
    row.coachUser === userId ||
    row.shopUser === userId ||
    (await entitledToCourse(userId, row.l.courseId));
  return { ok, lesson: row.l };
}
