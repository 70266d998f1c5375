import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { phoneError } from '~/lib/rules/phone';
import { T } from '~/lib/texts';
import type { AppEnv } from '../../http/context';
import { clientIp } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { needLogin, refuse } from '../../http/errors';
import { AltchaCaptcha, captcha, validCaptchaToken } from '../../providers/captcha';
import { SMS_PURPOSES, SMS_TEXTS, issueSmsCode } from './sms-code.service';
import { desc, eq } from 'drizzle-orm';
import { db } from '../../db';
import { smsOutbox } from '../../db/schema';
import { env } from '../../env';

const captchaConfig = z.object({ provider: z.string(), host: z.string(), token: z.string() });

/** Purposes that always go to the logged-in member's own phone (the page only knows it masked). */
const OWN_PHONE = new Set(['change_phone', 'pay_password']);

/** The newest logged SMS of a phone, for e2e rigs (SMS_OUTBOX_API with the log provider only). */
async function lastLoggedSms(phone: string) {
  const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  return { content: row?.content ?? '', code: row?.content.match(/验证码为 (\d{6})/)?.[1] ?? '' };
}

/** Captcha and SMS codes (SPEC §5: captcha first, then the code; every limit on the server). */
export function registerVerify(api: OpenAPIHono<AppEnv>): void {
  for (const path of ['/public/v5Token', '/public/captchaConfig']) {
    endpoint(api, { path, summary: '获取人机验证的 host 与 token', tags: ['验证'], access: 'public', output: captchaConfig }, () =>
      captcha().config(),
    );
  }

  endpoint(
    api,
    {
      path: '/public/captchaChallenge',
      summary: '自托管验证码（ALTCHA）的挑战',
      tags: ['验证'],
      access: 'public',
      input: z.object({ token: z.string().max(200) }),
      output: z.record(z.string(), z.unknown()),
    },
    async ({ input }) => {
      const provider = captcha();
      if (!(provider instanceof AltchaCaptcha)) throw refuse('当前未使用自托管验证码');
      if (!validCaptchaToken(input.token)) throw refuse('验证已过期，请重新获取');
      return (await provider.challenge()) as unknown as Record<string, unknown>;
    },
  );

  if (env().SMS_OUTBOX_API && env().SMS_PROVIDER === 'log') {
    endpoint(
      api,
      {
        path: '/dev/smsOutbox',
        summary: '（仅测试环境）某手机号最近一条短信',
        tags: ['测试'],
        access: 'public',
        input: z.object({ phone: z.string().max(11) }),
        output: z.object({ content: z.string(), code: z.string() }),
      },
      ({ input }) => lastLoggedSms(input.phone),
    );
  }

  endpoint(
    api,
    {
      path: '/public/sendMsg',
      summary: '发送短信验证码（需先通过人机验证）',
      tags: ['验证'],
      access: 'public',
      input: z.object({
        phone: z.string().trim().max(20).optional().default(''),
        type: z.enum(SMS_PURPOSES, { error: '验证码类型不正确' }),
        captcha: z.string({ error: SMS_TEXTS.captchaFailed }).min(1, SMS_TEXTS.captchaFailed).max(4000),
      }),
      output: z.null(),
      okMsg: '验证码已发送',
    },
    async ({ input, c, user }) => {
      let phone = input.phone;
      if (OWN_PHONE.has(input.type)) {
        if (!user) throw needLogin(T.loginFirst);
        if (!user.phone) throw refuse('请先绑定手机号');
        phone = user.phone;
      } else {
        const bad = phoneError(phone);
        if (bad) throw refuse(bad);
      }
      const ip = clientIp(c);
      if (!(await captcha().verify(input.captcha, ip))) throw refuse(SMS_TEXTS.captchaFailed);
      await issueSmsCode(phone, input.type, ip);
      return null;
    },
  );
}
