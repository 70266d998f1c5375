import { and, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { db, type Db, type TxOrDb } from '../../db';
import { feedback, messageStates, messages, users } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { normaliseStoredPath } from '../../providers/storage';
import { sanitizeRichText } from '../../security/sanitize';
import { NOTICE_KINDS, type NoticeDetail, type NoticeItem, type NoticeKind, type UnreadCounts } from '~/lib/api/contract/notice';

export { NOTICE_KINDS, type NoticeKind };

/** A stored kind as the contract names it (rows are only ever written with one of the three). */
const asKind = (k: string): NoticeKind => NOTICE_KINDS.find((x) => x === k) ?? 'notice';
/** The stored agree state (0 open, 1 agreed, 2 refused). */
const asAgree = (n: number | null): 0 | 1 | 2 => (n === 1 || n === 2 ? n : 0);

/**
 * Messages this user may see: their own, and platform announcements (userId null) whose time has
 * come (the console schedules one by giving it a future created_at).
 */
const visibleTo = (userId: number) =>
  and(
    or(eq(messages.userId, userId), and(isNull(messages.userId), eq(messages.kind, 'announce'), lte(messages.createdAt, sql`now()`))),
    isNull(messageStates.deletedAt),
  );

const stateJoin = (userId: number) => and(eq(messageStates.messageId, messages.id), eq(messageStates.userId, userId));

/** /api/member/unreadMsgCount: unread messages per kind (SPEC §3). */
export async function unreadCounts(userId: number): Promise<UnreadCounts> {
  const rows = await db()
    .select({ kind: messages.kind, n: count() })
    .from(messages)
    .leftJoin(messageStates, stateJoin(userId))
    .where(and(visibleTo(userId), isNull(messageStates.readAt)))
    .groupBy(messages.kind);
  const out: UnreadCounts = { announce: 0, comment: 0, notice: 0 };
  for (const r of rows) {
    const k = NOTICE_KINDS.find((x) => x === r.kind);
    if (k) out[k] = Number(r.n);
  }
  return out;
}

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** /api/member/messageList: a page of one kind, newest first. */
export async function messagePage(
  userId: number,
  kind: NoticeKind,
  page: number,
  limit: number,
): Promise<{ list: NoticeItem[]; total: number; page: number; limit: number }> {
  const where = and(visibleTo(userId), eq(messages.kind, kind));
  const [rows, [total]] = await Promise.all([
    db()
      .select({ m: messages, readAt: messageStates.readAt, agree: messageStates.agree, fromName: users.nickName, fromAvatar: users.avatar })
      .from(messages)
      .leftJoin(messageStates, stateJoin(userId))
      .leftJoin(users, eq(users.id, messages.fromUserId))
      .where(where)
      .orderBy(desc(messages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(messages).leftJoin(messageStates, stateJoin(userId)).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.m.id,
      type: asKind(r.m.kind),
      title: r.m.title,
      summary: plain(r.m.content).slice(0, 80),
      from_name: r.fromName ?? '功夫平台',
      from_avatar: r.fromAvatar ?? '',
      is_read: r.readAt ? 1 : 0,
      need_agree: r.m.needAgree ? 1 : 0,
      is_agree: asAgree(r.agree),
      created_at: r.m.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

async function visibleMessage(userId: number, id: number) {
  const [row] = await db()
    .select({ m: messages, agree: messageStates.agree, fromName: users.nickName })
    .from(messages)
    .leftJoin(messageStates, stateJoin(userId))
    .leftJoin(users, eq(users.id, messages.fromUserId))
    .where(and(eq(messages.id, id), visibleTo(userId)))
    .limit(1);
  // Another member's message answers exactly like a missing one.
  if (!row) throw notFound('消息不存在或已删除');
  return row;
}

/** Upserts this user's state row of a message. */
async function setState(userId: number, messageId: number, set: { readAt?: Date; deletedAt?: Date; agree?: number }) {
  await db()
    .insert(messageStates)
    .values({ messageId, userId, ...set })
    .onConflictDoUpdate({ target: [messageStates.messageId, messageStates.userId], set });
}

/** /api/member/messageDetail: one message; reading it marks it read. */
export async function messageDetail(userId: number, id: number): Promise<NoticeDetail> {
  const row = await visibleMessage(userId, id);
  await setState(userId, id, { readAt: new Date() });
  return {
    id: row.m.id,
    type: asKind(row.m.kind),
    title: row.m.title,
    content: row.m.content,
    link: row.m.link,
    from_name: row.fromName ?? '功夫平台',
    need_agree: row.m.needAgree ? 1 : 0,
    is_agree: asAgree(row.agree),
    created_at: row.m.createdAt.toISOString(),
  };
}

/** /api/member/messageSetRead: one message, or every message of a kind. */
export async function setRead(userId: number, opts: { id?: number | undefined; type?: NoticeKind | undefined }): Promise<number> {
  if (opts.id) {
    await visibleMessage(userId, opts.id);
    await setState(userId, opts.id, { readAt: new Date() });
    return 1;
  }
  const unread = await db()
    .select({ id: messages.id })
    .from(messages)
    .leftJoin(messageStates, stateJoin(userId))
    .where(and(visibleTo(userId), isNull(messageStates.readAt), opts.type ? eq(messages.kind, opts.type) : undefined));
  if (!unread.length) return 0;
  const now = new Date();
  await db()
    .insert(messageStates)
    .values(unread.map((m) => ({ messageId: m.id, userId, readAt: now })))
    .onConflictDoUpdate({ target: [messageStates.messageId, messageStates.userId], set: { readAt: now } });
  return unread.length;
}

/** /api/member/messageDelete: hides a message from this user only. */
export async function deleteMessage(userId: number, id: number): Promise<void> {
  await visibleMessage(userId, id);
  await setState(userId, id, { deletedAt: new Date(), readAt: new Date() });
}

/**
 * What agreeing to (or refusing) a consent notice does, by its payload's `action` (e.g. the provider
 * module's `join_provider`). Runs in the answer's transaction: a handler that throws leaves the
 * notice unanswered, so the member can still choose again.
 */
export type ConsentHandler = (
  tx: TxOrDb,
  answer: { messageId: number; userId: number; agree: 1 | 2; payload: Record<string, unknown> },
) => Promise<void>;
const consentHandlers = new Map<string, ConsentHandler>();
export function registerConsentHandler(action: string, handler: ConsentHandler): void {
  consentHandlers.set(action, handler);
}

/** /api/member/messageIsAgree: answers a notice that asks for consent (1 agree, 2 refuse), once. */
export async function answerMessage(userId: number, id: number, agree: 1 | 2): Promise<void> {
  const row = await visibleMessage(userId, id);
  if (!row.m.needAgree) throw refuse('该消息无需处理');
  if (row.agree) throw refuse('您已处理过该申请');
  await db().transaction(async (tx) => {
    // Guarded: of two answers racing, only the first finds the state still open.
    await tx.insert(messageStates).values({ messageId: id, userId }).onConflictDoNothing();
    const [answered] = await tx
      .update(messageStates)
      .set({ agree, readAt: new Date() })
      .where(and(eq(messageStates.messageId, id), eq(messageStates.userId, userId), eq(messageStates.agree, 0)))
      .returning({ id: messageStates.messageId });
    if (!answered) throw refuse('您已处理过该申请');
    const action = typeof row.m.payload['action'] === 'string' ? row.m.payload['action'] : '';
    const handler = consentHandlers.get(action);
    if (handler) await handler(tx, { messageId: id, userId, agree, payload: row.m.payload });
  });
}

/** Sends a message to one user (or, with userId null and kind announce, to everyone). */
export async function sendMessage(
  input: {
    userId: number | null;
    kind: NoticeKind;
    title: string;
    content: string;
    fromUserId?: number;
    link?: string;
    needAgree?: boolean;
    payload?: Record<string, unknown>;
  },
  tx: Pick<Db, 'insert'> = db(),
): Promise<number> {
  const [row] = await tx
    .insert(messages)
    .values({ ...input, content: sanitizeRichText(input.content) })
    .returning({ id: messages.id });
  if (!row) throw new Error('message insert returned nothing');
  return row.id;
}

/** /api/member/feedBack: stored for the operators; images must be our own uploads. */
export async function saveFeedback(
  userId: number,
  input: { type: string; content: string; images: string[]; contact: string },
): Promise<number> {
  const images: string[] = [];
  for (const i of input.images) {
    const path = normaliseStoredPath(i);
    if (!path) throw refuse('图片地址不正确，请重新上传');
    images.push(path);
  }
  const [recent] = await db()
    .select({ n: count() })
    .from(feedback)
    .where(and(eq(feedback.userId, userId), sql`${feedback.createdAt} > now() - interval '1 day'`));
  if ((recent?.n ?? 0) >= 20) throw refuse('今日反馈次数已达上限，请明天再试');
  const [row] = await db()
    .insert(feedback)
    .values({ userId, type: input.type, content: input.content, images, contact: input.contact })
    .returning({ id: feedback.id });
  if (!row) throw new Error('feedback insert returned nothing');
  return row.id;
}
