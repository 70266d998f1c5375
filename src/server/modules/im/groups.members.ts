import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import { IM_LIMITS } from '~/lib/chat/protocol';
import { GROUP_NOTICE, GROUP_TIP, type GroupMember, type GroupMemberPage, type GroupRole } from '~/lib/chat/types';
import { imageUrl } from '~/lib/rules/image-url';
import { IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { db, type Tx } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { imGroupMembers, users } from '../../db/schema';
import { env } from '../../env';
import { assertManager, seatIn } from './guards';
import { flush, notice, tip, type Posted } from './groups.posts';
import { existingUsers, idsOf, loadGroup, memberIds, pushGroupList, seatMembers, secs, unseatMembers, type GroupRow } from './groups.store';
import { ChatFault } from './ops';
import { userIdOf } from './profiles';

/** A group's members: the member list, invitations, kicks, roles and mutes. */

const ROLE_ORDER = sql`CASE ${imGroupMembers.role} WHEN 'Owner' THEN 0 WHEN 'Admin' THEN 1 ELSE 2 END`;

/** 30 a page (SPEC §9): owner first, then admins, then by join time. Members only. */
export async function memberPage(me: number, p: { groupID: string; offset?: number; count?: number }): Promise<GroupMemberPage> {
  const offset = Math.max(0, p.offset ?? 0);
  const count = Math.min(IM_LIMITS.memberPage, Math.max(1, p.count ?? IM_LIMITS.memberPage));
  await seatIn(db() as unknown as Tx, me, p.groupID);
  const rows = await db()
    .select({
      id: users.id,
      nick: publicNameOf(users),
      avatar: users.avatar,
      role: imGroupMembers.role,
      nameCard: imGroupMembers.nameCard,
      joinedAt: imGroupMembers.joinedAt,
      muteUntil: imGroupMembers.muteUntil,
    })
    .from(imGroupMembers)
    .innerJoin(users, eq(users.id, imGroupMembers.userId))
    .where(eq(imGroupMembers.groupId, p.groupID))
    .orderBy(ROLE_ORDER, asc(imGroupMembers.joinedAt), asc(imGroupMembers.userId))
    .offset(offset)
    .limit(count + 1);
  const more = rows.length > count;
  const now = Date.now();
  const memberList = rows.slice(0, count).map((r): GroupMember => ({
    userID: String(r.id),
    nick: r.nick,
    avatar: imageUrl(r.avatar, env().MEDIA_URL),
    role: r.role as GroupRole,
    nameCard: r.nameCard,
    joinTime: secs(r.joinedAt),
    muteUntil: r.muteUntil && r.muteUntil.getTime() > now ? secs(r.muteUntil) : 0,
  }));
  return { memberList, offset: more ? offset + count : 0, isCompleted: !more };
}

/** Public groups: owner and admins invite; Work groups: any member (as Tencent IM). */
export async function addGroupMembers(me: number, p: { groupID: string; userIDList: string[] }): Promise<{ successUserIDList: string[] }> {
  const out: Posted = [];
  let added: number[] = [];
  let g: GroupRow | undefined;
  await db().transaction(async (tx) => {
    const seat = await seatIn(tx, me, p.groupID);
    if (seat.type === 'AVChatRoom') throw new ChatFault(CHAT_CODE.badInput, '直播间不能邀请成员');
    if (seat.type === 'Public' && seat.role === 'Member') throw new ChatFault(CHAT_CODE.noPermission, IM_SOCIAL_TEXT.inviteNoPermission);
    g = await loadGroup(tx, p.groupID);
    added = await seatMembers(tx, g, await existingUsers(tx, idsOf(p.userIDList, me)));
    if (added.length === 0) return;
    await tip(tx, out, g.id, me, GROUP_TIP.joined, added);
    await notice(tx, out, added, g, me, GROUP_NOTICE.invited);
  });
  await flush(out);
  if (added.length && g) await pushGroupList([...added, ...(await memberIds(db() as unknown as Tx, g.id))]);
  return { successUserIDList: added.map(String) };
}

export async function deleteGroupMembers(me: number, p: { groupID: string; userIDList: string[]; reason?: string }): Promise<void> {
  const ids = idsOf(p.userIDList);
  if (ids.includes(me)) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.cannotKickSelf);
  if (ids.length === 0) return;
  const out: Posted = [];
  let remaining: number[] = [];
  await db().transaction(async (tx) => {
    const seat = await assertManager(tx, me, p.groupID);
    const targets = await tx
      .select({ id: imGroupMembers.userId, role: imGroupMembers.role })
      .from(imGroupMembers)
      .where(and(eq(imGroupMembers.groupId, p.groupID), inArray(imGroupMembers.userId, ids)));
    if (targets.length !== ids.length) throw new ChatFault(CHAT_CODE.notMember, IM_SOCIAL_TEXT.notGroupMember);
    if (targets.some((t) => t.role === 'Owner' || (seat.role === 'Admin' && t.role === 'Admin'))) {
      throw new ChatFault(CHAT_CODE.noPermission, IM_SOCIAL_TEXT.cannotKickManager);
    }
    const g = await loadGroup(tx, p.groupID);
    if (g.type !== 'AVChatRoom') await tip(tx, out, g.id, me, GROUP_TIP.kicked, ids);
    await unseatMembers(tx, g, ids);
    await notice(tx, out, ids, g, me, GROUP_NOTICE.kicked, { handleMessage: p.reason ?? '' });
    remaining = await memberIds(tx, g.id);
  });
  await flush(out);
  await pushGroupList([...ids, ...remaining]);
}

