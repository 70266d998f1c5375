import type { OpenAPIHono } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import { verifyApi, verifyRigApi } from '~/lib/api/contract/verify';
import { phoneError } from '~/lib/rules/phone';
import { T } from '~/lib/texts';
import type { AppEnv } from '../../http/context';
import { clientIp } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { needLogin, refuse } from '../../http/errors';
import { AltchaCaptcha, captcha, validCaptchaToken } from '../../providers/captcha';
import { db } from '../../db';
import { smsOutbox } from '../../db/schema';
import { env } from '../../env';
import { SMS_TEXTS, issueSmsCode, skipSmsCooldown } from './sms-code.service';

/** Purposes that always go to the logged-in member's own phone (the page only knows it masked). */
const OWN_PHONE = new Set(['change_phone', 'pay_password', 'bank_card']);

/** The newest logged SMS of a phone, for e2e rigs (SMS_OUTBOX_API with the log provider only). */
async function lastLoggedSms(phone: string) {
  const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  return { content: row?.content ?? '', code: row?.content.match(/验证码为 (\d{6})/)?.[1] ?? '' };
}

/** Captcha and SMS codes (SPEC §5: captcha first, then the code; every limit on the server). */
export function registerVerify(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, verifyApi.v5Token, () => captcha().config());
  endpoint(api, verifyApi.captchaConfig, () => captcha().config());

  endpoint(api, verifyApi.captchaChallenge, async ({ input }) => {
    const provider = captcha();
    if (!(provider instanceof AltchaCaptcha)) throw refuse('当前未使用自托管验证码');
    if (!validCaptchaToken(input.token)) throw refuse('验证已过期，请重新获取');
    return provider.challenge();
  });

  // Rig-only: read codes back and end the cooldown at once, so browser tests never wait 60 s.
  if (env().SMS_OUTBOX_API && env().SMS_PROVIDER === 'log') {
    endpoint(api, verifyRigApi.smsOutbox, ({ input }) => lastLoggedSms(input.phone));
    endpoint(api, verifyRigApi.smsCooldownSkip, async ({ input }) => ({ moved: await skipSmsCooldown(input.phone) }));
  }

  endpoint(api, verifyApi.sendMsg, async ({ input, c, user }) => {
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
  });
}
