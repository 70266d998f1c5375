import { api } from '../api/client';
import { MOBILE_PATHS } from '../rules/mobile-redirect';
import { isWechatBrowser } from '../rules/payment';
import { phoneError } from '../rules/phone';
import { safeRedirect } from '../rules/redirect';
import { smsCodeError } from '../rules/sms';
import { runtime } from '../runtime';
import { T } from '../texts';
import { flash } from '../toast';
import { startThirdParty, type OAuthKind } from './account';
import { check } from './action';
import { forgetInviter, keptInviter } from './referral';
import { setSession, type SessionUser } from './session';

/*
 * Signing in on the phone (SPEC §2 mobile site): pages instead of the desktop's dialogs, the same
 * endpoints and SPEC §5 checks. Where to go afterwards is always a path of this site.
 */

/** Pages a member is never sent back to after signing in (they would ask to sign in again). */
const ENTRY = new RegExp(
  `^(${[MOBILE_PATHS.login, MOBILE_PATHS.register, MOBILE_PATHS.forgot, MOBILE_PATHS.bindPhone].join('|')})(?:[/?#]|$)`,
);

/** `?redirect=` when it is a page of this site (not a sign-in page), else 我的. */
export function mobileTarget(search: string, origin: string): string {
  const path = safeRedirect(new URLSearchParams(search).get('redirect'), origin, '');
  return path && !ENTRY.test(path) ? path : MOBILE_PATHS.my;
}

/** A sign-in page's link to another, keeping where the member is going (`?redirect=`) and the invitation. */
export function keepRedirect(path: string, search: string): string {
  const from = new URLSearchParams(search);
  const q = new URLSearchParams();
  for (const k of ['redirect', 'inviter']) {
    const v = from.get(k);
    if (v) q.set(k, v);
  }
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

/** 密码登录: the agreement first (SPEC §5), then phone and password. */
export async function mobilePasswordLogin(form: { phone: string; password: string; agreed: boolean }): Promise<SessionUser> {
  check(form.agreed ? null : T.agreeRequired);
  check(phoneError(form.phone));
  check(form.password ? null : T.passwordRequired);
  const user = await api('/login', { type: 1, phone: form.phone.trim(), password: form.password });
  setSession(user);
  return user;
}

/** 验证码登录: the agreement, the phone, the SMS code (sent to a registered phone). */
export async function mobileSmsLogin(form: { phone: string; yzm: string; agreed: boolean }): Promise<SessionUser> {
  check(form.agreed ? null : T.agreeRequired);
  check(phoneError(form.phone));
  check(smsCodeError(form.yzm));
  const user = await api('/loginSms', { phone: form.phone.trim(), yzm: form.yzm.trim(), agree: true });
  setSession(user);
  return user;
}

/** Whether 微信登录 goes through the official account here (inside WeChat, when it is configured). */
export const wechatInApp = (ua: string): boolean => isWechatBrowser(ua) && Boolean(runtime().oauth.wxmp);

/** Which third-party logins to show on this phone. */
export function thirdPartyShown(ua: string): { wx: boolean; qq: boolean } {
  const o = runtime().oauth;
  return { wx: o.wx || wechatInApp(ua), qq: o.qq };
}

/**
 * 微信登录 / QQ登录 (SPEC §5: the agreement first). Inside WeChat, WeChat login is the official
 * account's authorisation (no QR code to scan on the phone it is on). The page to return to is
 * kept for the callback page.
 */
export async function mobileThirdParty(kind: OAuthKind, agreed: boolean, back: string): Promise<void> {
  check(agreed ? null : T.agreeRequired);
  try {
    sessionStorage.setItem(BACK_KEY, back);
  } catch {
    // Without storage the member lands on 我的.
  }
  return startThirdParty(kind, 'login', kind === 'wx' && wechatInApp(navigator.userAgent) ? 'mp' : 'web');
}

const BACK_KEY = 'gf-m-login-back';

/** Where a third-party login returns to (kept by mobileThirdParty); `keep` leaves it for the bind-phone step. */
export function takeLoginBack(origin: string, keep = false): string {
  try {
    const v = sessionStorage.getItem(BACK_KEY);
    if (!keep) sessionStorage.removeItem(BACK_KEY);
    const path = v ? safeRedirect(v, origin, '') : '';
    return path && !ENTRY.test(path) ? path : MOBILE_PATHS.my;
  } catch {
    return MOBILE_PATHS.my;
  }
}

/** The bind-phone step of a first WeChat/QQ login on the phone. */
export const bindPhonePath = (kind: OAuthKind) => `${MOBILE_PATHS.bindPhone}?kind=${kind}`;

/** A greeting shown on the page the member lands on. */
export function greet(text: string): void {
  flash('success', text);
}

export { forgetInviter, keptInviter };
