import { z } from 'zod';
import { SMS_PURPOSES, SMS_TEXTS, type SmsPurpose } from '../../rules/sms';
import { defineEndpoint, noInput, noOutput } from '../define';

const tags = ['验证'];

export { SMS_PURPOSES, SMS_TEXTS, type SmsPurpose };

/** The SMS code a user typed (`yzm`, SPEC §3). */
export const smsCodeField = z.string({ error: SMS_TEXTS.codeRequired }).trim().min(1, SMS_TEXTS.codeRequired).max(8, SMS_TEXTS.codeWrong);

/** SPEC §5: what the browser needs before an SMS — the captcha's host and token. */
export const captchaConfigSchema = z.object({
  provider: z.string().describe('altcha（自托管）或 verify5'),
  host: z.string(),
  token: z.string(),
});
export type CaptchaConfig = z.output<typeof captchaConfigSchema>;

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** An ALTCHA v2 challenge (altcha-lib `Challenge`), handed to the widget as it is. */
export const altchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional().describe('秒'),
    data: z.record(z.string(), scalar).optional(),
  }),
  signature: z.string().optional(),
  codeChallenge: z.object({ image: z.string(), audio: z.string().optional(), length: z.number().int().optional() }).optional(),
});
export type AltchaChallenge = z.output<typeof altchaChallengeSchema>;

const captchaConfig = <P extends string>(path: P) =>
  defineEndpoint({ path, summary: '获取人机验证的 host 与 token', tags, access: 'public', input: noInput, output: captchaConfigSchema });

/** Captcha and SMS codes (SPEC §5: captcha first, then the code; every limit on the server). */
export const verifyApi = {
  v5Token: captchaConfig('/public/v5Token'),
  captchaConfig: captchaConfig('/public/captchaConfig'),
  captchaChallenge: defineEndpoint({
    path: '/public/captchaChallenge',
    summary: '自托管验证码（ALTCHA）的挑战',
    tags,
    access: 'public',
    input: z.object({ token: z.string().max(200) }),
    output: altchaChallengeSchema,
  }),
  sendMsg: defineEndpoint({
    path: '/public/sendMsg',
    summary: '发送短信验证码（需先通过人机验证）',
    tags,
    access: 'public',
    input: z.object({
      phone: z.string().trim().max(20).optional().default(''),
      type: z.enum(SMS_PURPOSES, { error: '验证码类型不正确' }),
      captcha: z.string({ error: SMS_TEXTS.captchaFailed }).min(1, SMS_TEXTS.captchaFailed).max(4000),
    }),
    output: noOutput,
    okMsg: SMS_TEXTS.sent,
  }),
};

const rigPhone = z.object({ phone: z.string().max(11) });

/**
 * Test-rig endpoints: registered only with SMS_OUTBOX_API on and the log SMS provider, so they are
 * not part of `contracts` (the browser never calls them; Playwright does, through its own requests).
 */
export const verifyRigApi = {
  smsOutbox: defineEndpoint({
    path: '/dev/smsOutbox',
    summary: '（仅测试环境）某手机号最近一条短信',
    tags: ['测试'],
    access: 'public',
    input: rigPhone,
    output: z.object({ content: z.string(), code: z.string() }),
  }),
  smsCooldownSkip: defineEndpoint({
    path: '/dev/smsCooldownSkip',
    summary: '（仅测试环境）让某手机号的短信冷却立即结束（验证码时间前移 2 分钟）',
    tags: ['测试'],
    access: 'public',
    input: rigPhone,
    output: z.object({ moved: z.number().int() }),
  }),
};
