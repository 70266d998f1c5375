import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { T } from '~/lib/texts';
import { smsCodes, smsOutbox } from '~/server/db/schema';
import { SMS_TEXTS } from '~/server/modules/verify/sms-code.service';
import { resetEnv } from '~/server/env';
import { createApi } from '~/server/app';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
beforeAll(async () => {
  // SMS_OUTBOX_API (with the default log provider) adds the rig's /api/dev/* endpoints, as in the Playwright rig.
  t = await startApi({ SMS_DAILY_PER_PHONE: '3', SMS_DAILY_PER_IP: '5', SMS_OUTBOX_API: 'true' });
});
afterAll(() => t.stop());

describe('captcha', () => {
  it('hands out host and token on both config paths', async () => {
    for (const path of ['/public/v5Token', '/public/captchaConfig'] as const) {
      const res = await t.post(path);
      expect(res.body.code).toBe(200);
      expect(res.body.data).toMatchObject({ provider: 'altcha', host: expect.any(String), token: expect.stringMatching(/^cap\./) });
    }
  });

  it('gives challenges only to holders of a valid token', async () => {
    expect((await t.post('/public/captchaChallenge', { token: 'cap.zzzz.forged' })).body).toMatchObject({
      code: 100,
      msg: '验证已过期，请重新获取',
    });
  });

  it('sends nothing without a passed captcha, and a pass works once', async () => {
    const before = (await t.db.select().from(smsOutbox)).length;
    expect((await t.rawPost('/public/sendMsg', { phone: '13500000001', type: 'register' })).body).toMatchObject({
      code: 100,
      msg: SMS_TEXTS.captchaFailed,
    });
    expect((await t.post('/public/sendMsg', { phone: '13500000001', type: 'register', captcha: 'bm9wZQ==' })).body).toMatchObject({
      code: 100,
      msg: SMS_TEXTS.captchaFailed,
    });
    const pass = await t.captchaPass();
    expect((await t.post('/public/sendMsg', { phone: '13500000001', type: 'register', captcha: pass })).body.code).toBe(200);
    await t.skipCooldown('13500000001');
    expect((await t.post('/public/sendMsg', { phone: '13500000001', type: 'register', captcha: pass })).body).toMatchObject({
      code: 100,
      msg: SMS_TEXTS.captchaFailed,
    });
    expect((await t.db.select().from(smsOutbox)).length).toBe(before + 1);
  });
});

describe('/api/public/sendMsg', () => {
  it('applies the SPEC phone messages', async () => {
    const captcha = 'x';
    expect((await t.post('/public/sendMsg', { phone: '', type: 'register', captcha })).body).toMatchObject({
      code: 100,
      msg: T.phoneRequired,
    });
    expect((await t.post('/public/sendMsg', { phone: '12345678901', type: 'register', captcha })).body).toMatchObject({
      code: 100,
      msg: T.phoneInvalid,
    });
    expect((await t.post('/public/sendMsg', { phone: '1381234567', type: 'register', captcha })).body).toMatchObject({
      code: 100,
      msg: T.phoneInvalid,
    });
    expect((await t.rawPost('/public/sendMsg', { phone: '13812345678', type: 'hack', captcha })).body).toMatchObject({
      code: 100,
      msg: '验证码类型不正确',
    });
  });

  it('stores only a hash, sends a six-digit code that lives five minutes', async () => {
    const res = await t.sendCode('13500000002', 'register');
    expect(res.body).toMatchObject({ code: 200, msg: '验证码已发送' });
    const code = await t.lastCode('13500000002');
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, '13500000002'));
    expect(row!.codeHash).not.toContain(code);
    const life = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(life).toBeGreaterThan(299_000);
    expect(life).toBeLessThan(301_000);
  });

  it('holds a 60 s cooldown per phone', async () => {
    expect((await t.sendCode('13500000003', 'register')).body.code).toBe(200);
    expect((await t.sendCode('13500000003', 'register')).body).toMatchObject({ code: 429, msg: T.smsCooling });
    await t.skipCooldown('13500000003');
    expect((await t.sendCode('13500000003', 'register')).body.code).toBe(200);
  });

  it('caps codes per phone per day', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.sendCode('13500000004', 'register', undefined, '10.0.1.1')).body.code).toBe(200);
      await t.skipCooldown('13500000004');
    }
    expect((await t.sendCode('13500000004', 'register', undefined, '10.0.1.2')).body).toMatchObject({
      code: 429,
      msg: SMS_TEXTS.phoneDailyCap,
    });
  });

  it('caps codes per address per day', async () => {
    for (let i = 0; i < 5; i++) expect((await t.sendCode(`1360000000${i}`, 'register', undefined, '10.9.9.9')).body.code).toBe(200);
    expect((await t.sendCode('13600000009', 'register', undefined, '10.9.9.9')).body).toMatchObject({
      code: 429,
      msg: SMS_TEXTS.ipDailyCap,
    });
  });

  it('knows who a purpose is for', async () => {
    expect((await t.sendCode(DEMO.member, 'register')).body).toMatchObject({ code: 100, msg: SMS_TEXTS.phoneTaken });
    expect((await t.sendCode('13500000077', 'forget_pw')).body).toMatchObject({ code: 100, msg: SMS_TEXTS.phoneUnknown });
    expect((await t.sendCode('', 'pay_password')).body).toMatchObject({ code: 101, msg: T.loginFirst });
  });

  it('sends change-phone and pay-password codes to the member’s own phone, whatever the body says', async () => {
    const token = await t.login(DEMO.coach);
    expect((await t.sendCode('13911112222', 'pay_password', token)).body.code).toBe(200);
    expect(await t.lastCode(DEMO.coach)).toMatch(/^\d{6}$/);
    await expect(t.lastCode('13911112222')).rejects.toThrow(/no SMS/);
  });
});

