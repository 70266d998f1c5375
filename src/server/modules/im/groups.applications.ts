import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import { GROUP_NOTICE, GROUP_TIP, type GroupApplication } from '~/lib/chat/types';
import { imageUrl } from '~/lib/rules/image-url';
import { IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { db } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { imGroupApplications, imGroupMembers, imGroups, users } from '../../db/schema';
import { env } from '../../env';
import { assertManager } from './guards';
import { flush, notice, tip, type Posted } from './groups.posts';
import { APPLICATION, loadGroup, pushGroupList, seatMembers, secs } from './groups.store';
import { ChatFault } from './ops';

/** Join applications to Public groups that need permission: the managers' list, agree or reject. */

/** Pending applications to the groups I own or administer. */
export async function applicationsToManage(me: number): Promise<GroupApplication[]> {
  const mine = db()
    .select({ id: imGroupMembers.groupId })
    .from(imGroupMembers)
    .where(and(eq(imGroupMembers.userId, me), inArray(imGroupMembers.role, ['Owner', 'Admin'])));
  const rows = await db()
    .select({
      id: imGroupApplications.id,
      groupId: imGroups.id,
      groupName: imGroups.name,
      userId: users.id,
      nick: publicNameOf(users),
      avatar: users.avatar,
      wording: imGroupApplications.wording,
      at: imGroupApplications.createdAt,
    })
    .from(imGroupApplications)
    .innerJoin(imGroups, eq(imGroups.id, imGroupApplications.groupId))
    .innerJoin(users, eq(users.id, imGroupApplications.userId))
    .where(
      and(eq(imGroupApplications.status, APPLICATION.pending), isNull(imGroups.dismissedAt), inArray(imGroupApplications.groupId, mine)),
    )
    .orderBy(desc(imGroupApplications.createdAt), desc(imGroupApplications.id));
  return rows.map((r) => ({
    applicationID: String(r.id),
    groupID: r.groupId,
    groupName: r.groupName,
    applicant: String(r.userId),
    applicantNick: r.nick,
    applicantAvatar: imageUrl(r.avatar, env().MEDIA_URL),
    wording: r.wording,
    time: secs(r.at),
  }));
}

/** Agree or reject once: the `status = 0` guard makes a second click (or a second admin) find nothing. */
export async function handleApplication(
  me: number,
  p: { applicationID: string; handleAction: 'Agree' | 'Reject'; handleMessage?: string },
): Promise<void> {
  const appId = /^\d{1,9}$/.test(p.applicationID) ? Number(p.applicationID) : 0;
  const out: Posted = [];
  let joined: number | null = null;
  await db().transaction(async (tx) => {
    const [app] = await tx.select().from(imGroupApplications).where(eq(imGroupApplications.id, appId));
    if (!app) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.noGroupApplication);
    await assertManager(tx, me, app.groupId);
    const agree = p.handleAction === 'Agree';
    const done = await tx
      .update(imGroupApplications)
      .set({
        status: agree ? APPLICATION.agreed : APPLICATION.rejected,
        handledBy: me,
        handleMessage: p.handleMessage ?? '',
        handledAt: new Date(),
      })
      .where(and(eq(imGroupApplications.id, appId), eq(imGroupApplications.status, APPLICATION.pending)))
      .returning({ id: imGroupApplications.id });
    if (done.length === 0) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.noGroupApplication);
    const g = await loadGroup(tx, app.groupId);
    if (agree) {
      const added = await seatMembers(tx, g, [app.userId]);
      if (added.length) await tip(tx, out, g.id, me, GROUP_TIP.joined, added);
      joined = app.userId;
    }
    await notice(tx, out, [app.userId], g, me, agree ? GROUP_NOTICE.accepted : GROUP_NOTICE.rejected, {
      handleMessage: p.handleMessage ?? '',
    });
  });
  await flush(out);
  if (joined != null) await pushGroupList([joined]);
}
