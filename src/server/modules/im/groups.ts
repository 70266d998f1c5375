import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import { IM_LIMITS } from '~/lib/chat/protocol';
import type {
  GroupApplication,
  GroupMember,
  GroupMemberPage,
  GroupProfile,
  GroupRole,
  GroupSystemNoticePayload,
  GroupSystemNoticeType,
  GroupTipPayload,
  GroupTipType,
  GroupType,
  JoinOption,
} from '~/lib/chat/types';
import { imageUrl } from '~/lib/rules/image-url';
import { IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { db, type Tx } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { imGroupApplications, imGroupMembers, imGroups, imThreadMembers, imThreads, users } from '../../db/schema';
import { env } from '../../env';
import { assertManager, seatIn } from './guards';
import { deliver } from './hub';
import { ChatFault } from './ops';
import { userIdOf } from './profiles';
import { deliverMessage, ensureSystemThread, ensureThread, groupKey, postMessage, type MessageRow } from './threads';

/**
 * Work and Public groups after Tencent IM: members, roles, applications, mutes, tips in the group's
 * own thread and system notices in each concerned user's @TIM#SYSTEM thread. Live rooms
 * (AVChatRoom) share the tables but live in rooms.ts. Every service runs its writes in one
 * transaction, collects the messages it posted and delivers them after the commit.
 */

export type GroupRow = typeof imGroups.$inferSelect;

const ROLE_ORDER = sql`CASE ${imGroupMembers.role} WHEN 'Owner' THEN 0 WHEN 'Admin' THEN 1 ELSE 2 END`;
const secs = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);
const groupAvatar = (p: string) => (p ? imageUrl(p, env().MEDIA_URL) : '');

export function newGroupID(): string {
  // 12 base-36 characters from 8 random bytes: unguessable, and `@GF#` marks ours.
  return `@GF#${BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString(36)
    .padStart(12, '0')
    .slice(-12)}`;
}

function toProfile(g: GroupRow, seat?: { role: string; muteUntil: Date | null; joinedAt: Date; remind: number | null }): GroupProfile {
  return {
    groupID: g.id,
    type: g.type as GroupType,
    name: g.name,
    avatar: groupAvatar(g.avatar),
    introduction: g.introduction,
    notification: g.notification,
    ownerID: String(g.ownerId),
    memberCount: g.memberCount,
    maxMemberCount: g.maxMembers,
    joinOption: g.joinOption as JoinOption,
    muteAllMembers: g.muteAll,
    createTime: secs(g.createdAt),
    ...(seat
      ? {
          selfInfo: {
            role: seat.role as GroupRole,
            muteUntil: seat.muteUntil && seat.muteUntil > new Date() ? secs(seat.muteUntil) : 0,
            messageRemindType: seat.remind === 1 ? 'AcceptNotNotify' : 'AcceptAndNotify',
            joinTime: secs(seat.joinedAt),
          },
        }
      : {}),
  };
}

async function loadGroup(tx: Tx, groupID: string): Promise<GroupRow> {
  const [g] = await tx
    .select()
    .from(imGroups)
    .where(and(eq(imGroups.id, groupID), isNull(imGroups.dismissedAt)));
  if (!g) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.groupMissing);
  return g;
}

/** The groups a user is in, newest activity first; live rooms are never listed. */
export async function groupList(userId: number, opts: { ownerOnly?: boolean; publicOnly?: boolean } = {}): Promise<GroupProfile[]> {
  const rows = await db()
    .select({
      g: imGroups,
      role: imGroupMembers.role,
      muteUntil: imGroupMembers.muteUntil,
      joinedAt: imGroupMembers.joinedAt,
      remind: imThreadMembers.remind,
    })
    .from(imGroupMembers)
    .innerJoin(imGroups, eq(imGroups.id, imGroupMembers.groupId))
    .leftJoin(imThreadMembers, and(eq(imThreadMembers.threadKey, sql`'group:' || ${imGroups.id}`), eq(imThreadMembers.userId, userId)))
    .where(
      and(
        eq(imGroupMembers.userId, userId),
        isNull(imGroups.dismissedAt),
        ne(imGroups.type, 'AVChatRoom'),
        opts.ownerOnly ? eq(imGroupMembers.role, 'Owner') : undefined,
        opts.publicOnly ? eq(imGroups.type, 'Public') : undefined,
      ),
    )
    .orderBy(desc(imGroupMembers.joinedAt), asc(imGroups.id));
  return rows.map((r) => toProfile(r.g, r));
}

