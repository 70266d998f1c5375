import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_PROVIDER_BP } from '~/lib/rules/provider';
import { db } from '../db/index';
import { coaches, messages, providerTeam, serviceProviders, users } from '../db/schema';

/**
 * The demo provider (华武供应链, 13800000004, service_id 1) and its team, when there is no provider
 * yet: two coaches who accepted (释延明, 刘静), and the invitation the demo coach 陈师傅 finds in
 * notices (seeded by notices.ts), tied to a real pending invitation so answering it works.
 */
export async function seedProviders(): Promise<number> {
  const [have] = await db().select({ n: count() }).from(serviceProviders);
  if (have?.n) return 0;
  const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.phone, '13800000004')).limit(1);
  if (!owner) return 0;
  const [p] = await db()
    .insert(serviceProviders)
    .values({
      userId: owner.id,
      name: '华武供应链',
      contact: '王经理',
      phone: '13800000004',
      city: '北京',
      intro: '专注武术教练经纪与课程运营服务，为签约教练提供课程策划、视频拍摄剪辑和线上推广支持。',
      commissionBp: DEFAULT_PROVIDER_BP,
    })
    .returning({ id: serviceProviders.id });
  if (!p) throw new Error('provider seed insert returned nothing');
  await db().update(users).set({ serviceId: p.id }).where(eq(users.id, owner.id));

  const team = await db()
    .select({ id: coaches.id })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(inArray(users.phone, ['13800000104', '13800000108']));
  const joined = new Date(Date.now() - 20 * 86_400_000);
  if (team.length) {
    await db()
      .insert(providerTeam)
      .values(team.map((c) => ({ providerId: p.id, coachId: c.id, status: 'active', createdAt: joined, joinedAt: joined })));
  }

  const [invite] = await db()
    .select({ id: messages.id, userId: messages.userId })
    .from(messages)
    .where(and(eq(messages.fromUserId, owner.id), eq(messages.needAgree, true), sql`${messages.payload}->>'action' = 'join_provider'`))
    .limit(1);
  const [coach] = invite?.userId
    ? await db().select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, invite.userId)).limit(1)
    : [];
  if (invite && coach) {
    const [row] = await db()
      .insert(providerTeam)
      .values({ providerId: p.id, coachId: coach.id, status: 'invited', messageId: invite.id })
      .returning({ id: providerTeam.id });
    if (row) {
      await db()
        .update(messages)
        .set({ payload: { action: 'join_provider', team_id: row.id, provider_id: p.id } })
        .where(eq(messages.id, invite.id));
    }
  }
  return 1 + team.length;
}
