import { and, eq, inArray } from 'drizzle-orm';
import { coaches, config, orders, sellerLedger, shops } from '../../db/schema';
import type { TxOrDb } from '../../db';
import { moveSellerMoney, sellerAccountId, type SellerOwner } from '../../ledger/seller-money';

/**
 * Seller income (the income half of seller money; payouts are payout.service.ts). Every movement goes through `moveSellerMoney` in
 * the transaction of its cause, with the order as the cause, so a retried job, a replayed notice
 * or a double click records nothing twice:
 * - paid (coins or a gateway notice, in `fulfilPaid`):  pending +share            reason 'sale'
 *   and, for a sale through an agent, the agent's cut:   pending +cut (agent)      reason 'commission'
 * - completed (goods received 7 days ago, courses and classes SETTLE_DAYS after payment):
 *   pending −x, balance +x for each account credited     reason 'settle'
 * - a team coach's course or class: the provider's share, out of the platform's
 *   commission (provider/commission.ts, on the same order.paid event): pending +share (provider) reason 'commission'
 * - refunded: what was credited comes back out           reason 'refund'
 *   (from pending; from balance when already settled — refused when the balance cannot cover it)
 */

/** The platform's commission in basis points (1/100 of a percent) when config has none: 5%. */
export const DEFAULT_COMMISSION_BP = 500;
/** The config key of the platform's commission (basis points, 0–10000). */
export const COMMISSION_KEY = 'seller_commission_bp';
export const INCOME_TEXTS = {
  cannotCover: '店铺可结算余额不足，暂时无法退款，请先充足余额或联系客服',
} as const;

/** The platform commission rate now (read in the caller's transaction; a bad value means the default). */
export async function commissionBp(tx: TxOrDb): Promise<number> {
  const [row] = await tx.select({ v: config.value }).from(config).where(eq(config.key, COMMISSION_KEY)).limit(1);
  const n = row ? Number(row.v) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 10_000 ? n : DEFAULT_COMMISSION_BP;
}

/**
 * How a paid amount is shared: the platform's commission (rounded to the fen, half up), the
 * agent's cut (of the amount paid, at the rate snapshot on the order, never more than what is
 * left) and the owner's share (the rest). All integers; they add up to `pay`.
 */
export function splitIncome(pay: number, platformBp: number, agentBp = 0): { platform: number; agent: number; owner: number } {
  const platform = Math.round((pay * platformBp) / 10_000);
  const left = pay - platform;
  const agent = Math.min(left, Math.floor((pay * agentBp) / 10_000));
  return { platform, agent, owner: left - agent };
}

type Order = typeof orders.$inferSelect;

/** Who sold an order: a shop for goods and shop courses, else the coach. */
async function ownerOf(tx: TxOrDb, o: Pick<Order, 'kind' | 'shopId' | 'coachId'>): Promise<SellerOwner | null> {
  if (o.kind === 'goods' || (!o.coachId && o.shopId)) return shopOwner(tx, o.shopId);
  return coachOwner(tx, o.coachId);
}

async function shopOwner(tx: TxOrDb, id: number | null): Promise<SellerOwner | null> {
  if (!id) return null;
  const [s] = await tx.select({ userId: shops.userId }).from(shops).where(eq(shops.id, id)).limit(1);
  return s ? { kind: 'shop', id, userId: s.userId } : null;
}

async function coachOwner(tx: TxOrDb, id: number | null): Promise<SellerOwner | null> {
  if (!id) return null;
  const [c] = await tx.select({ userId: coaches.userId }).from(coaches).where(eq(coaches.id, id)).limit(1);
  return c ? { kind: 'coach', id, userId: c.userId } : null;
}

const orderRef = (o: Pick<Order, 'id' | 'orderNo'>, what: string) => ({ type: 'order', id: o.id, note: `${what} ${o.orderNo}` });

/**
 * Credits a paid order's income to `pending`, in the paying transaction (on order.paid, hooks.ts).
 * A free order (nothing paid) credits nothing. Answers what was credited to whom.
 */
export async function creditSale(tx: TxOrDb, o: Order): Promise<{ owner: number; agent: number }> {
  if (o.payAmount <= 0) return { owner: 0, agent: 0 };
  const owner = await ownerOf(tx, o);
  if (!owner) return { owner: 0, agent: 0 };
  const agentOwner =
    o.agentKind === 'coach' ? await coachOwner(tx, o.agentId) : o.agentKind === 'shop' ? await shopOwner(tx, o.agentId) : null;
  // An agent who is the owner themself earns no commission on their own goods.
  const agentBp = agentOwner && !(agentOwner.kind === owner.kind && agentOwner.id === owner.id) ? o.agentBp : 0;
  const split = splitIncome(o.payAmount, await commissionBp(tx), agentBp);
  if (split.owner > 0)
    await moveSellerMoney(tx, await sellerAccountId(tx, owner), { pending: split.owner }, 'sale', orderRef(o, '订单收入'));
  if (agentOwner && split.agent > 0)
    await moveSellerMoney(tx, await sellerAccountId(tx, agentOwner), { pending: split.agent }, 'commission', orderRef(o, '代理佣金'));
  return { owner: split.owner, agent: split.agent };
}

/** The credits of an order (sale and commission rows) with whether each was settled or refunded. */
async function creditsOf(tx: TxOrDb, orderId: number) {
  const rows = await tx
    .select({ accountId: sellerLedger.accountId, reason: sellerLedger.reason, pending: sellerLedger.pendingDelta })
    .from(sellerLedger)
    .where(
      and(
        eq(sellerLedger.refType, 'order'),
        eq(sellerLedger.refId, orderId),
        inArray(sellerLedger.reason, ['sale', 'commission', 'settle', 'refund']),
      ),
    );
  const credits = rows.filter((r) => r.reason === 'sale' || r.reason === 'commission');
  return credits.map((c) => ({
    accountId: c.accountId,
    amount: c.pending,
    settled: rows.some((r) => r.accountId === c.accountId && r.reason === 'settle'),
    refunded: rows.some((r) => r.accountId === c.accountId && r.reason === 'refund'),
  }));
}

/** Moves a completed order's income pending → balance (on order.completed, in the completing transaction). */
export async function settleOrder(tx: TxOrDb, o: Pick<Order, 'id' | 'orderNo'>): Promise<number> {
  let settled = 0;
  for (const c of await creditsOf(tx, o.id)) {
    if (c.settled || c.refunded || c.amount <= 0) continue;
    if (await moveSellerMoney(tx, c.accountId, { pending: -c.amount, balance: c.amount }, 'settle', orderRef(o, '订单结算')))
      settled += c.amount;
  }
  return settled;
}

/**
 * Takes a refunded order's income back out (on refund.approved, hooks.ts, in the approving
 * transaction of commerce/refund.service.ts): from pending, or from the balance when it was
 * already settled. A balance that cannot cover it refuses the refund (code 100), and the
 * approval rolls back whole.
 */
export async function reverseIncome(tx: TxOrDb, o: Pick<Order, 'id' | 'orderNo'>): Promise<void> {
  for (const c of await creditsOf(tx, o.id)) {
    if (c.refunded || c.amount <= 0) continue;
    const move = c.settled ? { balance: -c.amount } : { pending: -c.amount };
    await moveSellerMoney(tx, c.accountId, move, 'refund', orderRef(o, '订单退款'), INCOME_TEXTS.cannotCover);
  }
}
