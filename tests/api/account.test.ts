import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { T } from '~/lib/texts';
import { PASSWORD_TEXTS } from '~/lib/rules/password';
import { smsCodes, users } from '~/server/db/schema';
import { SMS_TEXTS } from '~/server/modules/verify/sms-code.service';
import { ACCOUNT_TEXTS } from '~/server/modules/account/account.service';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
beforeAll(async () => {
  t = await startApi();
});
afterAll(() => t.stop());

async function registered(phone: string, password = 'abc12345'): Promise<string> {
  await t.sendCode(phone, 'register');
  const res = await t.post('/register', { phone, yzm: await t.lastCode(phone), password, passwords: password });
  expect(res.body.code).toBe(200);
  await t.skipCooldown(phone);
  return res.body.data.token;
}

describe('/api/register', () => {
  it('creates the member and logs them in', async () => {
    await t.sendCode('13700000001', 'register');
    const res = await t.post('/register', {
      phone: '13700000001',
      yzm: await t.lastCode('13700000001'),
      password: 'abc12345',
      passwords: 'abc12345',
    });
    expect(res.body).toMatchObject({ code: 200, msg: '注册成功', data: { phone: '137****0001', identity: 0, service_id: 0 } });
    const info = await t.post('/member/memberInfo', {}, res.body.data.token);
    expect(info.body.data).toMatchObject({ nick_name: '功夫学员0001', has_phone: true });
    expect((await t.post('/login', { type: 1, phone: '13700000001', password: 'abc12345' })).body.code).toBe(200);
  });

  it('refuses differing, weak and missing passwords without spending the code', async () => {
    await t.sendCode('13700000002', 'register');
    const yzm = await t.lastCode('13700000002');
    const base = { phone: '13700000002', yzm };
    expect((await t.post('/register', { ...base, password: 'abc12345', passwords: 'abc12346' })).body).toMatchObject({
      code: 100,
      msg: T.passwordsDiffer,
    });
    expect((await t.post('/register', { ...base, password: 'abc', passwords: 'abc' })).body).toMatchObject({
      code: 100,
      msg: PASSWORD_TEXTS.length,
    });
    expect((await t.post('/register', { ...base, password: 'abcdefgh', passwords: 'abcdefgh' })).body).toMatchObject({
      code: 100,
      msg: PASSWORD_TEXTS.mix,
    });
    expect((await t.rawPost('/register', { ...base, passwords: 'x' })).body).toMatchObject({ code: 100, msg: T.passwordRequired });
    expect((await t.post('/register', { ...base, password: 'abc12345', passwords: 'abc12345' })).body.code).toBe(200);
  });

  it('refuses a taken phone', async () => {
    expect(
      (await t.post('/register', { phone: DEMO.member, yzm: '123456', password: 'abc12345', passwords: 'abc12345' })).body,
    ).toMatchObject({
      code: 100,
      msg: SMS_TEXTS.phoneTaken,
    });
  });

  it('refuses wrong, reused and expired codes, and kills a code after five wrong tries', async () => {
    const phone = '13700000003';
    const body = (yzm: string) => ({ phone, yzm, password: 'abc12345', passwords: 'abc12345' });
    expect((await t.post('/register', body('000000'))).body).toMatchObject({ code: 100, msg: SMS_TEXTS.codeExpired });
    await t.sendCode(phone, 'register');
    const good = await t.lastCode(phone);
    const bad = good === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i++) expect((await t.post('/register', body(bad))).body).toMatchObject({ code: 100, msg: SMS_TEXTS.codeWrong });
    expect((await t.post('/register', body(bad))).body).toMatchObject({ code: 100, msg: SMS_TEXTS.codeLocked });
    // The killed code stays refused for the same reason, the right digits included.
    expect((await t.post('/register', body(good))).body).toMatchObject({ code: 100, msg: SMS_TEXTS.codeLocked });

    await t.skipCooldown(phone);
    await t.sendCode(phone, 'register');
    await t.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.phone, phone));
    expect((await t.post('/register', body(await t.lastCode(phone)))).body).toMatchObject({ code: 100, msg: SMS_TEXTS.codeExpired });
  });

  it('a code for one purpose does not work for another', async () => {
    const phone = '13700000004';
    await t.sendCode(phone, 'bind_phone');
    expect(
      (await t.post('/register', { phone, yzm: await t.lastCode(phone), password: 'abc12345', passwords: 'abc12345' })).body,
    ).toMatchObject({
      code: 100,
      msg: SMS_TEXTS.codeExpired,
    });
  });
});

