import { and, desc, eq } from 'drizzle-orm';
import { Code } from '~/lib/api/codes';
import type { PendingOrderRefusal } from '~/lib/api/contract/checkout';
import type { ApiOutput } from '~/lib/api/types';
import { VIP_TEXTS } from '~/lib/rules/vip';
import { db } from '../../db';
import { one } from '../../db/rows';
import { orderItems, orders, vipPlans } from '../../db/schema';
import { AppError, notFound, refuse } from '../../http/errors';
import { registerMembership } from '../catalogue/membership';
import { registerOrderKind } from '../commerce/order-kinds';
import { expiry, orderNo } from '../commerce/order.service';
import { extendMembership, isVip, lockMember, planOfItem } from './membership.service';

/*
 * A VIP plan is sold as an order of kind 'vip' through commerce's one order, payment, coin and
 * gateway code, which calls back through the handler below (commerce must not import vip). The
 * platform is the seller (no shop or coach), so no seller income is credited.
 *
 * Refunds: refused. The membership starts the moment it is paid (VIP courses open at once), as on
 * the video and course platforms members know (虚拟服务一经开通不支持退款); the member cannot ask
 * for one (order-status `refundable`) and any other path that would refund it is refused here, in
 * the refunding transaction, so the membership and the money never disagree.
 */

/** Wires VIP orders and the membership check into the lower modules (src/server/hooks.ts). */
export function registerVipOrders(): void {
  registerMembership(isVip);
  registerOrderKind('vip', {
    // A placed order is honoured at its price even if the plan went off sale meanwhile.
    blocked: () => Promise.resolve(null),
    async paid(tx, o, item) {
      const plan = await planOfItem(tx, item);
      if (!plan) throw new Error(`vip order ${o.id} has no plan`);
      await extendMembership(tx, o.id, o.userId, plan.id, plan.days);
    },
    released: () => Promise.resolve(),
    refunded: () => Promise.reject(refuse(VIP_TEXTS.noRefund)),
  });
}

/**
 * /member/vipBuy: an unpaid order for one plan at its current price. One awaiting payment at a time
 * (a second is refused with its id, so the page leads there); paying it extends the membership.
 */
export async function buyVip(userId: number, planId: number): Promise<ApiOutput<'/member/vipBuy'>> {
  const [plan] = await db().select().from(vipPlans).where(eq(vipPlans.id, planId)).limit(1);
  if (!plan) throw notFound(VIP_TEXTS.planGone);
  if (!plan.enabled) throw refuse(VIP_TEXTS.planOff);
  const o = await db().transaction(async (tx) => {
    await lockMember(tx, userId);
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.kind, 'vip'), eq(orders.status, 'unpaid')))
      .orderBy(desc(orders.id))
      .limit(1);
    if (open) {
      const data: PendingOrderRefusal = { order_id: open.id };
      throw new AppError(Code.REFUSED, VIP_TEXTS.unpaid, '', data);
    }
    const created = one(
      await tx
        .insert(orders)
        .values({ orderNo: orderNo(), userId, kind: 'vip', itemsTotal: plan.price, payAmount: plan.price, expiresAt: expiry() })
        .returning(),
      'order',
    );
    await tx.insert(orderItems).values({
      orderId: created.id,
      vipPlanId: plan.id,
      title: `VIP会员·${plan.name}`,
      specs: `${plan.days}天`,
      price: plan.price,
      num: 1,
    });
    return created;
  });
  return { id: o.id, order_no: o.orderNo, pay_amount: o.payAmount, status: 'unpaid' };
}
