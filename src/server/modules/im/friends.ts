import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import type { Friend, FriendApplication, FriendGroup } from '~/lib/chat/types';
import { IM_SOCIAL, IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { db, type Tx } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { imBlacklist, imFriendApplications, imFriendGroups, imFriends, users } from '../../db/schema';
import { deliver } from './hub';
import { ChatFault } from './ops';
import { profilesOf, toProfile, userIdOf } from './profiles';

/**
 * Friends (one im_friends row per direction), friend applications and friend groups (分组), after
 * Tencent IM's relationship chain. Every change pushes the fresh lists to all tabs of the people it
 * touches, after the transaction committed.
 */

export async function friendList(userId: number): Promise<Friend[]> {
  const rows = await db()
    .select({
      remark: imFriends.remark,
      groups: imFriends.groupNames,
      id: users.id,
      nick: publicNameOf(users),
      avatar: users.avatar,
      gender: users.gender,
      intro: users.intro,
    })
    .from(imFriends)
    .innerJoin(users, eq(users.id, imFriends.friendId))
    .where(eq(imFriends.userId, userId))
    .orderBy(asc(imFriends.createdAt), asc(users.id));
  return rows.map((r) => ({ userID: String(r.id), remark: r.remark, groupList: r.groups, profile: toProfile(r) }));
}

export async function applicationList(userId: number): Promise<{ applicationList: FriendApplication[]; unreadCount: number }> {
  const rows = await db()
    .select({
      fromUser: imFriendApplications.fromUser,
      toUser: imFriendApplications.toUser,
      wording: imFriendApplications.wording,
      seen: imFriendApplications.seen,
      at: imFriendApplications.createdAt,
    })
    .from(imFriendApplications)
    .where(and(eq(imFriendApplications.status, 0), or(eq(imFriendApplications.toUser, userId), eq(imFriendApplications.fromUser, userId))))
    .orderBy(desc(imFriendApplications.createdAt), desc(imFriendApplications.id));
  const other = (r: (typeof rows)[number]) => (r.toUser === userId ? r.fromUser : r.toUser);
  const profiles = new Map((await profilesOf(rows.map(other))).map((p) => [p.userID, p]));
  const applicationList = rows.map((r): FriendApplication => {
    const p = profiles.get(String(other(r)));
    return {
      userID: String(other(r)),
      nick: p?.nick ?? '',
      avatar: p?.avatar ?? '',
      wording: r.wording,
      time: Math.floor(r.at.getTime() / 1000),
      type: r.toUser === userId ? 'Pendency_Type_ComeIn' : 'Pendency_Type_SendOut',
    };
  });
  const unreadCount = rows.filter((r) => r.toUser === userId && !r.seen).length;
  return { applicationList, unreadCount };
}

/** The applications tab: answers the list with the unseen count as it was, then marks them seen. */
export async function listApplications(userId: number): Promise<{ applicationList: FriendApplication[]; unreadCount: number }> {
  const list = await applicationList(userId);
  if (list.unreadCount > 0) {
    await db()
      .update(imFriendApplications)
      .set({ seen: true })
      .where(and(eq(imFriendApplications.toUser, userId), eq(imFriendApplications.status, 0), eq(imFriendApplications.seen, false)));
  }
  return list;
}

export async function friendGroupList(userId: number): Promise<FriendGroup[]> {
  const [groups, friends] = await Promise.all([
    db()
      .select({ name: imFriendGroups.name })
      .from(imFriendGroups)
      .where(eq(imFriendGroups.userId, userId))
      .orderBy(asc(imFriendGroups.createdAt), asc(imFriendGroups.name)),
    db().select({ id: imFriends.friendId, groups: imFriends.groupNames }).from(imFriends).where(eq(imFriends.userId, userId)),
  ]);
  return groups.map((g) => {
    const ids = friends.filter((f) => f.groups.includes(g.name)).map((f) => String(f.id));
    return { name: g.name, count: ids.length, userIDList: ids };
  });
}

export async function pushFriends(userIds: number[]): Promise<void> {
  for (const id of new Set(userIds)) deliver([id], 'friendListUpdated', await friendList(id));
}
export async function pushApplications(userIds: number[]): Promise<void> {
  for (const id of new Set(userIds)) deliver([id], 'friendApplicationListUpdated', await applicationList(id));
}
export async function pushFriendGroups(userId: number): Promise<void> {
  deliver([userId], 'friendGroupListUpdated', await friendGroupList(userId));
}

function peerId(userID: string): number {
  const id = userIdOf(userID);
  if (id == null) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.userNotFound);
  return id;
}

async function areFriends(tx: Tx, a: number, b: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(imFriends)
    .where(and(eq(imFriends.userId, a), eq(imFriends.friendId, b)));
  return row != null;
}

async function blocked(tx: Tx, owner: number, other: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(imBlacklist)
    .where(and(eq(imBlacklist.userId, owner), eq(imBlacklist.blockedId, other)));
  return row != null;
}

