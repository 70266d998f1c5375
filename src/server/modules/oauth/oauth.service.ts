import { recordReferral } from '../referral/referral.service';
import { randomBytes } from 'node:crypto';
import { and, eq, or, type SQL } from 'drizzle-orm';
import { db } from '../../db';
import { oauthBindings, users } from '../../db/schema';
import { log } from '../../log';
import { refuse } from '../../http/errors';
import { OAUTH_NAMES, oauthProvider, wechatMp, type OAuthKind, type OAuthProfile, type OAuthProvider } from '../../providers/oauth';
import { spendOnce } from '../../security/spent';
import { sign, verifySignature } from '../../security/tokens';
import { consumeSmsCode } from '../verify/sms-code.service';
import { startLoginSession } from '../auth/session.service';
import { loginData, type LoginData } from '../auth/auth.service';
import { disabledMessage } from '../auth/member-block';
import { T } from '~/lib/texts';
import type { BindState, OAuthProviders, OAuthPurpose, ThirdLoginResult } from '~/lib/api/contract/oauth';

export type { OAuthPurpose, ThirdLoginResult };
type Meta = { source: string; ip: string; userAgent: string };

export const OAUTH_TEXTS = {
  badState: '授权已失效，请重新登录',
  failed: (name: string) => `${name}授权失败，请重试`,
  boundElsewhere: (name: string) => `该${name}已绑定其他账号`,
  alreadyBound: (name: string) => `当前账号已绑定${name}，请先解绑`,
  phoneHasOther: (name: string) => `该手机号已绑定其他${name}账号`,
  badTicket: '绑定已超时，请重新授权登录',
  keepOneLogin: '请先设置登录密码，再解除绑定',
  notBound: (name: string) => `当前账号未绑定${name}`,
} as const;

const STATE_LIFE_MS = 10 * 60_000;
const TICKET_LIFE_MS = 15 * 60_000;

/**
 * Which app a flow runs through: `web` the website login (QR code, QQ), `mp` WeChat's official
 * account, for the mobile site opened inside WeChat (its web OAuth, back to /m/account/wechat).
 */
export type OAuthChannel = 'web' | 'mp';

function provider(kind: OAuthKind, channel: OAuthChannel = 'web'): OAuthProvider {
  const p = channel === 'mp' && kind === 'wx' ? wechatMp() : oauthProvider(kind);
  if (!p) throw refuse(T.providerNotConfigured(OAUTH_NAMES[kind]));
  return p;
}

/** The state names the app: `wx` (website), `wxmp` (official account) or `qq`. */
const stateKind = (kind: OAuthKind, channel: OAuthChannel) => (kind === 'wx' && channel === 'mp' ? 'wxmp' : kind);

/**
 * The authorize URL and the browser nonce for it. The state is `purpose.kind.expiry.nonce.sig`;
 * the nonce also goes into a cookie, so a state only works in the browser that asked for it.
 */
export function startOAuth(kind: OAuthKind, purpose: OAuthPurpose, channel: OAuthChannel = 'web'): { url: string; nonce: string } {
  const p = provider(kind, channel);
  const nonce = randomBytes(12).toString('base64url');
  const body = `${purpose}.${stateKind(kind, channel)}.${(Date.now() + STATE_LIFE_MS).toString(36)}.${nonce}`;
  return { url: p.authorizeUrl(`${body}.${sign(body)}`), nonce };
}

/**
 * Checks a state from the callback (signature, expiry, purpose, browser nonce, first use); answers
 * the app it was issued for, whose credentials exchange the code.
 */
async function checkState(state: string, kind: OAuthKind, purpose: OAuthPurpose, browserNonce: string): Promise<OAuthChannel> {
  const parts = state.split('.');
  if (parts.length !== 5) throw refuse(OAUTH_TEXTS.badState);
  const [p, k, exp, nonce, sig] = parts as [string, string, string, string, string];
  const body = `${p}.${k}.${exp}.${nonce}`;
  const channel: OAuthChannel = k === 'wxmp' ? 'mp' : 'web';
  const known = k === stateKind(kind, channel);
  if (!verifySignature(body, sig) || p !== purpose || !known || parseInt(exp, 36) < Date.now() || nonce !== browserNonce) {
    throw refuse(OAUTH_TEXTS.badState);
  }
  if (!(await spendOnce(`oauth:${nonce}`, new Date(parseInt(exp, 36))))) throw refuse(OAUTH_TEXTS.badState);
  return channel;
}

