import { useState } from 'react';
import { changePayPassword, fetchMemberInfo, payPasswordChars } from '~/lib/stores/account';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';
import { SmsButton, useSmsTimer } from './SmsButton';
import { LoadFailed } from '../ui/states';

const EMPTY = { password: '', passwords: '', yzm: '' };

/**
 * The state of a pay-password form (SMS code, six digits twice), shared by the settings page and
 * the inline setup: typed characters filtered, one submit through changePayPassword, the form
 * cleared and the countdown stopped once saved.
 */
export function usePayPasswordForm(onDone: () => void) {
  const [form, setForm] = useState(EMPTY);
  const save = useAction();
  const timer = useSmsTimer();
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: payPasswordChars(k, e.target.value) });
  const submit = (e: React.SyntheticEvent) => {
    e.preventDefault();
    void save.run(
      async () => {
        await changePayPassword(form);
        setForm(EMPTY);
        timer.stop();
        onDone();
      },
      { done: '支付密码设置成功' },
    );
  };
  return { form, set, save, timer, submit };
}

/**
 * Setting a first pay password where it is needed (paying, withdrawing), without leaving the page:
 * the same endpoint and rules as /account/setting/paypassword — an SMS code to the member's own
 * phone, six digits twice.
 */
export function PayPasswordSetup(props: { phone: string; hasPhone: boolean; onDone: () => void }) {
  const { form, set, save, timer, submit } = usePayPasswordForm(props.onDone);

  if (!props.hasPhone)
    return (
      <p className="py-4 text-center text-sm text-ink-soft">
        设置支付密码需要先绑定手机号。
        <a className="ml-1 text-brand" href="/account/setting/bindPhone">
          去绑定
        </a>
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="pay-password-setup">
      <p className="text-sm text-ink-soft">你还没有设置支付密码，设置后即可继续。验证码将发送至 {props.phone}</p>
      <div className="flex gap-2">
        <input
          className="gf-input"
          aria-label="短信验证码"
          placeholder="短信验证码"
          inputMode="numeric"
          maxLength={6}
          value={form.yzm}
          onChange={set('yzm')}
        />
        <SmsButton phone="" ownPhone type="pay_password" timer={timer} />
      </div>
      <input
        className="gf-input tracking-[.3em]"
        aria-label="设置支付密码"
        placeholder="6 位数字，勿用连续或重复数字"
        type="password"
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        value={form.password}
        onChange={set('password')}
      />
      <input
        className="gf-input tracking-[.3em]"
        aria-label="确认支付密码"
        placeholder="再次输入支付密码"
        type="password"
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        value={form.passwords}
        onChange={set('passwords')}
      />
      <button type="submit" className="gf-btn-primary h-10" disabled={save.busy}>
        {save.busy ? '提交中…' : '设置并继续'}
      </button>
    </form>
  );
}

/** PayPasswordSetup where the member's phone is not at hand yet (a withdrawal, a settlement fee). */
export function PayPasswordSetupLoaded(props: { onDone: () => void }) {
  const member = useLoad(fetchMemberInfo);
  if (member.error && !member.data) return <LoadFailed load={member} />;
  if (!member.data) return <p className="py-6 text-center text-sm text-ink-mute">加载中…</p>;
  return <PayPasswordSetup phone={member.data.phone} hasPhone={member.data.has_phone} onDone={props.onDone} />;
}