export async function setMemberRole(me: number, p: { groupID: string; userID: string; role: 'Admin' | 'Member' }): Promise<void> {
  const target = userIdOf(p.userID);
  const out: Posted = [];
  await db().transaction(async (tx) => {
    const seat = await seatIn(tx, me, p.groupID);
    if (seat.role !== 'Owner') throw new ChatFault(CHAT_CODE.noPermission, IM_SOCIAL_TEXT.ownerOnly);
    if (target == null || target === me) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.notGroupMember);
    const changed = await tx
      .update(imGroupMembers)
      .set({ role: p.role })
      .where(and(eq(imGroupMembers.groupId, p.groupID), eq(imGroupMembers.userId, target), ne(imGroupMembers.role, p.role)))
      .returning({ id: imGroupMembers.userId });
    if (changed.length === 0) {
      const [m] = await tx
        .select({ one: sql`1` })
        .from(imGroupMembers)
        .where(and(eq(imGroupMembers.groupId, p.groupID), eq(imGroupMembers.userId, target)));
      if (!m) throw new ChatFault(CHAT_CODE.notMember, IM_SOCIAL_TEXT.notGroupMember);
      return; // already in that role: nothing to announce
    }
    const g = await loadGroup(tx, p.groupID);
    const admin = p.role === 'Admin';
    if (g.type !== 'AVChatRoom') await tip(tx, out, g.id, me, admin ? GROUP_TIP.madeAdmin : GROUP_TIP.adminRevoked, [target]);
    await notice(tx, out, [target], g, me, admin ? GROUP_NOTICE.madeAdmin : GROUP_NOTICE.adminRevoked);
  });
  await flush(out);
  if (target != null) await pushGroupList([target]);
}

/** Mutes a member for `muteTime` seconds (0 lifts it). Managers cannot be muted; admins mute members only. */
export async function setMemberMute(me: number, p: { groupID: string; userID: string; muteTime: number }): Promise<void> {
  const target = userIdOf(p.userID);
  const out: Posted = [];
  await db().transaction(async (tx) => {
    await assertManager(tx, me, p.groupID);
    if (target == null) throw new ChatFault(CHAT_CODE.notMember, IM_SOCIAL_TEXT.notGroupMember);
    const [t] = await tx
      .select({ role: imGroupMembers.role })
      .from(imGroupMembers)
      .where(and(eq(imGroupMembers.groupId, p.groupID), eq(imGroupMembers.userId, target)));
    if (!t) throw new ChatFault(CHAT_CODE.notMember, IM_SOCIAL_TEXT.notGroupMember);
    if (t.role !== 'Member') throw new ChatFault(CHAT_CODE.noPermission, IM_SOCIAL_TEXT.cannotMuteManager);
    await tx
      .update(imGroupMembers)
      .set({ muteUntil: p.muteTime > 0 ? new Date(Date.now() + p.muteTime * 1000) : null })
      .where(and(eq(imGroupMembers.groupId, p.groupID), eq(imGroupMembers.userId, target)));
    const g = await loadGroup(tx, p.groupID);
    if (g.type !== 'AVChatRoom') await tip(tx, out, g.id, me, GROUP_TIP.muteChanged, [target], { muteTime: p.muteTime });
  });
  await flush(out);
  if (target != null) await pushGroupList([target]);
}
