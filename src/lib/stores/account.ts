import { forgetInviter, keptInviter } from './referral';
import { ApiError, api, call, callLogout, errorText } from '../api/client';
import { Code } from '../api/codes';
import type { ProfileInput } from '../api/contract/account';
import type { DeviceSession } from '../api/contract/auth';
import type { BindState, OAuthKind, OAuthPurpose, ThirdLoginResult } from '../api/contract/oauth';
import type { ApiOutput } from '../api/types';
import { ACCOUNT_TEXTS } from '../rules/account';
import { FEEDBACK_MIN, FEEDBACK_TEXTS, type FeedbackType } from '../rules/notice';
import { smsCodeError } from '../rules/sms';
import { imageError, type UploadFolder } from '../rules/upload';
import { flash } from '../toast';
import { T } from '../texts';
import { runtime } from '../runtime';
import { passwordError, payPasswordError } from '../rules/password';
import { maskPhone, phoneError } from '../rules/phone';
import { safeRedirect } from '../rules/redirect';
import { SESSION_TEXTS } from '../rules/sessions';
import { check, InputError } from './action';
import { $session, clearSession, patchSession, setSession, type SessionUser } from './session';
import { closeDialog, onMobileSite, openLogin } from './ui';

export type { DeviceSession, MemberInfo } from '../api/contract/auth';
export type { BindState, OAuthKind, ThirdLoginResult };

/** The display name of a provider. */
export const OAUTH_LABEL: Record<OAuthKind, string> = { wx: '微信', qq: 'QQ' };

/** The SMS code as typed: required (SPEC §3 `yzm`). */
function smsCode(yzm: string): string {
  check(smsCodeError(yzm));
  return yzm.trim();
}

// ── login and logout ───────────────────────────────────────────────────────────────────────

/** Password login (SPEC §7 /api/login, type 1); stores the user on success. */
export async function loginWithPassword(phone: string, password: string): Promise<SessionUser> {
  const user = await api('/login', { type: 1, phone, password });
  setSession(user);
  return user;
}

/**
 * The login dialog (SPEC §5: the agreement first, then phone and password). After login the main
 * layout only closes the dialog; the others reload (SPEC §4).
 */
export async function login(form: { phone: string; password: string; agreed: boolean }, after: 'close' | 'reload'): Promise<SessionUser> {
  check(form.agreed ? null : T.agreeRequired);
  check(phoneError(form.phone));
  check(form.password ? null : T.passwordRequired);
  const user = await loginWithPassword(form.phone.trim(), form.password);
  closeDialog();
  if (after === 'reload') location.reload();
  return user;
}

/** Where /account/login goes once logged in: its `redirect` parameter if it stays on this site, else home. */
export function loginTarget(search: string, origin: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect'), origin);
}

/**
 * SPEC §4/§8 logout. The session (state and cookie) ends first, before anything can navigate: a
 * page left while the logout call was on its way used to keep the cookie, so the member was still
 * logged in on the next page. The call then goes out with the token (keepalive, so it reaches the
 * server even if the page goes), its msg is shown — as success, or as a warning — on the page the
 * layout goes to: home, or this page again (which then shows its logged-out state).
 */
export async function logout(after: 'home' | 'reload'): Promise<void> {
  const token = $session.get()?.token;
  clearSession();
  try {
    const res = await callLogout(token);
    flash(res.code === Code.OK ? 'success' : 'warning', res.msg);
  } catch (err) {
    flash('warning', errorText(err));
  }
  if (after === 'home') location.assign('/');
  else location.reload();
}

// ── registration and recovery ──────────────────────────────────────────────────────────────

export interface RegisterForm {
  phone: string;
  yzm: string;
  password: string;
  passwords: string;
}

/** Where a new member lands when they came from nowhere on this site: their own homepage. */
export const AFTER_REGISTER = '/my/homepage';

