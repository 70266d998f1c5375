import type { SessionUser } from '~/lib/api/contract/auth';
import { eq } from 'drizzle-orm';
import { maskPhone } from '~/lib/rules/phone';
import { T } from '~/lib/texts';
import { db } from '../../db';
import { users } from '../../db/schema';
import { AppError, notFound, refuse, tooMany } from '../../http/errors';
import { AttemptGuard, BUSY_TEXT, minutesText } from '../../security/limiter';
import { Code } from '~/lib/api/codes';
import { verifyPassword } from '../../security/password';
import { userSig } from '../../providers/im/user-sig';
import { disabledMessage } from './member-block';
import { startLoginSession } from './session.service';
import { syncChatAccount } from '../../providers/im/account-sync';

/** What login answers (SPEC §3 "User"): the contract's session user. */
export type LoginData = SessionUser;

/** Five wrong passwords for a phone within 15 minutes lock it for 15 minutes. */
export const phoneGuard = new AttemptGuard('login_phone', 5, 900, 900);
/** Thirty failures from one address within 15 minutes block it for 15 minutes. */
export const ipGuard = new AttemptGuard('login_ip', 30, 900, 900);

const LOCKED = (seconds: number) => `密码错误次数过多，账号已临时锁定，请 ${minutesText(seconds)}后再试或找回密码`;

/** Password login. One message for an unknown phone and a wrong password (no account probing). */
export async function loginWithPassword(
  phone: string,
  password: string,
  meta: { source: string; ip: string; userAgent: string },
): Promise<LoginData> {
  const ipWait = meta.ip ? await ipGuard.blockedFor(meta.ip) : 0;
  if (ipWait) throw tooMany(`登录失败次数过多，请 ${minutesText(ipWait)}后再试`);
  const seen: { user?: typeof users.$inferSelect | undefined } = {};
  // Only wrong passwords count, and at most five are ever checked, however many arrive at once.
  // Counted per phone whether or not it exists, so the lockout reveals nothing either.
  const r = await phoneGuard.attempt(phone, async () => {
    const [found] = await db().select().from(users).where(eq(users.phone, phone)).limit(1);
    const good = (await verifyPassword(password, found?.passwordHash)) && found !== undefined;
    if (!good && meta.ip) await ipGuard.fail(meta.ip);
    seen.user = found;
    return good;
  });
  const { user } = seen;
  if (!r.ok || !user) {
    if (!r.ok && r.busy) throw tooMany(BUSY_TEXT);
    throw !r.ok && r.blocked ? tooMany(LOCKED(r.blocked)) : refuse(T.badCredentials);
  }
  if (user.status !== 1) throw new AppError(Code.FORBIDDEN, await disabledMessage(user.id));
  const token = await startLoginSession(user.id, meta);
  return loginData(user, token);
}

/** The login answer for a user and a fresh token. */
export function loginData(user: typeof users.$inferSelect, token: string): LoginData {
  // Every login (password, register, OAuth) passes here: the moment to create/refresh the Tencent IM account.
  syncChatAccount(user);
  return {
    token,
    user_id: user.id,
    nick_name: user.nickName,
    avatar: user.avatar,
    phone: maskPhone(user.phone),
    identity: user.identity,
    service_id: user.serviceId,
    user_sig: userSig(user.id),
  };
}

/** The member's own profile (/api/member/memberInfo). */
export async function memberInfo(userId: number) {
  const [u] = await db().select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound('用户不存在');
  return {
    user_id: u.id,
    nick_name: u.nickName,
    avatar: u.avatar,
    phone: maskPhone(u.phone),
    has_phone: Boolean(u.phone),
    gender: u.gender,
    birthday: u.birthday ?? '',
    intro: u.intro,
    identity: u.identity,
    service_id: u.serviceId,
    has_pay_password: Boolean(u.payPasswordHash),
    created_at: u.createdAt.toISOString(),
  };
}
