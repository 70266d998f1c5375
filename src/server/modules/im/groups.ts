import { and, eq, isNull, sql } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import { GROUP_NOTICE, GROUP_TIP, type GroupProfile, type GroupTipPayload, type JoinOption } from '~/lib/chat/types';
import { IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { db } from '../../db';
import { imGroupApplications, imGroupMembers, imGroups } from '../../db/schema';
import { assertManager, seatIn } from './guards';
import { flush, notice, tip, type Posted } from './groups.posts';
import {
  APPLICATION,
  closeThreadFor,
  existingUsers,
  groupAvatar,
  groupProfile,
  idsOf,
  loadGroup,
  managerIds,
  memberIds,
  newGroupID,
  pushGroupList,
  seatMembers,
  unseatMembers,
} from './groups.store';
import { ChatFault } from './ops';
import { userIdOf } from './profiles';
import { ensureThread, groupKey } from './threads';

/** A group's life: create, edit its profile, join, quit, dismiss, hand over ownership (shared rows: groups.store.ts). */

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
    await notice(tx, out, [me], made, me, GROUP_NOTICE.created);
    members = await seatMembers(tx, made, await existingUsers(tx, idsOf(p.memberList ?? [], me)));
    if (members.length) await tip(tx, out, id, me, GROUP_TIP.joined, members);
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
    if (g.type !== 'AVChatRoom' && Object.keys(changed).length)
      await tip(tx, out, g.id, me, GROUP_TIP.profileChanged, [], { newGroupProfile: changed });
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
      await tip(tx, out, g.id, me, GROUP_TIP.joined, [me]);
      return 'Success';
    }
    const wording = (p.applyMessage ?? '').trim();
    const renewed = await tx
      .update(imGroupApplications)
      .set({ wording, createdAt: new Date() })
      .where(
        and(eq(imGroupApplications.groupId, g.id), eq(imGroupApplications.userId, me), eq(imGroupApplications.status, APPLICATION.pending)),
      )
      .returning({ id: imGroupApplications.id });
    // A repeated application renews the wording instead of notifying the managers again.
    if (renewed.length) return 'WaitAdminOK';
    const [app] = await tx
      .insert(imGroupApplications)
      .values({ groupId: g.id, userId: me, wording })
      .onConflictDoNothing()
      .returning({ id: imGroupApplications.id });
    if (app)
      await notice(tx, out, await managerIds(tx, g.id), g, me, GROUP_NOTICE.applied, {
        handleMessage: wording,
        applicationID: String(app.id),
      });
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
    if (g.type !== 'AVChatRoom') await tip(tx, out, g.id, me, GROUP_TIP.quit, [me]);
    await unseatMembers(tx, g, [me]);
    await notice(tx, out, [me], g, me, GROUP_NOTICE.quit);
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
      await notice(tx, out, everyone, g, me, GROUP_NOTICE.dismissed);
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
    if (g.type !== 'AVChatRoom') await tip(tx, out, g.id, me, GROUP_TIP.profileChanged, [], { newGroupProfile: { ownerID: String(next) } });
    everyone = await memberIds(tx, g.id);
  });
  await flush(out);
  await pushGroupList(everyone);
}
