import { z } from 'zod';
import { ACCOUNT_TEXTS } from '../../rules/account';
import { T } from '../../texts';
import { defineEndpoint, noOutput } from '../define';
import { intField, passwordField, phoneField } from '../fields';
import { sessionUserSchema } from './auth';
import { smsCodeField } from './verify';

const tags = ['账号'];
const settings = ['账号设置'];

/** The second entry of a new password (SPEC §3 `passwords`). */
const repeatField = z.string({ error: '请再次输入密码' }).min(1, '请再次输入密码').max(64);

export { ACCOUNT_TEXTS };

/** The editable profile (omitted fields stay as they are). */
export const profileInput = z.object({
  nick_name: z.string().trim().min(1, ACCOUNT_TEXTS.nickRequired).max(16, '昵称最多 16 个字').optional(),
  avatar: z.string().max(500).optional(),
  gender: intField('性别', { max: 2, column: 'smallint' }).optional().describe('0 保密，1 男，2 女'),
  birthday: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, '生日格式应为 YYYY-MM-DD')
    .refine((d) => !d || (new Date(d).getTime() < Date.now() && d >= '1900-01-01'), '生日不正确')
    .optional(),
  intro: z.string().trim().max(200, '个人简介最多 200 字').optional(),
});
export type ProfileInput = z.input<typeof profileInput>;

/** Registration, password recovery and the account-settings calls (SPEC §7 "Account"). */
export const accountApi = {
  register: defineEndpoint({
    path: '/register',
    summary: '手机号注册（注册后即登录）',
    tags,
    access: 'public',
    input: z.object({
      phone: phoneField,
      yzm: smsCodeField,
      password: passwordField,
      passwords: repeatField,
      agree: z.literal(true, { error: T.agreeRequired }).optional(),
      /** An invitation code from a 推荐好友 link (an unknown one is ignored). */
      inviter: z.string().trim().max(16).optional(),
    }),
    output: sessionUserSchema,
    okMsg: '注册成功',
  }),
  loginSms: defineEndpoint({
    path: '/loginSms',
    summary: '短信验证码登录（手机版；须为已注册手机号）',
    tags,
    access: 'public',
    input: z.object({
      phone: phoneField,
      yzm: smsCodeField,
      agree: z.literal(true, { error: T.agreeRequired }),
    }),
    output: sessionUserSchema,
    okMsg: '登录成功',
  }),
  forgetPassword: defineEndpoint({
    path: '/forgetPassword',
    summary: '短信验证后重设登录密码（所有登录状态失效）',
    tags,
    access: 'public',
    input: z.object({ phone: phoneField, password: passwordField, passwords: repeatField, yzm: smsCodeField }),
    output: noOutput,
    okMsg: T.changed,
  }),
  editPw: defineEndpoint({
    path: '/member/editPw',
    summary: '修改登录密码：所有登录失效，本机换发新的登录（新 token）',
    tags: settings,
    access: 'member',
    input: z.object({ old_password: z.string().max(64).optional(), password: passwordField, passwords: repeatField }),
    output: sessionUserSchema,
    okMsg: T.changed,
  }),
  editPayPw: defineEndpoint({
    path: '/member/editPayPw',
    summary: '设置或修改 6 位数字支付密码（需短信验证）',
    tags: settings,
    access: 'member',
    input: z.object({
      password: z.string({ error: '请输入支付密码' }).max(6, '支付密码须为 6 位数字'),
      passwords: repeatField,
      yzm: smsCodeField,
    }),
    output: noOutput,
    okMsg: '支付密码设置成功',
  }),
  verifyPhone: defineEndpoint({
    path: '/member/verifyPhone',
    summary: '验证原手机号，换取更换手机号的凭证',
    tags: settings,
    access: 'member',
    input: z.object({ yzm: smsCodeField }),
    output: z.object({ ticket: z.string().describe('10 分钟内有效') }),
    okMsg: '验证成功',
  }),
  bindingPhone: defineEndpoint({
    path: '/member/bindingPhone',
    summary: '绑定手机号；已有手机号时凭 verifyPhone 的凭证更换（更换后其他设备上的登录失效）',
    tags: settings,
    access: 'member',
    input: z.object({ phone: phoneField, yzm: smsCodeField, ticket: z.string().max(200).optional() }),
    output: z.object({ phone: z.string().describe('新手机号（完整）') }),
    okMsg: '手机号绑定成功',
  }),
  memberInfoEdit: defineEndpoint({
    path: '/member/memberInfoEdit',
    summary: '修改个人资料',
    tags: settings,
    access: 'member',
    input: profileInput,
    output: noOutput,
    okMsg: '保存成功',
  }),
};
