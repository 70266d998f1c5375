import type { OpenAPIHono } from '@hono/zod-openapi';
import { accountApi } from '~/lib/api/contract/account';
import type { AppEnv } from '../../http/context';
import { authSource, clientIp } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { bindPhone, editPassword, editPayPassword, editProfile, forgetPassword, register, verifyOldPhone } from './account.service';

/** Registration, password recovery and the account-settings calls (SPEC §7 "Account"). */
export function registerAccount(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, accountApi.register, ({ input, c }) =>
    register(input, { source: authSource(c), ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '' }),
  );
  endpoint(api, accountApi.forgetPassword, async ({ input }) => {
    await forgetPassword(input);
    return null;
  });
  endpoint(api, accountApi.editPw, async ({ input, user }) => {
    await editPassword(user.id, user.sessionId, input);
    return null;
  });
  endpoint(api, accountApi.editPayPw, async ({ input, user }) => {
    await editPayPassword(user.id, user.phone, input);
    return null;
  });
  endpoint(api, accountApi.verifyPhone, ({ input, user }) => verifyOldPhone(user.id, user.phone, input.yzm));
  endpoint(api, accountApi.bindingPhone, ({ input, user }) => bindPhone(user.id, user.phone, input));
  endpoint(api, accountApi.memberInfoEdit, async ({ input, user }) => {
    await editProfile(user.id, input);
    return null;
  });
}
