import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ApiOutput } from '~/lib/api/types';
import type { HomeworkStatus } from '~/lib/rules/homework';
import { db } from '../../db';
import { classes, courses, homeworkAssignments, homeworkSubmissions, users } from '../../db/schema';
import { sellerOf } from '../catalogue/owner';
import { submissionMedia } from './homework-access';
import { ownerWhere, targetTitles } from './homework.service';

/**
 * The coach's (or shop's) 作业点评 queue: submissions to the caller's assignments, 待点评 first come
 * first served, 已点评 newest first. Learners appear by their public nickname only.
 */
export async function reviewQueue(
  userId: number,
  input: { status: HomeworkStatus; course_id?: number | undefined; class_id?: number | undefined; page: number; limit: number },
): Promise<ApiOutput<'/seller/homework/queue'>> {
  const seller = await sellerOf(userId);
  const owned = ownerWhere(seller);
  const filters: SQL[] = [owned, eq(homeworkSubmissions.status, input.status)];
  if (input.course_id !== undefined) filters.push(eq(homeworkAssignments.courseId, input.course_id));
  if (input.class_id !== undefined) filters.push(eq(homeworkAssignments.classId, input.class_id));
  const where = and(...filters);
  const order =
    input.status === 'new' ? [asc(homeworkSubmissions.id)] : [desc(homeworkSubmissions.reviewedAt), desc(homeworkSubmissions.id)];
  const [rows, [total], unreviewed, targets] = await Promise.all([
    db()
      .select({ s: homeworkSubmissions, a: homeworkAssignments, nick: users.nickName, avatar: users.avatar })
      .from(homeworkSubmissions)
      .innerJoin(homeworkAssignments, eq(homeworkAssignments.id, homeworkSubmissions.assignmentId))
      .innerJoin(users, eq(users.id, homeworkSubmissions.userId))
      .where(where)
      .orderBy(...order)
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db()
      .select({ n: count() })
      .from(homeworkSubmissions)
      .innerJoin(homeworkAssignments, eq(homeworkAssignments.id, homeworkSubmissions.assignmentId))
      .where(where),
    unreviewedCount(userId),
    queueTargets(owned),
  ]);
  const titles = await targetTitles(rows.map((r) => r.a));
  const list = await Promise.all(
    rows.map(async ({ s, a, nick, avatar }) => {
      const media = await submissionMedia(s);
      return {
        id: s.id,
        assignment_id: a.id,
        assignment_title: a.title,
        target_title: titles.get(a.id) ?? '',
        learner: { id: s.userId, nick, avatar },
        attempt: s.attempt,
        note: s.note,
        poster: media.poster,
        duration_s: media.duration_s,
        status: s.status as HomeworkStatus,
        score: s.score,
        verdict: s.verdict,
        created_at: s.createdAt.toISOString(),
      };
    }),
  );
  return { list, total: total?.n ?? 0, page: input.page, limit: input.limit, targets, unreviewed };
}

/** The courses and classes the caller set assignments on (the queue's filter). */
async function queueTargets(owned: SQL) {
  const rows = await db()
    .selectDistinct({ courseId: homeworkAssignments.courseId, classId: homeworkAssignments.classId })
    .from(homeworkAssignments)
    .where(owned);
  const courseIds = [...new Set(rows.flatMap((r) => (r.courseId ? [r.courseId] : [])))];
  const classIds = [...new Set(rows.flatMap((r) => (r.classId ? [r.classId] : [])))];
  const [cs, ks] = await Promise.all([
    courseIds.length ? db().select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, courseIds)) : [],
    classIds.length ? db().select({ id: classes.id, title: classes.title }).from(classes).where(inArray(classes.id, classIds)) : [],
  ]);
  return [
    ...cs.map((c) => ({ kind: 'course' as const, id: c.id, title: c.title })),
    ...ks.map((k) => ({ kind: 'class' as const, id: k.id, title: k.title })),
  ];
}

/** /seller/homework/unreviewed: how many videos wait for the caller's critique (the nav badge). */
export async function unreviewedCount(userId: number): Promise<number> {
  const [r] = await db()
    .select({ n: count() })
    .from(homeworkSubmissions)
    .innerJoin(homeworkAssignments, eq(homeworkAssignments.id, homeworkSubmissions.assignmentId))
    .where(and(ownerWhere(await sellerOf(userId)), eq(homeworkSubmissions.status, 'new')));
  return r?.n ?? 0;
}
