import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { T } from '~/lib/texts';
import { LOCAL_PLACE, NEW_DEVICE_DAYS, SESSION_TEXTS } from '~/lib/rules/sessions';
import { messages, sessions, users } from '~/server/db/schema';
import { hashPassword } from '~/server/security/password';
import { tokenHash } from '~/server/security/tokens';
import { startApi, type TestApi } from '../helpers/api';

/** 登录设备: the list, revoking one or the others, token rotation, and the new-device notice. */
let t: TestApi;
beforeAll(async () => {
  t = await startApi();
});
afterAll(() => t.stop());

const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const CHROME_WIN_NEXT = CHROME_WIN.replace('Chrome/140', 'Chrome/141');
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let phones = 0;
/** A member with the password abc12345 and no session yet. */
async function member(): Promise<{ id: number; phone: string }> {
  const phone = `1370001${String(phones++).padStart(4, '0')}`;
  const [u] = await t.db
    .insert(users)
    .values({ phone, nickName: `设备${phones}`, passwordHash: await hashPassword('abc12345') })
    .returning();
  return { id: u!.id, phone };
}

/** Logs in from a browser (User-Agent) at an address; answers the token. */
async function loginFrom(phone: string, ua: string, ip: string, password = 'abc12345'): Promise<string> {
  const res = await t.post('/login', { type: 1, phone, password }, undefined, { 'user-agent': ua, 'x-forwarded-for': ip });
  expect(res.body.code).toBe(200);
  return res.body.data.token;
}

const list = async (token: string) => (await t.post('/member/sessionList', {}, token)).body;
const alive = async (token: string) => (await t.post('/member/memberInfo', {}, token)).body.code;
const sessionIdOf = async (token: string) =>
  (
    await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(token)))
  )[0]!.id;
const notices = (userId: number) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.title, SESSION_TEXTS.noticeTitle)))
    .orderBy(desc(messages.id));

