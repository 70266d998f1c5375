import { z } from 'zod';
import { defineEndpoint, noInput, noOutput } from '../define';
import { intChoice, passwordField, phoneField } from '../fields';

const tags = ['账号'];

/** What login answers and the browser keeps (SPEC §3 "User"): state plus the `user` cookie. */
export const sessionUserSchema = z.object({
  token: z.string(),
  user_id: z.number().int(),
  nick_name: z.string(),
  avatar: z.string(),
  phone: z.string().describe('脱敏手机号'),
  identity: z.number().int().describe('0 会员，1 店主，2 教练'),
  service_id: z.number().int().describe('> 0 为服务商'),
  user_sig: z.string().describe('即时通信签名'),
});
export type SessionUser = z.output<typeof sessionUserSchema>;

/** The member's own profile. */
export const memberInfoSchema = z.object({
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
export type MemberInfo = z.output<typeof memberInfoSchema>;

/** Login, logout and the member's own info (SPEC §7 "Account"). */
export const authApi = {
  login: defineEndpoint({
    path: '/login',
    summary: '手机号密码登录',
    tags,
    access: 'public',
    input: z.object({
      type: intChoice([1], '暂不支持该登录方式').default(1),
      phone: phoneField,
      password: passwordField,
    }),
    output: sessionUserSchema,
    okMsg: '登录成功',
  }),
  logout: defineEndpoint({
    path: '/logout',
    summary: '退出登录',
    tags,
    access: 'member',
    input: noInput,
    output: noOutput,
    okMsg: '退出成功',
  }),
  memberInfo: defineEndpoint({
    path: '/member/memberInfo',
    summary: '我的资料',
    tags,
    access: 'member',
    input: noInput,
    output: memberInfoSchema,
  }),
};
