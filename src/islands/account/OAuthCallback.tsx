import { useEffect, useState } from 'react';
import { finishThirdParty } from '~/lib/stores/account';
import { errorText } from '~/lib/api/client';
import { restoreSession } from '~/lib/stores/session';

const PATHS = {
  wx: { bind: '/login/wx/bindphone', info: '/login/wx/logininfo' },
  qq: { bind: '/login/bind/qq/bindphone', info: '/login/bind/qq/logininfo' },
} as const;

/** Where the bind-phone page finds the ticket: out of the URL, and shared with the opener of the QQ popup. */
export const TICKET_KEY = 'gf-oauth-ticket';

/**
 * /login/wx/callback and /login/bind/qq/callback: the provider sends the browser here with code
 * and state. Login → logininfo (or bindphone for a first login); binding → back to account
 * security. In the QQ popup the opener is refreshed and the popup closes.
 */
export default function OAuthCallback(props: { kind: 'wx' | 'qq' }) {
  const [error, setError] = useState('');

  useEffect(() => {
    restoreSession();
    const q = new URLSearchParams(location.search);
    const code = q.get('code') ?? '';
    const state = q.get('state') ?? '';
    if (!code || !state) {
      setError('授权已取消或链接无效，请重新登录');
      return;
    }
    (async () => {
      try {
        const done = await finishThirdParty(props.kind, code, state);
        let next: string = PATHS[props.kind].info;
        if (done.purpose === 'bind') next = '/account/setting/safe';
        else if (done.result?.need_bind) {
          localStorage.setItem(TICKET_KEY, JSON.stringify({ ticket: done.result.ticket, nick: done.result.nick_name }));
          next = PATHS[props.kind].bind;
        }
        const opener = window.opener as Window | null;
        if (opener && opener !== window) {
          try {
            if (opener.location.origin === location.origin) {
              opener.location.assign(next);
              window.close();
              return;
            }
          } catch {
            /* a cross-origin opener: finish in this window */
          }
        }
        location.replace(next);
      } catch (err) {
        setError(errorText(err));
      }
    })();
  }, [props.kind]);

  return (
    <div className="flex flex-col items-center gap-4 py-24 text-ink-soft" data-testid="oauth-callback">
      {error ? (
        <>
          <span className="i-ri-error-warning-line text-5xl text-[#f56c6c]" />
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