export async function pushGroupList(userIds: Iterable<number>): Promise<void> {
  for (const id of new Set(userIds)) deliver([id], 'groupListUpdated', await groupList(id));
}

/** A Work group is readable by its members only; Public groups and rooms by anyone signed in. */
export async function groupProfile(viewer: number, groupID: string): Promise<GroupProfile> {
  const g = await loadGroup(db() as unknown as Tx, groupID);
  const [seat] = await db()
    .select({
      role: imGroupMembers.role,
      muteUntil: imGroupMembers.muteUntil,
      joinedAt: imGroupMembers.joinedAt,
      remind: imThreadMembers.remind,
    })
    .from(imGroupMembers)
    .leftJoin(imThreadMembers, and(eq(imThreadMembers.threadKey, groupKey(groupID)), eq(imThreadMembers.userId, viewer)))
    .where(and(eq(imGroupMembers.groupId, groupID), eq(imGroupMembers.userId, viewer)));
  if (!seat && g.type === 'Work') throw new ChatFault(CHAT_CODE.notMember, '你不是该群成员');
  return toProfile(g, seat);
}

/** What a run of group changes posts; delivered after the commit. */
type Posted = MessageRow[];

async function tip(
  tx: Tx,
  out: Posted,
  groupID: string,
  operator: number | null,
  operationType: GroupTipType,
  ids: number[],
  extra: Partial<GroupTipPayload> = {},
) {
  const payload: GroupTipPayload = {
    operationType,
    operatorID: operator == null ? '' : String(operator),
    userIDList: ids.map(String),
    ...extra,
  };
  const { row } = await postMessage(tx, { threadKey: groupKey(groupID), fromUser: null, type: 'TIMGroupTipElem', payload });
  out.push(row);
}

async function notice(
  tx: Tx,
  out: Posted,
  to: number[],
  g: Pick<GroupRow, 'id' | 'name' | 'avatar' | 'type'>,
  operator: number | null,
  operationType: GroupSystemNoticeType,
  extra: { handleMessage?: string; applicationID?: string } = {},
) {
  const payload: GroupSystemNoticePayload = {
    operationType,
    operatorID: operator == null ? '' : String(operator),
    groupProfile: { groupID: g.id, name: g.name, avatar: groupAvatar(g.avatar), type: g.type as GroupType },
    handleMessage: extra.handleMessage ?? '',
    ...(extra.applicationID ? { applicationID: extra.applicationID } : {}),
  };
  for (const userId of new Set(to)) {
    const threadKey = await ensureSystemThread(tx, userId);
    const { row } = await postMessage(tx, { threadKey, fromUser: null, type: 'TIMGroupSystemNoticeElem', payload });
    out.push(row);
  }
}

async function flush(out: Posted): Promise<void> {
  for (const row of out) await deliverMessage(row);
}

/** Existing active users among these ids. */
async function existingUsers(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.status, 1)));
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => known.has(id));
}

/**
 * Seats users in a group (those already in are skipped) and opens the group's thread to them from
 * now on: their history starts after the thread's current last sequence. Answers who was added.
 */
export async function seatMembers(tx: Tx, g: GroupRow, ids: number[], role: GroupRole = 'Member'): Promise<number[]> {
  if (ids.length === 0) return [];
  const added = await tx
    .insert(imGroupMembers)
    .values(ids.map((userId) => ({ groupId: g.id, userId, role })))
    .onConflictDoNothing()
    .returning({ id: imGroupMembers.userId });
  const addedIds = added.map((r) => r.id);
  if (addedIds.length === 0) return [];
  const [count] = await tx
    .update(imGroups)
    .set({ memberCount: sql`${imGroups.memberCount} + ${addedIds.length}` })
    .where(eq(imGroups.id, g.id))
    .returning({ n: imGroups.memberCount, max: imGroups.maxMembers });
  if (count && count.n > count.max) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.groupFull);
  if (g.type !== 'AVChatRoom') {
    const key = groupKey(g.id);
    const [t] = await tx.select({ lastSeq: imThreads.lastSeq }).from(imThreads).where(eq(imThreads.key, key));
    const at = t?.lastSeq ?? 0;
    await tx
      .insert(imThreadMembers)
      .values(addedIds.map((userId) => ({ threadKey: key, userId, joinedSeq: at, readSeq: at })))
      .onConflictDoUpdate({
        target: [imThreadMembers.threadKey, imThreadMembers.userId],
        set: { active: true, leftSeq: null, joinedSeq: at, readSeq: at, clearedSeq: at, updatedAt: sql`now()` },
      });
  }
  return addedIds;
}

