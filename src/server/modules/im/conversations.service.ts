import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messageForShow } from '~/lib/chat/show';
import type { Conversation, GroupSystemNoticePayload, GroupTipPayload, MessageType } from '~/lib/chat/types';
import { db } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { imFriends, imGroups, imMessages, imThreadMembers, imThreads, users } from '../../db/schema';
import { deliver } from './hub';
import { conversationIdOf } from './threads';

/**
 * Conversations: each thread member's own view of a thread (read mark, pin, mute, clear).
 * A member sees sequences in (floor, ceil]: after what they cleared and before they joined,
 * and up to where they left a group.
 */

const peer = alias(users, 'peer');
const sender = alias(users, 'sender');

/** Last sequence the member may see (a member who left a group stops at leftSeq). */
export const ceilSql = sql<number>`case when ${imThreadMembers.active} then ${imThreads.lastSeq} else coalesce(${imThreadMembers.leftSeq}, 0) end`;
/** Sequences up to here are not the member's (cleared, or before joining). */
export const floorSql = sql<number>`greatest(${imThreadMembers.clearedSeq}, ${imThreadMembers.joinedSeq} - 1, 0)`;

export interface Bounds {
  floor: number;
  ceil: number;
  readSeq: number;
  active: boolean;
}

export function boundsOf(
  m: { clearedSeq: number; joinedSeq: number; active: boolean; leftSeq: number | null; readSeq: number },
  lastSeq: number,
): Bounds {
  return {
    floor: Math.max(m.clearedSeq, m.joinedSeq - 1, 0),
    ceil: m.active ? lastSeq : (m.leftSeq ?? 0),
    readSeq: m.readSeq,
    active: m.active,
  };
}

/** The member's row and the thread's last sequence, or null when they are not in the thread. */
export async function memberBounds(userId: number, threadKey: string): Promise<(Bounds & { lastSeq: number; remind: number }) | null> {
  const [r] = await db()
    .select({ m: imThreadMembers, lastSeq: imThreads.lastSeq })
    .from(imThreadMembers)
    .innerJoin(imThreads, eq(imThreads.key, imThreadMembers.threadKey))
    .where(and(eq(imThreadMembers.threadKey, threadKey), eq(imThreadMembers.userId, userId)));
  return r ? { ...boundsOf(r.m, r.lastSeq), lastSeq: r.lastSeq, remind: r.m.remind } : null;
}

/** Nick names by user id (for tip sentences). */
export async function nicksOf(ids: Iterable<string>): Promise<Map<string, string>> {
  const nums = [...new Set(ids)].map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
  if (!nums.length) return new Map();
  const rows = await db()
    .select({ id: users.id, nick: publicNameOf(users) })
    .from(users)
    .where(inArray(users.id, nums));
  return new Map(rows.map((r) => [String(r.id), r.nick]));
}

function tipUsers(type: string, payload: unknown): string[] {
  if (type === 'TIMGroupTipElem') {
    const p = payload as GroupTipPayload;
    return [p.operatorID, ...(p.userIDList ?? []), p.newGroupProfile?.ownerID ?? ''];
  }
  if (type === 'TIMGroupSystemNoticeElem') return [(payload as GroupSystemNoticePayload).operatorID];
  return [];
}

