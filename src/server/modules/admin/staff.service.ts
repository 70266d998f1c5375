import { and, eq, gt, sql } from 'drizzle-orm';
import { STAFF_ROLES, STAFF_SESSION_IDLE_MIN, STAFF_SESSION_MAX_HOURS, type StaffRole } from '~/lib/rules/staff';
import { db } from '../../db';
import { staff, staffSessions } from '../../db/schema';
import type { StaffUser } from '../../http/context';
import { refuse } from '../../http/errors';
import { AttemptGuard, BUSY_TEXT, minutesText } from '../../security/limiter';
import { hashPassword, verifyPassword } from '../../security/password';
import { newToken, tokenHash } from '../../security/tokens';
import { acceptTotp, newTotpSecret, openTotpSecret, sealTotpSecret, totpUri } from './totp';

export type { StaffUser };

/** Five wrong logins (password or code) per phone in 15 minutes lock that phone for 15 minutes. */
const staffGuard = new AttemptGuard('staff_login', 5, 900, 900);

export const STAFF_LOGIN_FAILED = '手机号、密码或动态验证码不正确';
const CODE_USED = '该动态验证码已使用，请等待验证器显示下一个验证码';

/** Creates a staff account (the admin:create script); answers the TOTP secret to enrol once. */
export async function createStaff(input: {
  phone: string;
  name: string;
  role: StaffRole;
  password: string;
  totpSecret?: string;
}): Promise<{ id: number; secret: string; uri: string }> {
  if (!/^1[3-9]\d{9}$/.test(input.phone)) throw new Error('phone must be 11 digits starting 1[3-9]');
  if (!STAFF_ROLES.includes(input.role)) throw new Error(`role must be one of ${STAFF_ROLES.join(', ')}`);
  if (input.password.length < 8) throw new Error('password must have at least 8 characters');
  const secret = input.totpSecret ?? newTotpSecret();
  const [row] = await db()
    .insert(staff)
    .values({
      phone: input.phone,
      name: input.name.slice(0, 32),
      role: input.role,
      passwordHash: await hashPassword(input.password),
      totpSecret: sealTotpSecret(secret),
    })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff insert returned nothing');
  return { id: row.id, secret, uri: totpUri(secret, input.phone) };
}

/** Password + TOTP login; answers the session token for the httpOnly cookie. */
export async function loginStaff(input: {
  phone: string;
  password: string;
  code: string;
  ip: string;
}): Promise<{ token: string; staff: StaffUser }> {
  // What the check found, for after it (the account and the accepted time step).
  const seen: { row?: typeof staff.$inferSelect | undefined; step: ReturnType<typeof acceptTotp> } = { step: 'wrong' };
  // Only wrong logins count (a spent code too), and at most five are checked however many arrive at once.
  const r = await staffGuard.attempt(input.phone, async () => {
    const [found] = await db().select().from(staff).where(eq(staff.phone, input.phone)).limit(1);
    const passwordOk = await verifyPassword(input.password, found?.passwordHash);
    seen.row = found;
    seen.step = found && passwordOk ? acceptTotp(openTotpSecret(found.totpSecret), input.code, found.lastTotpStep) : 'wrong';
    return found !== undefined && typeof seen.step === 'number';
  });
  const { row, step } = seen;
  if (!r.ok || !row || typeof step !== 'number') {
    if (!r.ok && r.busy) throw refuse(BUSY_TEXT);
    if (!r.ok && r.blocked) throw refuse(`登录失败次数过多，请 ${minutesText(r.blocked)}后再试`);
    // Only someone who knows the password learns that the code was right but already spent.
    throw refuse(step === 'used' ? CODE_USED : STAFF_LOGIN_FAILED);
  }
  if (row.status !== 1) throw refuse('该管理账号已停用，请联系超级管理员');
  // Guarded on the step, so two logins racing with the same code cannot both pass.
  const used = await db()
    .update(staff)
    .set({ lastTotpStep: step, lastLoginAt: new Date() })
    .where(and(eq(staff.id, row.id), sql`${staff.lastTotpStep} < ${step}`))
    .returning({ id: staff.id });
  if (!used.length) throw refuse(CODE_USED);
  const token = newToken();
  const now = Date.now();
  await db()
    .insert(staffSessions)
    .values({
      staffId: row.id,
      tokenHash: tokenHash(token),
      ip: input.ip,
      expiresAt: new Date(now + STAFF_SESSION_IDLE_MIN * 60_000),
      hardExpiresAt: new Date(now + STAFF_SESSION_MAX_HOURS * 3_600_000),
    });
  return { token, staff: { id: row.id, phone: row.phone, name: row.name, role: row.role as StaffRole } };
}

/**
 * The staff member behind a session token, or null (unknown, revoked, idle too long, past its
 * absolute limit, or the account disabled). Each use pushes the idle expiry forward.
 */
export async function resolveStaff(token: string): Promise<StaffUser | null> {
  if (!token) return null;
  const now = new Date();
  const [row] = await db()
    .update(staffSessions)
    .set({ expiresAt: sql`least(${staffSessions.hardExpiresAt}, now() + make_interval(mins => ${STAFF_SESSION_IDLE_MIN}))` })
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash(token)),
        eq(staffSessions.revoked, false),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.hardExpiresAt, now),
      ),
    )
    .returning({ staffId: staffSessions.staffId });
  if (!row) return null;
  const [s] = await db()
    .select({ id: staff.id, phone: staff.phone, name: staff.name, role: staff.role, status: staff.status })
    .from(staff)
    .where(eq(staff.id, row.staffId))
    .limit(1);
  if (!s || s.status !== 1) return null;
  return { id: s.id, phone: s.phone, name: s.name, role: s.role as StaffRole };
}

export async function logoutStaff(token: string): Promise<void> {
  if (token)
    await db()
      .update(staffSessions)
      .set({ revoked: true })
      .where(eq(staffSessions.tokenHash, tokenHash(token)));
}
