import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { HomeworkAssignment, MyAssignment, MyAttempt, SellerAssignment } from '~/lib/api/contract/homework';
import type { ApiOutput } from '~/lib/api/types';
import { HOMEWORK_LIMITS, HOMEWORK_TEXTS, type HomeworkStatus } from '~/lib/rules/homework';
import { db, type TxOrDb } from '../../db';
import { isUniqueViolation } from '../../db/rows';
import {
  classes,
  courseAccess,
  courses,
  homeworkAssignments,
  homeworkSubmissions,
  lessons,
  orderItems,
  orders,
  users,
  videos,
} from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import type { StaffRole } from '~/lib/rules/staff';
import { entitledToCourse } from '../catalogue/course-access';
import { sellerOf, type SellerIds } from '../catalogue/owner';
import { canViewSubmission, ownsAssignment, submissionMedia } from './homework-access';

/**
 * 作业 (homework): a coach or shop sets assignments on its lessons and classes; a learner who owns
 * the course or holds a paid seat hands in practice videos (private media, several attempts); the
 * owner's 作业点评 queue lists them. The critique itself is the critique part's (critique.service.ts).
 */

type AssignmentRow = typeof homeworkAssignments.$inferSelect;
type SubmissionRow = typeof homeworkSubmissions.$inferSelect;

/** Class orders that hold a seat (paid, not refunding or refunded). */
const SEAT_STATUSES = ['paid', 'shipped', 'received', 'completed'];

/** The end of a Beijing calendar day: an assignment due that day takes videos until midnight. */
export const dueAtOf = (day: string): Date | null => (day ? new Date(`${day}T23:59:59.999+08:00`) : null);

/** "课程 · 课时" or the class title, for every assignment in one query. */
export async function targetTitles(rows: AssignmentRow[], tx: TxOrDb = db()): Promise<Map<number, string>> {
  const lessonIds = rows.flatMap((r) => (r.lessonId ? [r.lessonId] : []));
  const classIds = rows.flatMap((r) => (r.classId ? [r.classId] : []));
  const [ls, ks] = await Promise.all([
    lessonIds.length
      ? tx
          .select({ id: lessons.id, title: lessons.title, course: courses.title })
          .from(lessons)
          .innerJoin(courses, eq(courses.id, lessons.courseId))
          .where(inArray(lessons.id, lessonIds))
      : [],
    classIds.length ? tx.select({ id: classes.id, title: classes.title }).from(classes).where(inArray(classes.id, classIds)) : [],
  ]);
  const lessonTitle = new Map(ls.map((l) => [l.id, `${l.course} · ${l.title}`]));
  const classTitle = new Map(ks.map((k) => [k.id, k.title]));
  return new Map(rows.map((r) => [r.id, (r.lessonId ? lessonTitle.get(r.lessonId) : classTitle.get(r.classId ?? 0)) ?? '']));
}

function assignmentOut(a: AssignmentRow, targetTitle: string): HomeworkAssignment {
  return {
    id: a.id,
    target: a.lessonId ? 'lesson' : 'class',
    course_id: a.courseId,
    lesson_id: a.lessonId,
    class_id: a.classId,
    target_title: targetTitle,
    title: a.title,
    body: a.body,
    due_at: a.dueAt?.toISOString() ?? null,
    status: a.status === 1 ? 1 : 0,
    created_at: a.createdAt.toISOString(),
  };
}

async function sellerOut(rows: AssignmentRow[], tx: TxOrDb = db()): Promise<SellerAssignment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [titles, counts] = await Promise.all([
    targetTitles(rows, tx),
    tx
      .select({
        id: homeworkSubmissions.assignmentId,
        n: count(),
        fresh: sql<number>`count(*) filter (where ${homeworkSubmissions.status} = 'new')`.mapWith(Number),
      })
      .from(homeworkSubmissions)
      .where(inArray(homeworkSubmissions.assignmentId, ids))
      .groupBy(homeworkSubmissions.assignmentId),
  ]);
  const by = new Map(counts.map((c) => [c.id, c]));
  return rows.map((a) => ({
    ...assignmentOut(a, titles.get(a.id) ?? ''),
    submissions: by.get(a.id)?.n ?? 0,
    unreviewed: by.get(a.id)?.fresh ?? 0,
  }));
}