/** Pages a new member is never sent back to (they would ask to log in or register again). */
const ACCOUNT_ENTRY = /^\/account\/(login|regmember)(?:[/?#]|$)/;

/**
 * Where registration returns to: its `redirect` (carried from the page that opened the login
 * dialog, or /account/login's own), else the same-site page the member came from (referrer), else
 * their homepage. Only a path of this site is followed (safeRedirect), never the account pages.
 */
export function afterRegister(search: string, origin: string, referrer = ''): string {
  for (const raw of [new URLSearchParams(search).get('redirect'), referrer]) {
    const path = raw ? safeRedirect(raw, origin, '') : '';
    if (path && !ACCOUNT_ENTRY.test(path)) return path;
  }
  return AFTER_REGISTER;
}

/** 注册账号 from the login dialog: the register page, told where the member was (kept through registration). */
export function registerHref(here: { pathname: string; search: string }): string {
  const from = ACCOUNT_ENTRY.test(here.pathname) ? new URLSearchParams(here.search).get('redirect') : `${here.pathname}${here.search}`;
  return from ? `/account/regmember?${new URLSearchParams({ redirect: from }).toString()}` : '/account/regmember';
}

/** The greeting a new member sees on the page registration returns to. */
export const welcomeText = () => `欢迎加入${runtime().siteName}！`;

/**
 * /account/regmember: SPEC §5 checks in the order the form shows them; creates the member, logs
 * them in and returns them to `back` (afterRegister), greeted there.
 */
export async function register(form: RegisterForm, agreed: boolean, back: string = AFTER_REGISTER): Promise<SessionUser> {
  check(phoneError(form.phone));
  const yzm = smsCode(form.yzm);
  check(passwordError(form.password));
  check(form.password !== form.passwords ? T.passwordsDiffer : null, 'warning');
  check(agreed ? null : T.agreeRequired);
  const user = await api('/register', { ...form, phone: form.phone.trim(), yzm, agree: true, inviter: keptInviter() });
  forgetInviter();
  setSession(user);
  // The greeting waits for the page the member returns to.
  flash('success', welcomeText());
  location.assign(back);
  return user;
}

export interface ForgotForm {
  phone: string;
  password: string;
  passwords: string;
  yzm: string;
}

/**
 * The forgot-password dialog (SPEC §4/§5): 两次密码不一致 as a warning; on success answers the
 * server's msg (修改成功) and goes back to the login dialog.
 */
export async function forgetPassword(form: ForgotForm, after: () => void = openLogin): Promise<string> {
  check(phoneError(form.phone));
  const yzm = smsCode(form.yzm);
  check(form.password ? null : T.passwordRequired);
  check(form.password !== form.passwords ? T.passwordsDiffer : null, 'warning');
  check(passwordError(form.password));
  const res = await call('/forgetPassword', { ...form, phone: form.phone.trim(), yzm });
  if (res.code !== Code.OK) throw new ApiError(res.msg, res.code);
  after();
  return res.msg || T.changed;
}

// ── profile and security ───────────────────────────────────────────────────────────────────

/** The member's own profile (/api/member/memberInfo). */
export const fetchMemberInfo = () => api('/member/memberInfo');

/** The editable profile fields as the form holds them (every field of /api/member/memberInfoEdit is sent). */
export type ProfileForm = Record<Exclude<keyof ProfileInput, 'gender'>, string> & { gender: number };

/** The form's starting values from the profile. */
export const profileForm = (u: ApiOutput<'/member/memberInfo'>): ProfileForm => ({
  nick_name: u.nick_name,
  avatar: u.avatar,
  gender: u.gender,
  birthday: u.birthday,
  intro: u.intro,
});

/** Saves profile fields and mirrors nickname and avatar into the session (header avatar). */
export async function saveProfile(form: ProfileForm): Promise<void> {
  const nick_name = form.nick_name.trim();
  check(nick_name ? null : ACCOUNT_TEXTS.nickRequired);
  await api('/member/memberInfoEdit', { ...form, nick_name, intro: form.intro.trim() });
  patchSession({ nick_name, avatar: form.avatar });
}

/** A picked image checked (type and size) and read as a data URL. */
async function readImage(file: File): Promise<string> {
  check(imageError(file));
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('读取图片失败'));
    reader.readAsDataURL(file);
  });
}

/** Checks a picked image (type and size), reads it as a data URL and uploads it; answers the stored path and its URL. */
export async function uploadImage(file: File, type: UploadFolder): Promise<ApiOutput<'/uploader_img_base64'>> {
  return api('/uploader_img_base64', { image: await readImage(file), type });
}

/**
 * A verification document (ID photo, licence, certificate) uploaded privately: answers its stored
 * path (what the application submits) and a signed URL to preview it, good for a few minutes.
 */
export async function uploadDocument(file: File): Promise<ApiOutput<'/member/uploadDocument'>> {
  return api('/member/uploadDocument', { image: await readImage(file) });
}

/**
 * /account/setting/password: the same rules as the server, checked before sending. Every login of
 * the account ends on success; this browser keeps going with the fresh token the answer carries.
 */
