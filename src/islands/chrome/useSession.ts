import { useStore } from '@nanostores/react';
import { $session, type SessionUser } from '~/lib/stores/session';
import { useHydrated } from '../ui/useHydrated';

/**
 * The session for an island. While the island hydrates it reports `ready: false` and no user, as
 * the server rendered it (page HTML is the same for every visitor), so hydration never mismatches
 * and a logged-in user never sees a flash of a guest "登录". The session itself is read from the
 * cookie when the stores load (`session.ts`).
 */
export function useSession(): { ready: boolean; user: SessionUser | null } {
  const user = useStore($session);
  const ready = useHydrated();
  return { ready, user: ready ? user : null };
}