/** A friend group the user files a friend under; created when missing and there is room. */
async function ensureFriendGroup(tx: Tx, userId: number, name: string): Promise<string[]> {
  if (!name) return [];
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(imFriendGroups)
    .where(eq(imFriendGroups.userId, userId));
  const [has] = await tx
    .select({ one: sql`1` })
    .from(imFriendGroups)
    .where(and(eq(imFriendGroups.userId, userId), eq(imFriendGroups.name, name)));
  if (!has) {
    if (n >= IM_SOCIAL.friendGroupsMax) return [];
    await tx.insert(imFriendGroups).values({ userId, name }).onConflictDoNothing();
  }
  return [name];
}

/** Both directions at once; a pair that already is friends keeps its rows. */
async function befriend(
  tx: Tx,
  a: { id: number; remark: string; group: string },
  b: { id: number; remark: string; group: string },
): Promise<void> {
  await tx
    .insert(imFriends)
    .values([
      { userId: a.id, friendId: b.id, remark: a.remark, groupNames: await ensureFriendGroup(tx, a.id, a.group) },
      { userId: b.id, friendId: a.id, remark: b.remark, groupNames: await ensureFriendGroup(tx, b.id, b.group) },
    ])
    .onConflictDoNothing();
}

/**
 * Asks to be friends. When the other already asked me, we become friends at once (their pending
 * application is accepted); asking again while pending updates the wording.
 */
export async function addFriend(
  me: number,
  p: { to: string; wording: string; remark?: string; groupName?: string },
): Promise<'applied' | 'friends'> {
  const to = peerId(p.to);
  if (to === me) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.addSelf);
  const outcome = await db().transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, to), eq(users.status, 1)));
    if (!target) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.userNotFound);
    if (await areFriends(tx, me, to)) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.alreadyFriends);
    if (await blocked(tx, to, me)) throw new ChatFault(CHAT_CODE.blocked, IM_SOCIAL_TEXT.blockedByPeer);
    if (await blocked(tx, me, to)) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.youBlockedPeer);
    const [theirs] = await tx
      .update(imFriendApplications)
      .set({ status: 1, handledAt: new Date() })
      .where(and(eq(imFriendApplications.fromUser, to), eq(imFriendApplications.toUser, me), eq(imFriendApplications.status, 0)))
      .returning({ remark: imFriendApplications.remark, group: imFriendApplications.groupName });
    if (theirs) {
      await befriend(
        tx,
        { id: me, remark: p.remark ?? '', group: p.groupName ?? '' },
        { id: to, remark: theirs.remark, group: theirs.group },
      );
      return 'friends' as const;
    }
    const values = { wording: p.wording, remark: p.remark ?? '', groupName: p.groupName ?? '', seen: false, createdAt: new Date() };
    const updated = await tx
      .update(imFriendApplications)
      .set(values)
      .where(and(eq(imFriendApplications.fromUser, me), eq(imFriendApplications.toUser, to), eq(imFriendApplications.status, 0)))
      .returning({ id: imFriendApplications.id });
    if (updated.length === 0)
      await tx
        .insert(imFriendApplications)
        .values({ fromUser: me, toUser: to, ...values })
        .onConflictDoNothing();
    return 'applied' as const;
  });
  await pushApplications([me, to]);
  if (outcome === 'friends') {
    await pushFriends([me, to]);
    await Promise.all([pushFriendGroups(me), pushFriendGroups(to)]);
  }
  return outcome;
}

/** Accepts `userID`'s pending application; a second accept (double click, other tab) finds nothing. */
export async function acceptApplication(me: number, p: { userID: string; remark?: string }): Promise<void> {
  const from = peerId(p.userID);
  await db().transaction(async (tx) => {
    const [app] = await tx
      .update(imFriendApplications)
      .set({ status: 1, handledAt: new Date() })
      .where(and(eq(imFriendApplications.fromUser, from), eq(imFriendApplications.toUser, me), eq(imFriendApplications.status, 0)))
      .returning({ remark: imFriendApplications.remark, group: imFriendApplications.groupName });
    if (!app) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.noApplication);
    await befriend(tx, { id: me, remark: p.remark ?? '', group: '' }, { id: from, remark: app.remark, group: app.group });
  });
  await pushApplications([me, from]);
  await pushFriends([me, from]);
  await pushFriendGroups(from);
}

export async function refuseApplication(me: number, p: { userID: string }): Promise<void> {
  const from = peerId(p.userID);
  const done = await db()
    .update(imFriendApplications)
    .set({ status: 2, handledAt: new Date() })
    .where(and(eq(imFriendApplications.fromUser, from), eq(imFriendApplications.toUser, me), eq(imFriendApplications.status, 0)))
    .returning({ id: imFriendApplications.id });
  if (done.length === 0) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.noApplication);
  await pushApplications([me, from]);
}

/** Removes the friendships both ways (the other side loses me too, as in Tencent IM's two-way delete). */
export async function deleteFriends(me: number, userIDList: string[]): Promise<void> {
  const ids = userIDList.map(userIdOf).filter((id): id is number => id != null && id !== me);
  if (ids.length === 0) return;
  await unfriend(me, ids);
  await pushFriends([me, ...ids]);
  await pushFriendGroups(me);
}

