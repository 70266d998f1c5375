import { useState, type SubmitEvent } from 'react';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { forgetPassword, type ForgotForm } from '~/lib/stores/account';
import { keepRedirect } from '~/lib/stores/mobile-account';
import { flash } from '~/lib/toast';
import { useSmsTimer } from '~/islands/account/SmsButton';
import { useAction } from '~/islands/ui/useAction';
import { Field, SmsField, Submit } from './parts';

const EMPTY: ForgotForm = { phone: '', password: '', passwords: '', yzm: '' };

/**
 * /m/forgot: a new password by SMS (SPEC §4/§5: 两次密码不一致, 修改成功). On success the countdown
 * stops and the login page opens, keeping where the member was going.
 */
export default function MobileForgot() {
  const [form, setForm] = useState(EMPTY);
  const save = useAction();
  const timer = useSmsTimer();
  const set = (k: keyof ForgotForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(async () => {
      await forgetPassword(form, () => undefined).then((msg) => {
        setForm(EMPTY);
        timer.stop();
        // 修改成功 greets the member on the login page.
        flash('success', msg);
        location.assign(keepRedirect(MOBILE_PATHS.login, location.search));
      });
    });
  }

  return (
    <div className="px-4 pt-6">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="m-forgot-form">
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
        <SmsField phone={form.phone} type="forget_pw" timer={timer} value={form.yzm} onChange={set('yzm')} />
        <Field
          label="新密码"
          type="password"
          autoComplete="new-password"
          placeholder="请输入新密码（6～20 位字母和数字）"
          value={form.password}
          onChange={set('password')}
        />
        <Field
          label="确认新密码"
          type="password"
          autoComplete="new-password"
          placeholder="请再次输入新密码"
          value={form.passwords}
          onChange={set('passwords')}
        />
        <Submit busy={save.busy} label="确定" busyLabel="提交中…" />
      </form>
    </div>
  );
}