/** Takes users out of a group; their conversation stays readable up to the thread's current end. */
async function unseatMembers(tx: Tx, g: GroupRow, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const gone = await tx
    .delete(imGroupMembers)
    .where(and(eq(imGroupMembers.groupId, g.id), inArray(imGroupMembers.userId, ids)))
    .returning({ id: imGroupMembers.userId });
  if (gone.length === 0) return;
  await tx
    .update(imGroups)
    .set({ memberCount: sql`greatest(${imGroups.memberCount} - ${gone.length}, 0)` })
    .where(eq(imGroups.id, g.id));
  if (g.type !== 'AVChatRoom')
    await closeThreadFor(
      tx,
      g.id,
      gone.map((r) => r.id),
    );
}

async function closeThreadFor(tx: Tx, groupID: string, ids: number[]): Promise<void> {
  const key = groupKey(groupID);
  const [t] = await tx.select({ lastSeq: imThreads.lastSeq }).from(imThreads).where(eq(imThreads.key, key));
  await tx
    .update(imThreadMembers)
    .set({ active: false, leftSeq: t?.lastSeq ?? 0, updatedAt: sql`now()` })
    .where(and(eq(imThreadMembers.threadKey, key), inArray(imThreadMembers.userId, ids), eq(imThreadMembers.active, true)));
}

async function memberIds(tx: Tx, groupID: string): Promise<number[]> {
  const rows = await tx.select({ id: imGroupMembers.userId }).from(imGroupMembers).where(eq(imGroupMembers.groupId, groupID));
  return rows.map((r) => r.id);
}

async function managerIds(tx: Tx, groupID: string): Promise<number[]> {
  const rows = await tx
    .select({ id: imGroupMembers.userId })
    .from(imGroupMembers)
    .where(and(eq(imGroupMembers.groupId, groupID), inArray(imGroupMembers.role, ['Owner', 'Admin'])));
  return rows.map((r) => r.id);
}

function idsOf(userIDList: string[], except?: number): number[] {
  return [...new Set(userIDList.map(userIdOf).filter((id): id is number => id != null && id !== except))];
}

export interface CreateGroupInput {
  type: 'Work' | 'Public';
  name: string;
  avatar?: string;
  introduction?: string;
  joinOption?: JoinOption;
  memberList?: string[];
}

export async function createGroup(me: number, p: CreateGroupInput): Promise<GroupProfile> {
  const name = p.name.trim();
  if (!name) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.groupNameRequired);
  const out: Posted = [];
  const id = newGroupID();
  let members: number[] = [];
  await db().transaction(async (tx) => {
    const [made] = await tx
      .insert(imGroups)
      .values({
        id,
        type: p.type,
        name,
        avatar: p.avatar ?? '',
        introduction: p.introduction ?? '',
        ownerId: me,
        // Work groups take members by invitation only.
        joinOption: p.type === 'Work' ? 'DisableApply' : (p.joinOption ?? 'NeedPermission'),
      })
      .returning();
    if (!made) throw new Error(`group ${id} was not created`);
    await ensureThread(tx, groupKey(id), 2, id);
    await seatMembers(tx, made, [me], 'Owner');
    await notice(tx, out, [me], made, me, 6);
    members = await seatMembers(tx, made, await existingUsers(tx, idsOf(p.memberList ?? [], me)));
    if (members.length) await tip(tx, out, id, me, 1, members);
  });
  await flush(out);
  await pushGroupList([me, ...members]);
  return groupProfile(me, id);
}

