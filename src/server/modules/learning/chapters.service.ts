import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import type { Chapter, ChapterInput } from '~/lib/api/contract/learn';
import { CHAPTER_LIMITS, LEARN_TEXTS } from '~/lib/rules/learn';
import { db } from '../../db';
import { one } from '../../db/rows';
import { courses, lessonChapters, lessons } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { sellerOf } from '../catalogue/owner';

type ChapterRow = typeof lessonChapters.$inferSelect;

const out = (c: ChapterRow): Chapter => ({
  id: c.id,
  lesson_id: c.lessonId,
  name: c.name,
  start_s: c.startS,
  end_s: c.endS,
  note: c.note,
});

/** The courses a seller owns: as a coach (`courses.coach_id`) or as a shop (`courses.shop_id`). */
export async function sellerCourses(userId: number): Promise<SQL> {
  const { coachId, shopId } = await sellerOf(userId);
  const mine = [coachId ? eq(courses.coachId, coachId) : null, shopId ? eq(courses.shopId, shopId) : null].filter(
    (x): x is SQL => x !== null,
  );
  return mine.length ? (or(...mine) as SQL) : eq(courses.id, -1);
}

/** One of the seller's lessons, or 404 (another seller's lesson looks like none). */
async function ownLesson(userId: number, lessonId: number) {
  const [l] = await db()
    .select({ id: lessons.id, duration: lessons.durationS })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), await sellerCourses(userId)))
    .limit(1);
  if (!l) throw notFound(LEARN_TEXTS.lessonGone);
  return l;
}

/** The 招式 of every lesson of a course (public, as the lesson titles are; no video). */
export async function courseChapters(courseId: number): Promise<Chapter[]> {
  const rows = await db()
    .select({ c: lessonChapters })
    .from(lessonChapters)
    .innerJoin(lessons, eq(lessons.id, lessonChapters.lessonId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessonChapters.lessonId), asc(lessonChapters.startS), asc(lessonChapters.id));
  return rows.map((r) => out(r.c));
}

/** /learn/chapterList: the seller's lesson's 招式 and its duration (the editor bounds times by it). */
export async function chapterList(userId: number, lessonId: number) {
  const l = await ownLesson(userId, lessonId);
  const rows = await db()
    .select()
    .from(lessonChapters)
    .where(eq(lessonChapters.lessonId, l.id))
    .orderBy(asc(lessonChapters.startS), asc(lessonChapters.id));
  return { duration: l.duration, list: rows.map(out) };
}

/** Adds or changes a 招式: end after start, both inside the video when its length is known. */
export async function saveChapter(userId: number, input: ChapterInput) {
  const l = await ownLesson(userId, input.lesson_id);
  const end = input.end_s ?? null;
  if (end !== null && end <= input.start_s) throw refuse(LEARN_TEXTS.chapterSpan);
  if (l.duration > 0 && (input.start_s >= l.duration || (end ?? 0) > l.duration)) throw refuse(LEARN_TEXTS.chapterBeyond);
  const values = { name: input.name, startS: input.start_s, endS: end, note: input.note };
  return db().transaction(async (tx) => {
    if (input.id) {
      const [row] = await tx
        .update(lessonChapters)
        .set(values)
        .where(and(eq(lessonChapters.id, input.id), eq(lessonChapters.lessonId, l.id)))
        .returning();
      if (!row) throw notFound(LEARN_TEXTS.chapterGone);
      return out(row);
    }
    // Lock the lesson so two concurrent adds cannot both pass the count.
    await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, l.id)).for('update');
    const [n] = await tx.select({ n: count() }).from(lessonChapters).where(eq(lessonChapters.lessonId, l.id));
    if ((n?.n ?? 0) >= CHAPTER_LIMITS.perLesson) throw refuse(LEARN_TEXTS.chapterMany);
    const [row] = await tx
      .insert(lessonChapters)
      .values({ lessonId: l.id, ...values })
      .returning();
    return out(one(row ? [row] : [], 'inserted chapter'));
  });
}

/** Deletes one of the seller's 招式 (404 when it is not theirs or already gone). */
export async function deleteChapter(userId: number, id: number): Promise<null> {
  const [c] = await db().select({ lessonId: lessonChapters.lessonId }).from(lessonChapters).where(eq(lessonChapters.id, id)).limit(1);
  if (!c) throw notFound(LEARN_TEXTS.chapterGone);
  await ownLesson(userId, c.lessonId).catch(() => {
    throw notFound(LEARN_TEXTS.chapterGone);
  });
  const gone = await db().delete(lessonChapters).where(eq(lessonChapters.id, id)).returning({ id: lessonChapters.id });
  if (!gone.length) throw notFound(LEARN_TEXTS.chapterGone);
  return null;
}
