import { asc, count, eq, like } from 'drizzle-orm';
import { db } from '../db/index';
import { courses, lessonChapters, lessons } from '../db/schema';

/** The moves of 二十四式太极拳 in order: each demo lesson gets a run of them, spread over its real length. */
const TAIJI_MOVES = [
  ['起势', '两脚开立与肩同宽，两臂慢慢向前平举'],
  ['左右野马分鬃', '弓步与分手协调一致，上体保持正直'],
  ['白鹤亮翅', '重心后移，右手上提，左手下按'],
  ['左右搂膝拗步', '搂手、推掌与弓步同时完成'],
  ['手挥琵琶', '两臂合抱，沉肩坠肘'],
  ['左右倒卷肱', '退步时脚尖先着地，再慢慢踏实'],
  ['左揽雀尾', '掤、捋、挤、按，腰带动手'],
  ['右揽雀尾', '转体扣脚，动作连贯不断'],
  ['单鞭', '勾手与推掌方向相对，松腰沉胯'],
  ['云手', '以腰为轴，两手交替在面前划圆'],
  ['高探马', '跟步后坐，右掌前推'],
  ['十字手', '两手交叉合抱于胸前'],
  ['收势', '两手慢慢下落，气沉丹田'],
] as const;

/** How many moves each lesson shows. */
const PER_LESSON = 4;

/**
 * 招式 for the demo 太极 course's lessons (only while no lesson has any), within each lesson's length.
 * Answers how many were added.
 */
export async function seedLearningChapters(): Promise<number> {
  const [have] = await db().select({ n: count() }).from(lessonChapters);
  if ((have?.n ?? 0) > 0) return 0;
  const [course] = await db()
    .select({ id: courses.id })
    .from(courses)
    .where(like(courses.title, '%太极拳%'))
    .orderBy(asc(courses.id))
    .limit(1);
  if (!course) return 0;
  const list = await db().select().from(lessons).where(eq(lessons.courseId, course.id)).orderBy(asc(lessons.sort), asc(lessons.id));
  const rows = list.flatMap((l, k) => {
    if (l.durationS < PER_LESSON) return [];
    return Array.from({ length: PER_LESSON }, (_, i) => {
      const [name, note] = TAIJI_MOVES[(k * PER_LESSON + i) % TAIJI_MOVES.length] ?? TAIJI_MOVES[0];
      return { lessonId: l.id, name, note, startS: Math.floor((i * l.durationS) / PER_LESSON), endS: null };
    });
  });
  if (rows.length) await db().insert(lessonChapters).values(rows);
  return rows.length;
}
