import type { OpenAPIHono } from '@hono/zod-openapi';
import { vipApi } from '~/lib/api/contract/vip';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { plansOnSale, vipHistory, vipStatus } from './membership.service';
import { adminPlans, savePlan } from './plans.admin';
import { buyVip } from './vip-orders';

/** VIP membership (modules/vip/README.md); the order kind is wired in hooks.ts. */
export function registerVip(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, vipApi.plans, () => plansOnSale());
  endpoint(api, vipApi.status, ({ user }) => vipStatus(user.id));
  endpoint(api, vipApi.history, ({ user, input }) => vipHistory(user.id, input.page, input.limit));
  endpoint(api, vipApi.buy, ({ user, input }) => buyVip(user.id, input.plan_id));
  endpoint(api, vipApi.adminPlans, () => adminPlans());
  endpoint(api, vipApi.adminPlanSave, ({ input, staff, c }) => savePlan({ staff, c }, input));
}
