import { and, eq, isNull, sql } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import type { Tx } from '../../db';
import { imBlacklist, imGroupMembers, imGroups } from '../../db/schema';
import { ChatFault } from './ops';

/**
 * Who may post where. sendMessage (messages part) asks these before writing; groups and friends
 * (social part) keep the rows they read.
 */

/** `recipient` has blocked `sender`: their C2C messages are refused (Tencent IM code 20007). */
export async function assertNotBlocked(tx: Tx, sender: number, recipient: number): Promise<void> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(imBlacklist)
    .where(and(eq(imBlacklist.userId, recipient), eq(imBlacklist.blockedId, sender)));
  if (row) throw new ChatFault(CHAT_CODE.blocked, '对方已将你加入黑名单，消息发送失败');
}

export interface GroupSeat {
  type: string;
  role: 'Owner' | 'Admin' | 'Member';
  muteAll: boolean;
  muteUntil: Date | null;
}

/** The caller's membership of a live (not dismissed) group, or a refusal. */
export async function seatIn(tx: Tx, userId: number, groupID: string): Promise<GroupSeat> {
  const [g] = await tx
    .select({ type: imGroups.type, muteAll: imGroups.muteAll, role: imGroupMembers.role, muteUntil: imGroupMembers.muteUntil })
    .from(imGroups)
    .leftJoin(imGroupMembers, and(eq(imGroupMembers.groupId, imGroups.id), eq(imGroupMembers.userId, userId)))
    .where(and(eq(imGroups.id, groupID), isNull(imGroups.dismissedAt)));
  if (!g) throw new ChatFault(CHAT_CODE.notFound, '群组不存在或已解散');
  if (!g.role) throw new ChatFault(CHAT_CODE.notMember, '你不是该群成员');
  return { type: g.type, role: g.role as GroupSeat['role'], muteAll: g.muteAll, muteUntil: g.muteUntil };
}

/** A member may speak unless muted (owner and admins speak through "mute all"). */
export function assertMaySpeak(seat: GroupSeat, now = new Date()): void {
  if (seat.role !== 'Member') return;
  if (seat.muteAll) throw new ChatFault(CHAT_CODE.muted, '全员禁言中，暂时不能发言');
  if (seat.muteUntil && seat.muteUntil > now) throw new ChatFault(CHAT_CODE.muted, '你已被禁言，暂时不能发言');
}

/** Owner or admin of the group (for kick, mute, approve, recall others' messages). */
export async function assertManager(tx: Tx, userId: number, groupID: string): Promise<GroupSeat> {
  const seat = await seatIn(tx, userId, groupID);
  if (seat.role === 'Member') throw new ChatFault(CHAT_CODE.noPermission, '只有群主或管理员可以这样做');
  return seat;
}
