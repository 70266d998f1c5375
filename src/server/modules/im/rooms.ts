import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import type { WireDraft } from '~/lib/chat/protocol';
import type { Message } from '~/lib/chat/types';
import { IM_SOCIAL_TEXT } from '~/lib/rules/im-social';
import { db, type Tx } from '../../db';
import { imGroupMembers, imGroups } from '../../db/schema';
import { noteWatching, roomAudience } from './audience';
import { assertMaySpeak, seatIn } from './guards';
import { deliverTopic, subscribe, subscribersOf, unsubscribe, type Connection } from './hub';
import { ChatFault, type OpContext } from './ops';
import { seatMembers } from './groups.store';
import { senderOf } from './threads';

/**
 * Live rooms (AVChatRoom, used by modules/live): a group row with no thread and no history, never
 * in a conversation list. Whoever joined is seated (so mutes and kicks work) and their socket is
 * subscribed to `room:<groupID>`; messages go to the sockets watching now and are not stored.
 */

export const roomTopic = (groupID: string) => `room:${groupID}`;

/**
 * What the owner of the rooms (the live module) checks and counts: `beforeJoin` may refuse (a viewer
 * kicked from the room) by throwing a ChatFault; `afterJoin` learns the new audience size.
 */
export interface RoomHooks {
  beforeJoin(groupID: string, userId: number): Promise<void>;
  afterJoin(groupID: string, watchers: number): Promise<void>;
}
let hooks: RoomHooks | null = null;
export function setRoomHooks(h: RoomHooks | null): void {
  hooks = h;
}

/** Distinct users watching a room on this instance (audience.ts counts every instance). */
export function roomWatchers(groupID: string): number[] {
  return [...new Set([...subscribersOf(roomTopic(groupID))].map((c) => c.userId))];
}

/**
 * A message the server sends into a room (a gift, a status change, a kick): a TIMCustomElem whose
 * data is `{type, ...}` JSON, from `from` (the sender it is about), to everyone watching.
 */
export async function roomEvent(groupID: string, fromUserId: number, data: { type: string } & Record<string, unknown>): Promise<void> {
  const sender = await senderOf(fromUserId);
  const msg = {
    ID: `room-${randomUUID()}`,
    clientID: '',
    conversationID: `GROUP${groupID}`,
    conversationType: 'GROUP' as const,
    from: String(fromUserId),
    to: groupID,
    time: Math.floor(Date.now() / 1000),
    sequence: 0,
    status: 'success' as const,
    isRevoked: false,
    isPeerRead: false,
    nick: sender.nick,
    avatar: sender.avatar,
    cloudCustomData: '',
    flow: 'in' as const,
    type: 'TIMCustomElem' as const,
    payload: { data: JSON.stringify(data), description: data.type, extension: '' },
  };
  deliverTopic(roomTopic(groupID), 'messageReceived', [msg as Message]);
}

/** Takes a user out of a room: their seat goes and their sockets here stop receiving it. */
export async function dropFromRoom(groupID: string, userId: number): Promise<void> {
  for (const c of [...subscribersOf(roomTopic(groupID))]) if (c.userId === userId) unsubscribe(c, roomTopic(groupID));
  await db().transaction(async (tx) => {
    const gone = await tx
      .delete(imGroupMembers)
      .where(and(eq(imGroupMembers.groupId, groupID), eq(imGroupMembers.userId, userId), ne(imGroupMembers.role, 'Owner')))
      .returning({ id: imGroupMembers.userId });
    if (gone.length) {
      await tx
        .update(imGroups)
        .set({ memberCount: sql`greatest(${imGroups.memberCount} - 1, 0)` })
        .where(eq(imGroups.id, groupID));
    }
  });
}

