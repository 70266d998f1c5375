import { T } from '../texts';
import { InputError } from './action';
import { $session, restoreSession, type SessionUser } from './session';
import { openLogin } from './ui';

/**
 * The logged-in user, or (SPEC §5 "请先登录") the login dialog opens and a warning is thrown for
 * the action runner to show.
 */
export function requireLogin(): SessionUser {
  restoreSession();
  const user = $session.get();
  if (user) return user;
  openLogin();
  throw new InputError(T.loginFirst, 'warning');
}
