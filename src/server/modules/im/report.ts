import { and, eq, isNull, sql } from 'drizzle-orm';
import { CHAT_CODE } from '~/lib/chat/client';
import { messageForShow } from '~/lib/chat/show';
import type { MessageType } from '~/lib/chat/types';
import { REPORT_REASONS, type ReportReason } from '~/lib/rules/operations';
import { imMessages, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { fileReport, registerReportTarget } from '../report/report.service';
import { visibleMessage, revokeRow } from './messages.service';
import { ChatFault, type OpContext } from './ops';

/**
 * Chat messages in the operator console's report queue (target type 'message'). The report keeps
 * "nick：text" as it read when reported; the takedown revokes the message for everyone.
 */
registerReportTarget('message', {
  find: async (tx, id) => {
    const [r] = await tx
      .select({ m: imMessages, nick: users.nickName })
      .from(imMessages)
      .innerJoin(users, eq(users.id, imMessages.fromUser))
      .where(eq(imMessages.id, id));
    if (!r || r.m.fromUser == null) return null;
    const text = messageForShow({ type: r.m.type as MessageType, payload: r.m.payload, isRevoked: r.m.revokedAt != null, nick: r.nick });
    return { title: `${r.nick}：${text}`, ownerUserId: r.m.fromUser };
  },
  href: () => '',
  takeDown: async (tx, id, by) => {
    const [row] = await tx
      .update(imMessages)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(imMessages.id, id), isNull(imMessages.revokedAt)))
      .returning();
    if (!row) return false;
    // Members learn of it once the decision commits (revokeRow finds it revoked and only announces).
    setImmediate(() => void revokeRow(row, by.staffId, { announceOnly: true }).catch(() => {}));
    return true;
  },
});

export async function reportMessage(ctx: OpContext, p: { conversationID: string; ID: string; reason: string }): Promise<void> {
  const { row } = await visibleMessage(ctx.userId, p.conversationID, p.ID);
  if (row.fromUser === ctx.userId || row.fromUser == null) throw new ChatFault(CHAT_CODE.noPermission, '不能举报自己的消息');
  const known = (REPORT_REASONS as readonly string[]).includes(p.reason);
  try {
    await fileReport(ctx.userId, {
      target_type: 'message',
      target_id: row.id,
      reason: known ? (p.reason as ReportReason) : 'other',
      detail: known ? '' : p.reason.slice(0, 500),
    });
  } catch (err) {
    // The console's refusals (already reported…) read the same in chat.
    if (err instanceof AppError) throw new ChatFault(CHAT_CODE.badInput, err.message);
    throw err;
  }
}