/**
 * The bindings of one person at a provider: the same openid, or the same unionid — WeChat gives
 * the website login and the official account different openids but one unionid per person.
 */
function samePerson(kind: OAuthKind, p: Pick<OAuthProfile, 'openid' | 'unionid'>): SQL | undefined {
  const id = p.unionid ? or(eq(oauthBindings.openid, p.openid), eq(oauthBindings.unionid, p.unionid)) : eq(oauthBindings.openid, p.openid);
  return and(eq(oauthBindings.provider, kind), id);
}

async function profileFor(kind: OAuthKind, code: string, channel: OAuthChannel = 'web'): Promise<OAuthProfile> {
  try {
    return await provider(kind, channel).profile(code);
  } catch (err) {
    log.warn('oauth exchange failed', { kind, error: String(err) });
    throw refuse(OAUTH_TEXTS.failed(OAUTH_NAMES[kind]));
  }
}

function ticketFor(kind: OAuthKind, p: OAuthProfile): string {
  const body = Buffer.from(
    JSON.stringify({ k: kind, o: p.openid, u: p.unionid, n: p.nickName.slice(0, 32), e: Date.now() + TICKET_LIFE_MS }),
  ).toString('base64url');
  return `${body}.${sign(`ticket.${body}`)}`;
}

function readTicket(ticket: string): { kind: OAuthKind; profile: OAuthProfile } {
  const [body, sig] = ticket.split('.');
  if (!body || !sig || !verifySignature(`ticket.${body}`, sig)) throw refuse(OAUTH_TEXTS.badTicket);
  const t = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { k: OAuthKind; o: string; u: string; n: string; e: number };
  if (t.e < Date.now()) throw refuse(OAUTH_TEXTS.badTicket);
  return { kind: t.k, profile: { openid: t.o, unionid: t.u, nickName: t.n, avatar: '' } };
}

/** /api/thirdLogin: logs in the user bound to this identity, or asks for a phone to bind. */
export async function thirdLogin(
  kind: OAuthKind,
  code: string,
  state: string,
  browserNonce: string,
  meta: Meta,
): Promise<ThirdLoginResult> {
  const channel = await checkState(state, kind, 'login', browserNonce);
  const profile = await profileFor(kind, code, channel);
  const [row] = await db()
    .select({ user: users })
    .from(oauthBindings)
    .innerJoin(users, eq(users.id, oauthBindings.userId))
    .where(samePerson(kind, profile))
    .limit(1);
  if (row && row.user.phone) {
    if (row.user.status !== 1) throw refuse(await disabledMessage(row.user.id));
    return { need_bind: 0, ticket: '', nick_name: profile.nickName, user: loginData(row.user, await startLoginSession(row.user.id, meta)) };
  }
  return { need_bind: 1, ticket: ticketFor(kind, profile), nick_name: profile.nickName, user: null };
}

/**
 * /api/bindPhone: finishes a first third-party login. An existing account with that phone gets the
 * identity bound; otherwise a new member is created with it. Either way the user is logged in.
 */
