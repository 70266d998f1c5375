import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { Code } from '~/lib/api/codes';
import type { PendingOrderRefusal } from '~/lib/api/contract/checkout';
import type { ApiOutput } from '~/lib/api/types';
import { duanName, GRADING_MODE_TEXT, GRADING_STATUS, GRADING_TEXTS } from '~/lib/rules/grading';
import { formatDateTime } from '~/lib/format';
import { invalidate } from '../../cache';
import { db, type TxOrDb } from '../../db';
import { one } from '../../db/rows';
import { coaches, gradingCandidates, gradingSessions, labels, orderItems, orders } from '../../db/schema';
import { AppError, notFound, refuse } from '../../http/errors';
import { expiry, orderNo } from '../commerce/order.service';
import { registerOrderKind } from '../commerce/order-kinds';

/*
 * A 考评 seat is an order of kind 'grading' (SPEC-free; the product's 段位 path): placed here, paid,
 * closed and refunded by commerce's one order code, which calls back through the handler below
 * (commerce must not import learning). The seat is taken by a conditional `booked < seats` update in
 * the order's transaction and given back in the transaction that closes or refunds it, which commerce
 * guards by the order's status — so exactly once.
 */

/** Order statuses in which a member holds (or is about to hold) a seat. */
const HOLDING = ['unpaid', 'paid', 'refunding', 'completed'];

type Item = typeof orderItems.$inferSelect;

async function returnSeat(tx: TxOrDb, sessionId: number): Promise<void> {
  await tx
    .update(gradingSessions)
    .set({ booked: sql`greatest(${gradingSessions.booked} - 1, 0)` })
    .where(eq(gradingSessions.id, sessionId));
}

/** The member's order holding a seat at the session (optionally other than `except`). */
async function holdingOrder(tx: TxOrDb, userId: number, sessionId: number, except = 0) {
  const [row] = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.kind, 'grading'),
        eq(orderItems.gradingId, sessionId),
        inArray(orders.status, HOLDING),
        sql`${orders.id} <> ${except}`,
      ),
    )
    .limit(1);
  return row;
}

/** The candidate row of a paid seat (unique per member and session while not cancelled). */
async function addCandidate(tx: TxOrDb, orderId: number, userId: number, sessionId: number): Promise<void> {
  await tx.insert(gradingCandidates).values({ sessionId, userId, orderId }).onConflictDoNothing({ target: gradingCandidates.orderId });
}

/** Wires grading seats into commerce's order code (src/server/hooks.ts, at start-up). */
export function registerGradingOrders(): void {
  registerOrderKind('grading', {
    async blocked(tx, o, item: Item) {
      const id = item.gradingId ?? 0;
      const [s] = await tx.select({ status: gradingSessions.status }).from(gradingSessions).where(eq(gradingSessions.id, id)).limit(1);
      if (!s || s.status === GRADING_STATUS.cancelled) return GRADING_TEXTS.cancelledPay;
      const other = await holdingOrder(tx, o.userId, id, o.id);
      return other && other.status !== 'unpaid' ? GRADING_TEXTS.duplicate : null;
    },
    async paid(tx, o, item) {
      if (item.gradingId) await addCandidate(tx, o.id, o.userId, item.gradingId);
    },
    async released(tx, item) {
      if (item.gradingId) await returnSeat(tx, item.gradingId);
    },
    async refunded(tx, o, item) {
      if (!item.gradingId) return;
      await returnSeat(tx, item.gradingId);
      // A seat not yet judged is given up; a recorded result (and its certificate) stays as history.
      await tx
        .update(gradingCandidates)
        .set({ status: 'cancelled' })
        .where(and(eq(gradingCandidates.orderId, o.id), eq(gradingCandidates.status, 'booked')));
    },
  });
}

/**
 * /member/gradingBook: an order for one seat, the seat taken in the same transaction (conditional on
 * seats left, the session open and not started), so ten members racing for the last seat leave one
 * order. A free session is booked (paid) at once, as a free class is.
 */
export async function bookGrading(userId: number, sessionId: number): Promise<ApiOutput<'/member/gradingBook'>> {
  const [row] = await db()
    .select({ s: gradingSessions, style: labels.name, coachUser: coaches.userId })
    .from(gradingSessions)
    .innerJoin(labels, eq(labels.id, gradingSessions.labelId))
    .innerJoin(coaches, eq(coaches.id, gradingSessions.coachId))
    .where(eq(gradingSessions.id, sessionId))
    .limit(1);
  if (!row || row.s.status === GRADING_STATUS.cancelled) throw notFound(GRADING_TEXTS.notFound);
  const { s } = row;
  if (s.status !== GRADING_STATUS.open) throw refuse(GRADING_TEXTS.notOpen);
  if (s.startsAt.getTime() <= Date.now()) throw refuse(GRADING_TEXTS.started);
  if (row.coachUser === userId) throw refuse(GRADING_TEXTS.own);
  const free = s.price <= 0;
  const o = await db().transaction(async (tx) => {
    // Two tabs of one member: the duplicate check below then sees the other's order.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:grading:${sessionId}:${userId}`}))`);
    const open = await holdingOrder(tx, userId, sessionId);
    if (open?.status === 'unpaid') {
      const data: PendingOrderRefusal = { order_id: open.id };
      throw new AppError(Code.REFUSED, GRADING_TEXTS.unpaidDuplicate, '', data);
    }
    if (open) throw refuse(GRADING_TEXTS.duplicate);
    const [taken] = await tx
      .update(gradingSessions)
      .set({ booked: sql`${gradingSessions.booked} + 1` })
      .where(
        and(
          eq(gradingSessions.id, sessionId),
          eq(gradingSessions.status, GRADING_STATUS.open),
          lt(gradingSessions.booked, gradingSessions.seats),
          gt(gradingSessions.startsAt, new Date()),
        ),
      )
      .returning({ id: gradingSessions.id });
    if (!taken) throw refuse(GRADING_TEXTS.full);
    const now = new Date();
    const created = one(
      await tx
        .insert(orders)
        .values({
          orderNo: orderNo(),
          userId,
          kind: 'grading',
          coachId: s.coachId,
          itemsTotal: s.price,
          payAmount: s.price,
          expiresAt: expiry(),
          ...(free ? { status: 'paid', payMethod: 'free', paidAt: now } : {}),
        })
        .returning(),
      'order',
    );
    const where = s.mode === 'offline' ? s.place : GRADING_MODE_TEXT.online;
    await tx.insert(orderItems).values({
      orderId: created.id,
      gradingId: sessionId,
      title: `${row.style}·${duanName(s.duan)}考评`,
      specs: `${formatDateTime(s.startsAt)} ${where}`.slice(0, 200),
      price: s.price,
      num: 1,
    });
    if (free) await addCandidate(tx, created.id, userId, sessionId);
    return created;
  });
  invalidate('grading:');
  return { id: o.id, order_no: o.orderNo, pay_amount: o.payAmount, status: free ? 'paid' : 'unpaid' };
}
