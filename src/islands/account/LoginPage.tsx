import { useEffect } from 'react';
import { loginTarget } from '~/lib/stores/account';
import { openLogin } from '~/lib/stores/ui';
import { useSession } from '../chrome/useSession';

/**
 * /account/login: opens the login dialog; once logged in (now or already), goes to ?redirect= when
 * it stays on this site, else home.
 */
export default function LoginPage() {
  const { ready, user } = useSession();
  useEffect(() => {
    if (!ready) return;
    if (user) location.replace(loginTarget(location.search, location.origin));
    else openLogin();
  }, [ready, user]);
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
