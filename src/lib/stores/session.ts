import { atom, computed } from 'nanostores';

import type { SessionUser } from '../api/contract/auth';

export type { SessionUser };

export const COOKIE = 'user';
const MAX_AGE = 30 * 86_400;

/** The logged-in user, or null. Restored from the `user` cookie when the page starts. */
export const $session = atom<SessionUser | null>(null);
/** SPEC §3 hasLogin. */
export const $hasLogin = computed($session, (s) => Boolean(s?.token));
/** SPEC §3 userToken. */
export const $userToken = computed($session, (s) => s?.token ?? '');

/** Reads the cookie into the store (browser only; idempotent). */
export function restoreSession(): void {
  if (typeof document === 'undefined' || $session.get()) return;
  $session.set(readSessionCookie(document.cookie));
}

// In the browser the session is known from the first line of island code on. Islands still render
// the guest view while they hydrate (see useSession), so the server HTML always matches.
restoreSession();

/** Parses the `user` cookie; null when absent or unreadable. */
export function readSessionCookie(cookieHeader: string): SessionUser | null {
  const raw = cookieHeader
    .split(/;\s*/)
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return null;
  try {
    const u = JSON.parse(decodeURIComponent(raw)) as SessionUser;
    return u && typeof u.token === 'string' && u.token ? u : null;
  } catch {
    return null;
  }
}

/** SPEC §4: setting a user marks logged in; it is stored in state and in the cookie. */
export function setSession(user: SessionUser): void {
  $session.set(user);
  if (typeof document !== 'undefined') {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${COOKIE}=${encodeURIComponent(JSON.stringify(user))}; Path=/; Max-Age=${MAX_AGE}; SameSite=Lax${secure}`;
  }
}

/** Updates the stored user's profile fields (after editing the profile). */
export function patchSession(patch: Partial<Omit<SessionUser, 'token'>>): void {
  const u = $session.get();
  if (u) setSession({ ...u, ...patch });
}

/** SPEC §4: logout (or an expired token) clears the state and the cookie. */
export function clearSession(): void {
  $session.set(null);
  if (typeof document !== 'undefined') document.cookie = `${COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** Whether the cookie now names another session (or none) than the one this page holds. */
export const sessionChangedElsewhere = (held: SessionUser | null, cookieHeader: string): boolean =>
  (held?.token ?? '') !== (readSessionCookie(cookieHeader)?.token ?? '');

// A page restored from the back-forward cache, or left open in another tab, still holds the session
// it started with after a logout (or a login) elsewhere: shown again, it reloads when the cookie
// says otherwise, so a member-only page never goes on showing a session that has ended.
if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  const recheck = () => {
    if (sessionChangedElsewhere($session.get(), document.cookie)) location.reload();
  };
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) recheck();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') recheck();
  });
}