/** Both directions between `me` and each of `ids` (also used by the blacklist). */
export async function unfriend(me: number, ids: number[], tx?: Tx): Promise<void> {
  await (tx ?? db())
    .delete(imFriends)
    .where(
      or(and(eq(imFriends.userId, me), inArray(imFriends.friendId, ids)), and(inArray(imFriends.userId, ids), eq(imFriends.friendId, me))),
    );
}

export async function updateFriend(me: number, p: { userID: string; remark: string }): Promise<void> {
  const id = peerId(p.userID);
  const done = await db()
    .update(imFriends)
    .set({ remark: p.remark })
    .where(and(eq(imFriends.userId, me), eq(imFriends.friendId, id)))
    .returning({ id: imFriends.friendId });
  if (done.length === 0) throw new ChatFault(CHAT_CODE.notFriend, IM_SOCIAL_TEXT.notFriend);
  await pushFriends([me]);
}

function friendIds(userIDList: string[]): number[] {
  return [...new Set(userIDList.map(userIdOf).filter((id): id is number => id != null))];
}

async function assertGroupExists(tx: Tx, me: number, name: string): Promise<void> {
  const [g] = await tx
    .select({ one: sql`1` })
    .from(imFriendGroups)
    .where(and(eq(imFriendGroups.userId, me), eq(imFriendGroups.name, name)));
  if (!g) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.friendGroupMissing);
}

async function fileUnder(tx: Tx, me: number, name: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(imFriends)
    .set({ groupNames: sql`array_append(${imFriends.groupNames}, ${name}::text)` })
    .where(and(eq(imFriends.userId, me), inArray(imFriends.friendId, ids), sql`NOT (${name}::text = ANY(${imFriends.groupNames}))`));
}

export async function createFriendGroup(me: number, p: { name: string; userIDList: string[] }): Promise<void> {
  await db().transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(imFriendGroups)
      .where(eq(imFriendGroups.userId, me));
    if (n >= IM_SOCIAL.friendGroupsMax) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.friendGroupsFull);
    const made = await tx
      .insert(imFriendGroups)
      .values({ userId: me, name: p.name })
      .onConflictDoNothing()
      .returning({ name: imFriendGroups.name });
    if (made.length === 0) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.friendGroupExists);
    await fileUnder(tx, me, p.name, friendIds(p.userIDList));
  });
  await pushFriendGroups(me);
  await pushFriends([me]);
}

export async function deleteFriendGroup(me: number, p: { name: string }): Promise<void> {
  await db().transaction(async (tx) => {
    const gone = await tx
      .delete(imFriendGroups)
      .where(and(eq(imFriendGroups.userId, me), eq(imFriendGroups.name, p.name)))
      .returning({ name: imFriendGroups.name });
    if (gone.length === 0) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.friendGroupMissing);
    await tx
      .update(imFriends)
      .set({ groupNames: sql`array_remove(${imFriends.groupNames}, ${p.name}::text)` })
      .where(eq(imFriends.userId, me));
  });
  await pushFriendGroups(me);
  await pushFriends([me]);
}

export async function renameFriendGroup(me: number, p: { oldName: string; newName: string }): Promise<void> {
  if (p.oldName === p.newName) return;
  await db().transaction(async (tx) => {
    await assertGroupExists(tx, me, p.oldName);
    const [taken] = await tx
      .select({ one: sql`1` })
      .from(imFriendGroups)
      .where(and(eq(imFriendGroups.userId, me), eq(imFriendGroups.name, p.newName)));
    if (taken) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.friendGroupExists);
    await tx
      .update(imFriendGroups)
      .set({ name: p.newName })
      .where(and(eq(imFriendGroups.userId, me), eq(imFriendGroups.name, p.oldName)));
    await tx
      .update(imFriends)
      .set({ groupNames: sql`array_replace(${imFriends.groupNames}, ${p.oldName}::text, ${p.newName}::text)` })
      .where(eq(imFriends.userId, me));
  });
  await pushFriendGroups(me);
  await pushFriends([me]);
}

export async function addToFriendGroup(me: number, p: { name: string; userIDList: string[] }): Promise<void> {
  await db().transaction(async (tx) => {
    await assertGroupExists(tx, me, p.name);
    await fileUnder(tx, me, p.name, friendIds(p.userIDList));
  });
  await pushFriendGroups(me);
  await pushFriends([me]);
}

export async function removeFromFriendGroup(me: number, p: { name: string; userIDList: string[] }): Promise<void> {
  const ids = friendIds(p.userIDList);
  await db().transaction(async (tx) => {
    await assertGroupExists(tx, me, p.name);
    if (ids.length === 0) return;
    await tx
      .update(imFriends)
      .set({ groupNames: sql`array_remove(${imFriends.groupNames}, ${p.name}::text)` })
      .where(and(eq(imFriends.userId, me), inArray(imFriends.friendId, ids)));
  });
  await pushFriendGroups(me);
  await pushFriends([me]);
}
