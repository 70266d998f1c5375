import { $session } from '~/lib/stores/session';
import { openLogin } from '~/lib/stores/ui';

/** Runs `fn` for a logged-in viewer; a guest gets the login dialog instead. */
export function requireLoginOr(fn: () => void): void {
  if ($session.get()?.token) fn();
  else openLogin();
}
