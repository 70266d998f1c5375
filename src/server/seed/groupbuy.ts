import { and, count, desc, eq, gt } from 'drizzle-orm';
import { db } from '../db/index';
import { coaches, courses, groupBuys, users } from '../db/schema';
import { saveCampaign } from '../modules/groupbuy/campaign.service';
import { openGroup } from '../modules/groupbuy/group.service';

const HOUR = 3_600_000;

/**
 * 拼团's demo: 陈师傅 offers his newest paid course as a 3-person group buy for a month, and a
 * demo member (not the main demo account, whose orders other demos rely on) opens a group — both
 * through the services, so the order and the group are what the site writes. The opener has not
 * paid: the group shows 还差 3 人 until its deadline. Only when no group buy exists yet.
 */
export async function seedGroupBuy(): Promise<Record<string, number>> {
  const [n] = await db().select({ n: count() }).from(groupBuys);
  if (n?.n) return { group_buys: 0 };
  const userOf = async (p: string) => (await db().select({ id: users.id }).from(users).where(eq(users.phone, p)).limit(1))[0]?.id;
  const coachUser = await userOf('13800000002');
  const opener = await userOf('13800000102');
  const [coach] = coachUser ? await db().select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, coachUser)).limit(1) : [];
  if (!coachUser || !opener || !coach) return { group_buys: 0 };
  const [course] = await db()
    .select({ id: courses.id, price: courses.price })
    .from(courses)
    .where(and(eq(courses.coachId, coach.id), eq(courses.status, 1), gt(courses.price, 100)))
    .orderBy(desc(courses.id))
    .limit(1);
  if (!course) return { group_buys: 0 };
  const now = Date.now();
  const c = await saveCampaign(coachUser, {
    kind: 'course',
    item_id: course.id,
    // 七折, rounded to whole yuan.
    price: Math.max(100, Math.round((course.price * 0.7) / 100) * 100),
    size: 3,
    limit_hours: 48,
    starts_at: new Date(now - HOUR).toISOString(),
    ends_at: new Date(now + 30 * 24 * HOUR).toISOString(),
  });
  await openGroup(opener, c.id);
  return { group_buys: 1, group_buy_groups: 1 };
}