describe('/api/forgetPassword', () => {
  it('resets the password, answers 修改成功 and ends every session', async () => {
    const phone = '13700000010';
    const token = await registered(phone);
    await t.sendCode(phone, 'forget_pw');
    const res = await t.post('/forgetPassword', { phone, password: 'newpass88', passwords: 'newpass88', yzm: await t.lastCode(phone) });
    expect(res.body).toMatchObject({ code: 200, msg: T.changed });
    expect((await t.post('/member/memberInfo', {}, token)).body.code).toBe(101);
    expect((await t.post('/login', { type: 1, phone, password: 'abc12345' })).body.code).toBe(100);
    expect((await t.post('/login', { type: 1, phone, password: 'newpass88' })).body.code).toBe(200);
  });

  it('says 两次密码不一致 for differing passwords', async () => {
    expect(
      (await t.post('/forgetPassword', { phone: DEMO.member, password: 'a1234567', passwords: 'b1234567', yzm: '123456' })).body,
    ).toMatchObject({
      code: 100,
      msg: T.passwordsDiffer,
    });
  });
});

describe('login protection', () => {
  it('locks a phone after five wrong passwords, even for the right one', async () => {
    const phone = '13700000020';
    await registered(phone);
    for (let i = 0; i < 4; i++) expect((await t.post('/login', { type: 1, phone, password: 'wrong1234' })).body.msg).toBe(T.badCredentials);
    const fifth = await t.post('/login', { type: 1, phone, password: 'wrong1234' });
    expect(fifth.body.code).toBe(429);
    expect(fifth.body.msg).toMatch(/账号已临时锁定，请 15 分钟后再试/);
    expect((await t.post('/login', { type: 1, phone, password: 'abc12345' })).body.code).toBe(429);
  });

  it('blocks an address after thirty failures', async () => {
    const ip = { 'x-forwarded-for': '10.77.0.1' };
    for (let i = 0; i < 30; i++)
      await t.post('/login', { type: 1, phone: `1390000${String(i).padStart(4, '0')}`, password: 'x1' }, undefined, ip);
    const res = await t.post('/login', { type: 1, phone: DEMO.member, password: 'gongfu123' }, undefined, ip);
    expect(res.body).toMatchObject({ code: 429 });
    expect(res.body.msg).toMatch(/登录失败次数过多/);
    expect(
      (await t.post('/login', { type: 1, phone: DEMO.member, password: 'gongfu123' }, undefined, { 'x-forwarded-for': '10.77.0.2' })).body
        .code,
    ).toBe(200);
  });
});

