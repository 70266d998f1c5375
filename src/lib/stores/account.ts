import { ApiError, api, call, untypedApi, untypedCall, errorText } from '../api/client';
import { Code } from '../api/codes';
import { toast } from '../toast';
import { T } from '../texts';
import { passwordError } from '../rules/password';
import { check } from './action';
import { clearSession, patchSession, setSession, type SessionUser } from './session';

/** Password login (SPEC §7 /api/login, type 1); stores the user on success. */
export async function loginWithPassword(phone: string, password: string): Promise<SessionUser> {
  const user = await api('/login', { type: 1, phone, password });
  setSession(user);
  return user;
}

/**
 * SPEC §4/§8 logout: msg as success on success, as a warning otherwise; the session is
 * cleared either way, then the page goes home or reloads as the layout wants.
 */
export async function logout(after: 'home' | 'reload'): Promise<void> {
  try {
    const res = await call('/logout');
    if (res.code === Code.OK) toast.success(res.msg);
    else toast.warning(res.msg);
  } catch (err) {
    toast.warning(errorText(err));
  }
  clearSession();
  // Let the toast be seen before the page changes.
  await new Promise((r) => setTimeout(r, 1000));
  if (after === 'home') location.assign('/');
  else location.reload();
}

/** /api/register: creates the member and logs them in. */
export async function register(input: { phone: string; yzm: string; password: string; passwords: string }): Promise<SessionUser> {
  const user = await untypedApi<SessionUser>('/register', { ...input, agree: true });
  setSession(user);
  return user;
}

/** /api/forgetPassword {phone, password, passwords, yzm} (SPEC §3); answers the server's msg. */
export async function forgetPassword(input: { phone: string; password: string; passwords: string; yzm: string }): Promise<string> {
  const res = await untypedCall('/forgetPassword', input);
  if (res.code !== Code.OK) throw new ApiError(res.msg, res.code);
  return res.msg;
}

/** The member's own profile (/api/member/memberInfo). */
export const fetchMemberInfo = () => api('/member/memberInfo');
export type { MemberInfo } from '../api/contract/auth';

/** Saves profile fields and mirrors nickname and avatar into the session (header avatar). */
export async function saveProfile(input: {
  nick_name: string;
  avatar: string;
  gender: number;
  birthday: string;
  intro: string;
}): Promise<void> {
  await untypedApi('/member/memberInfoEdit', input);
  patchSession({ nick_name: input.nick_name, avatar: input.avatar });
}

/** Reads a picked file as a data URL and uploads it; answers the stored path and its URL. */
export async function uploadImage(file: File, type: 'avatar' | 'feedback'): Promise<{ path: string; url: string }> {
  const image = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('读取图片失败'));
    reader.readAsDataURL(file);
  });
  return untypedApi('/uploader_img_base64', { image, type });
}

/** /account/setting/password: the same rules as the server, checked before sending. */
export async function changePassword(input: { old_password: string; password: string; passwords: string }): Promise<void> {
  check(input.old_password ? null : '请输入原密码');
  check(passwordError(input.password));
  check(input.password !== input.passwords ? T.passwordsDiffer : null, 'warning');
  await untypedApi<null>('/member/editPw', input);
}
export const changePayPassword = (input: { password: string; passwords: string; yzm: string }) => untypedApi<null>('/member/editPayPw', input);
export const verifyOldPhone = (yzm: string) => untypedApi<{ ticket: string }>('/member/verifyPhone', { yzm });
export const bindingPhone = (input: { phone: string; yzm: string; ticket?: string }) =>
  untypedApi<{ phone: string }>('/member/bindingPhone', input);

/** Third-party binding state (/api/member/hasBind). */
export interface BindState {
  wx: number;
  qq: number;
  wx_nick_name: string;
  qq_nick_name: string;
  wx_enabled: number;
  qq_enabled: number;
}
export const fetchBindState = () => untypedApi<BindState>('/member/hasBind');
export const cancelBind = (type: 'wx' | 'qq') => untypedApi<null>('/member/cancelBind', { type });

/**
 * Starts WeChat (same-window redirect to the QR page) or QQ (popup, SPEC §7) authorisation. The
 * server sets a cookie that ties the flow to this browser.
 */
export async function startThirdParty(kind: 'wx' | 'qq', purpose: 'login' | 'bind'): Promise<void> {
  const { url } = await untypedApi<{ url: string }>('/public/oauthUrl', { type: kind, purpose });
  if (kind === 'qq') {
    const popup = window.open(url, 'gf-qq-login', 'width=760,height=600,menubar=no,toolbar=no');
    if (popup) return;
  }
  location.assign(url);
}

/** Outcome of a provider callback: logged in, or a first login that must bind a phone. */
export interface ThirdLoginResult {
  need_bind: number;
  ticket: string;
  nick_name: string;
  user: SessionUser | null;
}

/** Finishes a callback: login (or the bind-phone ticket), or binding to the current account. */
export async function finishThirdParty(
  kind: 'wx' | 'qq',
  code: string,
  state: string,
): Promise<{ purpose: 'login' | 'bind'; result?: ThirdLoginResult }> {
  const purpose = state.startsWith('bind.') ? 'bind' : 'login';
  if (purpose === 'bind') {
    await untypedApi('/member/bindThird', { type: kind, code, state });
    return { purpose };
  }
  const result = await untypedApi<ThirdLoginResult>('/thirdLogin', { type: kind, code, state });
  if (result.user) setSession(result.user);
  return { purpose, result };
}

/** /api/bindPhone: a first third-party login binds a phone and is logged in. */
export async function bindPhoneAndLogin(input: { ticket: string; phone: string; yzm: string }): Promise<SessionUser> {
  const user = await untypedApi<SessionUser>('/bindPhone', input);
  setSession(user);
  return user;
}

/** /api/member/feedBack. */
export const sendFeedback = (input: { type: string; content: string; images: string[]; contact: string }) =>
  untypedApi<{ id: number }>('/member/feedBack', input);