/** The lesson or class the seller names, as an assignment's owner and target; another's is not found. */
async function ownedTarget(seller: SellerIds, t: { lesson_id?: number | undefined; class_id?: number | undefined }) {
  if (t.lesson_id !== undefined) {
    const [l] = await db()
      .select({ id: lessons.id, courseId: lessons.courseId, coachId: courses.coachId, shopId: courses.shopId })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(eq(lessons.id, t.lesson_id))
      .limit(1);
    if (!l || !ownsAssignment(seller, l)) throw notFound(HOMEWORK_TEXTS.targetGone);
    return { coachId: l.coachId, shopId: l.shopId, courseId: l.courseId, lessonId: l.id, classId: null };
  }
  const [k] = await db()
    .select({ id: classes.id, coachId: classes.coachId })
    .from(classes)
    .where(eq(classes.id, t.class_id ?? 0))
    .limit(1);
  if (!k || !ownsAssignment(seller, { coachId: k.coachId, shopId: null })) throw notFound(HOMEWORK_TEXTS.targetGone);
  return { coachId: k.coachId, shopId: null, courseId: null, lessonId: null, classId: k.id };
}

export const ownerWhere = (s: SellerIds): SQL =>
  or(
    s.coachId !== null ? eq(homeworkAssignments.coachId, s.coachId) : sql`false`,
    s.shopId !== null ? eq(homeworkAssignments.shopId, s.shopId) : sql`false`,
  ) ?? sql`false`;

/** /seller/homework/assignments: the assignments on one of the seller's lessons or classes. */
export async function sellerAssignments(userId: number, t: { lesson_id?: number | undefined; class_id?: number | undefined }) {
  const seller = await sellerOf(userId);
  const target = await ownedTarget(seller, t);
  const rows = await db()
    .select()
    .from(homeworkAssignments)
    .where(target.lessonId ? eq(homeworkAssignments.lessonId, target.lessonId) : eq(homeworkAssignments.classId, target.classId ?? 0))
    .orderBy(desc(homeworkAssignments.status), desc(homeworkAssignments.id));
  return sellerOut(rows);
}

function futureDue(day: string): Date | null {
  const due = dueAtOf(day);
  if (due && due.getTime() <= Date.now()) throw refuse(HOMEWORK_TEXTS.dueInPast);
  return due;
}

/** /seller/homework/assign */
export async function assign(
  userId: number,
  input: { lesson_id?: number | undefined; class_id?: number | undefined; title: string; body: string; due_day: string },
): Promise<SellerAssignment> {
  const target = await ownedTarget(await sellerOf(userId), input);
  const dueAt = futureDue(input.due_day);
  const [row] = await db()
    .insert(homeworkAssignments)
    .values({ ...target, title: input.title, body: input.body, dueAt })
    .returning();
  if (!row) throw new Error('assignment insert returned nothing');
  const [out] = await sellerOut([row]);
  if (!out) throw new Error('assignment view missing');
  return out;
}

/** An open or withdrawn assignment of the seller (another's: not found). */
async function ownedAssignment(seller: SellerIds, id: number): Promise<AssignmentRow> {
  const [a] = await db()
    .select()
    .from(homeworkAssignments)
    .where(and(eq(homeworkAssignments.id, id), ownerWhere(seller)))
    .limit(1);
  if (!a) throw notFound(HOMEWORK_TEXTS.assignmentGone);
  return a;
}

/** /seller/homework/edit: only while open (a guarded update on status 1). */
export async function editAssignment(
  userId: number,
  input: { id: number; title: string; body: string; due_day: string },
): Promise<SellerAssignment> {
  const seller = await sellerOf(userId);
  await ownedAssignment(seller, input.id);
  const dueAt = futureDue(input.due_day);
  const [row] = await db()
    .update(homeworkAssignments)
    .set({ title: input.title, body: input.body, dueAt })
    .where(and(eq(homeworkAssignments.id, input.id), ownerWhere(seller), eq(homeworkAssignments.status, 1)))
    .returning();
  if (!row) throw refuse(HOMEWORK_TEXTS.withdrawnAlready);
  const [out] = await sellerOut([row]);
  if (!out) throw new Error('assignment view missing');
  return out;
}

/** /seller/homework/withdraw: open → withdrawn once; the videos handed in stay (and stay in the queue). */
export async function withdrawAssignment(userId: number, id: number): Promise<SellerAssignment> {
  const seller = await sellerOf(userId);
  await ownedAssignment(seller, id);
  const [row] = await db()
    .update(homeworkAssignments)
    .set({ status: 0 })
    .where(and(eq(homeworkAssignments.id, id), ownerWhere(seller), eq(homeworkAssignments.status, 1)))
    .returning();
  if (!row) throw refuse(HOMEWORK_TEXTS.withdrawnAlready);
  const [out] = await sellerOut([row]);
  if (!out) throw new Error('assignment view missing');
  return out;
}

