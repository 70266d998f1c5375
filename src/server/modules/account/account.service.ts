import { recordReferral } from '../referral/referral.service';
import { and, eq, isNull } from 'drizzle-orm';
import { passwordError, payPasswordError } from '~/lib/rules/password';
import { T } from '~/lib/texts';
import { db } from '../../db';
import { users } from '../../db/schema';
import { AppError, refuse, tooMany } from '../../http/errors';
import { Code } from '~/lib/api/codes';
import { disabledMessage } from '../auth/member-block';
import { hashPassword, verifyPassword } from '../../security/password';
import { sign, verifySignature } from '../../security/tokens';
import { consumeSmsCode, SMS_TEXTS } from '../verify/sms-code.service';
import { ACCOUNT_TEXTS } from '~/lib/api/contract/account';
import {
  createSession,
  forgetSessions,
  startLoginSession,
  insertSession,
  revokeUserSessionsIn,
  type SessionMeta,
} from '../auth/session.service';
import { loginData, phoneGuard, type LoginData } from '../auth/auth.service';
import { BUSY_TEXT, minutesText } from '../../security/limiter';
import { SESSION_TEXTS } from '~/lib/rules/sessions';
import { normaliseStoredPath } from '../../providers/storage';
import { endChatLogins, syncChatAccount } from '../../providers/im/account-sync';

export { ACCOUNT_TEXTS };

/** Postgres unique violation (the phone was taken by a concurrent request). */
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

function checkNewPassword(password: string, passwords: string): void {
  if (password !== passwords) throw refuse(T.passwordsDiffer);
  const bad = passwordError(password);
  if (bad) throw refuse(bad);
}

/** /api/register: a new member with a verified phone, logged in at once. */
export async function register(
  input: { phone: string; yzm: string; password: string; passwords: string; inviter?: string | undefined },
  meta: SessionMeta,
): Promise<LoginData> {
  checkNewPassword(input.password, input.passwords);
  const [taken] = await db().select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
  if (taken) throw refuse(SMS_TEXTS.phoneTaken);
  await consumeSmsCode(input.phone, 'register', input.yzm);
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db().transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({ phone: input.phone, passwordHash, nickName: `功夫学员${input.phone.slice(-4)}` })
        .returning();
      if (!u) throw new Error('user insert returned nothing');
      await recordReferral(tx, u.id, input.inviter, 'phone');
      return u;
    });
    return loginData(user, await createSession(user.id, meta));
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(SMS_TEXTS.phoneTaken);
    throw err;
  }
}

/**
 * /api/loginSms: the mobile site's 验证码登录. The code proves the phone; a disabled account is
 * refused with the operator's reason, as a password login is.
 */
export async function loginWithSms(input: { phone: string; yzm: string }, meta: SessionMeta): Promise<LoginData> {
  const [user] = await db().select().from(users).where(eq(users.phone, input.phone)).limit(1);
  if (!user) throw refuse(SMS_TEXTS.phoneUnknown);
  await consumeSmsCode(input.phone, 'login', input.yzm);
  if (user.status !== 1) throw new AppError(Code.FORBIDDEN, await disabledMessage(user.id));
  return loginData(user, await startLoginSession(user.id, meta));
}

/** /api/forgetPassword: a new password by SMS; every session of the account ends (SPEC §4 修改成功). */
export async function forgetPassword(input: { phone: string; yzm: string; password: string; passwords: string }): Promise<void> {
  checkNewPassword(input.password, input.passwords);
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
  if (!user) throw refuse(SMS_TEXTS.phoneUnknown);
  await consumeSmsCode(input.phone, 'forget_pw', input.yzm);
  const passwordHash = await hashPassword(input.password);
  await db().transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeUserSessionsIn(tx, user.id);
  });
  forgetSessions({ userId: user.id });
  await endChatLogins(user.id);
}

/**
 * /api/member/editPw: needs the old password when one is set (wrong ones count against the same
 * lockout as logins). Every session of the account ends, this one included, and this device gets
 * a fresh token: a token that leaked before the change is worthless after it.
 */
