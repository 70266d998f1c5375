import type { OpenAPIHono } from '@hono/zod-openapi';
import { referralApi } from '~/lib/api/contract/referral';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { inviteInfo, inviteList } from './referral.service';

export function registerReferral(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, referralApi.info, ({ user }) => inviteInfo(user.id));
  endpoint(api, referralApi.list, ({ user, input }) => inviteList(user.id, input.page, input.limit));
}
