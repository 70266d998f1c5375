import { z } from 'zod';
import { defineEndpoint, noInput, noOutput } from '../define';
import { bit, phoneField } from '../fields';
import { sessionUserSchema } from './auth';
import { smsCodeField } from './verify';

const tags = ['第三方登录'];

/** WeChat (`wx`) or QQ. */
export const OAUTH_KINDS = ['wx', 'qq'] as const;
export type OAuthKind = (typeof OAUTH_KINDS)[number];
export type OAuthPurpose = 'login' | 'bind';

const kind = z.enum(OAUTH_KINDS, { error: '登录方式不正确' });
const callbackInput = z.object({ type: kind, code: z.string().min(1, '授权失败，请重试').max(512), state: z.string().max(300) });

/** Which providers are configured (1) or not (0). */
export const oauthProvidersSchema = z.object({
  wx: bit(),
  qq: bit(),
  wxmp: bit().describe('1：公众号网页授权已配置（微信内登录与 JSAPI 支付）'),
});
export type OAuthProviders = z.output<typeof oauthProvidersSchema>;

/** Outcome of a login callback: logged in (`user`), or a first login that must bind a phone with `ticket`. */
export const thirdLoginSchema = z.object({
  need_bind: bit().describe('1：首次登录，须凭 ticket 绑定手机号'),
  ticket: z.string(),
  nick_name: z.string(),
  user: sessionUserSchema.nullable(),
});
export type ThirdLoginResult = z.output<typeof thirdLoginSchema>;

/** /api/member/hasBind: what is bound, and which providers can be used at all. */
export const bindStateSchema = z.object({
  wx: bit(),
  qq: bit(),
  wx_nick_name: z.string(),
  qq_nick_name: z.string(),
  wx_enabled: bit(),
  qq_enabled: bit(),
});
export type BindState = z.output<typeof bindStateSchema>;

/** WeChat and QQ login and binding (SPEC §2 third-party routes, §7 thirdLogin/bindPhone/…). */
export const oauthApi = {
  providers: defineEndpoint({
    path: '/public/oauthProviders',
    summary: '哪些第三方登录已配置',
    tags,
    access: 'public',
    input: noInput,
    output: oauthProvidersSchema,
  }),
  url: defineEndpoint({
    path: '/public/oauthUrl',
    summary: '第三方授权地址（同时写入浏览器校验 cookie）',
    tags,
    access: 'public',
    input: z.object({
      type: kind,
      purpose: z.enum(['login', 'bind']).default('login'),
      channel: z.enum(['web', 'mp']).default('web').describe('mp：在微信内打开的手机版，走公众号网页授权'),
    }),
    output: z.object({ url: z.string() }),
  }),
  thirdLogin: defineEndpoint({
    path: '/thirdLogin',
    summary: '第三方登录回调：已绑定则登录，首次登录返回绑定手机号的凭证',
    tags,
    access: 'public',
    input: callbackInput,
    output: thirdLoginSchema,
  }),
  bindPhone: defineEndpoint({
    path: '/bindPhone',
    summary: '首次第三方登录绑定手机号（短信验证）并登录',
    tags,
    access: 'public',
    input: z.object({
      ticket: z.string().min(1).max(1000),
      phone: phoneField,
      yzm: smsCodeField,
      /** An invitation code kept from a 推荐好友 link; counts only when this creates the account. */
      inviter: z.string().trim().max(16).optional(),
    }),
    output: sessionUserSchema,
    okMsg: '绑定成功',
  }),
  bindThird: defineEndpoint({
    path: '/member/bindThird',
    summary: '当前账号绑定微信或 QQ',
    tags,
    access: 'member',
    input: callbackInput,
    output: noOutput,
    okMsg: '绑定成功',
  }),
  hasBind: defineEndpoint({
    path: '/member/hasBind',
    summary: '第三方账号绑定情况',
    tags,
    access: 'member',
    input: noInput,
    output: bindStateSchema,
  }),
  cancelBind: defineEndpoint({
    path: '/member/cancelBind',
    summary: '解除第三方账号绑定',
    tags,
    access: 'member',
    input: z.object({ type: kind }),
    output: noOutput,
    okMsg: '已解除绑定',
  }),
};
