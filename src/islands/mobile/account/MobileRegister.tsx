import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { register, type RegisterForm } from '~/lib/stores/account';
import { keepRedirect, mobileTarget } from '~/lib/stores/mobile-account';
import { rememberInviter } from '~/lib/stores/referral';
import { useSession } from '~/islands/chrome/useSession';
import { useSmsTimer } from '~/islands/account/SmsButton';
import { useAction } from '~/islands/ui/useAction';
import { useHydrated } from '~/islands/ui/useHydrated';
import { Agreement, Field, SmsField, Submit } from './parts';

/**
 * /m/register?inviter=: phone, SMS code, password twice (两次密码不一致), agreement — the desktop
 * /account/regmember's rules and endpoint. An invitation code is kept until the account exists
 * (the desktop's referral rule), also through a WeChat/QQ first login.
 */
export default function MobileRegister() {
  const [form, setForm] = useState<RegisterForm>({ phone: '', yzm: '', password: '', passwords: '' });
  const [agreed, setAgreed] = useState(false);
  const [done, setDone] = useState(false);
  const save = useAction();
  const timer = useSmsTimer();
  const hydrated = useHydrated();
  const { ready, user } = useSession();
  const registering = useRef(false);
  useEffect(() => rememberInviter(), []);
  useEffect(() => {
    if (ready && user && !registering.current) location.replace(mobileTarget(location.search, location.origin));
  }, [ready, user]);
  const set = (k: keyof RegisterForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(async () => {
      registering.current = true;
      try {
        await register(form, agreed, mobileTarget(location.search, location.origin));
      } catch (err) {
        // Still here: a later sign-in (立即登录 elsewhere) may move the page on.
        registering.current = false;
        throw err;
      }
      timer.stop();
      setDone(true);
    });
  }

  return (
    <div className="px-4 pt-6">
      <h2 className="mb-5 text-xl font-600">手机号注册</h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="m-register-form">
        <Field
          label="手机号"
          type="tel"
          numeric
          maxLength={11}
          autoComplete="tel"
          placeholder="请输入手机号"
          value={form.phone}
          onChange={set('phone')}
        />
        <SmsField phone={form.phone} type="register" timer={timer} value={form.yzm} onChange={set('yzm')} />
        <Field
          label="设置密码"
          type="password"
          autoComplete="new-password"
          placeholder="设置密码（6～20 位，含字母和数字）"
          value={form.password}
          onChange={set('password')}
        />
        <Field
          label="确认密码"
          type="password"
          autoComplete="new-password"
          placeholder="请再次输入密码"
          value={form.passwords}
          onChange={set('passwords')}
        />
        <Agreement checked={agreed} onChange={setAgreed} />
        <Submit busy={save.busy || done} label="注册" busyLabel="注册中…" />
      </form>
      <p className="mt-3 text-center text-sm text-ink-soft">
        已有账号？
        <a
          className="inline-flex min-h-11 items-center text-brand"
          href={keepRedirect(MOBILE_PATHS.login, hydrated ? location.search : '')}
        >
          立即登录
        </a>
      </p>
    </div>
  );
}