export async function createLiveRoom(ownerId: number, p: { name: string; groupID?: string }): Promise<string> {
  const id = p.groupID ?? `@GF#live${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await db().transaction(async (tx) => {
    const [g] = await tx
      .insert(imGroups)
      .values({ id, type: 'AVChatRoom', name: p.name.slice(0, 30), ownerId, joinOption: 'FreeAccess' })
      .onConflictDoNothing()
      .returning();
    // The same groupID asked twice (a retried live start) answers the room made the first time.
    if (g) await seatMembers(tx, g, [ownerId], 'Owner');
  });
  return id;
}

async function liveRoom(tx: Tx, groupID: string) {
  const [g] = await tx
    .select()
    .from(imGroups)
    .where(and(eq(imGroups.id, groupID), isNull(imGroups.dismissedAt)));
  if (!g) throw new ChatFault(CHAT_CODE.notFound, IM_SOCIAL_TEXT.groupMissing);
  if (g.type !== 'AVChatRoom') throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.roomOnly);
  return g;
}

export async function isLiveRoom(groupID: string): Promise<boolean> {
  const [g] = await db().select({ type: imGroups.type }).from(imGroups).where(eq(imGroups.id, groupID));
  return g?.type === 'AVChatRoom';
}

/** Seats the socket's user and subscribes this socket to the room's messages. */
export async function joinRoom(conn: Connection, groupID: string): Promise<'Success' | 'AlreadyInGroup'> {
  await hooks?.beforeJoin(groupID, conn.userId);
  const added = await db().transaction(async (tx) => seatMembers(tx, await liveRoom(tx, groupID), [conn.userId]));
  subscribe(conn, roomTopic(groupID));
  await noteWatching(groupID, conn.userId);
  await hooks?.afterJoin(groupID, await roomAudience(groupID));
  return added.length ? 'Success' : 'AlreadyInGroup';
}

/** Leaves the room: this socket stops receiving, and the user's seat goes (the owner keeps theirs). */
export async function quitRoom(conn: Connection, groupID: string): Promise<void> {
  unsubscribe(conn, roomTopic(groupID));
  await db().transaction(async (tx) => {
    const g = await liveRoom(tx, groupID);
    if (g.ownerId === conn.userId) return;
    const gone = await tx
      .delete(imGroupMembers)
      .where(and(eq(imGroupMembers.groupId, groupID), eq(imGroupMembers.userId, conn.userId)))
      .returning({ id: imGroupMembers.userId });
    if (gone.length) {
      await tx
        .update(imGroups)
        .set({ memberCount: sql`greatest(${imGroups.memberCount} - 1, 0)` })
        .where(eq(imGroups.id, groupID));
    }
  });
}

/**
 * A message to a live room: the sender must be seated and not muted; it gets an id and a time, goes
 * to every socket watching the room (on every instance) except the sender's, and is not stored.
 */
export async function sendRoomMessage(ctx: OpContext, draft: WireDraft): Promise<Message> {
  const groupID = draft.conversationID.slice('GROUP'.length);
  const seat = await seatIn(db() as unknown as Tx, ctx.userId, groupID);
  if (seat.type !== 'AVChatRoom') throw new ChatFault(CHAT_CODE.badInput, IM_SOCIAL_TEXT.roomOnly);
  assertMaySpeak(seat);
  const sender = await senderOf(ctx.userId);
  const base = {
    ID: `room-${randomUUID()}`,
    clientID: draft.clientID,
    conversationID: draft.conversationID,
    conversationType: 'GROUP' as const,
    from: ctx.userID,
    to: groupID,
    time: Math.floor(Date.now() / 1000),
    sequence: 0,
    status: 'success' as const,
    isRevoked: false,
    isPeerRead: false,
    nick: sender.nick,
    avatar: sender.avatar,
    cloudCustomData: draft.cloudCustomData ?? '',
    type: draft.type,
    payload: draft.payload,
  };
  deliverTopic(roomTopic(groupID), 'messageReceived', [{ ...base, flow: 'in' } as Message], { skipConnId: ctx.connId });
  return { ...base, flow: 'out' } as Message;
}
