import type { OpenAPIHono } from '@hono/zod-openapi';
import { authApi } from '~/lib/api/contract/auth';
import type { AppEnv } from '../../http/context';
import { authSource, clientIp } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { loginWithPassword, memberInfo } from './auth.service';
import { revokeSession } from './session.service';

/** Login, logout and the member's own info (SPEC §7 "Account"). */
export function registerAuth(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, authApi.login, ({ input, c }) =>
    loginWithPassword(input.phone, input.password, { source: authSource(c), ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '' }),
  );
  endpoint(api, authApi.logout, async ({ user }) => {
    await revokeSession(user.sessionId);
    return null;
  });
  endpoint(api, authApi.memberInfo, ({ user }) => memberInfo(user.id));
}
