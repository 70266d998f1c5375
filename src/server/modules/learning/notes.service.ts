import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { MyNote, Note } from '~/lib/api/contract/learn';
import type { ApiOutput } from '~/lib/api/types';
import { LEARN_TEXTS, NOTE_LIMITS } from '~/lib/rules/learn';
import { db } from '../../db';
import { one } from '../../db/rows';
import { courses, lessonNotes, lessons } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { mayWatch } from '../commerce/study.service';

type NoteRow = typeof lessonNotes.$inferSelect;

const out = (n: NoteRow): Note => ({
  id: n.id,
  lesson_id: n.lessonId,
  course_id: n.courseId,
  at_s: n.atS,
  body: n.body,
  updated_at: n.updatedAt.toISOString(),
});

/** The lesson, when the member may watch it (owns the course, or the lesson or course is free). */
async function watchable(userId: number, lessonId: number) {
  const { ok, lesson } = await mayWatch(userId, lessonId);
  if (!ok) throw refuse(LEARN_TEXTS.mustOwn);
  return lesson;
}

/** The member's own notes in a lesson, by time. */
export async function lessonNotesOf(userId: number, lessonId: number): Promise<Note[]> {
  await watchable(userId, lessonId);
  const rows = await db()
    .select()
    .from(lessonNotes)
    .where(and(eq(lessonNotes.userId, userId), eq(lessonNotes.lessonId, lessonId)))
    .orderBy(asc(lessonNotes.atS), asc(lessonNotes.id));
  return rows.map(out);
}

/** 记笔记 at `at_s`, or changes one of the member's notes (another member's note answers 404). */
export async function saveNote(userId: number, input: { id?: number | undefined; lesson_id: number; at_s: number; body: string }) {
  const lesson = await watchable(userId, input.lesson_id);
  const at = lesson.durationS > 0 ? Math.min(input.at_s, lesson.durationS) : input.at_s;
  return db().transaction(async (tx) => {
    if (input.id) {
      const [row] = await tx
        .update(lessonNotes)
        .set({ atS: at, body: input.body, updatedAt: new Date() })
        .where(and(eq(lessonNotes.id, input.id), eq(lessonNotes.userId, userId), eq(lessonNotes.lessonId, lesson.id)))
        .returning();
      if (!row) throw notFound(LEARN_TEXTS.noteGone);
      return out(row);
    }
    const [n] = await tx
      .select({ n: count() })
      .from(lessonNotes)
      .where(and(eq(lessonNotes.userId, userId), eq(lessonNotes.lessonId, lesson.id)));
    if ((n?.n ?? 0) >= NOTE_LIMITS.perLesson) throw refuse(LEARN_TEXTS.noteMany);
    const [row] = await tx
      .insert(lessonNotes)
      .values({ userId, lessonId: lesson.id, courseId: lesson.courseId, atS: at, body: input.body })
      .returning();
    return out(one(row ? [row] : [], 'inserted note'));
  });
}

/** Deletes one of the member's notes. */
export async function deleteNote(userId: number, id: number): Promise<null> {
  const gone = await db()
    .delete(lessonNotes)
    .where(and(eq(lessonNotes.id, id), eq(lessonNotes.userId, userId)))
    .returning({ id: lessonNotes.id });
  if (!gone.length) throw notFound(LEARN_TEXTS.noteGone);
  return null;
}

/** 我的笔记: every note of the member, newest first, with its course and lesson. */
export async function myNotes(userId: number, page: number, limit: number): Promise<ApiOutput<'/learn/myNotes'>> {
  const where = eq(lessonNotes.userId, userId);
  const [rows, [total]] = await Promise.all([
    db()
      .select({ n: lessonNotes, lesson: lessons.title, course: courses.title })
      .from(lessonNotes)
      .innerJoin(lessons, eq(lessons.id, lessonNotes.lessonId))
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(where)
      .orderBy(desc(lessonNotes.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(lessonNotes).where(where),
  ]);
  return {
    list: rows.map((r): MyNote => ({ ...out(r.n), course_title: r.course, lesson_title: r.lesson })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}
