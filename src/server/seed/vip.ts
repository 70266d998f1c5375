import { and, asc, eq, gt, notInArray } from 'drizzle-orm';
import { db } from '../db/index';
import { coaches, courseAccess, courses, users, vipPlans } from '../db/schema';

/**
 * VIP demo (modules/vip): the two plans of migration 0034 put on sale at their default prices, and
 * one priced course of the demo coach that the demo member has not bought marked VIP免费 — as the coach
 * would in the course editor. No members: a membership exists only once someone pays for it. Only when
 * no plan is on sale and no course is VIP免费 yet.
 */
export async function seedVip(): Promise<Record<string, number>> {
  const [onSale] = await db().select({ id: vipPlans.id }).from(vipPlans).where(eq(vipPlans.enabled, true)).limit(1);
  const plans = onSale ? 0 : (await db().update(vipPlans).set({ enabled: true }).returning({ id: vipPlans.id })).length;
  const [marked] = await db().select({ id: courses.id }).from(courses).where(eq(courses.vipFree, true)).limit(1);
  if (marked) return { vip_plans: plans, vip_courses: 0 };
  const phone = async (p: string) => (await db().select({ id: users.id }).from(users).where(eq(users.phone, p)).limit(1))[0]?.id;
  const coachUser = await phone('13800000002');
  const member = (await phone('13800000001')) ?? 0;
  const [coach] = coachUser ? await db().select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, coachUser)).limit(1) : [];
  if (!coach) return { vip_plans: plans, vip_courses: 0 };
  const owned = db().select({ id: courseAccess.courseId }).from(courseAccess).where(eq(courseAccess.userId, member));
  const [course] = await db()
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        eq(courses.coachId, coach.id),
        eq(courses.status, 1),
        gt(courses.price, 0),
        gt(courses.lessonCount, 0),
        notInArray(courses.id, owned),
      ),
    )
    .orderBy(asc(courses.id))
    .limit(1);
  if (!course) return { vip_plans: plans, vip_courses: 0 };
  await db().update(courses).set({ vipFree: true }).where(eq(courses.id, course.id));
  return { vip_plans: plans, vip_courses: 1 };
}
