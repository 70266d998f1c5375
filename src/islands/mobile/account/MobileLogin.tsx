import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import {
  keepRedirect,
  mobilePasswordLogin,
  mobileSmsLogin,
  mobileTarget,
  mobileThirdParty,
  thirdPartyShown,
} from '~/lib/stores/mobile-account';
import type { OAuthKind } from '~/lib/stores/account';
import { T } from '~/lib/texts';
import { flash } from '~/lib/toast';
import { useSession } from '~/islands/chrome/useSession';
import { useSmsTimer } from '~/islands/account/SmsButton';
import { useAction } from '~/islands/ui/useAction';
import { useHydrated } from '~/islands/ui/useHydrated';
import { Agreement, Field, SmsField, Submit } from './parts';

type Mode = 'password' | 'sms';

/**
 * /m/login?redirect=: 密码登录 or 验证码登录 (SPEC §5 checks and messages), 忘记密码, 注册, and WeChat/QQ
 * when configured. Signed in (now or already), the member goes back to `redirect` (this site only).
 */
export default function MobileLogin() {
  const { ready, user } = useSession();
  const hydrated = useHydrated();
  const [mode, setMode] = useState<Mode>('password');
  const [form, setForm] = useState({ phone: '', password: '', yzm: '', agreed: false });
  const signIn = useAction();
  const third = useAction();
  const timer = useSmsTimer();
  const set = (k: 'phone' | 'password' | 'yzm') => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const search = hydrated ? location.search : '';
  // Signing in here navigates once, from the submit (not again from the session change).
  const signingIn = useRef(false);

  useEffect(() => {
    // Already signed in (another tab, or back here): on to where the member was going.
    if (ready && user && !signingIn.current) location.replace(mobileTarget(location.search, location.origin));
  }, [ready, user]);

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void signIn.run(async () => {
      signingIn.current = true;
      try {
        await (mode === 'password' ? mobilePasswordLogin(form) : mobileSmsLogin(form));
      } catch (err) {
        signingIn.current = false;
        throw err;
      }
      timer.stop();
      flash('success', T.loginOk);
      location.replace(mobileTarget(location.search, location.origin));
    });
  }

  const shown = hydrated ? thirdPartyShown(navigator.userAgent) : { wx: false, qq: false };
  const startThird = (kind: OAuthKind) => () =>
    void third.run(() => mobileThirdParty(kind, form.agreed, mobileTarget(location.search, location.origin)));

  return (
    <div className="px-4 pt-6">
      <div className="mb-5 flex gap-6 border-b border-line" role="tablist" aria-label="登录方式">
        {(
          [
            ['password', '密码登录'],
            ['sms', '验证码登录'],
          ] as const
        ).map(([m, label]) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            onClick={() => setMode(m)}
            className={`-mb-px min-h-11 border-b-2 text-base ${mode === m ? 'border-brand-accent font-600 text-ink' : 'border-transparent text-ink-soft'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="m-login-form">
        <Field
          label="手机号"
          type="tel"
          numeric
          maxLength={11}
          autoComplete="username"
          placeholder="请输入手机号"
          value={form.phone}
          onChange={set('phone')}
        />
        {mode === 'password' ? (
          <Field
            label="密码"
            type="password"
            autoComplete="current-password"
            placeholder="请输入密码"
            value={form.password}
            onChange={set('password')}
          />
        ) : (
          <SmsField phone={form.phone} type="login" timer={timer} value={form.yzm} onChange={set('yzm')} />
        )}
        <Agreement checked={form.agreed} onChange={(agreed) => setForm((f) => ({ ...f, agreed }))} />
        <Submit busy={signIn.busy} label="登录" busyLabel="登录中…" />
      </form>
      <div className="mt-2 flex justify-between text-sm">
        <a className="inline-flex min-h-11 items-center text-ink-soft" href={keepRedirect(MOBILE_PATHS.forgot, search)}>
          忘记密码
        </a>
        <a className="inline-flex min-h-11 items-center text-brand" href={keepRedirect(MOBILE_PATHS.register, search)}>
          注册账号
        </a>
      </div>
      {(shown.wx || shown.qq) && (
        <>
          <div className="mt-6 flex items-center gap-3 text-xs text-ink-mute before:(h-px flex-1 bg-line content-['']) after:(h-px flex-1 bg-line content-[''])">
            其他登录方式
          </div>
          <div className="mt-3 flex justify-center gap-12">
            {shown.wx && (
              <button
                type="button"
                aria-label="微信登录"
                onClick={startThird('wx')}
                className="flex min-h-11 flex-col items-center gap-1 text-xs text-ink-soft"
              >
                <span className="i-ri-wechat-fill text-4xl text-wechat" aria-hidden="true" />
                微信
              </button>
            )}
            {shown.qq && (
              <button
                type="button"
                aria-label="QQ登录"
                onClick={startThird('qq')}
                className="flex min-h-11 flex-col items-center gap-1 text-xs text-ink-soft"
              >
                <span className="i-ri-qq-fill text-4xl text-qq" aria-hidden="true" />
                QQ
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
