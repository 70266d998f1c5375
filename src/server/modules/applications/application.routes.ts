import type { OpenAPIHono } from '@hono/zod-openapi';
import { applicationApi } from '~/lib/api/contract/applications';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import {
  coachFailInfo,
  examineStatus,
  identityApplication,
  registerCoach,
  registerShop,
  settle,
  shopFailInfo,
} from './application.service';
import { registerApplicationReview } from './review.routes';

/** Coach and shop identity applications, member side (SPEC §4/§7). */
export function registerApplications(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, applicationApi.coachStatus, ({ user }) => examineStatus(user.id, 'coach'));
  endpoint(api, applicationApi.shopStatus, ({ user }) => examineStatus(user.id, 'shop'));
  endpoint(api, applicationApi.registerCoach, ({ user, input }) => registerCoach(user.id, input));
  endpoint(api, applicationApi.registerShop, ({ user, input }) => registerShop(user.id, input));
  endpoint(api, applicationApi.coachFailInfo, ({ user }) => coachFailInfo(user.id));
  endpoint(api, applicationApi.shopFailInfo, ({ user }) => shopFailInfo(user.id));
  endpoint(api, applicationApi.info, ({ user, input }) => identityApplication(user.id, input.type));
  endpoint(api, applicationApi.settledCoach, ({ user, input }) => settle(user.id, 'coach', input.pay_password));
  endpoint(api, applicationApi.settledShop, ({ user, input }) => settle(user.id, 'shop', input.pay_password));
  registerApplicationReview(api);
}
