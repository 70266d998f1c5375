import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { afterRegister, register, type RegisterForm as Form } from '~/lib/stores/account';
import { rememberInviter } from '~/lib/stores/referral';
import { openLogin } from '~/lib/stores/ui';
import { useSession } from '../chrome/useSession';
import { useAction } from '../ui/useAction';
import { SmsButton, useSmsTimer } from './SmsButton';
import { documentLink } from '~/lib/rules/agreements';

const USER_AGREEMENT = documentLink('useragreement');
const PRIVACY = documentLink('privacyagreement');

/** /account/regmember: phone, SMS code, password twice, agreement; logs the new member in. */
export default function RegisterForm() {
  const [form, setForm] = useState<Form>({ phone: '', yzm: '', password: '', passwords: '' });
  const [agreed, setAgreed] = useState(false);
  // Once registered the page moves on; the button stays off until it does.
  const [done, setDone] = useState(false);
  const save = useAction();
  const timer = useSmsTimer();
  // A 推荐好友 link opens this page with ?inviter=: kept until the account exists.
  useEffect(() => rememberInviter(), []);
  // Logged in here instead (立即登录 reloads this page): on to where registration would have gone.
  const { ready, user } = useSession();
  const registering = useRef(false);
  useEffect(() => {
    if (ready && user && !registering.current) location.replace(afterRegister(location.search, location.origin, document.referrer));
  }, [ready, user]);
  const set = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(async () => {
      // Back where the member came from (validated), greeted there.
      registering.current = true;
      await register(form, agreed, afterRegister(location.search, location.origin, document.referrer));
      timer.stop();
      setDone(true);
    }, {});
  }

  return (
    <form onSubmit={submit} noValidate className="mx-auto flex w-[380px] flex-col gap-4">
      <input
        className="gf-input h-11"
        aria-label="手机号"
        inputMode="numeric"
        maxLength={11}
        autoComplete="tel"
        placeholder="请输入手机号"
        value={form.phone}
        onChange={set('phone')}
      />
      <div className="flex gap-2">
        <input
          className="gf-input h-11"
          aria-label="短信验证码"
          inputMode="numeric"
          maxLength={6}
          placeholder="请输入验证码"
          value={form.yzm}
          onChange={set('yzm')}
        />
        <SmsButton phone={form.phone} type="register" timer={timer} className="h-11" />
      </div>
      <input
        className="gf-input h-11"
        aria-label="设置密码"
        type="password"
        autoComplete="new-password"
        placeholder="设置密码（6～20 位，含字母和数字）"
        value={form.password}
        onChange={set('password')}
      />
      <input
        className="gf-input h-11"
        aria-label="确认密码"
        type="password"
        autoComplete="new-password"
        placeholder="请再次输入密码"
        value={form.passwords}
        onChange={set('passwords')}
      />
      <label className="flex cursor-pointer items-start gap-2 text-xs leading-5 text-ink-soft">
        <input
          type="checkbox"
          aria-label="同意协议"
          className="mt-1 accent-brand-accent"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
        />
        <span>
          我已阅读并同意
          <a className="text-brand" href={USER_AGREEMENT.href} target="_blank" rel="noopener">
            {USER_AGREEMENT.label}
          </a>
          和
          <a className="text-brand" href={PRIVACY.href} target="_blank" rel="noopener">
            {PRIVACY.label}
          </a>
        </span>
      </label>
      <button type="submit" disabled={save.busy || done} className="gf-btn-primary h-11 w-full text-base">
        {save.busy || done ? '注册中…' : '注册'}
      </button>
      <p className="text-center text-sm text-ink-soft">
        已有账号？
        <button type="button" className="text-brand" onClick={openLogin}>
          立即登录
        </button>
      </p>
    </form>
  );
}