/** Whether the member holds a paid seat of the class. */
async function holdsSeat(userId: number, classId: number, tx: TxOrDb = db()): Promise<boolean> {
  const [r] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'class'), inArray(orders.status, SEAT_STATUSES), eq(orderItems.classId, classId)))
    .limit(1);
  return Boolean(r);
}

/** Why the member may not hand in (another) attempt now, or '' when they may. */
function blockedReason(a: AssignmentRow, entitled: boolean, attempts: number, now = Date.now()): string {
  if (a.status !== 1) return HOMEWORK_TEXTS.assignmentGone;
  if (!entitled) return a.lessonId ? HOMEWORK_TEXTS.needCourse : HOMEWORK_TEXTS.needClass;
  if (a.dueAt && a.dueAt.getTime() < now) return HOMEWORK_TEXTS.pastDue;
  if (attempts >= HOMEWORK_LIMITS.attemptsMax) return HOMEWORK_TEXTS.attemptsFull(HOMEWORK_LIMITS.attemptsMax);
  return '';
}

const entitledTo = (userId: number, a: AssignmentRow, tx: TxOrDb = db()) =>
  a.courseId ? entitledToCourse(userId, a.courseId, tx) : holdsSeat(userId, a.classId ?? 0, tx);

async function attemptOut(s: SubmissionRow): Promise<MyAttempt> {
  const media = await submissionMedia(s);
  return {
    id: s.id,
    attempt: s.attempt,
    status: s.status as HomeworkStatus,
    score: s.score,
    verdict: s.verdict,
    note: s.note,
    poster: media.poster,
    created_at: s.createdAt.toISOString(),
    reviewed_at: s.reviewedAt?.toISOString() ?? null,
  };
}

const hrefOf = (a: AssignmentRow) =>
  a.courseId ? `/train/courseDetail?id=${a.courseId}&lesson=${a.lessonId ?? 0}` : `/train/classDetail?id=${a.classId ?? 0}`;

/** Assignments as the member sees them: with their attempts and whether they may hand in now. */
async function memberOut(userId: number, rows: AssignmentRow[]): Promise<MyAssignment[]> {
  if (rows.length === 0) return [];
  const [titles, subs] = await Promise.all([
    targetTitles(rows),
    db()
      .select()
      .from(homeworkSubmissions)
      .where(
        and(
          eq(homeworkSubmissions.userId, userId),
          inArray(
            homeworkSubmissions.assignmentId,
            rows.map((r) => r.id),
          ),
        ),
      )
      .orderBy(asc(homeworkSubmissions.attempt)),
  ]);
  return Promise.all(
    rows.map(async (a) => {
      const mine = subs.filter((s) => s.assignmentId === a.id);
      const blocked = blockedReason(a, await entitledTo(userId, a), mine.length);
      return {
        ...assignmentOut(a, titles.get(a.id) ?? ''),
        attempts: await Promise.all(mine.map(attemptOut)),
        can_submit: blocked ? 0 : 1,
        blocked,
        href: hrefOf(a),
      };
    }),
  );
}

/** The member handed in at least one attempt to the assignment (withdrawn ones stay listed then). */
const handedIn = (userId: number): SQL =>
  sql`exists (select 1 from ${homeworkSubmissions} s where s.assignment_id = ${homeworkAssignments.id} and s.user_id = ${userId})`;

/** /member/homework/on: the open assignments of a lesson or class (and withdrawn ones the member handed in to). */
export async function assignmentsOn(userId: number, t: { lesson_id?: number | undefined; class_id?: number | undefined }) {
  const on = t.lesson_id !== undefined ? eq(homeworkAssignments.lessonId, t.lesson_id) : eq(homeworkAssignments.classId, t.class_id ?? 0);
  const rows = await db()
    .select()
    .from(homeworkAssignments)
    .where(and(on, or(eq(homeworkAssignments.status, 1), handedIn(userId))))
    .orderBy(asc(homeworkAssignments.id));
  return memberOut(userId, rows);
}

/** /member/homework/mine: assignments of the member's courses and classes, and any they handed in to. */
export async function myHomework(userId: number, page: number, limit: number): Promise<ApiOutput<'/member/homework/mine'>> {
  const where = or(
    and(
      eq(homeworkAssignments.status, 1),
      or(
        sql`${homeworkAssignments.courseId} in (select ${courseAccess.courseId} from ${courseAccess} where ${courseAccess.userId} = ${userId})`,
        sql`${homeworkAssignments.classId} in (select ${orderItems.classId} from ${orderItems} inner join ${orders} on ${orders.id} = ${orderItems.orderId}
          where ${orders.userId} = ${userId} and ${orders.kind} = 'class' and ${inArray(orders.status, SEAT_STATUSES)})`,
      ),
    ),
    handedIn(userId),
  );
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(homeworkAssignments)
      .where(where)
      .orderBy(desc(homeworkAssignments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(homeworkAssignments).where(where),
  ]);
  return { list: await memberOut(userId, rows), total: total?.n ?? 0, page, limit };
}

