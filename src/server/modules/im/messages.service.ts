import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import { IM_LIMITS, type WireDraft } from '~/lib/chat/protocol';
import type { Message, MessagePage, MessageRemindType } from '~/lib/chat/types';
import { db } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { imMessageHides, imMessages, imThreadMembers, imThreads, users } from '../../db/schema';
import { maskBanned } from '../site/banned-words';
import { assertManager, assertMaySpeak, assertNotBlocked, seatIn } from './guards';
import { deliver } from './hub';
import { ChatFault, type OpContext } from './ops';
import { takeSend } from './redis';
import { memberBounds, pushConversationState } from './conversations.service';
import { isLiveRoom, sendRoomMessage } from './rooms';
import {
  conversationIdOf,
  deliverMessage,
  ensureC2CThread,
  ensureThread,
  postMessage,
  senderOf,
  threadOf,
  toMessage,
  type MessageRow,
  type Sender,
} from './threads';

/** The thread behind a conversation id, or a refusal the user can read. */
export function threadOrFault(userId: number, conversationID: string) {
  const t = threadOf(userId, conversationID);
  if (!t) throw new ChatFault(CHAT_CODE.badInput, '会话不存在');
  return t;
}

/** The caller's view of a thread they belong to; group threads need membership (past or present). */
async function viewOf(userId: number, conversationID: string) {
  const t = threadOrFault(userId, conversationID);
  const b = await memberBounds(userId, t.key);
  if (!b && t.kind === 2) throw new ChatFault(CHAT_CODE.notMember, '你不是该群成员');
  return { thread: t, bounds: b };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Sender nicks and avatars of a page of rows, in one query. */
async function sendersOf(rows: MessageRow[]): Promise<Map<number, Sender>> {
  const ids = [...new Set(rows.map((r) => r.fromUser).filter((x): x is number => x != null))];
  if (!ids.length) return new Map();
  const us = await db()
    .select({ id: users.id, nick: publicNameOf(users), avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(us.map((u) => [u.id, { nick: u.nick, avatar: u.avatar }]));
}

async function peerReadSeq(threadKey: string, peer: number | undefined): Promise<number> {
  if (peer == null) return 0;
  const [r] = await db()
    .select({ s: imThreadMembers.readSeq })
    .from(imThreadMembers)
    .where(and(eq(imThreadMembers.threadKey, threadKey), eq(imThreadMembers.userId, peer)));
  return r?.s ?? 0;
}

/** Rows the user may see in a thread, between sequences (exclusive, inclusive), hides removed. */
function visibleRows(userId: number, threadKey: string, after: number, upTo: number) {
  return and(
    eq(imMessages.threadKey, threadKey),
    gt(imMessages.seq, after),
    lte(imMessages.seq, upTo),
    notExists(
      db()
        .select({ one: sql`1` })
        .from(imMessageHides)
        .where(and(eq(imMessageHides.userId, userId), eq(imMessageHides.messageId, imMessages.id))),
    ),
  );
}

/** 15 before `nextReqMessageID` (or the newest), oldest first. */
export async function getMessageList(ctx: OpContext, p: { conversationID: string; nextReqMessageID?: string }): Promise<MessagePage> {
  const { thread, bounds } = await viewOf(ctx.userId, p.conversationID);
  if (!bounds) return { messageList: [], nextReqMessageID: '', isCompleted: true };
  let before = bounds.ceil + 1;
  if (p.nextReqMessageID) {
    const [ref] = await db()
      .select({ seq: imMessages.seq })
      .from(imMessages)
      .where(and(eq(imMessages.id, Number(p.nextReqMessageID)), eq(imMessages.threadKey, thread.key)));
    if (!ref) throw new ChatFault(CHAT_CODE.badInput, '消息不存在');
    before = Math.min(before, ref.seq);
  }
  const rows = await db()
    .select()
    .from(imMessages)
    .where(and(visibleRows(ctx.userId, thread.key, bounds.floor, bounds.ceil), lt(imMessages.seq, before)))
    .orderBy(desc(imMessages.seq))
    .limit(IM_LIMITS.historyPage + 1);
  const isCompleted = rows.length <= IM_LIMITS.historyPage;
  const page = rows.slice(0, IM_LIMITS.historyPage).reverse();
  const senders = await sendersOf(page);
  const peerRead = await peerReadSeq(thread.key, thread.peer);
  return {
    messageList: page.map((r) => toMessage(r, ctx.userId, senders.get(r.fromUser ?? -1) ?? { nick: '', avatar: '' }, peerRead)),
    nextReqMessageID: isCompleted || !page[0] ? '' : String(page[0].id),
    isCompleted,
  };
}

/**
 * What a reconnecting client missed: messages after each sequence it holds, oldest first, at most
 * `cap` per conversation (a client further behind reloads the conversation from its history).
 */
export async function replaySince(userId: number, resume: Record<string, number>, cap = 200): Promise<Message[]> {
  const out: Message[] = [];
  for (const [conversationID, lastSeq] of Object.entries(resume)) {
    const t = threadOf(userId, conversationID);
    if (!t) continue;
    const b = await memberBounds(userId, t.key);
    if (!b || b.ceil <= lastSeq) continue;
    const rows = await db()
      .select()
      .from(imMessages)
      .where(visibleRows(userId, t.key, Math.max(lastSeq, b.floor), b.ceil))
      .orderBy(imMessages.seq)
      .limit(cap);
    const senders = await sendersOf(rows);
    const peerRead = await peerReadSeq(t.key, t.peer);
    for (const r of rows) out.push(toMessage(r, userId, senders.get(r.fromUser ?? -1) ?? { nick: '', avatar: '' }, peerRead));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Sending

export async function sendMessage(ctx: OpContext, draft: WireDraft, opts: { onlineUserOnly?: boolean } = {}): Promise<Message> {
  const t = threadOrFault(ctx.userId, draft.conversationID);
  if (t.kind === 3) throw new ChatFault(CHAT_CODE.noPermission, '系统会话不能发送消息');
  if (opts.onlineUserOnly) return sendOnline(ctx, t.peer, draft);
  if (!(await takeSend(ctx.userId))) throw new ChatFault(CHAT_CODE.rateLimited, '发送太频繁，请稍后再试');
  const payload = draft.type === 'TIMTextElem' ? { text: await maskBanned(draft.payload.text) } : draft.payload;
  // Live rooms have no history: their messages go to whoever watches now (rooms.ts), not stored here.
  if (t.groupID != null && (await isLiveRoom(t.groupID))) return sendRoomMessage(ctx, { ...draft, payload } as WireDraft);

  const result = await db().transaction(async (tx) => {
    if (t.peer != null) {
      const peer = t.peer;
      const [u] = await tx.select({ status: users.status }).from(users).where(eq(users.id, peer));
      if (!u) throw new ChatFault(CHAT_CODE.notFound, '用户不存在');
      await assertNotBlocked(tx, ctx.userId, peer);
      await ensureC2CThread(tx, ctx.userId, peer);
    } else {
      const seat = await seatIn(tx, ctx.userId, t.groupID ?? '');
      assertMaySpeak(seat);
      await ensureThread(tx, t.key, 2, t.groupID);
    }
    return postMessage(tx, {
      threadKey: t.key,
      fromUser: ctx.userId,
      type: draft.type,
      payload,
      clientId: draft.clientID,
      cloudCustomData: draft.cloudCustomData ?? '',
    });
  });
  const { row, created } = result;
  if (row.threadKey !== t.key) throw new ChatFault(CHAT_CODE.badInput, '消息编号重复');
  if (created) {
    await deliverMessage(row, { skipConnId: ctx.connId });
    // C2C lists are cheap to push; group members' adapters fold messages into their lists.
    if (t.peer != null) {
      // Replying means having read everything before it: the peer's read receipts move too.
      deliver([t.peer], 'messageReadByPeer', {
        conversationID: `C2C${ctx.userId}`,
        sequence: row.seq,
        time: Math.floor(Date.now() / 1000),
      });
      void pushConversationState([ctx.userId, t.peer]);
    }
    // Group sends: every adapter, the sender's too, folds the message into its own list.
  }
  const sender = await senderOf(ctx.userId);
  return toMessage(row, ctx.userId, sender, t.kind === 1 ? await peerReadSeq(t.key, t.peer) : 0);
}

/** Call signalling: straight to the peer's open sockets and the sender's other tabs, never stored. */
async function sendOnline(ctx: OpContext, peer: number | undefined, draft: WireDraft): Promise<Message> {
  if (peer == null) throw new ChatFault(CHAT_CODE.badInput, '仅单聊支持在线消息');
  await db().transaction((tx) => assertNotBlocked(tx, ctx.userId, peer));
  const sender = await senderOf(ctx.userId);
  const base = {
    ID: `online-${randomUUID()}`,
    clientID: draft.clientID,
    conversationType: 'C2C' as const,
    from: ctx.userID,
    to: String(peer),
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
  const toPeer = { ...base, conversationID: `C2C${ctx.userId}`, flow: 'in' } as Message;
  const mine = { ...base, conversationID: `C2C${peer}`, flow: 'out' } as Message;
  deliver([peer], 'messageReceived', [toPeer]);
  deliver([ctx.userId], 'messageReceived', [mine], { skipConnId: ctx.connId });
  return mine;
}

// ---------------------------------------------------------------------------------------------
// Read marks, pin, mute, clear

export async function setMessageRead(ctx: OpContext, p: { conversationID: string }): Promise<void> {
  const { thread, bounds } = await viewOf(ctx.userId, p.conversationID);
  if (!bounds || bounds.readSeq >= bounds.ceil) return;
  const [moved] = await db()
    .update(imThreadMembers)
    .set({ readSeq: bounds.ceil })
    .where(and(eq(imThreadMembers.threadKey, thread.key), eq(imThreadMembers.userId, ctx.userId), lt(imThreadMembers.readSeq, bounds.ceil)))
    .returning({ readSeq: imThreadMembers.readSeq });
  if (!moved) return;
  if (thread.peer != null) {
    deliver([thread.peer], 'messageReadByPeer', {
      conversationID: `C2C${ctx.userId}`,
      sequence: moved.readSeq,
      time: Math.floor(Date.now() / 1000),
    });
  }
  await pushConversationState([ctx.userId]);
}

async function updateMine(ctx: OpContext, conversationID: string, set: Partial<typeof imThreadMembers.$inferInsert>): Promise<void> {
  const { thread, bounds } = await viewOf(ctx.userId, conversationID);
  if (!bounds) throw new ChatFault(CHAT_CODE.notFound, '会话不存在');
  await db()
    .update(imThreadMembers)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(imThreadMembers.threadKey, thread.key), eq(imThreadMembers.userId, ctx.userId)));
  await pushConversationState([ctx.userId]);
}

/** Clears the conversation for the caller; a newer message brings it back. */
export async function deleteConversation(ctx: OpContext, conversationID: string): Promise<void> {
  const { bounds } = await viewOf(ctx.userId, conversationID);
  if (!bounds) return;
  // Read too: nothing cleared stays unread.
  await updateMine(ctx, conversationID, {
    clearedSeq: bounds.ceil,
    readSeq: sql`greatest(${imThreadMembers.readSeq}, ${bounds.ceil})` as unknown as number,
    pinned: false,
  });
}

export function pinConversation(ctx: OpContext, p: { conversationID: string; isPinned: boolean }): Promise<void> {
  return updateMine(ctx, p.conversationID, { pinned: p.isPinned });
}

export function setMessageRemindType(ctx: OpContext, p: { conversationID: string; messageRemindType: MessageRemindType }): Promise<void> {
  return updateMine(ctx, p.conversationID, { remind: p.messageRemindType === 'AcceptNotNotify' ? 1 : 0 });
}

// ---------------------------------------------------------------------------------------------
// Recall, delete for me, report

/** A message the caller can see in this conversation, or a refusal. */
export async function visibleMessage(
  userId: number,
  conversationID: string,
  ID: string,
): Promise<{ row: MessageRow; thread: ReturnType<typeof threadOrFault> }> {
  const { thread, bounds } = await viewOf(userId, conversationID);
  const id = Number(ID);
  if (!bounds || !Number.isSafeInteger(id)) throw new ChatFault(CHAT_CODE.notFound, '消息不存在');
  const [row] = await db()
    .select()
    .from(imMessages)
    .where(and(eq(imMessages.id, id), visibleRows(userId, thread.key, bounds.floor, bounds.ceil)));
  if (!row) throw new ChatFault(CHAT_CODE.notFound, '消息不存在');
  return { row, thread };
}

export async function revokeMessage(ctx: OpContext, p: { conversationID: string; ID: string }): Promise<void> {
  const { row, thread } = await visibleMessage(ctx.userId, p.conversationID, p.ID);
  if (row.revokedAt) return;
  if (row.fromUser === ctx.userId) {
    if (Date.now() - row.createdAt.getTime() > IM_LIMITS.recallWindowS * 1000) {
      throw new ChatFault(CHAT_CODE.recallWindow, '消息发送已超过2分钟，无法撤回');
    }
  } else if (thread.kind === 2) {
    await db().transaction((tx) => assertManager(tx, ctx.userId, thread.groupID ?? ''));
  } else {
    throw new ChatFault(CHAT_CODE.noPermission, '只能撤回自己发送的消息');
  }
  await revokeRow(row, ctx.userId);
}

/** Marks a message revoked (once) and tells every member of its thread. Also the console's takedown. */
export async function revokeRow(row: MessageRow, by: number | null, opts: { announceOnly?: boolean } = {}): Promise<boolean> {
  if (!opts.announceOnly) {
    const [done] = await db()
      .update(imMessages)
      .set({ revokedAt: sql`now()`, revokedBy: by })
      .where(and(eq(imMessages.id, row.id), isNull(imMessages.revokedAt)))
      .returning({ id: imMessages.id });
    if (!done) return false;
  }
  const members = await db()
    .select({ userId: imThreadMembers.userId })
    .from(imThreadMembers)
    .where(and(eq(imThreadMembers.threadKey, row.threadKey), eq(imThreadMembers.active, true)));
  const ids = members.map((m) => m.userId);
  if (row.threadKey.startsWith('c2c:')) {
    for (const id of ids) deliver([id], 'messageRevoked', [{ conversationID: conversationIdOf(row.threadKey, id).id, ID: String(row.id) }]);
  } else {
    deliver(ids, 'messageRevoked', [{ conversationID: conversationIdOf(row.threadKey, -1).id, ID: String(row.id) }]);
  }
  // The list's last line changes only when the revoked message is the thread's newest.
  const [thread] = await db().select({ last: imThreads.lastMessageId }).from(imThreads).where(eq(imThreads.key, row.threadKey));
  if (thread?.last === row.id) await pushConversationState(ids);
  return true;
}

export async function deleteMessage(ctx: OpContext, p: { conversationID: string; IDList: string[] }): Promise<void> {
  const { thread, bounds } = await viewOf(ctx.userId, p.conversationID);
  const ids = p.IDList.map(Number).filter(Number.isSafeInteger);
  if (!bounds || !ids.length) return;
  const rows = await db()
    .select({ id: imMessages.id })
    .from(imMessages)
    .where(and(inArray(imMessages.id, ids), eq(imMessages.threadKey, thread.key)));
  if (!rows.length) throw new ChatFault(CHAT_CODE.notFound, '消息不存在');
  await db()
    .insert(imMessageHides)
    .values(rows.map((r) => ({ userId: ctx.userId, messageId: r.id })))
    .onConflictDoNothing();
  await pushConversationState([ctx.userId]);
}
