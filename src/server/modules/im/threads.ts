import { and, eq, sql } from 'drizzle-orm';
import type { ConversationType, Message, MessageType } from '~/lib/chat/types';
import { SYSTEM_CONVERSATION } from '~/lib/chat/types';
import { db, type Tx } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { imMessages, imThreadMembers, imThreads, users } from '../../db/schema';
import { deliver } from './hub';

/**
 * Threads and messages: the one place a chat message is written (postMessage) and turned into
 * the wire shape a given viewer sees (toMessage). See the schema comment in db/schema/im.ts.
 */

export const c2cKey = (a: number, b: number) => `c2c:${Math.min(a, b)}:${Math.max(a, b)}`;
export const groupKey = (groupID: string) => `group:${groupID}`;
export const systemKey = (userId: number) => `system:${userId}`;

/** The thread behind a conversation id as `viewer` names it, or null when the id is malformed. */
export function threadOf(viewer: number, conversationID: string): { key: string; kind: 1 | 2 | 3; peer?: number; groupID?: string } | null {
  if (conversationID === SYSTEM_CONVERSATION) return { key: systemKey(viewer), kind: 3 };
  const c2c = /^C2C([1-9]\d{0,9})$/.exec(conversationID);
  if (c2c) {
    const peer = Number(c2c[1]);
    return peer === viewer || peer > 2_147_483_647 ? null : { key: c2cKey(viewer, peer), kind: 1, peer };
  }
  const gid = /^GROUP(.{1,48})$/.exec(conversationID)?.[1];
  if (gid) return { key: groupKey(gid), kind: 2, groupID: gid };
  return null;
}

/** Creates the thread row if missing (idempotent). */
export async function ensureThread(tx: Tx, key: string, kind: 1 | 2 | 3, groupId?: string): Promise<void> {
  await tx
    .insert(imThreads)
    .values({ key, kind, groupId: groupId ?? null })
    .onConflictDoNothing();
}

/** A C2C thread with both member rows (each sees the other as peer). */
export async function ensureC2CThread(tx: Tx, a: number, b: number): Promise<string> {
  const key = c2cKey(a, b);
  await ensureThread(tx, key, 1);
  await tx
    .insert(imThreadMembers)
    .values([
      { threadKey: key, userId: a, peerId: b },
      { threadKey: key, userId: b, peerId: a },
    ])
    .onConflictDoNothing();
  return key;
}

/** The system-notice thread of one user, with its member row. */
export async function ensureSystemThread(tx: Tx, userId: number): Promise<string> {
  const key = systemKey(userId);
  await ensureThread(tx, key, 3);
  await tx.insert(imThreadMembers).values({ threadKey: key, userId }).onConflictDoNothing();
  return key;
}

export type MessageRow = typeof imMessages.$inferSelect;

/**
 * Appends a message to a thread inside the caller's transaction: the thread's row lock hands out
 * the next sequence, and a send retried with the same clientID returns the stored message
 * (`created: false`) instead of a second copy. The sender's own read mark moves with it.
 * Call `deliverMessage` after the transaction commits.
 */
export async function postMessage(
  tx: Tx,
  m: { threadKey: string; fromUser: number | null; type: MessageType; payload: unknown; clientId?: string; cloudCustomData?: string },
): Promise<{ row: MessageRow; created: boolean }> {
  if (m.fromUser != null && m.clientId) {
    const [dup] = await tx
      .select()
      .from(imMessages)
      .where(and(eq(imMessages.fromUser, m.fromUser), eq(imMessages.clientId, m.clientId)));
    if (dup) return { row: dup, created: false };
  }
  const [thread] = await tx
    .update(imThreads)
    .set({ lastSeq: sql`${imThreads.lastSeq} + 1`, updatedAt: sql`now()` })
    .where(eq(imThreads.key, m.threadKey))
    .returning({ seq: imThreads.lastSeq });
  if (!thread) throw new Error(`IM thread ${m.threadKey} does not exist`);
  const [row] = await tx
    .insert(imMessages)
    .values({
      threadKey: m.threadKey,
      seq: thread.seq,
      fromUser: m.fromUser,
      type: m.type,
      payload: m.payload,
      clientId: m.clientId ?? null,
      cloudCustomData: m.cloudCustomData ?? '',
    })
    .returning();
  if (!row) throw new Error('IM message insert returned nothing');
  await tx.update(imThreads).set({ lastMessageId: row.id }).where(eq(imThreads.key, m.threadKey));
  if (m.fromUser != null) {
    await tx
      .update(imThreadMembers)
      .set({ readSeq: thread.seq, updatedAt: sql`now()` })
      .where(and(eq(imThreadMembers.threadKey, m.threadKey), eq(imThreadMembers.userId, m.fromUser)));
  }
  return { row, created: true };
}

