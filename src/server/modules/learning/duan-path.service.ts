import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { DuanPath, GradingSlot, MyCertificate, PathLevel, PathRequirement } from '~/lib/api/contract/duan';
import { DUANS, duanPercent, type DuanKind } from '~/lib/rules/duan';
import { db } from '../../db';
import {
  certificates,
  coaches,
  courseAccess,
  courses,
  duanRequirements,
  gradingSessions,
  homeworkSubmissions,
  labels,
  lessonProgress,
  lessons,
} from '../../db/schema';
import { refTitles } from './duan.service';

/*
 * A member's 段位 path in one style: the 段 they hold (their highest certificate of it that was not
 * revoked), each 段's requirements with what they have done — a course when every lesson is finished,
 * a lesson when finished, a homework when a submission was reviewed 合格 — and the next gradings.
 */

const PASSED = '合格';
const GRADINGS_SHOWN = 3;

/** The highest 段 the member holds in a style (0 = none). */
export async function currentDuan(userId: number, labelId: number): Promise<number> {
  const [row] = await db()
    .select({ m: max(certificates.duan) })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.labelId, labelId), isNull(certificates.revokedAt)));
  return row?.m ?? 0;
}

/** Which of these requirement targets the member has done, as `kind:id` keys. */
async function doneKeys(userId: number, rows: { kind: string; refId: number }[]): Promise<Set<string>> {
  const ids = (k: DuanKind) => [...new Set(rows.filter((r) => r.kind === k).map((r) => r.refId))];
  const [courseIds, lessonIds, homeworkIds] = [ids('course'), ids('lesson'), ids('homework')];
  const [cs, ls, hs] = await Promise.all([
    courseIds.length
      ? db()
          .select({
            id: lessons.courseId,
            total: count(),
            finished: sql<number>`count(${lessonProgress.lessonId})::int`,
          })
          .from(lessons)
          .leftJoin(
            lessonProgress,
            and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId), eq(lessonProgress.finished, true)),
          )
          .where(inArray(lessons.courseId, courseIds))
          .groupBy(lessons.courseId)
      : [],
    lessonIds.length
      ? db()
          .select({ id: lessonProgress.lessonId })
          .from(lessonProgress)
          .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.finished, true), inArray(lessonProgress.lessonId, lessonIds)))
      : [],
    homeworkIds.length
      ? db()
          .selectDistinct({ id: homeworkSubmissions.assignmentId })
          .from(homeworkSubmissions)
          .where(
            and(
              eq(homeworkSubmissions.userId, userId),
              eq(homeworkSubmissions.status, 'reviewed'),
              eq(homeworkSubmissions.verdict, PASSED),
              inArray(homeworkSubmissions.assignmentId, homeworkIds),
            ),
          )
      : [],
  ]);
  const done = new Set<string>();
  // A course with no lessons cannot be finished.
  for (const c of cs) if (c.total > 0 && c.finished >= c.total) done.add(`course:${c.id}`);
  for (const l of ls) done.add(`lesson:${l.id}`);
  for (const h of hs) done.add(`homework:${h.id}`);
  return done;
}

/** Upcoming open grading sessions of a style and 段 that still have seats. */
async function nextGradings(labelId: number, duan: number): Promise<GradingSlot[]> {
  if (!duan) return [];
  const rows = await db()
    .select({ g: gradingSessions, coach: coaches.name })
    .from(gradingSessions)
    .innerJoin(coaches, eq(coaches.id, gradingSessions.coachId))
    .where(
      and(
        eq(gradingSessions.labelId, labelId),
        eq(gradingSessions.duan, duan),
        eq(gradingSessions.status, 1),
        gt(gradingSessions.startsAt, new Date()),
        lt(gradingSessions.booked, gradingSessions.seats),
      ),
    )
    .orderBy(asc(gradingSessions.startsAt), asc(gradingSessions.id))
    .limit(GRADINGS_SHOWN);
  return rows.map(({ g, coach }) => ({
    id: g.id,
    duan: g.duan,
    coach,
    mode: g.mode,
    place: g.place,
    starts_at: g.startsAt.toISOString(),
    seats_left: g.seats - g.booked,
    price: g.price,
  }));
}

