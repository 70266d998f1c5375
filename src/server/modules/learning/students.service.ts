import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Student } from '~/lib/api/contract/learn';
import type { ApiOutput } from '~/lib/api/types';
import { LEARN_TEXTS, watchedPercent } from '~/lib/rules/learn';
import { db } from '../../db';
import { courseAccess, courses, lessonProgress, lessons, studyDays, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { sellerCourses } from './chapters.service';

/** 学习动态: the member's study time of the last 30 Beijing days (today last), with the 7- and 30-day totals. */
export async function studyStats(userId: number): Promise<ApiOutput<'/learn/studyStats'>> {
  const since = sql<string>`((now() at time zone 'Asia/Shanghai')::date - 29)`;
  const [rows, [all], [today]] = await Promise.all([
    db()
      .select({ day: studyDays.day, seconds: studyDays.seconds })
      .from(studyDays)
      .where(and(eq(studyDays.userId, userId), gte(studyDays.day, since)))
      .orderBy(studyDays.day),
    db()
      .select({ s: sql<number>`coalesce(sum(${studyDays.seconds}), 0)::int` })
      .from(studyDays)
      .where(eq(studyDays.userId, userId)),
    db()
      .select({ day: sql<string>`to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD')` })
      .from(sql`(select 1) as one`),
  ]);
  const end = Date.parse(`${today?.day ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const days = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(end - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, seconds: rows.find((r) => r.day === day)?.seconds ?? 0 };
  });
  const sum = (n: number) => days.slice(-n).reduce((s, d) => s + d.seconds, 0);
  return { today_s: sum(1), week_s: sum(7), month_s: sum(30), total_s: all?.s ?? 0, days };
}

/** A seller's learners of one course: who bought it, how much they watched and their 学习时长. */
export async function courseStudents(
  userId: number,
  courseId: number,
  page: number,
  limit: number,
): Promise<ApiOutput<'/learn/courseStudents'>> {
  const [course] = await db()
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.id, courseId), await sellerCourses(userId)))
    .limit(1);
  if (!course) throw notFound(LEARN_TEXTS.courseGone);
  const where = eq(courseAccess.courseId, course.id);
  const [rows, [total], [totals]] = await Promise.all([
    db()
      .select({ userId: users.id, nickname: users.nickName, avatar: users.avatar, since: courseAccess.createdAt })
      .from(courseAccess)
      .innerJoin(users, eq(users.id, courseAccess.userId))
      .where(where)
      .orderBy(desc(courseAccess.createdAt), desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(courseAccess).where(where),
    db()
      .select({ n: count(), duration: sql<number>`coalesce(sum(${lessons.durationS}), 0)::int` })
      .from(lessons)
      .where(eq(lessons.courseId, course.id)),
  ]);
  const ids = rows.map((r) => r.userId);
  const progress = ids.length
    ? await db()
        .select({
          userId: lessonProgress.userId,
          finished: sql<number>`count(*) filter (where ${lessonProgress.finished})::int`,
          watched: sql<number>`coalesce(sum(${lessonProgress.watchedS}), 0)::int`,
          study: sql<number>`coalesce(sum(${lessonProgress.studyS}), 0)::int`,
          last: sql<string | null>`max(${lessonProgress.updatedAt})`,
        })
        .from(lessonProgress)
        .where(and(eq(lessonProgress.courseId, course.id), inArray(lessonProgress.userId, ids)))
        .groupBy(lessonProgress.userId)
    : [];
  return {
    course: { ...course, lesson_count: totals?.n ?? 0 },
    list: rows.map((r): Student => {
      const p = progress.find((x) => x.userId === r.userId);
      return {
        nickname: r.nickname,
        avatar: r.avatar,
        bought_at: r.since.toISOString(),
        finished_count: p?.finished ?? 0,
        watched_percent: watchedPercent(p?.watched ?? 0, totals?.duration ?? 0),
        study_s: p?.study ?? 0,
        last_studied_at: p?.last ? new Date(p.last).toISOString() : null,
      };
    }),
    total: total?.n ?? 0,
    page,
    limit,
  };
}