export async function changePassword(input: { old_password: string; password: string; passwords: string }): Promise<void> {
  check(input.old_password ? null : ACCOUNT_TEXTS.oldPasswordRequired);
  check(passwordError(input.password));
  check(input.password !== input.passwords ? T.passwordsDiffer : null, 'warning');
  setSession(await api('/member/editPw', input));
}

/** /account/setting/paypassword: six digits, not a run, twice the same, and the SMS code. */
export async function changePayPassword(input: { password: string; passwords: string; yzm: string }): Promise<void> {
  check(payPasswordError(input.password));
  check(input.password !== input.passwords ? T.passwordsDiffer : null, 'warning');
  await api('/member/editPayPw', { ...input, yzm: smsCode(input.yzm) });
}

/** Keeps what a pay-password field may hold: digits only (the SMS code: no spaces). */
export const payPasswordChars = (field: 'password' | 'passwords' | 'yzm', value: string) =>
  value.replace(field === 'yzm' ? /\s/g : /\D/g, '');

/** Step 1 of changing the phone: the code sent to the old phone; answers the ticket for step 2. */
export async function verifyOldPhone(yzm: string): Promise<string> {
  const { ticket } = await api('/member/verifyPhone', { yzm: smsCode(yzm) });
  return ticket;
}

/** Step 2 (or a first phone): binds the new phone and shows it masked in the session. Answers the full phone. */
export async function bindingPhone(input: { phone: string; yzm: string; ticket: string }): Promise<string> {
  check(phoneError(input.phone));
  const yzm = smsCode(input.yzm);
  const { phone } = await api('/member/bindingPhone', {
    phone: input.phone.trim(),
    yzm,
    ...(input.ticket ? { ticket: input.ticket } : {}),
  });
  patchSession({ phone: maskPhone(phone) });
  return phone;
}

// ── 登录设备 ───────────────────────────────────────────────────────────────────────────────

/** The member's live logins, this browser's first (/api/member/sessionList). */
export const fetchDeviceSessions = async (): Promise<DeviceSession[]> => (await api('/member/sessionList')).list;

/** 退出该设备: after a confirmation; answers the list afterwards, or null when not confirmed. */
export async function revokeDevice(id: number, confirm: (text: string) => boolean): Promise<DeviceSession[] | null> {
  if (!confirm(SESSION_TEXTS.confirmOne)) return null;
  await api('/member/sessionRevoke', { id });
  return fetchDeviceSessions();
}

/** 退出其他设备: after a confirmation; answers the list afterwards, or null when not confirmed. */
export async function revokeOtherDevices(confirm: (text: string) => boolean): Promise<DeviceSession[] | null> {
  if (!confirm(SESSION_TEXTS.confirmOthers)) return null;
  await api('/member/sessionRevokeOthers');
  return fetchDeviceSessions();
}

// ── WeChat and QQ ──────────────────────────────────────────────────────────────────────────

/** Third-party binding state (/api/member/hasBind). */
export const fetchBindState = () => api('/member/hasBind');

/** The security page: profile and bindings together. */
export async function fetchSecurity(): Promise<{ info: ApiOutput<'/member/memberInfo'>; bind: BindState }> {
  const [info, bind] = await Promise.all([fetchMemberInfo(), fetchBindState()]);
  return { info, bind };
}

/** Unbinds WeChat or QQ; answers the new binding state. */
export async function cancelBind(kind: OAuthKind): Promise<BindState> {
  await api('/member/cancelBind', { type: kind });
  return fetchBindState();
}

/**
 * Starts WeChat (same-window redirect to the QR page) or QQ (popup, SPEC §7) authorisation. The
 * server sets a cookie that ties the flow to this browser. A provider the site has not configured
 * is a warning, and nothing is asked of the server.
 */
export async function startThirdParty(kind: OAuthKind, purpose: OAuthPurpose, channel: 'web' | 'mp' = 'web'): Promise<void> {
  const name = OAUTH_LABEL[kind];
  const text = purpose === 'login' ? T.providerNotConfigured(name) : `${name}登录暂未配置`;
  check(runtime().oauth[kind] || channel === 'mp' ? null : text, 'warning');
  const { url } = await api('/public/oauthUrl', { type: kind, purpose, channel });
  // A phone stays in its window (a popup there is a new tab the callback cannot close).
  if (kind === 'qq' && channel === 'web' && !onMobileSite()) {
    const popup = window.open(url, 'gf-qq-login', 'width=760,height=600,menubar=no,toolbar=no');
    if (popup) return;
  }
  location.assign(url);
}

