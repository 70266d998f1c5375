import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { VipGrant, VipPlan, VipStatus } from '~/lib/api/contract/vip';
import { VIP_PLAN_CODES, type VipPlanCode } from '~/lib/rules/vip';
import { db, type TxOrDb } from '../../db';
import { orderItems, orders, vipGrants, vipMembers, vipPlans } from '../../db/schema';

/*
 * A member's VIP membership: one row per member with the end of the paid time. Active means
 * `ends_at > now`, compared where access is decided, so a membership ends at its end time without
 * any job. Each paid VIP order extends it once (vip-orders.ts).
 */

type PlanRow = typeof vipPlans.$inferSelect;

const codeOf = (c: string): VipPlanCode => {
  const found = VIP_PLAN_CODES.find((x) => x === c);
  if (!found) throw new Error(`vip plan has an unknown code: ${c}`);
  return found;
};

export const planView = (p: PlanRow): VipPlan => ({ id: p.id, code: codeOf(p.code), name: p.name, days: p.days, price: p.price });

/** The plans on sale, in their order. */
export async function plansOnSale(tx: TxOrDb = db()): Promise<VipPlan[]> {
  const rows = await tx.select().from(vipPlans).where(eq(vipPlans.enabled, true)).orderBy(vipPlans.sort, vipPlans.id);
  return rows.map(planView);
}

/** Whether the member's membership is active at `now` (registered with the catalogue in hooks.ts). */
export async function isVip(tx: TxOrDb, userId: number, now: Date): Promise<boolean> {
  const [m] = await tx
    .select({ userId: vipMembers.userId })
    .from(vipMembers)
    .where(and(eq(vipMembers.userId, userId), gt(vipMembers.endsAt, now)))
    .limit(1);
  return Boolean(m);
}

/** How many memberships are active now (the console's figure). */
export async function activeMembers(now = new Date()): Promise<number> {
  const [r] = await db().select({ n: count() }).from(vipMembers).where(gt(vipMembers.endsAt, now));
  return r?.n ?? 0;
}

/** /member/vip: the member's membership, the plans to buy and an order still awaiting payment. */
export async function vipStatus(userId: number, now = new Date()): Promise<VipStatus> {
  const [[m], plans, [unpaid]] = await Promise.all([
    db().select().from(vipMembers).where(eq(vipMembers.userId, userId)).limit(1),
    plansOnSale(),
    db()
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.kind, 'vip'), eq(orders.status, 'unpaid')))
      .orderBy(desc(orders.id))
      .limit(1),
  ]);
  return {
    active: m && m.endsAt > now ? 1 : 0,
    started_at: m?.startedAt.toISOString() ?? null,
    ends_at: m?.endsAt.toISOString() ?? null,
    plans,
    unpaid_order_id: unpaid?.id ?? 0,
  };
}

/** /member/vipHistory: what each paid order added, newest first. */
export async function vipHistory(userId: number, page: number, limit: number) {
  const where = eq(vipGrants.userId, userId);
  const [rows, [total]] = await Promise.all([
    db()
      .select({ g: vipGrants, plan: vipPlans.name })
      .from(vipGrants)
      .innerJoin(vipPlans, eq(vipPlans.id, vipGrants.planId))
      .where(where)
      .orderBy(desc(vipGrants.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(vipGrants).where(where),
  ]);
  return {
    list: rows.map(({ g, plan }): VipGrant => ({
      id: g.id,
      order_id: g.orderId,
      plan,
      days: g.days,
      starts_at: g.startsAt.toISOString(),
      ends_at: g.endsAt.toISOString(),
      created_at: g.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

/**
 * Extends the membership for a paid order, in the paying transaction: from its end if still active,
 * else from `now`. The member's row is locked, so two orders paid at once both count, one after the
 * other; the grant is unique per order, so a replayed payment extends nothing. Answers whether it
 * extended.
 */
export async function extendMembership(tx: TxOrDb, orderId: number, userId: number, planId: number, days: number, now = new Date()) {
  await tx.insert(vipMembers).values({ userId, startedAt: now, endsAt: now }).onConflictDoNothing();
  const [m] = await tx.select().from(vipMembers).where(eq(vipMembers.userId, userId)).for('update').limit(1);
  if (!m) throw new Error('vip member row missing after insert');
  const lapsed = m.endsAt <= now;
  const startsAt = lapsed ? now : m.endsAt;
  const endsAt = new Date(startsAt.getTime() + days * 86_400_000);
  const added = await tx
    .insert(vipGrants)
    .values({ orderId, userId, planId, days, startsAt, endsAt })
    .onConflictDoNothing({ target: vipGrants.orderId })
    .returning({ id: vipGrants.id });
  if (!added.length) return false;
  await tx
    .update(vipMembers)
    .set({ endsAt, updatedAt: now, ...(lapsed ? { startedAt: now } : {}) })
    .where(eq(vipMembers.userId, userId));
  return true;
}

/** The plan an order item bought (for the order-kind handler). */
export async function planOfItem(tx: TxOrDb, item: typeof orderItems.$inferSelect): Promise<PlanRow | null> {
  if (!item.vipPlanId) return null;
  const [p] = await tx.select().from(vipPlans).where(eq(vipPlans.id, item.vipPlanId)).limit(1);
  return p ?? null;
}

/** Serialises one member's VIP checkouts (two tabs, a double click). */
export async function lockMember(tx: TxOrDb, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:vip:${userId}`}))`);
}
