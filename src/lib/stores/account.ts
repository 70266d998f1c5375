import { api, call, errorText } from '../api/client';
import { Code } from '../api/codes';
import { toast } from '../toast';
import { clearSession, setSession, type SessionUser } from './session';

/** Password login (SPEC §7 /api/login, type 1); stores the user on success. */
export async function loginWithPassword(phone: string, password: string): Promise<SessionUser> {
  const user = await api<SessionUser>('/login', { type: 1, phone, password });
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
  await new Promise((r) => setTimeout(r, 600));
  if (after === 'home') location.assign('/');
  else location.reload();
}
