import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '~/lib/stores/session';
import { openLogin } from '~/lib/stores/ui';
import { useSession } from '../chrome/useSession';

/** Safe in-site redirect target from ?redirect= (never another origin). */
function target(): string {
  const r = new URLSearchParams(location.search).get('redirect') ?? '/';
  return r.startsWith('/') && !r.startsWith('//') ? r : '/';
}

/** /account/login: opens the login dialog; once logged in, goes to ?redirect= (default home). */
export default function LoginPage() {
  const { ready, user } = useSession();
  const session = useStore($session);
  useEffect(() => {
    if (!ready) return;
    if (user) location.replace(target());
    else openLogin();
  }, [ready, user]);
  useEffect(() => {
    if (ready && session) location.replace(target());
  }, [ready, session]);
  return (
    <div className="gf-card flex flex-col items-center gap-4 py-20 text-ink-soft">
      <span className="i-ri-user-line text-5xl text-ink-mute" />
      <p>请登录后继续</p>
      <button type="button" className="gf-btn-primary w-32" onClick={openLogin}>
        登录
      </button>
    </div>
  );
}
