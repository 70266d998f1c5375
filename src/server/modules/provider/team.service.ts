import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TeamMember } from '~/lib/api/contract/provider';
import { maskPhone } from '~/lib/rules/phone';
import { PROVIDER_TEXTS, TEAM_STATES, TEAM_STATE_TEXT, type TeamState } from '~/lib/rules/provider';
import { db, type TxOrDb } from '../../db';
import { isUniqueViolation } from '../../db/rows';
import { coaches, providerTeam, serviceProviders, users } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { notFound, refuse } from '../../http/errors';
import { registerConsentHandler, sendMessage } from '../notice/notice.service';
import { providerIdOf } from '../catalogue/owner';

/**
 * A provider's team: invite a coach by phone → the coach gets a consent notice and
 * answers it with /api/member/messageIsAgree → active (or declined); the provider may remove an
 * active coach. A coach is active in at most one team: checked at invite and again when agreeing,
 * under the partial unique index that settles any race.
 */

export const JOIN_ACTION = 'join_provider';

const stateOf = (s: string): TeamState => TEAM_STATES.find((x) => x === s) ?? 'removed';

const coursesOn = sql<number>`(select count(*) from courses c where c.coach_id = "provider_team"."coach_id" and c.status = 1)::int`;

type Row = { t: typeof providerTeam.$inferSelect; name: string; avatar: string; title: string; phone: string | null; courses: number };

function memberView(r: Row): TeamMember {
  const status = stateOf(r.t.status);
  return {
    id: r.t.id,
    coach_id: r.t.coachId,
    name: r.name,
    avatar: r.avatar,
    title: r.title,
    phone: maskPhone(r.phone),
    status,
    status_text: TEAM_STATE_TEXT[status],
    courses: Number(r.courses),
    created_at: r.t.createdAt.toISOString(),
    joined_at: r.t.joinedAt?.toISOString() ?? null,
  };
}

const memberColumns = {
  t: providerTeam,
  name: coaches.name,
  avatar: coaches.avatar,
  title: coaches.title,
  phone: users.phone,
  courses: coursesOn,
};

export async function teamPage(
  user: SessionUser,
  q: { page: number; limit: number; status: 'all' | 'active' | 'invited' },
): Promise<{ list: TeamMember[]; total: number; page: number; limit: number }> {
  const providerId = await providerIdOf(user);
  const where = and(
    eq(providerTeam.providerId, providerId),
    q.status === 'all' ? inArray(providerTeam.status, ['active', 'invited']) : eq(providerTeam.status, q.status),
  );
  const [rows, [total]] = await Promise.all([
    db()
      .select(memberColumns)
      .from(providerTeam)
      .innerJoin(coaches, eq(coaches.id, providerTeam.coachId))
      .innerJoin(users, eq(users.id, coaches.userId))
      .where(where)
      // Active first, then open invitations; newest first within each.
      .orderBy(sql`case when ${providerTeam.status} = 'active' then 0 else 1 end`, desc(providerTeam.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(providerTeam).where(where),
  ]);
  return { list: rows.map(memberView), total: total?.n ?? 0, page: q.page, limit: q.limit };
}

/** The active coaches of a provider (their ids), for the course and order lists. */
export async function teamCoachIds(providerId: number): Promise<number[]> {
  const rows = await db()
    .select({ id: providerTeam.coachId })
    .from(providerTeam)
    .where(and(eq(providerTeam.providerId, providerId), eq(providerTeam.status, 'active')));
  return rows.map((r) => r.id);
}

/** /api/provider/invite: a consent notice to the coach with this phone. */
export async function invite(user: SessionUser, phone: string): Promise<TeamMember> {
  const providerId = await providerIdOf(user);
  const [c] = await db()
    .select({ id: coaches.id, userId: coaches.userId, identity: users.identity })
    .from(users)
    .innerJoin(coaches, eq(coaches.userId, users.id))
    .where(eq(users.phone, phone))
    .limit(1);
  if (c?.userId === user.id) throw refuse(PROVIDER_TEXTS.inviteSelf);
  if (!c || c.identity !== 2) throw refuse(PROVIDER_TEXTS.notCoach);
  const [p] = await db().select({ name: serviceProviders.name }).from(serviceProviders).where(eq(serviceProviders.id, providerId));
  if (!p) throw new Error(`provider ${providerId} vanished`);
  try {
    const id = await db().transaction(async (tx) => {
      const open = await tx
        .select({ providerId: providerTeam.providerId, status: providerTeam.status })
        .from(providerTeam)
        .where(and(eq(providerTeam.coachId, c.id), inArray(providerTeam.status, ['active', 'invited'])));
      if (open.some((o) => o.status === 'active' && o.providerId === providerId)) throw refuse(PROVIDER_TEXTS.inTeam);
      if (open.some((o) => o.status === 'active')) throw refuse(PROVIDER_TEXTS.inOtherTeam);
      if (open.some((o) => o.providerId === providerId)) throw refuse(PROVIDER_TEXTS.invited);
      const [row] = await tx
        .insert(providerTeam)
        .values({ providerId, coachId: c.id, status: 'invited' })
        .returning({ id: providerTeam.id });
      if (!row) throw new Error('team insert returned nothing');
      const messageId = await sendMessage(
        {
          userId: c.userId,
          kind: 'notice',
          title: `${p.name}邀请您加入其教练团队`,
          content: `<p>服务商“${escapeHtml(p.name)}”邀请您成为其签约教练。同意后，您的课程和班级订单将计入该服务商的团队业绩（服务商的分成由平台承担，不影响您的收入），服务商可查看团队课程的销售数据。一名教练只能加入一个服务商团队。</p>`,
          fromUserId: user.id,
          needAgree: true,
          payload: { action: JOIN_ACTION, team_id: row.id, provider_id: providerId },
        },
        tx,
      );
      await tx.update(providerTeam).set({ messageId }).where(eq(providerTeam.id, row.id));
      return row.id;
    });
    return await memberById(providerId, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(PROVIDER_TEXTS.invited);
    throw err;
  }
}

async function memberById(providerId: number, id: number): Promise<TeamMember> {
  const [r] = await db()
    .select(memberColumns)
    .from(providerTeam)
    .innerJoin(coaches, eq(coaches.id, providerTeam.coachId))
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(and(eq(providerTeam.id, id), eq(providerTeam.providerId, providerId)))
    .limit(1);
  if (!r) throw notFound(PROVIDER_TEXTS.memberNotFound);
  return memberView(r);
}

/** /api/provider/teamRemove: an active coach leaves the team (orders paid from now on earn nothing). */
export async function removeMember(user: SessionUser, id: number): Promise<null> {
  const providerId = await providerIdOf(user);
  await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ t: providerTeam, userId: coaches.userId, providerName: serviceProviders.name })
      .from(providerTeam)
      .innerJoin(coaches, eq(coaches.id, providerTeam.coachId))
      .innerJoin(serviceProviders, eq(serviceProviders.id, providerTeam.providerId))
      .where(and(eq(providerTeam.id, id), eq(providerTeam.providerId, providerId)))
      .limit(1);
    // Another provider's member answers like a missing one.
    if (!row) throw notFound(PROVIDER_TEXTS.memberNotFound);
    const [done] = await tx
      .update(providerTeam)
      .set({ status: 'removed', endedAt: new Date() })
      .where(and(eq(providerTeam.id, id), eq(providerTeam.status, 'active')))
      .returning({ id: providerTeam.id });
    if (!done) throw refuse(PROVIDER_TEXTS.notActive);
    await sendMessage(
      {
        userId: row.userId,
        kind: 'notice',
        title: '您已被移出服务商团队',
        content: `<p>服务商“${escapeHtml(row.providerName)}”已将您移出其教练团队。此后您的订单不再计入该服务商业绩，您可以接受其他服务商的邀请。</p>`,
      },
      tx,
    );
  });
  return null;
}

