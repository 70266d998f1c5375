import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '~/server/db';
import { coaches, courses, homeworkAssignments, homeworkSubmissions, lessons, users } from '~/server/db/schema';

/**
 * A homework submission written straight into the tables (the homework part's upload flow is not
 * needed to test a critique): an assignment on the first lesson with a video of the coach with
 * `coachPhone`'s first course, and `learnerPhone`'s clip for it (a private video key).
 */
export async function insertSubmission(db: Db, opts: { coachPhone: string; learnerPhone: string; durationS?: number; video?: string }) {
  const [coach] = await db
    .select({ coachId: coaches.id })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(eq(users.phone, opts.coachPhone))
    .limit(1);
  const [learner] = await db.select({ id: users.id }).from(users).where(eq(users.phone, opts.learnerPhone)).limit(1);
  if (!coach || !learner) throw new Error('demo accounts missing');
  const [lesson] = await db
    .select({ id: lessons.id, courseId: lessons.courseId })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(courses.coachId, coach.coachId), ne(lessons.video, '')))
    .orderBy(lessons.courseId, lessons.sort)
    .limit(1);
  if (!lesson) throw new Error('the coach has no lesson');
  const [assignment] = await db
    .insert(homeworkAssignments)
    .values({ coachId: coach.coachId, courseId: lesson.courseId, lessonId: lesson.id, title: '马步冲拳 30 次', body: '正面拍摄，全身入镜' })
    .returning();
  const [submission] = await db
    .insert(homeworkSubmissions)
    .values({
      assignmentId: assignment!.id,
      userId: learner.id,
      video: opts.video ?? '/uploads/videos/homework/test-clip.mp4',
      durationS: opts.durationS ?? 30,
      note: '第一次练习',
    })
    .returning();
  return { assignment: assignment!, submission: submission!, courseId: lesson.courseId, lessonId: lesson.id, learnerId: learner.id };
}