describe('登录设备 list', () => {
  it('lists my live sessions, this one first and marked, with device and a masked place', async () => {
    const m = await member();
    const pc = await loginFrom(m.phone, CHROME_WIN, '112.64.10.20');
    const phone = await loginFrom(m.phone, SAFARI_IPHONE, '192.168.1.5');
    const body = await list(phone);
    expect(body.code).toBe(200);
    expect(body.data.list).toHaveLength(2);
    expect(body.data.list[0]).toMatchObject({ device: 'Safari 17 · iOS 17', kind: 'mobile', place: LOCAL_PLACE, current: 1 });
    expect(body.data.list[1]).toMatchObject({ device: 'Chrome 140 · Windows 10', kind: 'desktop', place: '112.64.*.*', current: 0 });
    expect(body.data.list[1]!.id).toBe(await sessionIdOf(pc));
    // Nothing of the address beyond its first half, and no token.
    expect(JSON.stringify(body.data)).not.toContain('112.64.10');
    expect(JSON.stringify(body.data)).not.toContain(pc);
  });

  it('needs login', async () => {
    expect((await t.post('/member/sessionList')).body).toMatchObject({ code: 101, msg: T.loginFirst });
  });

  it('records activity at most once every few minutes, with the last address', async () => {
    const m = await member();
    const token = await loginFrom(m.phone, CHROME_WIN, '112.64.10.20');
    const id = await sessionIdOf(token);
    const row = async () => (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
    const created = (await row()).lastSeenAt.getTime();
    // A request a moment later changes nothing.
    await t.post('/member/memberInfo', {}, token, { 'x-forwarded-for': '58.30.1.1' });
    expect((await row()).lastSeenAt.getTime()).toBe(created);
    expect((await row()).lastIp).toBe('112.64.10.20');
    // Ten minutes later (moved back in the table), the next lookup that reaches the database records it.
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(eq(sessions.id, id));
    // A profile edit forgets the member's remembered sessions, so the next request looks the token up.
    expect((await t.post('/member/memberInfoEdit', {}, token)).body.code).toBe(200);
    await t.post('/member/memberInfo', {}, token, { 'x-forwarded-for': '58.30.1.1' });
    const touched = await row();
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(60_000);
    expect(touched.lastIp).toBe('58.30.1.1');
    expect((await list(token)).data.list[0]!.place).toBe('58.30.*.*');
  });
});

describe('退出该设备 / 退出其他设备', () => {
  it('revokes one of my sessions: it stops working at once, mine goes on', async () => {
    const m = await member();
    const a = await loginFrom(m.phone, CHROME_WIN, '112.64.10.20');
    const b = await loginFrom(m.phone, SAFARI_IPHONE, '58.30.1.1');
    expect(await alive(b)).toBe(200); // b is now remembered for a few seconds
    const res = await t.post('/member/sessionRevoke', { id: await sessionIdOf(b) }, a);
    expect(res.body).toMatchObject({ code: 200, msg: SESSION_TEXTS.revoked });
    expect(await alive(b)).toBe(101);
    expect(await alive(a)).toBe(200);
    expect((await list(a)).data.list).toHaveLength(1);
    // Once gone, it is gone.
    expect((await t.post('/member/sessionRevoke', { id: await sessionIdOf(b) }, a)).body).toMatchObject({
      code: 404,
      msg: SESSION_TEXTS.notFound,
    });
  });

  it('cannot revoke another member’s session', async () => {
    const mine = await member();
    const theirs = await member();
    const me = await loginFrom(mine.phone, CHROME_WIN, '112.64.10.20');
    const them = await loginFrom(theirs.phone, CHROME_WIN, '112.64.10.21');
    const res = await t.post('/member/sessionRevoke', { id: await sessionIdOf(them) }, me);
    expect(res.body).toMatchObject({ code: 404, msg: SESSION_TEXTS.notFound });
    expect(await alive(them)).toBe(200);
    expect((await t.post('/member/sessionRevoke', { id: 'x' }, me)).body.code).toBe(100);
  });

  it('revokes every other session and keeps this one', async () => {
    const m = await member();
    const a = await loginFrom(m.phone, CHROME_WIN, '112.64.10.20');
    const b = await loginFrom(m.phone, SAFARI_IPHONE, '58.30.1.1');
    const c = await loginFrom(m.phone, CHROME_WIN, '58.30.1.2');
    expect(await alive(b)).toBe(200);
    const res = await t.post('/member/sessionRevokeOthers', {}, a);
    expect(res.body).toMatchObject({ code: 200, msg: SESSION_TEXTS.revokedOthers, data: { count: 2 } });
    expect(await alive(b)).toBe(101);
    expect(await alive(c)).toBe(101);
    expect(await alive(a)).toBe(200);
    expect((await list(a)).data.list.map((s: { current: number }) => s.current)).toEqual([1]);
  });
});

describe('password and phone changes', () => {
  it('a password change ends every session and hands this device a fresh token', async () => {
    const m = await member();
    const a = await loginFrom(m.phone, CHROME_WIN, '112.64.10.20');
    const b = await loginFrom(m.phone, SAFARI_IPHONE, '58.30.1.1');
    expect(await alive(a)).toBe(200);
    const res = await t.post('/member/editPw', { old_password: 'abc12345', password: 'new12345', passwords: 'new12345' }, a, {
      'user-agent': CHROME_WIN,
      'x-forwarded-for': '112.64.10.20',
    });
    expect(res.body).toMatchObject({ code: 200, msg: T.changed, data: { user_id: m.id } });
    const fresh: string = res.body.data.token;
    expect(await alive(a)).toBe(101);
    expect(await alive(b)).toBe(101);
    expect(await alive(fresh)).toBe(200);
    const now = (await list(fresh)).data.list;
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ device: 'Chrome 140 · Windows 10', place: '112.64.*.*', current: 1 });
    // The old token cannot change it again.
    expect((await t.post('/member/editPw', { old_password: 'new12345', password: 'abc12345', passwords: 'abc12345' }, a)).body.code).toBe(
      101,
    );
  });

  it('wrong old passwords count against the login lockout', async () => {
    const m = await member();
    const a = await loginFrom(m.phone, CHROME_WIN, '112.64.10.20');
    const wrong = { old_password: 'bad12345', password: 'new12345', passwords: 'new12345' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.post('/member/editPw', wrong, a)));
    expect(answers.filter((r) => r.body.code === 100)).toHaveLength(4);
    expect(answers.filter((r) => r.body.code === 429)).toHaveLength(4);
    expect((await t.post('/login', { type: 1, phone: m.phone, password: 'abc12345' })).body.code).toBe(429);
    expect(await alive(a)).toBe(200);
  });

  it('a forgotten-password reset ends every session', async () => {
    const m = await member();
    const a = await loginFrom(m.phone, CHROME_WIN, '112.64.10.20');
    const b = await loginFrom(m.phone, SAFARI_IPHONE, '58.30.1.1');
    expect(await alive(a)).toBe(200);
    await t.sendCode(m.phone, 'forget_pw');
    const res = await t.post('/forgetPassword', {
      phone: m.phone,
      password: 'new12345',
      passwords: 'new12345',
      yzm: await t.lastCode(m.phone),
    });
    expect(res.body.code).toBe(200);
    expect(await alive(a)).toBe(101);
    expect(await alive(b)).toBe(101);
  });

  it('a phone change ends the other sessions; a pay-password change ends none', async () => {
    const m = await member();
    const a = await loginFrom(m.phone, CHROME_WIN, '112.64.10.20');
    const b = await loginFrom(m.phone, SAFARI_IPHONE, '58.30.1.1');
    await t.sendCode('', 'pay_password', a);
    expect(
      (await t.post('/member/editPayPw', { password: '205813', passwords: '205813', yzm: await t.lastCode(m.phone) }, a)).body.code,
    ).toBe(200);
    expect(await alive(b)).toBe(200);
    await t.skipCooldown(m.phone);
    await t.sendCode('', 'change_phone', a);
    const { ticket } = (await t.post('/member/verifyPhone', { yzm: await t.lastCode(m.phone) }, a)).body.data;
    const next = `1370002${String(phones).padStart(4, '0')}`;
    await t.sendCode(next, 'bind_phone');
    expect((await t.post('/member/bindingPhone', { phone: next, yzm: await t.lastCode(next), ticket }, a)).body.code).toBe(200);
    expect(await alive(a)).toBe(200);
    expect(await alive(b)).toBe(101);
  });
});

