import { and, eq, gt, sql } from 'drizzle-orm';
import type { TxOrDb } from '../../db';
import { groupBuyGroups, orders } from '../../db/schema';
import { fulfilHeld } from '../commerce/order-holding';
import { registerGroupOrders } from '../commerce/order-kinds';
import { ORDER_TEXTS } from '../commerce/order-texts';
import { sendMessage } from '../notice/notice.service';
import { GROUP_BUY_TEXTS } from '~/lib/rules/groupbuy';

/*
 * How a 拼团 order behaves inside commerce's one order code (commerce/order-kinds.ts). Commerce
 * calls these in the transaction that has just changed the order row; each then takes the group
 * row. Lock order everywhere: order row → class row (a seat) → group row. The failing job
 * (fail.service.ts) flips a group with the group row alone, so it never waits while holding a
 * lock a payer needs.
 */

type Order = typeof orders.$inferSelect;

/** The group of an order, locked for this transaction. */
async function lockGroup(tx: TxOrDb, groupId: number) {
  const [g] = await tx.select().from(groupBuyGroups).where(eq(groupBuyGroups.id, groupId)).for('update').limit(1);
  return g;
}

/**
 * Forms the group in the paying transaction of its last slot (the guarded open → formed, so once):
 * every member's held order is released — course access, the class counted as enrolled — and told.
 */
async function form(tx: TxOrDb, groupId: number, now: Date): Promise<void> {
  const [formed] = await tx
    .update(groupBuyGroups)
    .set({ status: 'formed', formedAt: now })
    .where(and(eq(groupBuyGroups.id, groupId), eq(groupBuyGroups.status, 'open'), sql`${groupBuyGroups.paid} = ${groupBuyGroups.size}`))
    .returning({ id: groupBuyGroups.id });
  if (!formed) return;
  const members = await tx
    .select({ id: orders.id, userId: orders.userId, kind: orders.kind })
    .from(orders)
    .where(and(eq(orders.groupId, groupId), eq(orders.status, 'paid'), eq(orders.onHold, true)));
  for (const m of members) {
    if (!(await fulfilHeld(tx, m.id))) continue;
    await sendMessage(
      {
        userId: m.userId,
        kind: 'notice',
        title: GROUP_BUY_TEXTS.formedNotice,
        content: `<p>你参加的拼团已成团，${m.kind === 'course' ? '现在就可以开始学习课程了' : '班级名额已为你保留'}。</p>`,
        link: '/my/groupbuy',
      },
      tx,
    );
  }
}

/** Wires 拼团 orders into commerce's order code (src/server/hooks.ts, at start-up). */
export function registerGroupBuyOrders(): void {
  registerGroupOrders({
    async blocked(tx, o: Order) {
      const g = await lockGroup(tx, o.groupId ?? 0);
      // Failed, or past its deadline before the job got to it: the group is over.
      if (!g || g.status === 'failed' || (g.status === 'open' && g.expiresAt.getTime() <= Date.now())) return ORDER_TEXTS.groupFailed;
      return null;
    },
    async paid(tx, o) {
      const now = new Date();
      const [g] = await tx
        .update(groupBuyGroups)
        .set({ paid: sql`${groupBuyGroups.paid} + 1` })
        .where(and(eq(groupBuyGroups.id, o.groupId ?? 0), eq(groupBuyGroups.status, 'open'), gt(groupBuyGroups.expiresAt, now)))
        .returning();
      // `blocked` checked the same under the same lock: reaching here without a group is a fault.
      if (!g) throw new Error(`group ${o.groupId} of order ${o.id} is not open`);
      if (g.paid >= g.size) await form(tx, g.id, now);
    },
    async released(tx, o) {
      // An unpaid order closed: its slot goes back (a formed group has none unpaid).
      await tx
        .update(groupBuyGroups)
        .set({ reserved: sql`${groupBuyGroups.reserved} - 1` })
        .where(
          and(
            eq(groupBuyGroups.id, o.groupId ?? 0),
            sql`${groupBuyGroups.status} <> 'formed'`,
            sql`${groupBuyGroups.reserved} > ${groupBuyGroups.paid}`,
          ),
        );
    },
    async refunded(tx, o) {
      // Only an open group takes the slot back; a failed one is refunding everyone, a formed one stays formed.
      await tx
        .update(groupBuyGroups)
        .set({ paid: sql`${groupBuyGroups.paid} - 1`, reserved: sql`${groupBuyGroups.reserved} - 1` })
        .where(and(eq(groupBuyGroups.id, o.groupId ?? 0), eq(groupBuyGroups.status, 'open'), gt(groupBuyGroups.paid, 0)));
    },
    async refundNotice(tx, o) {
      // A failed group's orders are refunded only by the failing job: its members hear it in the group's words.
      const [g] = await tx
        .select({ status: groupBuyGroups.status })
        .from(groupBuyGroups)
        .where(eq(groupBuyGroups.id, o.groupId ?? 0))
        .limit(1);
      if (g?.status !== 'failed') return null;
      return { title: GROUP_BUY_TEXTS.failedNotice, lead: GROUP_BUY_TEXTS.failedRefund(o.orderNo), link: '/my/groupbuy' };
    },
  });
}
