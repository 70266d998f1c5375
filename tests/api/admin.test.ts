import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, staff, staffSessions } from '~/server/db/schema';
import { DEMO_STAFF, DEMO_STAFF_TOTP } from '~/server/seed/staff';
import { totpCode } from '~/server/modules/admin/totp';
import { audit } from '~/server/console/audit';
import { createStaff } from '~/server/modules/admin/staff.service';
import { registerQueue } from '~/server/console/queues';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
beforeAll(async () => {
  t = await startApi();
});
afterAll(() => t.stop());

const SUPER = DEMO_STAFF[0]!.phone;
const cookieOf = (headers: Headers) => (headers.get('set-cookie') ?? '').split(';')[0]!;

describe('staff login', () => {
  it('needs the password and the current TOTP code; sets an httpOnly, SameSite=Strict cookie', async () => {
    const wrongCode = await t.post('/admin/login', { phone: SUPER, password: 'gongfu123', code: '000000' });
    expect(wrongCode.body).toMatchObject({ code: 100, msg: '手机号、密码或动态验证码不正确' });
    const wrongPw = await t.post('/admin/login', { phone: SUPER, password: 'nope-nope', code: totpCode(DEMO_STAFF_TOTP) });
    expect(wrongPw.body.code).toBe(100);
    const ok = await t.post('/admin/login', { phone: SUPER, password: 'gongfu123', code: totpCode(DEMO_STAFF_TOTP) });
    expect(ok.body).toMatchObject({ code: 200, data: { phone: SUPER, role: 'super', role_text: '超级管理员' } });
    const setCookie = ok.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^gf_staff=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const me = await t.post('/admin/me', {}, undefined, { cookie: cookieOf(ok.headers) });
    expect(me.body.data).toMatchObject({ phone: SUPER, role: 'super' });
  });

  it('refuses a code that was already used (no replay)', async () => {
    const phone = DEMO_STAFF[1]!.phone;
    const code = totpCode(DEMO_STAFF_TOTP);
    expect((await t.post('/admin/login', { phone, password: 'gongfu123', code })).body.code).toBe(200);
    const again = await t.post('/admin/login', { phone, password: 'gongfu123', code });
    expect(again.body).toMatchObject({ code: 100, msg: '该动态验证码已使用，请等待验证器显示下一个验证码' });
  });

  it('locks a phone after five failures, even with the right code afterwards', async () => {
    const made = await createStaff({ phone: '13911112222', name: '锁定测试', role: 'support', password: 'longenough1' });
    for (let i = 0; i < 5; i++) await t.post('/admin/login', { phone: '13911112222', password: 'wrong-pass', code: '123456' });
    const locked = await t.post('/admin/login', { phone: '13911112222', password: 'longenough1', code: totpCode(made.secret) });
    expect(locked.body.msg).toContain('登录失败次数过多');
  });

  it('keeps the TOTP secret sealed in the database', async () => {
    const [row] = await t.db.select().from(staff).where(eq(staff.phone, SUPER));
    expect(row!.totpSecret).not.toContain(DEMO_STAFF_TOTP);
    expect(row!.totpSecret.startsWith('v1.')).toBe(true);
  });

  it('refuses a disabled account at login and ends its sessions at once', async () => {
    const made = await createStaff({ phone: '13911113333', name: '停用测试', role: 'content', password: 'longenough1' });
    const login = await t.post('/admin/login', { phone: '13911113333', password: 'longenough1', code: totpCode(made.secret) });
    const cookie = cookieOf(login.headers);
    expect((await t.post('/admin/me', {}, undefined, { cookie })).body.code).toBe(200);
    await t.db.update(staff).set({ status: 0 }).where(eq(staff.id, made.id));
    expect((await t.post('/admin/me', {}, undefined, { cookie })).body.code).toBe(101);
    const again = await t.post('/admin/login', {
      phone: '13911113333',
      password: 'longenough1',
      code: totpCode(made.secret, Date.now() + 30_000),
    });
    expect(again.body.msg).toContain('已停用');
  });
});

describe('staff sessions', () => {
  it('end on logout, after 30 idle minutes, and after the absolute limit', async () => {
    const cookie = await t.staffCookie('finance');
    const token = cookie.split('=')[1]!;
    expect((await t.post('/admin/me', {}, undefined, { cookie })).body.code).toBe(200);
    expect((await t.post('/admin/logout', {}, undefined, { cookie })).body.code).toBe(200);
    const out = await t.post('/admin/me', {}, undefined, { cookie });
    expect(out.body).toMatchObject({ code: 101, msg: '管理后台登录已过期，请重新登录' });
    expect(token).toBeTruthy();

    const idle = await t.staffCookie('finance');
    await t.db.update(staffSessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await t.post('/admin/me', {}, undefined, { cookie: idle })).body.code).toBe(101);

    const old = await t.staffCookie('finance');
    await t.db.update(staffSessions).set({ hardExpiresAt: sql`now() - interval '1 second'` });
    expect((await t.post('/admin/me', {}, undefined, { cookie: old })).body.code).toBe(101);
  });

  it('are never accepted from a member token, however privileged the member', async () => {
    for (const phone of Object.values(DEMO)) {
      const token = await t.login(phone);
      expect((await t.post('/admin/me', {}, token)).body.code).toBe(101);
    }
  });
});

