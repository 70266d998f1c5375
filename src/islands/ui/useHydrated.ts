import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates the server HTML, true from the render after (and at once for
 * anything mounted later). Islands must render exactly the server HTML while hydrating, so state
 * that only the browser knows — the session cookie, a dialog another island opened, the URL — is
 * shown only once this is true. No effect or state is involved: React renders the server value
 * during hydration and re-renders with the client value straight after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
