import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AdminDispute } from '~/lib/api/contract/operations';
import { DISPUTE_STATUS_TEXT, OPS_TEXTS, type DisputeStatus } from '~/lib/rules/operations';
import { PAY_METHOD_TEXT, statusText, type OrderKind, type OrderStatus, type PayMethod } from '~/lib/rules/order-status';
import { db, type TxOrDb } from '../../db';
import { coaches, orderItems, orders, refundDisputes, shops, users } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { audit } from '../../console/audit';
import { registerQueue } from '../../console/queues';
import { sendMessage } from '../notice/notice.service';
import { grantRefundByPlatform } from '../commerce/refund.service';
import { isUniqueViolation } from '../../db/rows';
import { esc, type OpsCtx } from './common';

/**
 * Refund disputes: a member escalates a refund the seller refused (once per order); support grants
 * it (the platform refunds through the refund owner, commerce/refund.service.ts, whose approval
 * reverses the seller's income) or upholds the refusal. Both sides are told; every decision is
 * audited in its transaction.
 */

type Order = typeof orders.$inferSelect;
type Dispute = typeof refundDisputes.$inferSelect;

/** Statuses an order may be escalated from: the refusal put it back where it was, and it moved on. */
const ESCALATABLE = ['paid', 'shipped', 'received', 'completed'];

/** The user behind an order's seller (shop owner or coach) and its name. */
async function sellerOfOrder(tx: TxOrDb, o: Pick<Order, 'shopId' | 'coachId'>): Promise<{ userId: number; name: string } | null> {
  if (o.shopId) {
    const [s] = await tx.select({ userId: shops.userId, name: shops.name }).from(shops).where(eq(shops.id, o.shopId)).limit(1);
    return s ?? null;
  }
  if (o.coachId) {
    const [c] = await tx.select({ userId: coaches.userId, name: coaches.name }).from(coaches).where(eq(coaches.id, o.coachId)).limit(1);
    return c ?? null;
  }
  return null;
}

function memberView(d: Dispute | undefined, o: Order) {
  return {
    can_dispute: !d && Boolean(o.refundRefusal) && ESCALATABLE.includes(o.status),
    dispute: d
      ? {
          id: d.id,
          reason: d.reason,
          status: d.status as DisputeStatus,
          status_text: DISPUTE_STATUS_TEXT[d.status as DisputeStatus] ?? d.status,
          decision_note: d.decisionNote,
          created_at: d.createdAt.toISOString(),
        }
      : null,
  };
}

async function memberOrder(userId: number, orderId: number): Promise<Order> {
  const [o] = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!o) throw notFound('订单不存在');
  return o;
}

/** /member/refundDisputeInfo */
export async function disputeInfo(userId: number, orderId: number) {
  const o = await memberOrder(userId, orderId);
  const [d] = await db().select().from(refundDisputes).where(eq(refundDisputes.orderId, o.id)).limit(1);
  return memberView(d, o);
}

/** /member/refundDispute: once per order, only after the seller refused and while no refund is under way. */
export async function openDispute(userId: number, orderId: number, reason: string) {
  const o = await memberOrder(userId, orderId);
  if (o.status === 'refunding') throw refuse(OPS_TEXTS.disputeWhileRefunding);
  if (!o.refundRefusal || !ESCALATABLE.includes(o.status)) throw refuse(OPS_TEXTS.disputeNotAllowed);
  try {
    const d = await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(refundDisputes)
        .values({ orderId: o.id, userId, reason, refundReason: o.refundReason, refusal: o.refundRefusal })
        .onConflictDoNothing()
        .returning();
      if (!row) throw refuse(OPS_TEXTS.disputeTwice);
      const seller = await sellerOfOrder(tx, o);
      if (seller)
        await sendMessage(
          {
            userId: seller.userId,
            kind: 'notice',
            title: '买家申请了平台仲裁',
            content: `<p>订单 ${o.orderNo} 的买家对你拒绝退款申请了平台仲裁，平台客服会尽快处理并通知你结果。</p><p>买家理由：${esc(reason)}</p>`,
            link: `/order/shopdetail?id=${o.id}`,
          },
          tx,
        );
      return row;
    });
    return memberView(d, o);
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(OPS_TEXTS.disputeTwice);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// The queue

async function views(rows: Dispute[]): Promise<AdminDispute[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.orderId);
  const [os, items, buyers] = await Promise.all([
    db().select().from(orders).where(inArray(orders.id, ids)),
    db()
      .select({ orderId: orderItems.orderId, title: orderItems.title, num: orderItems.num })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids)),
    db()
      .select({ id: users.id, nick: users.nickName })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.userId),
        ),
      ),
  ]);
  const out: AdminDispute[] = [];
  for (const d of rows) {
    const o = os.find((x) => x.id === d.orderId);
    if (!o) continue;
    const seller = await sellerOfOrder(db(), o);
    const status = d.status as DisputeStatus;
    out.push({
      id: d.id,
      order_id: o.id,
      order_no: o.orderNo,
      order_kind: o.kind,
      order_status_text: statusText(o.kind as OrderKind, o.status as OrderStatus),
      pay_amount: o.payAmount,
      pay_method: PAY_METHOD_TEXT[o.payMethod as PayMethod] ?? o.payMethod,
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => `${i.title} ×${i.num}`)
        .join('；'),
      buyer_id: d.userId,
      buyer_name: buyers.find((b) => b.id === d.userId)?.nick ?? '',
      seller_name: seller?.name ?? '',
      refund_reason: d.refundReason,
      refusal: d.refusal,
      reason: d.reason,
      status,
      status_text: DISPUTE_STATUS_TEXT[status] ?? d.status,
      decision_note: d.decisionNote,
      created_at: d.createdAt.toISOString(),
      decided_at: d.decidedAt?.toISOString() ?? null,
    });
  }
  return out;
}