/** The viewer's conversation list: pinned first, then newest. Live-room groups never appear. */
export async function conversationList(userId: number, only?: string): Promise<Conversation[]> {
  const rows = await db()
    .select({
      key: imThreadMembers.threadKey,
      readSeq: imThreadMembers.readSeq,
      pinned: imThreadMembers.pinned,
      remind: imThreadMembers.remind,
      floor: floorSql,
      ceil: ceilSql,
      updatedAt: imThreads.updatedAt,
      msg: {
        id: imMessages.id,
        seq: imMessages.seq,
        fromUser: imMessages.fromUser,
        type: imMessages.type,
        payload: imMessages.payload,
        createdAt: imMessages.createdAt,
        revokedAt: imMessages.revokedAt,
      },
      senderNick: publicNameOf(sender),
      peer: { id: peer.id, nick: publicNameOf(peer), avatar: peer.avatar, gender: peer.gender, intro: peer.intro },
      remark: imFriends.remark,
      group: { id: imGroups.id, name: imGroups.name, avatar: imGroups.avatar, type: imGroups.type, memberCount: imGroups.memberCount },
      peerReadSeq: sql<
        number | null
      >`(select pm.read_seq from im_thread_members pm where pm.thread_key = ${imThreadMembers.threadKey} and pm.user_id = ${imThreadMembers.peerId})`,
    })
    .from(imThreadMembers)
    .innerJoin(imThreads, eq(imThreads.key, imThreadMembers.threadKey))
    .leftJoin(imMessages, and(eq(imMessages.threadKey, imThreads.key), eq(imMessages.seq, ceilSql)))
    .leftJoin(sender, eq(sender.id, imMessages.fromUser))
    .leftJoin(peer, eq(peer.id, imThreadMembers.peerId))
    .leftJoin(imFriends, and(eq(imFriends.userId, userId), eq(imFriends.friendId, imThreadMembers.peerId)))
    .leftJoin(imGroups, eq(imGroups.id, imThreads.groupId))
    .where(
      and(
        eq(imThreadMembers.userId, userId),
        sql`${ceilSql} > ${floorSql}`,
        or(isNull(imGroups.id), ne(imGroups.type, 'AVChatRoom')),
        only ? eq(imThreadMembers.threadKey, only) : undefined,
      ),
    );
  const names = await nicksOf(rows.flatMap((r) => (r.msg ? tipUsers(r.msg.type, r.msg.payload) : [])));
  const list = rows.map((r): Conversation & { sortTime: number } => {
    const conv = conversationIdOf(r.key, userId);
    const m = r.msg;
    const lastTime = m ? Math.floor(m.createdAt.getTime() / 1000) : Math.floor(r.updatedAt.getTime() / 1000);
    const c: Conversation & { sortTime: number } = {
      conversationID: conv.id,
      type: conv.type,
      unreadCount: Math.max(0, r.ceil - Math.max(r.readSeq, r.floor)),
      lastMessage: m
        ? {
            fromAccount: m.fromUser == null ? '' : String(m.fromUser),
            messageForShow: messageForShow(
              {
                type: m.type as MessageType,
                payload: m.payload,
                isRevoked: m.revokedAt != null,
                flow: m.fromUser === userId ? 'out' : 'in',
                nick: r.senderNick ?? '',
              },
              (id) => names.get(id) ?? id,
              String(userId),
            ),
            lastTime,
            lastSequence: m.seq,
            type: m.type as MessageType,
            isRevoked: m.revokedAt != null,
          }
        : null,
      isPinned: r.pinned,
      messageRemindType: r.remind === 1 ? 'AcceptNotNotify' : 'AcceptAndNotify',
      peerReadTime: 0,
      sortTime: lastTime,
    };
    if (r.peer) {
      c.userProfile = {
        userID: String(r.peer.id),
        nick: r.peer.nick,
        avatar: r.peer.avatar,
        gender: (r.peer.gender as 0 | 1 | 2) ?? 0,
        selfSignature: r.peer.intro,
        remark: r.remark ?? '',
      };
      // Read receipts as a time: the peer has read everything up to the last message when caught up.
      if (m && m.fromUser === userId && (r.peerReadSeq ?? 0) >= m.seq) c.peerReadTime = lastTime;
    }
    if (r.group) {
      c.groupProfile = {
        groupID: r.group.id,
        name: r.group.name,
        avatar: r.group.avatar,
        type: r.group.type as 'Work' | 'Public',
        memberCount: r.group.memberCount,
      };
    }
    return c;
  });
  list.sort(
    (a, b) => Number(b.isPinned) - Number(a.isPinned) || b.sortTime - a.sortTime || a.conversationID.localeCompare(b.conversationID),
  );
  return list.map(({ sortTime: _drop, ...c }) => c);
}

/**
 * A C2C conversation with no message yet (联系TA, a friend's 发消息): the peer's profile and nothing
 * else, as Tencent IM answers getConversationProfile for a new peer. Null when the user is unknown.
 */
export async function emptyC2C(userId: number, peerId: number): Promise<Conversation | null> {
  const [u] = await db()
    .select({
      id: users.id,
      nick: publicNameOf(users),
      avatar: users.avatar,
      gender: users.gender,
      intro: users.intro,
      remark: imFriends.remark,
    })
    .from(users)
    .leftJoin(imFriends, and(eq(imFriends.userId, userId), eq(imFriends.friendId, users.id)))
    .where(eq(users.id, peerId));
  if (!u) return null;
  return {
    conversationID: `C2C${peerId}`,
    type: 'C2C',
    unreadCount: 0,
    lastMessage: null,
    isPinned: false,
    messageRemindType: 'AcceptAndNotify',
    peerReadTime: 0,
    userProfile: {
      userID: String(u.id),
      nick: u.nick,
      avatar: u.avatar,
      gender: (u.gender as 0 | 1 | 2) ?? 0,
      selfSignature: u.intro,
      remark: u.remark ?? '',
    },
  };
}

/** Muted conversations do not count towards the badge (Tencent IM's 免打扰). */
export function totalUnread(list: Conversation[]): number {
  return list.reduce((n, c) => n + (c.messageRemindType === 'AcceptNotNotify' ? 0 : c.unreadCount), 0);
}

/**
 * Pushes the fresh list and total to every tab of these users. Called after a write commits;
 * a burst of writes for the same user within one tick collapses into one push.
 */
const pending = new Set<number>();
let scheduled: Promise<void> | null = null;
export function pushConversationState(userIds: Iterable<number>): Promise<void> {
  for (const id of userIds) pending.add(id);
  if (!scheduled) {
    scheduled = Promise.resolve().then(async () => {
      const ids = [...pending];
      pending.clear();
      scheduled = null;
      for (const id of ids) {
        try {
          const list = await conversationList(id);
          deliver([id], 'conversationListUpdated', list);
          deliver([id], 'totalUnreadMessageCountUpdated', totalUnread(list));
        } catch {
          // The database went away (shutdown or a test's end): the next write pushes again.
        }
      }
    });
  }
  return scheduled;
}
