import { and, eq } from 'drizzle-orm';
import type { TxOrDb } from '../../db';
import { bpText, providerShare } from '~/lib/rules/provider';
import { orders, providerTeam, serviceProviders } from '../../db/schema';
import { moveSellerMoney, sellerAccountId } from '../../ledger/seller-money';
import { commissionBp, splitIncome } from '../seller/income';

/**
 * The provider's share of a team coach's sale. Decision: it comes out of the
 * platform's commission, never out of the coach's income — joining a team costs a coach nothing,
 * and the platform pays the provider for the coaches it brings. The share is the provider's rate
 * (`service_providers.commission_bp`) of the amount paid, capped at the platform's commission.
 *
 * It is a `commission` row on the provider's seller account (owner_kind 'provider') with the order
 * as its cause, written in the paying transaction on order.paid right after `creditSale`; so `settleOrder` settles it with
 * the coach's income and `reverseIncome` takes it back on refund, and (account, reason, order) being
 * unique makes a replayed payment notice credit nothing twice. Only course and class orders of a
 * coach who is active in a team when the order is paid earn a share.
 */
export async function creditProviderShare(tx: TxOrDb, o: typeof orders.$inferSelect, platformCut: number): Promise<number> {
  if (o.payAmount <= 0 || !o.coachId || (o.kind !== 'course' && o.kind !== 'class')) return 0;
  const [p] = await tx
    .select({ id: serviceProviders.id, userId: serviceProviders.userId, bp: serviceProviders.commissionBp })
    .from(providerTeam)
    .innerJoin(serviceProviders, eq(serviceProviders.id, providerTeam.providerId))
    .where(and(eq(providerTeam.coachId, o.coachId), eq(providerTeam.status, 'active'), eq(serviceProviders.status, 1)))
    .limit(1);
  if (!p) return 0;
  const share = providerShare(o.payAmount, p.bp, platformCut);
  if (share <= 0) return 0;
  const account = await sellerAccountId(tx, { kind: 'provider', id: p.id, userId: p.userId });
  const done = await moveSellerMoney(tx, account, { pending: share }, 'commission', {
    type: 'order',
    id: o.id,
    note: `服务商佣金 ${o.orderNo}（${bpText(p.bp)}）`,
  });
  return done ? share : 0;
}

/**
 * On order.paid (hooks.ts), after the seller's credit: the share out of the platform's commission on
 * this payment. Only a coach's course or class can earn one, and a team row names an existing coach,
 * so this credits exactly the orders `creditSale` credits to a coach.
 */
export async function providerShareOfPaid(tx: TxOrDb, o: typeof orders.$inferSelect): Promise<number> {
  if (o.payAmount <= 0) return 0;
  return creditProviderShare(tx, o, splitIncome(o.payAmount, await commissionBp(tx)).platform);
}