export async function updateGroupProfile(
  me: number,
  p: {
    groupID: string;
    name?: string;
    avatar?: string;
    introduction?: string;
    notification?: string;
    joinOption?: JoinOption;
    muteAllMembers?: boolean;
  },
): Promise<GroupProfile> {
  const out: Posted = [];
  let everyone: number[] = [];
  await db().transaction(async (tx) => {
    await assertManager(tx, me, p.groupID);
    const g = await loadGroup(tx, p.groupID);
    if (g.type === 'AVChatRoom' && p.joinOption) throw new ChatFault(CHAT_CODE.badInput, '直播间不能设置加群方式');
    if (g.type === 'Work' && p.joinOption) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.workNoApply);
    const name = p.name?.trim();
    if (p.name != null && !name) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.groupNameRequired);
    const changed: NonNullable<GroupTipPayload['newGroupProfile']> = {};
    const set: Partial<typeof imGroups.$inferInsert> = {};
    if (name != null && name !== g.name) {
      changed.name = name;
      set.name = name;
    }
    if (p.avatar != null && p.avatar !== g.avatar) {
      changed.avatar = groupAvatar(p.avatar);
      set.avatar = p.avatar;
    }
    if (p.introduction != null && p.introduction !== g.introduction) {
      changed.introduction = p.introduction;
      set.introduction = p.introduction;
    }
    if (p.notification != null && p.notification !== g.notification) {
      changed.notification = p.notification;
      set.notification = p.notification;
    }
    if (p.muteAllMembers != null && p.muteAllMembers !== g.muteAll) {
      changed.muteAllMembers = p.muteAllMembers;
      set.muteAll = p.muteAllMembers;
    }
    if (p.joinOption != null && p.joinOption !== g.joinOption) set.joinOption = p.joinOption;
    if (Object.keys(set).length === 0) return;
    await tx.update(imGroups).set(set).where(eq(imGroups.id, g.id));
    if (g.type !== 'AVChatRoom' && Object.keys(changed).length) await tip(tx, out, g.id, me, 6, [], { newGroupProfile: changed });
    everyone = await memberIds(tx, g.id);
  });
  await flush(out);
  await pushGroupList(everyone);
  return groupProfile(me, p.groupID);
}

export type JoinStatus = 'Success' | 'WaitAdminOK' | 'AlreadyInGroup';

/** Joining a Work or Public group (rooms.ts handles live rooms before this). */
export async function joinGroup(me: number, p: { groupID: string; applyMessage?: string }): Promise<JoinStatus> {
  const out: Posted = [];
  const status = await db().transaction(async (tx): Promise<JoinStatus> => {
    const g = await loadGroup(tx, p.groupID);
    const [already] = await tx
      .select({ one: sql`1` })
      .from(imGroupMembers)
      .where(and(eq(imGroupMembers.groupId, g.id), eq(imGroupMembers.userId, me)));
    if (already) return 'AlreadyInGroup';
    if (g.type === 'Work') throw new ChatFault(CHAT_CODE.noPermission, IM_SOCIAL_TEXT.workNoApply);
    if (g.type === 'AVChatRoom') throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.roomOnly);
    if (g.joinOption === 'DisableApply') throw new ChatFault(CHAT_CODE.noPermission, IM_SOCIAL_TEXT.applyDisabled);
    if (g.joinOption === 'FreeAccess') {
      await seatMembers(tx, g, [me]);
      await tip(tx, out, g.id, me, 1, [me]);
      return 'Success';
    }
    const wording = (p.applyMessage ?? '').trim();
    const renewed = await tx
      .update(imGroupApplications)
      .set({ wording, createdAt: new Date() })
      .where(and(eq(imGroupApplications.groupId, g.id), eq(imGroupApplications.userId, me), eq(imGroupApplications.status, 0)))
      .returning({ id: imGroupApplications.id });
    // A repeated application renews the wording instead of notifying the managers again.
    if (renewed.length) return 'WaitAdminOK';
    const [app] = await tx
      .insert(imGroupApplications)
      .values({ groupId: g.id, userId: me, wording })
      .onConflictDoNothing()
      .returning({ id: imGroupApplications.id });
    if (app) await notice(tx, out, await managerIds(tx, g.id), g, me, 1, { handleMessage: wording, applicationID: String(app.id) });
    return 'WaitAdminOK';
  });
  await flush(out);
  if (status === 'Success') await pushGroupList([me]);
  return status;
}

export async function quitGroup(me: number, groupID: string): Promise<void> {
  const out: Posted = [];
  await db().transaction(async (tx) => {
    const seat = await seatIn(tx, me, groupID);
    if (seat.role === 'Owner') throw new ChatFault(CHAT_CODE.noPermission, IM_SOCIAL_TEXT.ownerMustTransfer);
    const g = await loadGroup(tx, groupID);
    if (g.type !== 'AVChatRoom') await tip(tx, out, g.id, me, 2, [me]);
    await unseatMembers(tx, g, [me]);
    await notice(tx, out, [me], g, me, 8);
  });
  await flush(out);
  await pushGroupList([me]);
}