/**
 * /member/homework/submit: a practice video the member uploaded (their own `videos` row, private under
 * `videos/`) becomes the next attempt. The attempt number is unique per learner and assignment, so two
 * concurrent submissions cannot both take the same number or pass the cap.
 */
export async function submit(userId: number, input: { assignment_id: number; video_id: number; note: string }): Promise<MyAttempt> {
  const [a] = await db()
    .select()
    .from(homeworkAssignments)
    .where(and(eq(homeworkAssignments.id, input.assignment_id), eq(homeworkAssignments.status, 1)))
    .limit(1);
  if (!a) throw notFound(HOMEWORK_TEXTS.assignmentGone);
  const [v] = await db()
    .select()
    .from(videos)
    .where(and(eq(videos.id, input.video_id), eq(videos.userId, userId)))
    .limit(1);
  if (!v) throw refuse(HOMEWORK_TEXTS.videoMissing);
  if (v.status === 'failed') throw refuse(v.error || HOMEWORK_TEXTS.videoFailed);
  try {
    const row = await db().transaction(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(homeworkSubmissions)
        .where(and(eq(homeworkSubmissions.assignmentId, a.id), eq(homeworkSubmissions.userId, userId)));
      const blocked = blockedReason(a, await entitledTo(userId, a, tx), n);
      if (blocked) throw refuse(blocked);
      const [used] = await tx
        .select({ id: homeworkSubmissions.id })
        .from(homeworkSubmissions)
        .where(and(eq(homeworkSubmissions.userId, userId), eq(homeworkSubmissions.videoId, v.id)))
        .limit(1);
      if (used) throw refuse(HOMEWORK_TEXTS.videoUsed);
      const [s] = await tx
        .insert(homeworkSubmissions)
        .values({
          assignmentId: a.id,
          userId,
          attempt: n + 1,
          videoId: v.id,
          // A video still processing has no playable path yet; submissionMedia() reads it from `videos`.
          video: v.path,
          poster: v.poster,
          durationS: v.durationS,
          note: input.note,
        })
        .returning();
      if (!s) throw new Error('submission insert returned nothing');
      return s;
    });
    return await attemptOut(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(HOMEWORK_TEXTS.submitTwice);
    throw err;
  }
}

/** /member/homework/video: the signed video of a submission the caller filmed or owns the assignment of. */
export async function submissionVideo(userId: number, id: number) {
  if (!(await canViewSubmission({ member: userId }, id))) throw notFound(HOMEWORK_TEXTS.submissionGone);
  return submissionMedia(await submissionRow(id));
}

async function submissionRow(id: number): Promise<SubmissionRow> {
  const [s] = await db().select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, id)).limit(1);
  if (!s) throw notFound(HOMEWORK_TEXTS.submissionGone);
  return s;
}

/** /admin/homework/video: a reported submission for the staff handling the report (never the learner's real name). */
export async function staffSubmissionVideo(role: StaffRole, id: number) {
  if (!(await canViewSubmission({ staff: role }, id))) throw notFound(HOMEWORK_TEXTS.submissionGone);
  const [row] = await db()
    .select({ s: homeworkSubmissions, title: homeworkAssignments.title, nick: users.nickName })
    .from(homeworkSubmissions)
    .innerJoin(homeworkAssignments, eq(homeworkAssignments.id, homeworkSubmissions.assignmentId))
    .innerJoin(users, eq(users.id, homeworkSubmissions.userId))
    .where(eq(homeworkSubmissions.id, id))
    .limit(1);
  if (!row) throw notFound(HOMEWORK_TEXTS.submissionGone);
  return { ...(await submissionMedia(row.s)), title: row.title, learner: row.nick, note: row.s.note };
}

/** The owner of a submission and what a report shows of it (the report target's `find`). */
export async function reportedSubmission(tx: TxOrDb, id: number): Promise<{ title: string; ownerUserId: number } | null> {
  const [r] = await tx
    .select({ userId: homeworkSubmissions.userId, title: homeworkAssignments.title, attempt: homeworkSubmissions.attempt })
    .from(homeworkSubmissions)
    .innerJoin(homeworkAssignments, eq(homeworkAssignments.id, homeworkSubmissions.assignmentId))
    .where(eq(homeworkSubmissions.id, id))
    .limit(1);
  return r ? { title: `作业视频：${r.title}（第 ${r.attempt} 次）`, ownerUserId: r.userId } : null;
}
