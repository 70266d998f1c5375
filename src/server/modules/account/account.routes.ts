import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { T } from '~/lib/texts';
import type { AppEnv } from '../../http/context';
import { authSource, clientIp } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { passwordField, phoneField } from '../../http/fields';
import { SMS_TEXTS } from '../verify/sms-code.service';
import { bindPhone, editPassword, editPayPassword, editProfile, forgetPassword, register, verifyOldPhone } from './account.service';
import { sessionUserSchema as loginOutput } from '~/lib/api/contract/auth';

const yzm = z.string({ error: SMS_TEXTS.codeRequired }).trim().min(1, SMS_TEXTS.codeRequired).max(8, SMS_TEXTS.codeWrong);
const repeat = z.string({ error: '请再次输入密码' }).min(1, '请再次输入密码').max(64);

/** Registration, password recovery and the account-settings calls (SPEC §7 "Account"). */
export function registerAccount(api: OpenAPIHono<AppEnv>): void {
  endpoint(
    api,
    {
      path: '/register',
      summary: '手机号注册（注册后即登录）',
      tags: ['账号'],
      access: 'public',
      input: z.object({
        phone: phoneField,
        yzm,
        password: passwordField,
        passwords: repeat,
        agree: z.literal(true, { error: T.agreeRequired }).optional(),
      }),
      output: loginOutput,
      okMsg: '注册成功',
    },
    ({ input, c }) => register(input, { source: authSource(c), ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '' }),
  );

  endpoint(
    api,
    {
      path: '/forgetPassword',
      summary: '短信验证后重设登录密码（所有登录状态失效）',
      tags: ['账号'],
      access: 'public',
      input: z.object({ phone: phoneField, password: passwordField, passwords: repeat, yzm }),
      output: z.null(),
      okMsg: T.changed,
    },
    async ({ input }) => {
      await forgetPassword(input);
      return null;
    },
  );

  endpoint(
    api,
    {
      path: '/member/editPw',
      summary: '修改登录密码（其他设备上的登录失效）',
      tags: ['账号设置'],
      access: 'member',
      input: z.object({ old_password: z.string().max(64).optional(), password: passwordField, passwords: repeat }),
      output: z.null(),
      okMsg: T.changed,
    },
    async ({ input, user }) => {
      await editPassword(user.id, user.sessionId, input);
      return null;
    },
  );

  endpoint(
    api,
    {
      path: '/member/editPayPw',
      summary: '设置或修改 6 位数字支付密码（需短信验证）',
      tags: ['账号设置'],
      access: 'member',
      input: z.object({ password: z.string({ error: '请输入支付密码' }).max(6, '支付密码须为 6 位数字'), passwords: repeat, yzm }),
      output: z.null(),
      okMsg: '支付密码设置成功',
    },
    async ({ input, user }) => {
      await editPayPassword(user.id, user.phone, input);
      return null;
    },
  );

  endpoint(
    api,
    {
      path: '/member/verifyPhone',
      summary: '验证原手机号，换取更换手机号的凭证',
      tags: ['账号设置'],
      access: 'member',
      input: z.object({ yzm }),
      output: z.object({ ticket: z.string() }),
      okMsg: '验证成功',
    },
    ({ input, user }) => verifyOldPhone(user.id, user.phone, input.yzm),
  );

  endpoint(
    api,
    {
      path: '/member/bindingPhone',
      summary: '绑定手机号；已有手机号时凭 verifyPhone 的凭证更换',
      tags: ['账号设置'],
      access: 'member',
      input: z.object({ phone: phoneField, yzm, ticket: z.string().max(200).optional() }),
      output: z.object({ phone: z.string() }),
      okMsg: '手机号绑定成功',
    },
    ({ input, user }) => bindPhone(user.id, user.phone, input),
  );

  endpoint(
    api,
    {
      path: '/member/memberInfoEdit',
      summary: '修改个人资料',
      tags: ['账号设置'],
      access: 'member',
      input: z.object({
        nick_name: z.string().trim().min(1, '请填写昵称').max(16, '昵称最多 16 个字').optional(),
        avatar: z.string().max(500).optional(),
        gender: z.coerce.number().int().min(0).max(2, '性别不正确').optional(),
        birthday: z
          .string()
          .regex(/^(\d{4}-\d{2}-\d{2})?$/, '生日格式应为 YYYY-MM-DD')
          .refine((d) => !d || (new Date(d).getTime() < Date.now() && d >= '1900-01-01'), '生日不正确')
          .optional(),
        intro: z.string().trim().max(200, '个人简介最多 200 字').optional(),
      }),
      output: z.null(),
      okMsg: '保存成功',
    },
    async ({ input, user }) => {
      await editProfile(user.id, input);
      return null;
    },
  );
}