export async function bindPhoneAndLogin(
  ticket: string,
  phone: string,
  yzm: string,
  meta: Meta,
  inviter?: string | undefined,
): Promise<LoginData> {
  const { kind, profile } = readTicket(ticket);
  const name = OAUTH_NAMES[kind];
  const [existing] = await db().select().from(users).where(eq(users.phone, phone)).limit(1);
  if (existing) {
    const [other] = await db()
      .select({ openid: oauthBindings.openid, unionid: oauthBindings.unionid })
      .from(oauthBindings)
      .where(and(eq(oauthBindings.userId, existing.id), eq(oauthBindings.provider, kind)))
      .limit(1);
    const same = other && (other.openid === profile.openid || (!!profile.unionid && other.unionid === profile.unionid));
    if (other && !same) throw refuse(OAUTH_TEXTS.phoneHasOther(name));
  }
  const [taken] = await db().select({ userId: oauthBindings.userId }).from(oauthBindings).where(samePerson(kind, profile)).limit(1);
  if (taken && taken.userId !== existing?.id) throw refuse(OAUTH_TEXTS.boundElsewhere(name));
  await consumeSmsCode(phone, 'bind_phone', yzm);
  if (existing && existing.status !== 1) throw refuse(await disabledMessage(existing.id));

  const user = await db().transaction(async (tx) => {
    const [u] = existing
      ? [existing]
      : await tx
          .insert(users)
          .values({ phone, nickName: (profile.nickName || `功夫学员${phone.slice(-4)}`).slice(0, 16) })
          .returning();
    if (!u) throw new Error('user insert returned nothing');
    if (!existing) await recordReferral(tx, u.id, inviter, kind);
    await tx
      .insert(oauthBindings)
      .values({ userId: u.id, provider: kind, openid: profile.openid, unionid: profile.unionid, nickName: profile.nickName })
      .onConflictDoNothing();
    return u;
  });
  // A new account has no earlier session, so only an existing one can hear of a new device.
  return loginData(user, await startLoginSession(user.id, meta));
}

/** /api/member/bindThird: binds a WeChat or QQ identity to the logged-in account. */
export async function bindThird(userId: number, kind: OAuthKind, code: string, state: string, browserNonce: string): Promise<void> {
  const channel = await checkState(state, kind, 'bind', browserNonce);
  const profile = await profileFor(kind, code, channel);
  const name = OAUTH_NAMES[kind];
  const [taken] = await db().select({ userId: oauthBindings.userId }).from(oauthBindings).where(samePerson(kind, profile)).limit(1);
  if (taken && taken.userId !== userId) throw refuse(OAUTH_TEXTS.boundElsewhere(name));
  if (taken) return;
  const [mine] = await db()
    .select({ id: oauthBindings.id })
    .from(oauthBindings)
    .where(and(eq(oauthBindings.userId, userId), eq(oauthBindings.provider, kind)))
    .limit(1);
  if (mine) throw refuse(OAUTH_TEXTS.alreadyBound(name));
  await db()
    .insert(oauthBindings)
    .values({ userId, provider: kind, openid: profile.openid, unionid: profile.unionid, nickName: profile.nickName });
}

/** /api/public/oauthProviders: which logins are configured. */
export function configuredProviders(): OAuthProviders {
  return { wx: oauthProvider('wx') ? 1 : 0, qq: oauthProvider('qq') ? 1 : 0, wxmp: wechatMp() ? 1 : 0 };
}

/** /api/member/hasBind: which identities are bound, and which providers can be used at all. */
export async function bindStatus(userId: number): Promise<BindState> {
  const rows = await db()
    .select({ provider: oauthBindings.provider, nick: oauthBindings.nickName })
    .from(oauthBindings)
    .where(eq(oauthBindings.userId, userId));
  const of = (k: OAuthKind) => rows.find((r) => r.provider === k);
  return {
    wx: of('wx') ? 1 : 0,
    qq: of('qq') ? 1 : 0,
    wx_nick_name: of('wx')?.nick ?? '',
    qq_nick_name: of('qq')?.nick ?? '',
    wx_enabled: oauthProvider('wx') ? 1 : 0,
    qq_enabled: oauthProvider('qq') ? 1 : 0,
  };
}

/** /api/member/cancelBind: unbinds, unless it is the only way left to log in. */
export async function cancelBind(userId: number, kind: OAuthKind): Promise<void> {
  const name = OAUTH_NAMES[kind];
  const [u] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  const rows = await db().select({ provider: oauthBindings.provider }).from(oauthBindings).where(eq(oauthBindings.userId, userId));
  if (!rows.some((r) => r.provider === kind)) throw refuse(OAUTH_TEXTS.notBound(name));
  if (!u?.hash && rows.length === 1) throw refuse(OAUTH_TEXTS.keepOneLogin);
  await db()
    .delete(oauthBindings)
    .where(and(eq(oauthBindings.userId, userId), eq(oauthBindings.provider, kind)));
}