export interface Sender {
  nick: string;
  avatar: string;
}

/** The conversation id of a thread as `viewer` names it. */
export function conversationIdOf(key: string, viewer: number): { id: string; type: ConversationType; to: string } {
  if (key.startsWith('c2c:')) {
    const [, a, b] = key.split(':').map(Number) as [number, number, number];
    const peer = a === viewer ? b : a;
    return { id: `C2C${peer}`, type: 'C2C', to: String(peer) };
  }
  if (key.startsWith('group:')) {
    const gid = key.slice('group:'.length);
    return { id: `GROUP${gid}`, type: 'GROUP', to: gid };
  }
  return { id: SYSTEM_CONVERSATION, type: '@TIM#SYSTEM', to: String(viewer) };
}

/** A stored message as `viewer` sees it. `peerReadSeq`: for C2C, how far the peer has read. */
export function toMessage(row: MessageRow, viewer: number, sender: Sender, peerReadSeq = 0): Message {
  const conv = conversationIdOf(row.threadKey, viewer);
  const own = row.fromUser === viewer;
  const revoked = row.revokedAt != null;
  return {
    ID: String(row.id),
    clientID: row.clientId ?? '',
    conversationID: conv.id,
    conversationType: conv.type,
    from: row.fromUser == null ? '' : String(row.fromUser),
    to: own || conv.type !== 'C2C' ? conv.to : String(viewer),
    flow: own ? 'out' : 'in',
    time: Math.floor(row.createdAt.getTime() / 1000),
    sequence: row.seq,
    status: 'success',
    isRevoked: revoked,
    isPeerRead: own && conv.type === 'C2C' && row.seq <= peerReadSeq,
    nick: sender.nick,
    avatar: sender.avatar,
    cloudCustomData: row.cloudCustomData,
    type: row.type,
    // A revoked message keeps no content on the wire.
    payload: revoked ? emptyPayload(row.type as MessageType) : row.payload,
  } as Message;
}

function emptyPayload(type: MessageType): unknown {
  return type === 'TIMTextElem' ? { text: '' } : {};
}

export async function senderOf(userId: number | null): Promise<Sender> {
  if (userId == null) return { nick: '', avatar: '' };
  const [u] = await db()
    .select({ nick: publicNameOf(users), avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? { nick: '', avatar: '' };
}

/**
 * Delivers a committed message to every active member of its thread, on all their tabs (the
 * sending socket gets it as its answer, so it is skipped). Group threads send one shared frame
 * to all recipients and another to the sender, not one per member.
 */
export async function deliverMessage(row: MessageRow, opts: { skipConnId?: string } = {}): Promise<void> {
  const members = await db()
    .select({ userId: imThreadMembers.userId })
    .from(imThreadMembers)
    .where(and(eq(imThreadMembers.threadKey, row.threadKey), eq(imThreadMembers.active, true)));
  const sender = await senderOf(row.fromUser);
  if (row.threadKey.startsWith('c2c:')) {
    for (const m of members) deliver([m.userId], 'messageReceived', [toMessage(row, m.userId, sender)], opts);
    return;
  }
  const others = members.map((m) => m.userId).filter((id) => id !== row.fromUser);
  if (others.length) deliver(others, 'messageReceived', [toMessage(row, -1, sender)], opts);
  if (row.fromUser != null) deliver([row.fromUser], 'messageReceived', [toMessage(row, row.fromUser, sender)], opts);
}
