import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, restoreSession, type SessionUser } from '~/lib/stores/session';

/**
 * The session for an island. Until the island has mounted it reports `ready: false`, so the
 * server HTML (the same for every visitor) never flashes a guest "登录" at a logged-in user.
 */
export function useSession(): { ready: boolean; user: SessionUser | null } {
  const user = useStore($session);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    restoreSession();
    setReady(true);
  }, []);
  return { ready, user };
}