export async function editPassword(
  current: { id: number; sessionId: number; phone: string | null },
  input: { old_password?: string | undefined; password: string; passwords: string },
  meta: SessionMeta,
): Promise<LoginData> {
  checkNewPassword(input.password, input.passwords);
  const userId = current.id;
  const [u] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  const oldHash = u?.hash ?? null;
  if (oldHash) {
    const r = await phoneGuard.attempt(current.phone ?? `user:${userId}`, () => verifyPassword(input.old_password ?? '', oldHash));
    if (!r.ok) {
      if (r.busy) throw tooMany(BUSY_TEXT);
      throw r.blocked ? tooMany(ACCOUNT_TEXTS.oldPasswordLocked(minutesText(r.blocked))) : refuse(ACCOUNT_TEXTS.oldPasswordWrong);
    }
    if (input.old_password === input.password) throw refuse(ACCOUNT_TEXTS.samePassword);
  }
  const passwordHash = await hashPassword(input.password);
  const done = await db().transaction(async (tx) => {
    // Guarded on the hash just checked: of two changes racing, the second finds nothing to change.
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), oldHash ? eq(users.passwordHash, oldHash) : isNull(users.passwordHash)))
      .returning();
    if (!user) throw refuse(SESSION_TEXTS.pwChangedMeanwhile);
    await revokeUserSessionsIn(tx, userId);
    return { user, session: await insertSession(userId, meta, tx) };
  });
  forgetSessions({ userId });
  // Before loginData signs this device's new user_sig: Tencent's kick voids the ones signed before it.
  await endChatLogins(userId);
  return loginData(done.user, done.session.token);
}

/** /api/member/editPayPw: six digits, confirmed by an SMS code to the member's phone. */
export async function editPayPassword(
  userId: number,
  phone: string | null,
  input: { password: string; passwords: string; yzm: string },
): Promise<void> {
  if (!phone) throw refuse(ACCOUNT_TEXTS.noPhone);
  if (input.password !== input.passwords) throw refuse(T.passwordsDiffer);
  const bad = payPasswordError(input.password);
  if (bad) throw refuse(bad);
  await consumeSmsCode(phone, 'pay_password', input.yzm);
  await db()
    .update(users)
    .set({ payPasswordHash: await hashPassword(input.password) })
    .where(eq(users.id, userId));
}

const TICKET_LIFE_MS = 10 * 60_000;

/** /api/member/verifyPhone: proves the old phone; answers a ticket for bindingPhone. */
export async function verifyOldPhone(userId: number, phone: string | null, yzm: string): Promise<{ ticket: string }> {
  if (!phone) throw refuse(ACCOUNT_TEXTS.noPhone);
  await consumeSmsCode(phone, 'change_phone', yzm);
  const body = `chg.${userId}.${(Date.now() + TICKET_LIFE_MS).toString(36)}`;
  return { ticket: `${body}.${sign(body)}` };
}

function validTicket(userId: number, ticket: string): boolean {
  const [kind, owner, expiry, sig, ...rest] = ticket.split('.');
  if (rest.length || kind !== 'chg' || owner !== String(userId) || !expiry || !sig) return false;
  return verifySignature(`${kind}.${owner}.${expiry}`, sig) && parseInt(expiry, 36) > Date.now();
}

/** /api/member/bindingPhone: binds a first phone, or changes it with a verifyPhone ticket (other sessions end). */
export async function bindPhone(
  userId: number,
  current: string | null,
  input: { phone: string; yzm: string; ticket?: string | undefined },
  sessionId?: number,
): Promise<{ phone: string }> {
  if (current) {
    if (!input.ticket || !validTicket(userId, input.ticket)) throw refuse(ACCOUNT_TEXTS.changeTicket);
    if (current === input.phone) throw refuse(ACCOUNT_TEXTS.samePhone);
  }
  const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
  if (owner && owner.id !== userId) throw refuse(ACCOUNT_TEXTS.phoneBound);
  await consumeSmsCode(input.phone, 'bind_phone', input.yzm);
  try {
    await db().transaction(async (tx) => {
      await tx.update(users).set({ phone: input.phone }).where(eq(users.id, userId));
      // A changed login phone ends the other devices' sessions (they sign in again with the new
      // number); this one stays, its holder having just proved both phones. A first phone ends none.
      if (current) await revokeUserSessionsIn(tx, userId, sessionId);
    });
    forgetSessions({ userId });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(ACCOUNT_TEXTS.phoneBound);
    throw err;
  }
  return { phone: input.phone };
}

/** /api/member/memberInfoEdit: the editable profile fields; omitted ones stay as they are. */
export async function editProfile(
  userId: number,
  input: {
    nick_name?: string | undefined;
    avatar?: string | undefined;
    gender?: number | undefined;
    birthday?: string | undefined;
    intro?: string | undefined;
  },
): Promise<void> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.nick_name !== undefined) set.nickName = input.nick_name;
  if (input.avatar !== undefined) {
    const avatar = normaliseStoredPath(input.avatar);
    if (avatar === null) throw refuse('头像地址不正确，请重新上传');
    set.avatar = avatar;
  }
  if (input.gender !== undefined) set.gender = input.gender;
  if (input.birthday !== undefined) set.birthday = input.birthday || null;
  if (input.intro !== undefined) set.intro = input.intro;
  if (Object.keys(set).length) {
    const [u] = await db().update(users).set(set).where(eq(users.id, userId)).returning();
    if (u && (set.nickName !== undefined || set.avatar !== undefined)) syncChatAccount(u);
  }
  forgetSessions({ userId });
}
