import type { TxOrDb } from '../../db';
import type { orderItems, orders } from '../../db/schema';

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;

/**
 * What a higher module sells through the one order, payment, coin and refund code (a 考评 seat is
 * an order of kind 'grading', sold by `learning`). Commerce must not import that module (module
 * order), so the module registers how its kind behaves in src/server/hooks.ts (imported by every entry point), and commerce calls it in the
 * transaction of each step, as it calls `catalogue` for a class seat:
 * - `blocked`: why paying the order now is refused (the session was cancelled, the member holds a
 *   seat through another order), or null — checked in the paying transaction (`alreadyHeld`);
 * - `paid`: what a payment unlocks (the candidate row);
 * - `released`: an unpaid order closed or was cancelled — give back what it took (the seat);
 * - `refunded`: a paid order was refunded — give back the seat and drop what `paid` created.
 */
export interface OrderKindHandler {
  blocked(tx: TxOrDb, order: Order, item: Item): Promise<string | null>;
  paid(tx: TxOrDb, order: Order, item: Item): Promise<void>;
  released(tx: TxOrDb, item: Item): Promise<void>;
  refunded(tx: TxOrDb, order: Order, item: Item): Promise<void>;
}

/** The kinds sold by other modules; the built-in ones (goods, course, class) are handled in place. */
export type ExtraOrderKind = 'grading' | VipOrderKind | 'flash';

const handlers = new Map<ExtraOrderKind, OrderKindHandler>();

/** Registers how an order kind of another module behaves (once, from src/server/hooks.ts). */
export function registerOrderKind(kind: ExtraOrderKind, handler: OrderKindHandler): void {
  handlers.set(kind, handler);
}

/** The item's handler: an item of a registered kind (`order_items.grading_id` for a 考评 seat). */
export function handlerFor(item: Item): OrderKindHandler | null {
  const vip = vipHandlerFor(item);
  if (vip) return vip;
  const flash = flashHandlerFor(item);
  if (flash) return flash;
  if (item.gradingId) {
    const h = handlers.get('grading');
    // An order of an unregistered kind would silently keep its seat: a wiring fault, not a refusal.
    if (!h) throw new Error('order kind grading is not registered (src/server/hooks.ts)');
    return h;
  }
  return null;
}

/* ---- VIP membership (modules/vip): an order of kind 'vip' whose item names the plan (`order_items.vip_plan_id`). ---- */

type VipOrderKind = 'vip';

function vipHandlerFor(item: Item): OrderKindHandler | null {
  if (!item.vipPlanId) return null;
  const h = handlers.get('vip');
  if (!h) throw new Error('order kind vip is not registered (src/server/hooks.ts)');
  return h;
}

// ── 秒杀 (module `flash`) ───────────────────────────────────────────────────────────────────────
// A flash sale sells a built-in item (a course or a goods SKU) at its own price with its own stock.
// The order is a normal course or goods order: commerce still grants the course, takes and returns
// SKU stock and refunds as usual; `order_items.flash_sale_id` marks the item, and the handler
// registered as 'flash' gives the flash stock back when the order closes unpaid, is cancelled or is
// refunded (in that transaction, which commerce guards by the order's status — so exactly once).
// Its `blocked` runs before the built-in "already owned" check, which still applies.

/**
 * A campaign price a higher module sets on an order commerce creates (`createCourseOrder`,
 * `createGoodsOrder`): the unit price, a shorter time to pay, the mark on the order item, and
 * `take`, which takes the campaign's own stock inside the order's transaction (after the SKU stock)
 * and throws a refusal when none is left or the member reached the limit. No coupon applies.
 */
export interface CampaignOffer {
  price: number;
  ttlMin: number;
  item: { flashSaleId: number };
  take(tx: TxOrDb, userId: number, num: number): Promise<void>;
}

function flashHandlerFor(item: Item): OrderKindHandler | null {
  if (!item.flashSaleId) return null;
  const h = handlers.get('flash');
  if (!h) throw new Error('order kind flash is not registered (src/server/hooks.ts)');
  return h;
}

/* ---- 拼团 (modules/groupbuy): course and class orders placed in a group (`orders.group_id`). ---- */

/**
 * A group order is a normal course or class order at the group price, `onHold` until its group
 * forms. Commerce calls groupbuy back in the transaction of each step, always after it has locked
 * (updated) the order row — the lock order is order row, then group row:
 * - `blocked`: why paying it now is refused (the group failed or ran out of time), or null;
 * - `paid`: the payment landed (the order is paid and still on hold); the group counts it and, when
 *   it is the last slot, forms and releases every member's hold (`fulfilHeld`);
 * - `released`: it closed unpaid — its slot goes back;
 * - `refunded`: it was refunded — an open group gets the slot back;
 * - `refundNotice`: the member's notice of a completed refund when the group has its own say (a
 *   failed group's automatic refund: 拼团未成功，已自动退款), else null for commerce's own. Commerce
 *   adds where the money went, so the member gets one notice, not two.
 */
export interface GroupOrderHandler {
  blocked(tx: TxOrDb, order: Order): Promise<string | null>;
  paid(tx: TxOrDb, order: Order): Promise<void>;
  released(tx: TxOrDb, order: Order): Promise<void>;
  refunded(tx: TxOrDb, order: Order): Promise<void>;
  refundNotice(tx: TxOrDb, order: Order): Promise<{ title: string; lead: string; link: string } | null>;
}

let groupHandler: GroupOrderHandler | null = null;

/** Registers the 拼团 handler (once, from src/server/hooks.ts). */
export function registerGroupOrders(handler: GroupOrderHandler): void {
  groupHandler = handler;
}

/** The group handler of an order placed in a group, else null. */
export function groupHandlerFor(order: Pick<Order, 'groupId'>): GroupOrderHandler | null {
  if (!order.groupId) return null;
  if (!groupHandler) throw new Error('group orders are not registered (src/server/hooks.ts)');
  return groupHandler;
}
