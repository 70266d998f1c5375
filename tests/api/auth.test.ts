import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { T } from '~/lib/texts';
import { sessions, users } from '~/server/db/schema';
import { hashPassword } from '~/server/security/password';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
beforeAll(async () => {
  t = await startApi();
});
afterAll(() => t.stop());

describe('/api/login', () => {
  it.each([
    ['member', DEMO.member, 0, 0],
    ['coach', DEMO.coach, 2, 0],
    ['shop owner', DEMO.mechant, 1, 0],
    ['provider', DEMO.provider, 0, 1],
  ])('logs the demo %s in with its identity', async (_role, phone, identity, serviceId) => {
    const res = await t.post('/login', { type: 1, phone, password: 'gongfu123' });
    expect(res.body).toMatchObject({ code: 200, msg: T.loginOk });
    expect(res.body.data).toMatchObject({ identity, service_id: serviceId, user_id: expect.any(Number), nick_name: expect.any(String) });
    expect(res.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(res.body.data.user_sig).toBeTruthy();
    expect(res.body.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  });

  it('gives one message for a wrong password and an unknown phone', async () => {
    const wrong = await t.post('/login', { type: 1, phone: DEMO.member, password: 'nope' });
    const unknown = await t.post('/login', { type: 1, phone: '13999999999', password: 'gongfu123' });
    expect(wrong.body).toMatchObject({ code: 100, msg: T.badCredentials });
    expect(unknown.body).toMatchObject({ code: 100, msg: T.badCredentials });
  });

  it('applies the SPEC phone rules', async () => {
    expect((await t.rawPost('/login', { type: 1, password: 'x' })).body).toMatchObject({ code: 100, msg: T.phoneRequired });
    expect((await t.post('/login', { type: 1, phone: '', password: 'x' })).body).toMatchObject({ code: 100, msg: T.phoneRequired });
    expect((await t.post('/login', { type: 1, phone: '12345678901', password: 'x' })).body).toMatchObject({
      code: 100,
      msg: T.phoneInvalid,
    });
    expect((await t.rawPost('/login', { type: 1, phone: DEMO.member })).body).toMatchObject({ code: 100, msg: T.passwordRequired });
  });

  it('accepts only login type 1', async () => {
    expect((await t.post('/login', { type: 2, phone: DEMO.member, password: 'gongfu123' })).body).toMatchObject({
      code: 100,
      msg: '暂不支持该登录方式',
    });
  });

  it('refuses a disabled account, but only with the right password', async () => {
    await t.db
      .insert(users)
      .values({ phone: '13700000009', passwordHash: await hashPassword('secret99'), nickName: '停用用户', status: 0 });
    expect((await t.post('/login', { type: 1, phone: '13700000009', password: 'wrong' })).body).toMatchObject({
      code: 100,
      msg: T.badCredentials,
    });
    expect((await t.post('/login', { type: 1, phone: '13700000009', password: 'secret99' })).body).toMatchObject({
      code: 403,
      msg: T.accountDisabled,
    });
  });

  it('stores neither the password nor the token in the clear', async () => {
    const token = await t.login(DEMO.member);
    const [u] = await t.db.select().from(users).where(eq(users.phone, DEMO.member));
    expect(u!.passwordHash).toMatch(/^scrypt\$/);
    expect(u!.passwordHash).not.toContain('gongfu123');
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, u!.id));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('/api/member/memberInfo and /api/logout', () => {
  it('needs a login', async () => {
    expect((await t.post('/member/memberInfo', {})).body).toMatchObject({ code: 101, msg: T.loginFirst });
    expect((await t.post('/member/memberInfo', {}, 'not-a-real-token')).body).toMatchObject({ code: 101, msg: T.sessionExpired });
  });

  it('answers the caller’s own profile', async () => {
    const token = await t.login(DEMO.coach);
    const res = await t.post('/member/memberInfo', {}, token);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ identity: 2, phone: '138****0002', has_phone: true, nick_name: '陈师傅' });
  });

  it('revokes the token at logout, and only that one', async () => {
    const a = await t.login(DEMO.member);
    const b = await t.login(DEMO.member);
    const out = await t.post('/logout', {}, a);
    expect(out.body).toMatchObject({ code: 200, msg: T.loggedOut });
    expect((await t.post('/member/memberInfo', {}, a)).body.code).toBe(101);
    expect((await t.post('/member/memberInfo', {}, b)).body.code).toBe(200);
    expect((await t.post('/logout', {}, a)).body.code).toBe(101);
  });

  it('refuses an expired session', async () => {
    const token = await t.login(DEMO.provider);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.post('/member/memberInfo', {}, token)).body).toMatchObject({ code: 101, msg: T.sessionExpired });
  });
});
