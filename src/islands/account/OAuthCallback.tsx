import { useEffect } from 'react';
import { finishThirdParty, followCallback, type OAuthKind } from '~/lib/stores/account';
import { useAction } from '../ui/useAction';

/**
 * /login/wx/callback and /login/bind/qq/callback: the provider sends the browser here with code
 * and state. Login → logininfo (or bindphone for a first login); binding → back to account
 * security. In the QQ popup the opener moves on and the popup closes.
 */
export default function OAuthCallback(props: { kind: OAuthKind }) {
  const { run, error } = useAction();

  useEffect(() => {
    void run(() => finishThirdParty(props.kind, location.search, localStorage).then(followCallback), { toastErrors: false });
  }, [props.kind, run]);

  return (
    <div className="flex flex-col items-center gap-4 py-24 text-ink-soft" data-testid="oauth-callback">
      {error ? (
        <>
          <span className="i-ri-error-warning-line text-5xl text-danger" />
          <p role="alert">{error}</p>
          <a className="gf-btn-primary w-32" href="/">
            返回首页
          </a>
        </>
      ) : (
        <>
          <span className="i-ri-loader-4-line animate-spin text-4xl text-brand" />
          <p>正在登录，请稍候…</p>
        </>
      )}
    </div>
  );
}
