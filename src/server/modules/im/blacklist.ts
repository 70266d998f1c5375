import { and, asc, eq, inArray } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import { IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { db } from '../../db';
import { imBlacklist, users } from '../../db/schema';
import { pushFriendGroups, pushFriends, unfriend } from './friends';
import { deliver } from './hub';
import { ChatFault } from './ops';
import { userIdOf } from './profiles';

/**
 * The blacklist: a blocked user's C2C messages are refused (guards.assertNotBlocked, code 20007)
 * and they cannot ask to be friends. Blocking also ends the friendship both ways, as in Tencent IM.
 */

export async function blacklist(userId: number): Promise<string[]> {
  const rows = await db()
    .select({ id: imBlacklist.blockedId })
    .from(imBlacklist)
    .where(eq(imBlacklist.userId, userId))
    .orderBy(asc(imBlacklist.createdAt), asc(imBlacklist.blockedId));
  return rows.map((r) => String(r.id));
}

function idsOf(userIDList: string[]): number[] {
  return [...new Set(userIDList.map(userIdOf).filter((id): id is number => id != null))];
}

export async function addToBlacklist(me: number, userIDList: string[]): Promise<void> {
  const ids = idsOf(userIDList);
  if (ids.includes(me)) throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.blockSelf);
  if (ids.length === 0) return;
  await db().transaction(async (tx) => {
    const known = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    if (known.length !== ids.length) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.userNotFound);
    await tx
      .insert(imBlacklist)
      .values(ids.map((blockedId) => ({ userId: me, blockedId })))
      .onConflictDoNothing();
    await unfriend(me, ids, tx);
  });
  deliver([me], 'blacklistUpdated', await blacklist(me));
  await pushFriends([me, ...ids]);
  await pushFriendGroups(me);
}

export async function removeFromBlacklist(me: number, userIDList: string[]): Promise<void> {
  const ids = idsOf(userIDList);
  if (ids.length === 0) return;
  await db()
    .delete(imBlacklist)
    .where(and(eq(imBlacklist.userId, me), inArray(imBlacklist.blockedId, ids)));
  deliver([me], 'blacklistUpdated', await blacklist(me));
}