/** Dismissed by its owner (or, operator is null, by the platform): members keep what they read. */
export async function dismissGroup(me: number | null, groupID: string): Promise<number[]> {
  const out: Posted = [];
  let everyone: number[] = [];
  await db().transaction(async (tx) => {
    if (me != null) {
      const seat = await seatIn(tx, me, groupID);
      if (seat.role !== 'Owner') throw new ChatFault(CHAT_CODE.noPermission, IM_SOCIAL_TEXT.ownerOnly);
    }
    const [g] = await tx
      .update(imGroups)
      .set({ dismissedAt: new Date() })
      .where(and(eq(imGroups.id, groupID), isNull(imGroups.dismissedAt)))
      .returning();
    if (!g) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.groupMissing);
    everyone = await memberIds(tx, groupID);
    if (g.type !== 'AVChatRoom') {
      await notice(tx, out, everyone, g, me, 5);
      await closeThreadFor(tx, groupID, everyone);
    }
  });
  await flush(out);
  await pushGroupList(everyone);
  return everyone;
}

export async function changeGroupOwner(me: number, p: { groupID: string; newOwnerID: string }): Promise<void> {
  const next = userIdOf(p.newOwnerID);
  const out: Posted = [];
  let everyone: number[] = [];
  await db().transaction(async (tx) => {
    const seat = await seatIn(tx, me, p.groupID);
    if (seat.role !== 'Owner') throw new ChatFault(CHAT_CODE.noPermission, IM_SOCIAL_TEXT.ownerOnly);
    if (next == null || next === me) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.notGroupMember);
    const moved = await tx
      .update(imGroupMembers)
      .set({ role: 'Owner' })
      .where(and(eq(imGroupMembers.groupId, p.groupID), eq(imGroupMembers.userId, next)))
      .returning({ id: imGroupMembers.userId });
    if (moved.length === 0) throw new ChatFault(CHAT_CODE.notMember, IM_SOCIAL_TEXT.notGroupMember);
    await tx
      .update(imGroupMembers)
      .set({ role: 'Member' })
      .where(and(eq(imGroupMembers.groupId, p.groupID), eq(imGroupMembers.userId, me)));
    await tx.update(imGroups).set({ ownerId: next }).where(eq(imGroups.id, p.groupID));
    const g = await loadGroup(tx, p.groupID);
    if (g.type !== 'AVChatRoom') await tip(tx, out, g.id, me, 6, [], { newGroupProfile: { ownerID: String(next) } });
    everyone = await memberIds(tx, g.id);
  });
  await flush(out);
  await pushGroupList(everyone);
}

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
    await tip(tx, out, g.id, me, 1, added);
    await notice(tx, out, added, g, me, 7);
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
    if (g.type !== 'AVChatRoom') await tip(tx, out, g.id, me, 3, ids);
    await unseatMembers(tx, g, ids);
    await notice(tx, out, ids, g, me, 4, { handleMessage: p.reason ?? '' });
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
    if (g.type !== 'AVChatRoom') await tip(tx, out, g.id, me, admin ? 4 : 5, [target]);
    await notice(tx, out, [target], g, me, admin ? 9 : 10);
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
    if (g.type !== 'AVChatRoom') await tip(tx, out, g.id, me, 7, [target], { muteTime: p.muteTime });
  });
  await flush(out);
  if (target != null) await pushGroupList([target]);
}

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
    .where(and(eq(imGroupApplications.status, 0), isNull(imGroups.dismissedAt), inArray(imGroupApplications.groupId, mine)))
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
      .set({ status: agree ? 1 : 2, handledBy: me, handleMessage: p.handleMessage ?? '', handledAt: new Date() })
      .where(and(eq(imGroupApplications.id, appId), eq(imGroupApplications.status, 0)))
      .returning({ id: imGroupApplications.id });
    if (done.length === 0) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.noGroupApplication);
    const g = await loadGroup(tx, app.groupId);
    if (agree) {
      const added = await seatMembers(tx, g, [app.userId]);
      if (added.length) await tip(tx, out, g.id, me, 1, added);
      joined = app.userId;
    }
    await notice(tx, out, [app.userId], g, me, agree ? 2 : 3, { handleMessage: p.handleMessage ?? '' });
  });
  await flush(out);
  if (joined != null) await pushGroupList([joined]);
}

/** A custom notice (type 255) from the platform to these members of a group. */
export async function sendSystemNotice(groupID: string, to: number[], text: string): Promise<void> {
  const out: Posted = [];
  await db().transaction(async (tx) => {
    const g = await loadGroup(tx, groupID);
    await notice(tx, out, to, g, null, 255, { handleMessage: text });
  });
  await flush(out);
}
