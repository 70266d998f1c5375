import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { authSource, clientIp } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { passwordField, phoneField } from '../../http/fields';
import { loginWithPassword, memberInfo } from './auth.service';
import { revokeSession } from './session.service';

export const loginOutput = z.object({
  token: z.string(),
  user_id: z.number().int(),
  nick_name: z.string(),
  avatar: z.string(),
  phone: z.string(),
  identity: z.number().int(),
  service_id: z.number().int(),
  user_sig: z.string(),
});

const memberInfoOutput = z.object({
  user_id: z.number().int(),
  nick_name: z.string(),
  avatar: z.string(),
  phone: z.string(),
  has_phone: z.boolean(),
  gender: z.number().int(),
  birthday: z.string(),
  intro: z.string(),
  identity: z.number().int(),
  service_id: z.number().int(),
  has_pay_password: z.boolean(),
  created_at: z.string(),
});

/** Login, logout and the member's own info (SPEC §7 "Account"). */
export function registerAuth(api: OpenAPIHono<AppEnv>): void {
  endpoint(
    api,
    {
      path: '/login',
      summary: '手机号密码登录',
      tags: ['账号'],
      access: 'public',
      input: z.object({
        type: z.coerce
          .number()
          .refine((t) => t === 1, '暂不支持该登录方式')
          .default(1),
        phone: phoneField,
        password: passwordField,
      }),
      output: loginOutput,
      okMsg: '登录成功',
    },
    ({ input, c }) =>
      loginWithPassword(input.phone, input.password, {
        source: authSource(c),
        ip: clientIp(c),
        userAgent: c.req.header('user-agent') ?? '',
      }),
  );

  endpoint(
    api,
    { path: '/logout', summary: '退出登录', tags: ['账号'], access: 'member', output: z.null(), okMsg: '退出成功' },
    async ({ user }) => {
      await revokeSession(user.sessionId);
      return null;
    },
  );

  endpoint(
    api,
    { path: '/member/memberInfo', summary: '我的资料', tags: ['账号'], access: 'member', output: memberInfoOutput },
    ({ user }) => memberInfo(user.id),
  );
}