/** The login dialog's WeChat and QQ buttons: the agreement first (SPEC §5). */
export async function startThirdPartyLogin(kind: OAuthKind, agreed: boolean): Promise<void> {
  check(agreed ? null : T.agreeRequired);
  return startThirdParty(kind, 'login');
}

/** The pages of each provider's flow. */
export const OAUTH_PATHS = {
  wx: { bind: '/login/wx/bindphone', info: '/login/wx/logininfo' },
  qq: { bind: '/login/bind/qq/bindphone', info: '/login/bind/qq/logininfo' },
} as const;

/** Where the bind-phone page finds the ticket: out of the URL, and shared with the opener of the QQ popup. */
export const TICKET_KEY = 'gf-oauth-ticket';

/** A first third-party login waiting for a phone. */
export interface PendingBind {
  ticket: string;
  nick: string;
}

/** The pending first login, or null when there is none (or it is unreadable). */
export function readPendingBind(storage: Pick<Storage, 'getItem'>): PendingBind | null {
  try {
    const v = JSON.parse(storage.getItem(TICKET_KEY) ?? 'null') as Partial<PendingBind> | null;
    return v && typeof v.ticket === 'string' && v.ticket ? { ticket: v.ticket, nick: typeof v.nick === 'string' ? v.nick : '' } : null;
  } catch {
    return null;
  }
}

export const CALLBACK_TEXTS = { missing: '授权已取消或链接无效，请重新登录' } as const;

/**
 * Finishes a provider callback (`?code=&state=`): binding to the current account (→ account
 * security), a login (→ logininfo), or a first login (ticket kept for → bindphone). Answers where
 * to go next.
 */
export async function finishThirdParty(
  kind: OAuthKind,
  search: string,
  storage: Pick<Storage, 'setItem'>,
  paths: { bind: string; info: string } = OAUTH_PATHS[kind],
): Promise<string> {
  const q = new URLSearchParams(search);
  const code = q.get('code') ?? '';
  const state = q.get('state') ?? '';
  check(code && state ? null : CALLBACK_TEXTS.missing);
  if (state.startsWith('bind.')) {
    await api('/member/bindThird', { type: kind, code, state });
    return '/account/setting/safe';
  }
  const result = await api('/thirdLogin', { type: kind, code, state });
  if (result.need_bind) {
    storage.setItem(TICKET_KEY, JSON.stringify({ ticket: result.ticket, nick: result.nick_name } satisfies PendingBind));
    return paths.bind;
  }
  if (result.user) setSession(result.user);
  return paths.info;
}

/**
 * Moves on after a callback. In the QQ popup the opener (same site) goes there and the popup
 * closes; otherwise this window goes. `next` is checked to stay on this site.
 */
export function followCallback(next: string): void {
  const target = safeRedirect(next, location.origin);
  const opener = window.opener as Window | null;
  if (opener && opener !== window) {
    try {
      if (opener.location.origin === location.origin) {
        opener.location.assign(target);
        window.close();
        return;
      }
    } catch {
      /* a cross-origin opener: finish in this window */
    }
  }
  location.replace(target);
}

/**
 * /api/bindPhone: a first third-party login binds a phone and is logged in; the pending ticket is
 * dropped and the provider's logininfo page opens.
 */
export async function bindPhoneAndLogin(
  kind: OAuthKind,
  input: { ticket: string; phone: string; yzm: string },
  storage: Pick<Storage, 'removeItem'>,
  next: string = OAUTH_PATHS[kind].info,
): Promise<SessionUser> {
  check(phoneError(input.phone));
  const yzm = smsCode(input.yzm);
  const user = await api('/bindPhone', { ticket: input.ticket, phone: input.phone.trim(), yzm, inviter: keptInviter() });
  forgetInviter();
  setSession(user);
  storage.removeItem(TICKET_KEY);
  location.replace(next);
  return user;
}

// ── feedback ───────────────────────────────────────────────────────────────────────────────

export interface FeedbackForm {
  type: FeedbackType | '';
  content: string;
  images: string[];
  contact: string;
}

export const FEEDBACK_MAX_IMAGES = 4;

/** /api/member/feedBack: a type and at least five characters. */
export async function sendFeedback(form: FeedbackForm): Promise<number> {
  const { type } = form;
  if (!type) throw new InputError(FEEDBACK_TEXTS.typeRequired);
  const content = form.content.trim();
  check(content.length < FEEDBACK_MIN ? FEEDBACK_TEXTS.contentShort : null);
  const { id } = await api('/member/feedBack', {
    type,
    content,
    images: form.images.slice(0, FEEDBACK_MAX_IMAGES),
    contact: form.contact.trim(),
  });
  return id;
}
