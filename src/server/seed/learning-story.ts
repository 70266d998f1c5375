import { and, eq } from 'drizzle-orm';
import { db } from '../db/index';
import { coaches, duanRequirements, homeworkAssignments, homeworkSubmissions, labels, users } from '../db/schema';
import { saveCritique } from '../modules/learning/critique.service';

/**
 * The learning demo as one story, through the real services so every row and notice is what a user's
 * clicks would leave: 陈师傅 reviews 习武小白's practice video (an arrow, an angle and a circle pinned to
 * moments, 82 合格; 我的作业 lists it because they handed it in), and that assignment becomes a 太极拳
 * 一段 requirement. The demo member buys nothing here: they start with no course and all their coins,
 * as the walk-throughs and tests expect. Runs once: only while the demo submission is still 待点评.
 */
export async function seedLearningStory(): Promise<Record<string, number>> {
  const [row] = await db()
    .select({ id: homeworkSubmissions.id, userId: homeworkSubmissions.userId, a: homeworkAssignments, coachUser: coaches.userId })
    .from(homeworkSubmissions)
    .innerJoin(homeworkAssignments, eq(homeworkAssignments.id, homeworkSubmissions.assignmentId))
    .innerJoin(coaches, eq(coaches.id, homeworkAssignments.coachId))
    .innerJoin(users, eq(users.id, homeworkSubmissions.userId))
    .where(and(eq(users.phone, '13800000001'), eq(homeworkSubmissions.status, 'new')))
    .limit(1);
  if (!row?.a.courseId) return {};
  const out: Record<string, number> = {};

  await saveCritique(row.coachUser, {
    id: row.id,
    score: 82,
    verdict: '合格',
    summary: '动作顺序正确，节奏平稳。注意转身时重心先移再转，膝盖与脚尖同向；下次侧面再拍一遍。',
    marks: [
      {
        at: 1.5,
        text: '右膝内扣了，膝盖要对准脚尖方向',
        shapes: [{ kind: 'arrow', a: [0.7, 0.3], b: [0.55, 0.62], colour: 'red' }],
      },
      {
        at: 3.5,
        text: '弓步前腿屈膝约 90 度，这里还不够低',
        shapes: [{ kind: 'angle', a: [0.42, 0.45], vertex: [0.5, 0.68], b: [0.64, 0.7], colour: 'yellow' }],
      },
      { at: 5, text: '收势时沉肩坠肘，呼吸放慢', shapes: [{ kind: 'circle', c: [0.5, 0.35], r: 0.08, colour: 'green' }] },
    ],
    voice: '',
    voice_s: 0,
  });
  out['critiques'] = 1;

  const [taiji] = await db().select({ id: labels.id }).from(labels).where(eq(labels.name, '太极拳'));
  if (taiji) {
    const added = await db()
      .insert(duanRequirements)
      .values({ labelId: taiji.id, duan: 1, kind: 'homework', refId: row.a.id, name: '演练 二十四式 第一至第四式', sort: 100 })
      .onConflictDoNothing()
      .returning({ id: duanRequirements.id });
    out['duanRequirements'] = added.length;
  }
  return out;
}