describe('test-rig endpoints (SMS_OUTBOX_API with the log provider)', () => {
  it('reads the newest code back and ends the cooldown without waiting', async () => {
    const phone = '13500000055';
    const send = () => t.sendCode(phone, 'register', undefined, '10.7.0.1');
    expect((await send()).body.code).toBe(200);
    const sms = (await t.rawPost('/dev/smsOutbox', { phone })).body;
    expect(sms).toMatchObject({ code: 200, data: { code: await t.lastCode(phone) } });
    expect((await send()).body).toMatchObject({ code: 429, msg: T.smsCooling });
    expect((await t.rawPost('/dev/smsCooldownSkip', { phone })).body).toMatchObject({ code: 200, data: { moved: 1 } });
    expect((await send()).body.code).toBe(200);
    // Skipped codes still count towards the daily cap (3 here); each new one replaces the last.
    await t.rawPost('/dev/smsCooldownSkip', { phone });
    expect((await send()).body.code).toBe(200);
    await t.rawPost('/dev/smsCooldownSkip', { phone });
    expect((await send()).body).toMatchObject({ code: 429, msg: SMS_TEXTS.phoneDailyCap });
    const live = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(live.filter((r) => !r.spentAt)).toHaveLength(1);
  });

  it('a skipped code still works, and still ends after five wrong tries', async () => {
    const phone = '13500000056';
    expect((await t.sendCode(phone, 'register', undefined, '10.7.0.2')).body.code).toBe(200);
    await t.rawPost('/dev/smsCooldownSkip', { phone });
    const body = (yzm: string) => ({ phone, yzm, password: 'abc12345', passwords: 'abc12345', agree: true as const });
    for (let i = 0; i < 4; i++) expect((await t.post('/register', body('000000'))).body.msg).toBe(SMS_TEXTS.codeWrong);
    expect((await t.post('/register', body('000000'))).body.msg).toBe(SMS_TEXTS.codeLocked);
    // Even the right code is refused now, with the same reason, until a new code is sent.
    expect((await t.post('/register', body(await t.lastCode(phone)))).body.msg).toBe(SMS_TEXTS.codeLocked);
  });

  it('do not exist without SMS_OUTBOX_API', async () => {
    process.env['SMS_OUTBOX_API'] = 'false';
    resetEnv();
    try {
      const bare = createApi();
      const doc = (await (await bare.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
      expect(doc.paths).toHaveProperty('/api/public/sendMsg');
      for (const path of ['/api/dev/smsOutbox', '/api/dev/smsCooldownSkip']) {
        expect(doc.paths).not.toHaveProperty(path);
        const res = await bare.request(path, { method: 'POST', body: JSON.stringify({ phone: '13500000055' }) });
        expect(((await res.json()) as { code: number }).code).not.toBe(200);
      }
    } finally {
      process.env['SMS_OUTBOX_API'] = 'true';
      resetEnv();
    }
  });
});

describe('code attempts under a burst', () => {
  it('the guess that takes the last slot does not kill a code an earlier slot may still be spending', async () => {
    const phone = '13600000078';
    expect((await t.sendCode(phone, 'register', undefined, '10.7.0.3')).body.code).toBe(200);
    const body = (yzm: string) => ({ phone, yzm, password: 'abc12345', passwords: 'abc12345', agree: true as const });
    for (let i = 0; i < 3; i++) expect((await t.post('/register', body('000000'))).body.msg).toBe(SMS_TEXTS.codeWrong);
    // A right guess in flight holds the fourth slot (taken, not yet compared and spent)...
    await t.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.phone, phone));
    // ...when a wrong guess takes the fifth: it is told the code is locked, but the code stays for the one in flight.
    expect((await t.post('/register', body('000000'))).body.msg).toBe(SMS_TEXTS.codeLocked);
    const [code] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(code).toMatchObject({ attempts: 5, spentAt: null });
    // No sixth comparison: the right code now is refused like every other.
    expect((await t.post('/register', body(await t.lastCode(phone)))).body.msg).toBe(SMS_TEXTS.codeLocked);
  });

  it('forty simultaneous guesses get five comparisons at most: the right code at the end of the burst is refused', async () => {
    const phone = '13600000077';
    expect((await t.sendCode(phone, 'register', undefined, '10.7.0.1')).body.code).toBe(200);
    const right = await t.lastCode(phone);
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
    const codes = [...Array.from({ length: 39 }, (_, i) => wrong(i)), right];
    const burst = await Promise.all(
      codes.map((yzm) => t.post('/register', { phone, yzm, password: 'abc12345', passwords: 'abc12345', agree: true })),
    );
    expect(burst.filter((r) => r.body.code === 200)).toHaveLength(0);
    expect(burst.filter((r) => r.body.msg === SMS_TEXTS.codeWrong)).toHaveLength(4);
    expect(burst.filter((r) => r.body.msg === SMS_TEXTS.codeLocked)).toHaveLength(36);
    expect((await t.post('/register', { phone, yzm: right, password: 'abc12345', passwords: 'abc12345', agree: true })).body.code).toBe(
      100,
    );
  });
});
