import type { OpenAPIHono } from '@hono/zod-openapi';
import { authApi } from '~/lib/api/contract/auth';
import type { AppEnv } from '../../http/context';
import { sessionMeta } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { loginWithPassword, memberInfo } from './auth.service';
import { listDeviceSessions, revokeMySession, revokeOtherSessions, revokeSession } from './session.service';

/** Login, logout, the member's own info (SPEC §7 "Account") and their 登录设备. */
export function registerAuth(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, authApi.login, ({ input, c }) => loginWithPassword(input.phone, input.password, sessionMeta(c)));
  endpoint(api, authApi.logout, async ({ user }) => {
    await revokeSession(user.sessionId);
    return null;
  });
  endpoint(api, authApi.memberInfo, ({ user }) => memberInfo(user.id));
  endpoint(api, authApi.sessionList, ({ user }) => listDeviceSessions(user.id, user.sessionId));
  endpoint(api, authApi.sessionRevoke, async ({ input, user }) => {
    await revokeMySession(user.id, input.id);
    return null;
  });
  endpoint(api, authApi.sessionRevokeOthers, ({ user }) => revokeOtherSessions(user.id, user.sessionId));
}
