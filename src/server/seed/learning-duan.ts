import { and, count, eq, inArray } from 'drizzle-orm';
import { db } from '../db/index';
import { coaches, courses, duanRequirements, examiners, labels, lessons, users } from '../db/schema';

/**
 * 段位 demo data: the first three 段 of 太极拳 and 少林拳 made of seeded courses and lessons, and the demo
 * coach (陈师傅) as an examiner up to 六段 — only while there are no requirements and no examiners.
 */

type Plan = { duan: number; course: string; lesson?: number; name: string }[];

const PLANS: Record<string, Plan> = {
  太极拳: [
    { duan: 1, course: '二十四式太极拳零基础入门', name: '学完 二十四式太极拳入门' },
    { duan: 1, course: '太极拳站桩与呼吸', lesson: 1, name: '站桩：基本手型与步型' },
    { duan: 2, course: '陈式太极拳老架一路精讲', name: '学完 陈式老架一路' },
    { duan: 2, course: '太极推手基础训练', lesson: 4, name: '推手：完整演练与要领' },
    { duan: 3, course: '四十二式太极拳分解教学', name: '学完 四十二式太极拳' },
    { duan: 3, course: '太极推手基础训练', name: '学完 太极推手基础' },
  ],
  少林拳: [
    { duan: 1, course: '少林小洪拳', name: '学完 少林小洪拳' },
    { duan: 2, course: '少林罗汉拳入门', name: '学完 少林罗汉拳入门' },
    { duan: 3, course: '少林棍法基础', name: '学完 少林棍法基础' },
    { duan: 3, course: '少林童子功', lesson: 5, name: '童子功：常见错误与纠正' },
  ],
};

export async function seedDuan(): Promise<Record<string, number>> {
  const [[reqs], [exs]] = await Promise.all([
    db().select({ n: count() }).from(duanRequirements),
    db().select({ n: count() }).from(examiners),
  ]);
  const out: Record<string, number> = {};
  if (!reqs?.n) {
    let added = 0;
    for (const [style, plan] of Object.entries(PLANS)) {
      const [label] = await db().select({ id: labels.id }).from(labels).where(eq(labels.name, style));
      if (!label) continue;
      const found = await db()
        .select({ id: courses.id, title: courses.title })
        .from(courses)
        .where(inArray(courses.title, [...new Set(plan.map((p) => p.course))]));
      const courseId = new Map(found.map((c) => [c.title, c.id]));
      const sortOf = new Map<number, number>();
      for (const p of plan) {
        const cid = courseId.get(p.course);
        if (!cid) continue;
        let refId = cid;
        if (p.lesson !== undefined) {
          const [l] = await db()
            .select({ id: lessons.id })
            .from(lessons)
            .where(and(eq(lessons.courseId, cid), eq(lessons.sort, p.lesson)));
          if (!l) continue;
          refId = l.id;
        }
        const sort = (sortOf.get(p.duan) ?? 0) + 10;
        sortOf.set(p.duan, sort);
        await db()
          .insert(duanRequirements)
          .values({ labelId: label.id, duan: p.duan, kind: p.lesson === undefined ? 'course' : 'lesson', refId, name: p.name, sort });
        added++;
      }
    }
    out['duanRequirements'] = added;
  }
  if (!exs?.n) {
    const [coach] = await db()
      .select({ id: coaches.id })
      .from(coaches)
      .innerJoin(users, eq(users.id, coaches.userId))
      .where(eq(users.phone, '13800000002'));
    if (coach) {
      await db().insert(examiners).values({ coachId: coach.id, maxDuan: 6, note: '陈式太极拳第十二代传人' });
      out['examiners'] = 1;
    }
  }
  return out;
}