/**
 * The coach's answer to an invitation (registered with the notice module): agree → active, unless
 * the coach meanwhile joined another team; refuse → declined. The provider is told either way.
 */
async function answerInvite(tx: TxOrDb, a: { messageId: number; userId: number; agree: 1 | 2 }): Promise<void> {
  const [row] = await tx
    .select({ t: providerTeam, coachName: coaches.name, providerUser: serviceProviders.userId })
    .from(providerTeam)
    .innerJoin(coaches, eq(coaches.id, providerTeam.coachId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, providerTeam.providerId))
    .where(and(eq(providerTeam.messageId, a.messageId), eq(coaches.userId, a.userId)))
    .limit(1);
  if (!row || row.t.status !== 'invited') throw refuse(PROVIDER_TEXTS.inviteGone);
  const agreed = a.agree === 1;
  if (agreed) {
    const [other] = await tx
      .select({ id: providerTeam.id })
      .from(providerTeam)
      .where(and(eq(providerTeam.coachId, row.t.coachId), eq(providerTeam.status, 'active')))
      .limit(1);
    if (other) throw refuse(PROVIDER_TEXTS.joinedOther);
  }
  try {
    const [done] = await tx
      .update(providerTeam)
      .set(agreed ? { status: 'active', joinedAt: new Date() } : { status: 'declined', endedAt: new Date() })
      .where(and(eq(providerTeam.id, row.t.id), eq(providerTeam.status, 'invited')))
      .returning({ id: providerTeam.id });
    if (!done) throw refuse(PROVIDER_TEXTS.inviteGone);
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(PROVIDER_TEXTS.joinedOther);
    throw err;
  }
  await sendMessage(
    {
      userId: row.providerUser,
      kind: 'notice',
      title: agreed ? `${row.coachName}已加入您的教练团队` : `${row.coachName}拒绝了您的团队邀请`,
      content: agreed
        ? `<p>教练“${escapeHtml(row.coachName)}”已同意加入您的团队，其课程和班级订单将计入团队业绩。</p>`
        : `<p>教练“${escapeHtml(row.coachName)}”拒绝了您的团队邀请。</p>`,
      fromUserId: a.userId,
      link: '/my/service_identity/list',
    },
    tx,
  );
}

export function registerTeamConsent(): void {
  registerConsentHandler(JOIN_ACTION, answerInvite);
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
