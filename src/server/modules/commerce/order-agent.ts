import { and, eq } from 'drizzle-orm';
import type { AgentKind } from '~/lib/api/contract/seller-shop';
import { parseAgentParam } from '~/lib/rules/seller-shop';
import { db, type TxOrDb } from '../../db';
import { agentCourses, agentGoods, agentOffers } from '../../db/schema';

/**
 * The order side of agency (代理, seller/agency.service.ts): what an agent earns on the items of an
 * order. It reads the offers sellers keep, and is here so the order does not import the seller area.
 */

/** A coach or shop, as an owner or an agent. */
interface Owner {
  type: 'coach' | 'shop';
  id: number;
}

/**
 * The commission an agent earns on an item, for the orders/money side: the offer's rate in basis
 * points when the offer is active, the agent picked the item and is not its owner; null otherwise
 * (no split). Pass the payment's transaction so the rate read is the one the split is written with.
 */
export async function agentOfferFor(
  kind: AgentKind,
  itemId: number,
  agent: Owner,
  tx: TxOrDb = db(),
): Promise<{ rateBp: number; owner: Owner } | null> {
  const pick =
    kind === 'goods'
      ? tx
          .select({ id: agentGoods.id })
          .from(agentGoods)
          .where(and(eq(agentGoods.agentType, agent.type), eq(agentGoods.agentId, agent.id), eq(agentGoods.goodsId, itemId)))
      : tx
          .select({ id: agentCourses.id })
          .from(agentCourses)
          .where(and(eq(agentCourses.agentType, agent.type), eq(agentCourses.agentId, agent.id), eq(agentCourses.courseId, itemId)));
  const [[offer], [picked]] = await Promise.all([
    tx
      .select({ rateBp: agentOffers.rateBp, ownerType: agentOffers.ownerType, ownerId: agentOffers.ownerId })
      .from(agentOffers)
      .where(and(eq(agentOffers.kind, kind), eq(agentOffers.itemId, itemId))),
    pick.limit(1),
  ]);
  if (!offer || !picked) return null;
  const owner = { type: offer.ownerType as Owner['type'], id: offer.ownerId };
  if (owner.type === agent.type && owner.id === agent.id) return null;
  return { rateBp: offer.rateBp, owner };
}

/**
 * Who an order is credited to as agent, from the `?agent=coach:12` the buyer came
 * with: only when every item of the order is offered by one owner and picked by that agent; the
 * rate is the lowest among the items, snapshotted on the order. Anything else (no parameter, a
 * malformed one, an item without an open offer, the agent's own goods) credits no agent.
 */
export async function orderAgent(
  tx: TxOrDb,
  kind: AgentKind,
  itemIds: number[],
  param: string | undefined,
): Promise<{ agentKind: 'coach' | 'shop'; agentId: number; agentBp: number } | null> {
  const agent = parseAgentParam(param);
  if (!agent || itemIds.length === 0) return null;
  const offers = await Promise.all([...new Set(itemIds)].map((id) => agentOfferFor(kind, id, agent, tx)));
  const first = offers[0];
  if (!first || offers.some((o) => !o || o.owner.type !== first.owner.type || o.owner.id !== first.owner.id)) return null;
  return { agentKind: agent.type, agentId: agent.id, agentBp: Math.min(...offers.map((o) => o?.rateBp ?? 0)) };
}