describe('new-device notice', () => {
  it('only for a browser or place not seen within the window, never on the first login', async () => {
    const m = await member();
    await loginFrom(m.phone, CHROME_WIN, '112.64.10.20');
    expect(await notices(m.id)).toHaveLength(0); // the first login of the account
    await loginFrom(m.phone, CHROME_WIN, '112.64.99.1'); // same browser, same /16
    await loginFrom(m.phone, CHROME_WIN_NEXT, '112.64.10.20'); // a browser update is not a new device
    expect(await notices(m.id)).toHaveLength(0);

    const phone = await loginFrom(m.phone, SAFARI_IPHONE, '112.64.10.20');
    const [n] = await notices(m.id);
    expect(n).toMatchObject({ kind: 'notice', link: '/account/setting/safe#devices' });
    expect(n!.content).toContain('Safari 17 · iOS 17');
    expect(n!.content).toContain('112.64.*.*');
    expect(n!.content).toContain('href="/account/setting/password"');
    expect(n!.content).toMatch(/于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 在新设备上登录/);
    // It reaches the member through the ordinary notice list.
    const box = await t.post('/member/messageList', { type: 'notice', page: 1, limit: 10 }, phone);
    expect(box.body.data.list[0]).toMatchObject({ title: SESSION_TEXTS.noticeTitle, is_read: 0 });

    await loginFrom(m.phone, CHROME_WIN, '58.30.1.1'); // a known browser from another place
    expect(await notices(m.id)).toHaveLength(2);
    await loginFrom(m.phone, CHROME_WIN, '58.30.1.1');
    expect(await notices(m.id)).toHaveLength(2);
  });

  it(`again for a device last seen more than ${NEW_DEVICE_DAYS} days ago`, async () => {
    const m = await member();
    await loginFrom(m.phone, CHROME_WIN, '112.64.10.20');
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(days => ${NEW_DEVICE_DAYS + 1})` })
      .where(eq(sessions.userId, m.id));
    await loginFrom(m.phone, CHROME_WIN, '112.64.10.20');
    expect(await notices(m.id)).toHaveLength(1);
  });

  it('not for the login that registration makes, nor the next one from the same device', async () => {
    const phone = '13700029999';
    await t.sendCode(phone, 'register');
    const reg = await t.post('/register', { phone, yzm: await t.lastCode(phone), password: 'abc12345', passwords: 'abc12345' }, undefined, {
      'user-agent': CHROME_WIN,
      'x-forwarded-for': '112.64.10.20',
    });
    expect(reg.body.code).toBe(200);
    await loginFrom(phone, CHROME_WIN, '112.64.10.20');
    expect(await notices(reg.body.data.user_id)).toHaveLength(0);
  });
});