/**
 * The nine 段 of a style for a member: held ones, the next one and those after, each with its
 * requirements and what is done; plus the next gradings for the next 段. Reusable by other parts.
 */
export async function duanPath(
  userId: number,
  labelId: number,
): Promise<{ current: number; levels: PathLevel[]; published: boolean; gradings: GradingSlot[] }> {
  const [current, rows] = await Promise.all([
    currentDuan(userId, labelId),
    db()
      .select()
      .from(duanRequirements)
      .where(eq(duanRequirements.labelId, labelId))
      .orderBy(asc(duanRequirements.duan), asc(duanRequirements.sort), asc(duanRequirements.id)),
  ]);
  const [done, refs] = await Promise.all([doneKeys(userId, rows), refTitles(db(), rows)]);
  const next = current < 9 ? current + 1 : 0;
  const levels = DUANS.map((duan): PathLevel => {
    const requirements: PathRequirement[] = rows
      .filter((r) => r.duan === duan)
      .map((r) => ({
        id: r.id,
        kind: r.kind as DuanKind,
        name: r.name,
        course_id: refs.get(`${r.kind}:${r.refId}`)?.courseId ?? null,
        done: done.has(`${r.kind}:${r.refId}`),
      }));
    const n = requirements.filter((r) => r.done).length;
    return {
      duan,
      state: duan <= current ? 'held' : duan === next ? 'next' : 'later',
      requirements,
      done: n,
      percent: duanPercent(n, requirements.length),
    };
  });
  return { current, levels, published: rows.length > 0, gradings: await nextGradings(labelId, next) };
}

/** The styles a member has something in: bought or studied courses' labels, and certificates. */
async function myStyleIds(userId: number): Promise<Set<number>> {
  const [bought, studied, held] = await Promise.all([
    db()
      .select({ labels: courses.labelIds })
      .from(courseAccess)
      .innerJoin(courses, eq(courses.id, courseAccess.courseId))
      .where(eq(courseAccess.userId, userId)),
    db()
      .selectDistinct({ labels: courses.labelIds })
      .from(lessonProgress)
      .innerJoin(courses, eq(courses.id, lessonProgress.courseId))
      .where(eq(lessonProgress.userId, userId)),
    db().selectDistinct({ id: certificates.labelId }).from(certificates).where(eq(certificates.userId, userId)),
  ]);
  return new Set([...bought.flatMap((r) => r.labels), ...studied.flatMap((r) => r.labels), ...held.map((r) => r.id)]);
}

/** /member/duanPath: the member's styles, the chosen one's path (their first style by default) and their certificates. */
export async function myDuanPath(userId: number, labelId?: number): Promise<DuanPath> {
  const mine = await myStyleIds(userId);
  const all = await db()
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(or(eq(labels.status, 1), mine.size ? inArray(labels.id, [...mine]) : undefined))
    .orderBy(asc(labels.sort), asc(labels.id));
  const styles = all.map((l) => ({ ...l, mine: mine.has(l.id) }));
  const chosen = styles.find((s) => s.id === labelId) ?? styles.find((s) => s.mine) ?? styles[0];
  const certs = await db()
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  const certificatesOut: MyCertificate[] = certs.map((c) => ({
    no: c.no,
    style: c.style,
    duan: c.duan,
    issued_at: c.issuedAt.toISOString(),
    revoked: c.revokedAt !== null,
  }));
  if (!chosen)
    return { styles, label_id: 0, style: '', current: 0, published: false, levels: [], gradings: [], certificates: certificatesOut };
  const path = await duanPath(userId, chosen.id);
  return { styles, label_id: chosen.id, style: chosen.name, ...path, certificates: certificatesOut };
}