export async function disputeQueue(q: { page: number; limit: number; status: DisputeStatus | '' }) {
  const where = q.status ? eq(refundDisputes.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(refundDisputes)
      .where(where)
      .orderBy(q.status === 'open' ? refundDisputes.id : desc(refundDisputes.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(refundDisputes).where(where),
  ]);
  return { list: await views(rows), total: total?.n ?? 0, page: q.page, limit: q.limit };
}

async function one(id: number): Promise<AdminDispute> {
  const [d] = await db().select().from(refundDisputes).where(eq(refundDisputes.id, id)).limit(1);
  const [v] = d ? await views([d]) : [];
  if (!v) throw notFound(OPS_TEXTS.disputeGone);
  return v;
}

/** Closes an open dispute (guarded: of two operators only one gets the row), with its audit row. */
async function close(tx: TxOrDb, ctx: OpsCtx, id: number, status: 'granted' | 'upheld', note: string): Promise<Dispute> {
  const [d] = await tx
    .update(refundDisputes)
    .set({ status, decisionNote: note, staffId: ctx.staff.id, decidedAt: new Date() })
    .where(and(eq(refundDisputes.id, id), eq(refundDisputes.status, 'open')))
    .returning();
  if (!d) throw refuse(OPS_TEXTS.disputeDecided);
  await audit(tx, ctx, {
    action: status === 'granted' ? 'refund_dispute.grant' : 'refund_dispute.uphold',
    target: 'refund_disputes',
    targetId: id,
    before: { status: 'open', order_id: d.orderId },
    after: { status, order_id: d.orderId },
    note,
  });
  return d;
}

async function tellSeller(tx: TxOrDb, o: Order, title: string, body: string): Promise<void> {
  const seller = await sellerOfOrder(tx, o);
  if (seller) await sendMessage({ userId: seller.userId, kind: 'notice', title, content: body, link: `/order/shopdetail?id=${o.id}` }, tx);
}

/** Grant: the platform refunds the order (coins at once; a gateway refund is asked after commit). */
export async function grantDispute(ctx: OpsCtx, id: number, note: string, deliver: (req: Request) => Promise<Response>) {
  const [d0] = await db().select().from(refundDisputes).where(eq(refundDisputes.id, id)).limit(1);
  if (!d0) throw notFound(OPS_TEXTS.disputeGone);
  if (d0.status !== 'open') throw refuse(OPS_TEXTS.disputeDecided);
  await grantRefundByPlatform(d0.orderId, deliver, async (tx, o) => {
    await close(tx, ctx, id, 'granted', note);
    // The buyer hears of the refund itself from the refund flow; this says why.
    await sendMessage(
      {
        userId: o.userId,
        kind: 'notice',
        title: '平台仲裁：支持你的退款申请',
        content: `<p>你对订单 ${o.orderNo} 申请的平台仲裁已处理：平台同意退款。</p><p>说明：${esc(note)}</p>`,
        link: `/order/detail?id=${o.id}`,
      },
      tx,
    );
    await tellSeller(
      tx,
      o,
      '平台仲裁：订单已退款',
      `<p>订单 ${o.orderNo} 的退款仲裁已处理：平台同意买家退款，该订单的收入已扣回。</p><p>说明：${esc(note)}</p>`,
    );
  });
  return one(id);
}

/** Uphold: the seller's refusal stands; the order is left as it is. */
export async function upholdDispute(ctx: OpsCtx, id: number, note: string) {
  await db().transaction(async (tx) => {
    const d = await close(tx, ctx, id, 'upheld', note);
    const [o] = await tx.select().from(orders).where(eq(orders.id, d.orderId)).limit(1);
    if (!o) throw notFound('订单不存在');
    await sendMessage(
      {
        userId: o.userId,
        kind: 'notice',
        title: '平台仲裁：维持卖家的处理',
        content: `<p>你对订单 ${o.orderNo} 申请的平台仲裁已处理：平台维持卖家拒绝退款的决定。</p><p>说明：${esc(note)}</p>`,
        link: `/order/detail?id=${o.id}`,
      },
      tx,
    );
    await tellSeller(
      tx,
      o,
      '平台仲裁：维持你的处理',
      `<p>订单 ${o.orderNo} 的退款仲裁已处理：平台维持你拒绝退款的决定。</p><p>说明：${esc(note)}</p>`,
    );
  });
  return one(id);
}

export function registerDisputeQueue(): void {
  registerQueue({
    key: 'refund_disputes',
    label: '待仲裁退款',
    href: '/admin/refund-disputes',
    roles: ['support'],
    count: async () => {
      const [r] = await db().select({ n: count() }).from(refundDisputes).where(eq(refundDisputes.status, 'open'));
      return r?.n ?? 0;
    },
  });
}
