import { useEffect, useMemo, useState, type SubmitEvent } from 'react';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { bindPhoneAndLogin, finishThirdParty, OAUTH_LABEL, readPendingBind, type OAuthKind } from '~/lib/stores/account';
import { bindPhonePath, takeLoginBack } from '~/lib/stores/mobile-account';
import { useSmsTimer } from '~/islands/account/SmsButton';
import { useAction } from '~/islands/ui/useAction';
import { useHydrated } from '~/islands/ui/useHydrated';
import { Field, SmsField, Submit } from './parts';

/**
 * /m/account/wechat and /m/account/qq (SPEC §2: the WeChat callback with its query, the QQ answer
 * as a query string): finishes the login and returns to the page the member came from, or opens
 * the bind-phone step of a first login — as the desktop /login/wx/* and /login/bind/qq/* pages do.
 */
export function MobileOAuthCallback(props: { kind: OAuthKind }) {
  const { run, error } = useAction();
  useEffect(() => {
    void run(
      async () => {
        const back = takeLoginBack(location.origin, true);
        const next = await finishThirdParty(props.kind, location.search, localStorage, { bind: bindPhonePath(props.kind), info: back });
        // Binding to a signed-in account answers the desktop security page: on the phone, 我的.
        location.replace(next.startsWith('/m') ? next : MOBILE_PATHS.my);
      },
      { toastErrors: false },
    );
  }, [props.kind, run]);
  return (
    <div className="flex flex-col items-center gap-4 px-4 py-24 text-center text-ink-soft" data-testid="m-oauth-callback">
      {error ? (
        <>
          <span className="i-ri-error-warning-line text-5xl text-danger" aria-hidden="true" />
          <p role="alert">{error}</p>
          <a className="gf-m-btn-primary w-40" href={MOBILE_PATHS.login}>
            重新登录
          </a>
        </>
      ) : (
        <>
          <span className="i-ri-loader-4-line animate-spin text-4xl text-brand" aria-hidden="true" />
          <p>正在登录，请稍候…</p>
        </>
      )}
    </div>
  );
}

/** /m/account/bindphone?kind=wx|qq: a first WeChat or QQ login binds a phone by SMS (an existing account is joined). */
export function MobileBindPhone() {
  const hydrated = useHydrated();
  const kind: OAuthKind = hydrated && new URLSearchParams(location.search).get('kind') === 'qq' ? 'qq' : 'wx';
  const pending = useMemo(() => (hydrated ? readPendingBind(localStorage) : undefined), [hydrated]);
  const [phone, setPhone] = useState('');
  const [yzm, setYzm] = useState('');
  const save = useAction();
  const timer = useSmsTimer();
  const name = OAUTH_LABEL[kind];

  function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!pending) return;
    void save.run(
      async () => {
        await bindPhoneAndLogin(kind, { ticket: pending.ticket, phone, yzm }, localStorage, takeLoginBack(location.origin));
        timer.stop();
      },
      { done: '绑定成功' },
    );
  }

  if (pending === undefined) return <p className="py-20 text-center text-ink-mute">加载中…</p>;
  if (!pending)
    return (
      <div className="flex flex-col items-center gap-4 px-4 py-20 text-center text-ink-soft">
        <p role="alert">绑定已超时，请重新使用{name}登录</p>
        <a className="gf-m-btn-primary w-40" href={MOBILE_PATHS.login}>
          重新登录
        </a>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 px-4 pt-6" data-testid="m-bindphone-form">
      <p className="text-sm leading-6 text-ink-soft">
        {name}账号 <strong className="text-ink">{pending.nick || '新用户'}</strong> 首次登录，请绑定手机号。手机号已注册的，将与原账号关联。
      </p>
      <Field label="手机号" type="tel" numeric maxLength={11} placeholder="请输入手机号" value={phone} onChange={setPhone} />
      <SmsField phone={phone} type="bind_phone" timer={timer} value={yzm} onChange={setYzm} />
      <Submit busy={save.busy} label="绑定并登录" busyLabel="绑定中…" />
    </form>
  );
}
