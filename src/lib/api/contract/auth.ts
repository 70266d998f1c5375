import { z } from 'zod';
import { SESSION_TEXTS } from '../../rules/sessions';
import { defineEndpoint, noInput, noOutput } from '../define';
import { bit, idField, intChoice, isoTime, passwordField, phoneField } from '../fields';

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

/** One live login of the member (登录设备 under 账号安全). */
export const deviceSessionSchema = z.object({
  id: z.number().int(),
  device: z.string().describe('浏览器 · 操作系统，如 Chrome 140 · Windows 10'),
  kind: z.enum(['desktop', 'mobile', 'tablet']).describe('设备类型'),
  place: z.string().describe('大致位置：脱敏的地址（如 112.64.*.*），内网为 本机/局域网'),
  created_at: isoTime().describe('登录时间'),
  last_active_at: isoTime().describe('最近活动（至多每 5 分钟更新一次）'),
  current: bit().describe('1 = 本机（发出此请求的登录）'),
});
export type DeviceSession = z.output<typeof deviceSessionSchema>;

const safety = ['账号安全'];

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
  sessionList: defineEndpoint({
    path: '/member/sessionList',
    summary: '登录设备：我的有效登录，本机在前',
    tags: safety,
    access: 'member',
    input: noInput,
    output: z.object({ list: z.array(deviceSessionSchema) }),
  }),
  sessionRevoke: defineEndpoint({
    path: '/member/sessionRevoke',
    summary: '退出该设备（只能是自己的登录）',
    tags: safety,
    access: 'member',
    input: z.object({ id: idField('登录设备') }),
    output: noOutput,
    okMsg: SESSION_TEXTS.revoked,
  }),
  sessionRevokeOthers: defineEndpoint({
    path: '/member/sessionRevokeOthers',
    summary: '退出除本机以外的所有设备',
    tags: safety,
    access: 'member',
    input: noInput,
    output: z.object({ count: z.number().int().describe('退出的设备数') }),
    okMsg: SESSION_TEXTS.revokedOthers,
  }),
};
