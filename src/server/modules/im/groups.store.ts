import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import type { GroupProfile, GroupRole, GroupType, JoinOption } from '~/lib/chat/types';
import { imageUrl } from '~/lib/rules/image-url';
import { IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { db, type Tx } from '../../db';
import { imGroupMembers, imGroups, imThreadMembers, imThreads, users } from '../../db/schema';
import { env } from '../../env';
import { deliver } from './hub';
import { ChatFault } from './ops';
import { userIdOf } from './profiles';
import { groupKey } from './threads';

/**
 * Work and Public groups after Tencent IM: the rows and seats every group action shares —
 * reading a group, listing a user's groups, seating and unseating members (which opens and closes the
 * group's thread to them). Actions live beside it: groups.ts (create … dismiss), groups.members.ts,
 * groups.applications.ts; what they post (tips, notices) in groups.posts.ts. Live rooms (AVChatRoom)
 * share the tables but live in rooms.ts.
 */

export type GroupRow = typeof imGroups.$inferSelect;

/** im_group_applications.status. */
export const APPLICATION = { pending: 0, agreed: 1, rejected: 2 } as const;

export const secs = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);

export const groupAvatar = (p: string) => (p ? imageUrl(p, env().MEDIA_URL) : '');

export function newGroupID(): string {
  // 12 base-36 characters from 8 random bytes: unguessable, and `@GF#` marks ours.
  return `@GF#${BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString(36)
    .padStart(12, '0')
    .slice(-12)}`;
}

export function toProfile(
  g: GroupRow,
  seat?: { role: string; muteUntil: Date | null; joinedAt: Date; remind: number | null },
): GroupProfile {
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

export async function loadGroup(tx: Tx, groupID: string): Promise<GroupRow> {
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

/** Existing active users among these ids. */
export async function existingUsers(tx: Tx, ids: number[]): Promise<number[]> {
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
export async function unseatMembers(tx: Tx, g: GroupRow, ids: number[]): Promise<void> {
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

export async function closeThreadFor(tx: Tx, groupID: string, ids: number[]): Promise<void> {
  const key = groupKey(groupID);
  const [t] = await tx.select({ lastSeq: imThreads.lastSeq }).from(imThreads).where(eq(imThreads.key, key));
  await tx
    .update(imThreadMembers)
    .set({ active: false, leftSeq: t?.lastSeq ?? 0, updatedAt: sql`now()` })
    .where(and(eq(imThreadMembers.threadKey, key), inArray(imThreadMembers.userId, ids), eq(imThreadMembers.active, true)));
}

export async function memberIds(tx: Tx, groupID: string): Promise<number[]> {
  const rows = await tx.select({ id: imGroupMembers.userId }).from(imGroupMembers).where(eq(imGroupMembers.groupId, groupID));
  return rows.map((r) => r.id);
}

export async function managerIds(tx: Tx, groupID: string): Promise<number[]> {
  const rows = await tx
    .select({ id: imGroupMembers.userId })
    .from(imGroupMembers)
    .where(and(eq(imGroupMembers.groupId, groupID), inArray(imGroupMembers.role, ['Owner', 'Admin'])));
  return rows.map((r) => r.id);
}

export function idsOf(userIDList: string[], except?: number): number[] {
  return [...new Set(userIDList.map(userIdOf).filter((id): id is number => id != null && id !== except))];
}
