import type { OpenAPIHono } from '@hono/zod-openapi';
import { accountApi } from '~/lib/api/contract/account';
import type { AppEnv } from '../../http/context';
import { sessionMeta } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import {
  bindPhone,
  editPassword,
  editPayPassword,
  editProfile,
  forgetPassword,
  loginWithSms,
  register,
  verifyOldPhone,
} from './account.service';

/** Registration, password recovery and the account-settings calls (SPEC §7 "Account"). */
export function registerAccount(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, accountApi.register, ({ input, c }) => register(input, sessionMeta(c)));
  endpoint(api, accountApi.loginSms, ({ input, c }) => loginWithSms(input, sessionMeta(c)));
  endpoint(api, accountApi.forgetPassword, async ({ input }) => {
    await forgetPassword(input);
    return null;
  });
  endpoint(api, accountApi.editPw, ({ input, user, c }) => editPassword(user, input, sessionMeta(c)));
  endpoint(api, accountApi.editPayPw, async ({ input, user }) => {
    await editPayPassword(user.id, user.phone, input);
    return null;
  });
  endpoint(api, accountApi.verifyPhone, ({ input, user }) => verifyOldPhone(user.id, user.phone, input.yzm));
  endpoint(api, accountApi.bindingPhone, ({ input, user }) => bindPhone(user.id, user.phone, input, user.sessionId));
  endpoint(api, accountApi.memberInfoEdit, async ({ input, user }) => {
    await editProfile(user.id, input);
    return null;
  });
}