describe('dashboard and audit log', () => {
  it('shows each role only the queues it works', async () => {
    registerQueue({ key: 'test-finance', label: '测试队列', href: '/admin/withdrawals', roles: ['finance'], count: async () => 3 });
    const finance = await t.post('/admin/dashboard', {}, undefined, { cookie: await t.staffCookie('finance') });
    expect(finance.body.data.queues).toContainEqual({ key: 'test-finance', label: '测试队列', href: '/admin/withdrawals', count: 3 });
    const content = await t.post('/admin/dashboard', {}, undefined, { cookie: await t.staffCookie('content') });
    expect(content.body.data.queues.map((q: { key: string }) => q.key)).not.toContain('test-finance');
  });

  it('keeps audit rows append-only and shows them to super', async () => {
    const [s] = await t.db.select().from(staff).where(eq(staff.phone, SUPER));
    const ctx = {
      staff: { id: s!.id, name: s!.name, phone: s!.phone, role: 'super' as const },
      c: { req: { raw: new Request('http://x/'), header: () => '10.1.2.3' } },
    };
    await audit(t.db, ctx as never, {
      action: 'member.disable',
      target: 'users',
      targetId: 7,
      before: { status: 1 },
      after: { status: 0 },
      note: '测试',
    });
    await expect(t.db.update(auditLog).set({ note: 'changed' })).rejects.toThrow();
    await expect(t.db.delete(auditLog)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const list = await t.post('/admin/audit', { action: 'member.disable', target_id: '7' }, undefined, {
      cookie: await t.staffCookie('super'),
    });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({
      action: 'member.disable',
      target: 'users',
      target_id: '7',
      before: { status: 1 },
      after: { status: 0 },
      note: '测试',
      staff_role: '超级管理员',
    });
    const denied = await t.post('/admin/audit', {}, undefined, { cookie: await t.staffCookie('support') });
    expect(denied.body.code).toBe(403);
  });
});

describe('staff management (super)', () => {
  it('creates an account whose one-time secret logs in; refuses a second account for the phone', async () => {
    const cookie = await t.staffCookie('super');
    const made = await t.post(
      '/admin/staffCreate',
      { phone: '13922223333', name: '新客服', role: 'support', password: 'longenough1' },
      undefined,
      { cookie },
    );
    expect(made.body.data.staff).toMatchObject({ phone: '13922223333', role: 'support', status: 1, last_login_at: null });
    expect(made.body.data.qr).toMatch(/^data:image\/png;base64,/);
    const login = await t.post('/admin/login', { phone: '13922223333', password: 'longenough1', code: totpCode(made.body.data.secret) });
    expect(login.body.data).toMatchObject({ role: 'support' });
    const again = await t.post(
      '/admin/staffCreate',
      { phone: '13922223333', name: '重复', role: 'support', password: 'longenough1' },
      undefined,
      { cookie },
    );
    expect(again.body).toMatchObject({ code: 100, msg: '该手机号已有后台账号' });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'));
    expect(JSON.stringify(row!.after)).not.toMatch(/hash|secret/i);
  });

  it('changes a role, stops an account (its sessions end) and resets its second factor', async () => {
    const cookie = await t.staffCookie('super');
    const made = await createStaff({ phone: '13922224444', name: '财务乙', role: 'finance', password: 'longenough1' });
    const role = await t.post('/admin/staffRole', { id: made.id, role: 'content' }, undefined, { cookie });
    expect(role.body.data).toMatchObject({ role: 'content', role_text: '内容运营' });

    const login = await t.post('/admin/login', { phone: '13922224444', password: 'longenough1', code: totpCode(made.secret) });
    const theirs = cookieOf(login.headers);
    const reset = await t.post('/admin/staffResetTotp', { id: made.id }, undefined, { cookie });
    expect(reset.body.data.secret).not.toBe(made.secret);
    expect((await t.post('/admin/me', {}, undefined, { cookie: theirs })).body.code).toBe(101);
    const old = await t.post('/admin/login', {
      phone: '13922224444',
      password: 'longenough1',
      code: totpCode(made.secret, Date.now() + 30_000),
    });
    expect(old.body.code).toBe(100);
    const fresh = await t.post('/admin/login', { phone: '13922224444', password: 'longenough1', code: totpCode(reset.body.data.secret) });
    expect(fresh.body.code).toBe(200);

    const off = await t.post('/admin/staffStatus', { id: made.id, status: 0 }, undefined, { cookie });
    expect(off.body.data.status).toBe(0);
    expect((await t.post('/admin/me', {}, undefined, { cookie: cookieOf(fresh.headers) })).body.code).toBe(101);
    const actions = (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(made.id)))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.role', 'staff.reset_totp', 'staff.disable']));
  });

  it('never lets super change their own account', async () => {
    const [me] = await t.db.select().from(staff).where(eq(staff.phone, SUPER));
    const res = await t.post('/admin/staffStatus', { id: me!.id, status: 0 }, undefined, { cookie: await t.staffCookie('super') });
    expect(res.body).toMatchObject({ code: 100, msg: '不能修改自己的账号，请让另一位超级管理员操作' });
  });
});