describe('account settings', () => {
  it('changes the password with the old one: every session ends, this device gets a fresh token', async () => {
    const phone = '13700000030';
    const a = await registered(phone);
    const b = await t.login(phone, 'abc12345');
    expect(
      (await t.post('/member/editPw', { old_password: 'bad12345', password: 'xyz12345', passwords: 'xyz12345' }, a)).body,
    ).toMatchObject({
      code: 100,
      msg: ACCOUNT_TEXTS.oldPasswordWrong,
    });
    const changed = await t.post('/member/editPw', { old_password: 'abc12345', password: 'xyz12345', passwords: 'xyz12345' }, a);
    expect(changed.body).toMatchObject({ code: 200, msg: T.changed, data: { phone: '137****0030' } });
    const fresh: string = changed.body.data.token;
    expect(fresh).not.toBe(a);
    expect((await t.post('/member/memberInfo', {}, fresh)).body.code).toBe(200);
    expect((await t.post('/member/memberInfo', {}, a)).body.code).toBe(101);
    expect((await t.post('/member/memberInfo', {}, b)).body.code).toBe(101);
  });

  it('sets a six-digit pay password after an SMS to the own phone', async () => {
    const phone = '13700000031';
    const token = await registered(phone);
    await t.sendCode('', 'pay_password', token);
    const yzm = await t.lastCode(phone);
    expect((await t.post('/member/editPayPw', { password: '12a456', passwords: '12a456', yzm }, token)).body).toMatchObject({
      code: 100,
      msg: PASSWORD_TEXTS.payFormat,
    });
    expect((await t.post('/member/editPayPw', { password: '123456', passwords: '123456', yzm }, token)).body).toMatchObject({
      code: 100,
      msg: PASSWORD_TEXTS.payWeak,
    });
    expect((await t.post('/member/editPayPw', { password: '205813', passwords: '205814', yzm }, token)).body).toMatchObject({
      code: 100,
      msg: T.passwordsDiffer,
    });
    expect((await t.post('/member/editPayPw', { password: '205813', passwords: '205813', yzm }, token)).body.code).toBe(200);
    expect((await t.post('/member/memberInfo', {}, token)).body.data.has_pay_password).toBe(true);
  });

  it('changes the phone only after verifying the old one', async () => {
    const phone = '13700000032';
    const token = await registered(phone);
    await t.sendCode('13700000033', 'bind_phone');
    const newCode = await t.lastCode('13700000033');
    expect((await t.post('/member/bindingPhone', { phone: '13700000033', yzm: newCode }, token)).body).toMatchObject({
      code: 100,
      msg: ACCOUNT_TEXTS.changeTicket,
    });

    await t.sendCode('', 'change_phone', token);
    const verified = await t.post('/member/verifyPhone', { yzm: await t.lastCode(phone) }, token);
    expect(verified.body.code).toBe(200);
    const ticket = verified.body.data.ticket;
    expect((await t.post('/member/bindingPhone', { phone: DEMO.member, yzm: '123456', ticket }, token)).body).toMatchObject({
      code: 100,
      msg: ACCOUNT_TEXTS.phoneBound,
    });
    const done = await t.post('/member/bindingPhone', { phone: '13700000033', yzm: newCode, ticket }, token);
    expect(done.body).toMatchObject({ code: 200, data: { phone: '13700000033' } });
    expect((await t.post('/login', { type: 1, phone: '13700000033', password: 'abc12345' })).body.code).toBe(200);
    // Another member's ticket is worthless.
    const other = await t.login(DEMO.coach);
    expect((await t.post('/member/bindingPhone', { phone: '13700000034', yzm: '123456', ticket }, other)).body).toMatchObject({
      code: 100,
      msg: ACCOUNT_TEXTS.changeTicket,
    });
  });

  it('edits the profile and validates every field', async () => {
    const token = await registered('13700000035');
    const ok = await t.post(
      '/member/memberInfoEdit',
      { nick_name: '咏春小龙', gender: 1, birthday: '1995-06-01', intro: '练拳十年' },
      token,
    );
    expect(ok.body).toMatchObject({ code: 200, msg: '保存成功' });
    expect((await t.post('/member/memberInfo', {}, token)).body.data).toMatchObject({
      nick_name: '咏春小龙',
      gender: 1,
      birthday: '1995-06-01',
      intro: '练拳十年',
    });
    expect((await t.post('/member/memberInfoEdit', { nick_name: '' }, token)).body).toMatchObject({ code: 100, msg: '请填写昵称' });
    expect((await t.post('/member/memberInfoEdit', { birthday: '2990-01-01' }, token)).body).toMatchObject({
      code: 100,
      msg: '生日不正确',
    });
    expect((await t.post('/member/memberInfoEdit', { avatar: 'https://evil.example/x.png' }, token)).body).toMatchObject({
      code: 100,
      msg: '头像地址不正确，请重新上传',
    });
    expect((await t.post('/member/memberInfoEdit', { nick_name: 'x' })).body.code).toBe(101);
  });

  it('keeps the database free of plain passwords', async () => {
    const [u] = await t.db.select().from(users).where(eq(users.phone, '13700000001'));
    expect(u!.passwordHash).toMatch(/^scrypt\$/);
    expect(u!.passwordHash).not.toContain('abc12345');
  });
});
