import { eq } from 'drizzle-orm';
import type { AdminVipPlan } from '~/lib/api/contract/vip';
import { VIP_TEXTS } from '~/lib/rules/vip';
import { audit } from '../../console/audit';
import type { Actor } from '../../console/shared';
import { db } from '../../db';
import { vipPlans } from '../../db/schema';
import { notFound } from '../../http/errors';
import { activeMembers, planView } from './membership.service';

/* The console's VIP套餐 tab (/admin/marketing, finance): price and on/off of the two fixed plans. */

const adminView = (p: typeof vipPlans.$inferSelect): AdminVipPlan => ({
  ...planView(p),
  enabled: p.enabled ? 1 : 0,
  updated_at: p.updatedAt.toISOString(),
});

/** /admin/vipPlans */
export async function adminPlans() {
  const [rows, active] = await Promise.all([db().select().from(vipPlans).orderBy(vipPlans.sort, vipPlans.id), activeMembers()]);
  return { list: rows.map(adminView), active_members: active };
}

/** /admin/vipPlanSave: the row is locked so the audit row's "before" is what was replaced. */
export async function savePlan(a: Actor, input: { id: number; price: number; enabled: 0 | 1 }): Promise<AdminVipPlan> {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(vipPlans).where(eq(vipPlans.id, input.id)).for('update').limit(1);
    if (!before) throw notFound(VIP_TEXTS.planGone);
    const [after] = await tx
      .update(vipPlans)
      .set({ price: input.price, enabled: input.enabled === 1, updatedAt: new Date() })
      .where(eq(vipPlans.id, input.id))
      .returning();
    if (!after) throw notFound(VIP_TEXTS.planGone);
    await audit(tx, a, {
      action: 'vip_plan.update',
      target: 'vip_plans',
      targetId: input.id,
      before: { price: before.price, enabled: before.enabled },
      after: { price: after.price, enabled: after.enabled },
    });
    return adminView(after);
  });
}
