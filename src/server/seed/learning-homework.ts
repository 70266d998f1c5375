import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { db } from '../db';
import { coaches, courses, homeworkAssignments, homeworkSubmissions, lessons, users, videos } from '../db/schema';
import { storage } from '../providers/storage';
import { LESSON_VIDEO } from './catalogue';

/**
 * 作业 demo data, when there is none: an assignment on the first lesson of the demo coach's first
 * 太极 course, and one practice video by the demo member, left 待点评. The video is a private copy
 * (`videos/…`) of the shipped lesson clip, so it plays only through signed URLs like a real upload.
 */
export async function seedHomework(): Promise<Record<string, number>> {
  const [have] = await db().select({ n: count() }).from(homeworkAssignments);
  if (have?.n) return {};
  const [target] = await db()
    .select({ coachId: coaches.id, courseId: courses.id, lessonId: lessons.id })
    .from(courses)
    .innerJoin(coaches, eq(coaches.id, courses.coachId))
    .innerJoin(users, eq(users.id, coaches.userId))
    .innerJoin(lessons, eq(lessons.courseId, courses.id))
    .where(and(eq(users.phone, '13800000002'), like(courses.title, '%太极%')))
    .orderBy(asc(courses.id), asc(lessons.sort), asc(lessons.id))
    .limit(1);
  const [member] = await db().select({ id: users.id }).from(users).where(eq(users.phone, '13800000001')).limit(1);
  if (!target || !member) return {};
  const [a] = await db()
    .insert(homeworkAssignments)
    .values({
      coachId: target.coachId,
      courseId: target.courseId,
      lessonId: target.lessonId,
      title: '演练本节第一至第四式',
      body: '正面和侧面各拍一遍，全身入镜；动作放慢，注意重心和呼吸。',
    })
    .returning({ id: homeworkAssignments.id });
  if (!a) return {};
  const file = [resolve('public', LESSON_VIDEO.slice(1)), resolve('dist/client', LESSON_VIDEO.slice(1))].find((f) => existsSync(f));
  if (!file) return { homeworkAssignments: 1 };
  const bytes = await readFile(file);
  const key = 'videos/seed/homework-demo/practice.webm';
  const path = await storage().put(key, bytes, 'video/webm');
  const [v] = await db()
    .insert(videos)
    .values({
      userId: member.id,
      uploadId: 'seed-homework-demo',
      name: '练习视频.webm',
      mime: 'video/webm',
      size: bytes.length,
      original: path,
      path,
      durationS: 6,
      status: 'raw',
    })
    .returning({ id: videos.id });
  await db()
    .insert(homeworkSubmissions)
    .values({
      assignmentId: a.id,
      userId: member.id,
      attempt: 1,
      videoId: v?.id ?? null,
      video: path,
      durationS: 6,
      note: '第三式转身总是不稳，请老师指点',
    });
  return { homeworkAssignments: 1, homeworkSubmissions: 1 };
}
