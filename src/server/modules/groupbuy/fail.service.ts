import { and, eq, inArray, lt } from 'drizzle-orm';
import { db } from '../../db';
import { coaches, groupBuyGroups, groupBuys, orders, shops } from '../../db/schema';
import { log, errorFields } from '../../log';
import { closeUnpaidOrder } from '../commerce/order.service';
import { refundBySeller } from '../commerce/refund.service';
import { GROUP_BUY_TEXTS } from '~/lib/rules/groupbuy';

/*
 * Groups that did not fill in time fail, and every member gets their money back through the path
 * it came (coins through the ledger, a gateway through commerce's refund code). Run by jobs.ts;
 * safe to run twice or at once on two instances:
 * 1. each due group flips open → failed in its own statement, holding the group row only — a
 *    payment that holds the row (its last slot) finishes first and the group formed instead;
 *    one that comes after finds it failed (coins refused, a gateway's money credited back);
 * 2. every order still live in a failed group: unpaid ones close (slot and seat back), paid ones
 *    are refunded by refundBySeller, which locks the order row and moves paid → refunding once;
 *    the member is told once, when the refund completes (拼团未成功，已自动退款, with where the
 *    money went), in place of commerce's own refund notice.
 */

class AlreadyDone extends Error {}

/** Answers how many groups failed and orders were closed or refunded in this run. */
export async function failDueGroups(deliver: (req: Request) => Promise<Response>, now = new Date()): Promise<number> {
  const due = await db()
    .select({ id: groupBuyGroups.id })
    .from(groupBuyGroups)
    .where(and(eq(groupBuyGroups.status, 'open'), lt(groupBuyGroups.expiresAt, now)))
    .limit(100);
  let done = 0;
  for (const d of due) {
    const [g] = await db()
      .update(groupBuyGroups)
      .set({ status: 'failed', failedAt: now })
      .where(and(eq(groupBuyGroups.id, d.id), eq(groupBuyGroups.status, 'open'), lt(groupBuyGroups.expiresAt, now)))
      .returning({ id: groupBuyGroups.id });
    if (g) done++;
  }
  const live = await db()
    .select({ id: orders.id, status: orders.status, groupId: orders.groupId, coachUser: coaches.userId, shopUser: shops.userId })
    .from(orders)
    .innerJoin(groupBuyGroups, eq(groupBuyGroups.id, orders.groupId))
    .innerJoin(groupBuys, eq(groupBuys.id, groupBuyGroups.campaignId))
    .leftJoin(coaches, eq(coaches.id, groupBuys.coachId))
    .leftJoin(shops, eq(shops.id, groupBuys.shopId))
    .where(and(eq(groupBuyGroups.status, 'failed'), inArray(orders.status, ['unpaid', 'paid'])))
    .limit(200);
  for (const o of live) {
    if (o.status === 'unpaid') {
      if (await closeUnpaidOrder(o.id, now)) done++;
      continue;
    }
    try {
      // The member's one notice comes with the completed refund (group-orders.ts refundNotice), with where the money went.
      await refundBySeller(o.id, o.coachUser ?? o.shopUser ?? 0, GROUP_BUY_TEXTS.failedNotice, deliver, (_tx, cur) => {
        // Checked on the locked row: another run (or instance) refunded it first.
        if (cur.groupId !== o.groupId || cur.status !== 'paid') throw new AlreadyDone();
        return Promise.resolve();
      });
      done++;
    } catch (err) {
      if (err instanceof AlreadyDone) continue;
      // One order's gateway trouble must not stop the others; the next run tries it again.
      log.warn('group refund failed', { order_id: o.id, ...errorFields(err) });
    }
  }
  return done;
}
