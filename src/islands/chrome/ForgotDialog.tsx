import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $dialog, closeDialog, openLogin } from '~/lib/stores/ui';
import { forgetPassword } from '~/lib/stores/account';
import { errorText } from '~/lib/api/client';
import { phoneError } from '~/lib/rules/phone';
import { passwordError } from '~/lib/rules/password';
import { T } from '~/lib/texts';
import { toast } from '~/lib/toast';
import { Modal } from '../ui/Modal';
import { SmsButton, useSmsTimer } from '../account/SmsButton';

const EMPTY = { phone: '', password: '', passwords: '', yzm: '' };

/**
 * SPEC §2/§4 forgot-password dialog: phone, password, passwords, yzm. On success 修改成功, the
 * fields are cleared, the countdown stops and the dialog closes (back to login).
 */
export default function ForgotDialog() {
  const dialog = useStore($dialog);
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const timer = useSmsTimer();
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const bad = phoneError(form.phone);
    if (bad) return void toast.error(bad);
    if (!form.yzm.trim()) return void toast.error('请输入短信验证码');
    if (!form.password) return void toast.error(T.passwordRequired);
    if (form.password !== form.passwords) return void toast.warning(T.passwordsDiffer);
    const weak = passwordError(form.password);
    if (weak) return void toast.error(weak);
    setBusy(true);
    try {
      const msg = await forgetPassword({ ...form, phone: form.phone.trim(), yzm: form.yzm.trim() });
      toast.success(msg || T.changed);
      setForm(EMPTY);
      timer.stop();
      openLogin();
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={dialog === 'forgot'} title="找回密码" onClose={closeDialog}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <input
          className="gf-input"
          aria-label="手机号"
          inputMode="numeric"
          maxLength={11}
          placeholder="请输入手机号"
          value={form.phone}
          onChange={set('phone')}
        />
        <div className="flex gap-2">
          <input
            className="gf-input"
            aria-label="短信验证码"
            inputMode="numeric"
            maxLength={6}
            placeholder="请输入验证码"
            value={form.yzm}
            onChange={set('yzm')}
          />
          <SmsButton phone={form.phone} type="forget_pw" timer={timer} />
        </div>
        <input
          className="gf-input"
          aria-label="新密码"
          type="password"
          autoComplete="new-password"
          placeholder="请输入新密码（6～20 位字母和数字）"
          value={form.password}
          onChange={set('password')}
        />
        <input
          className="gf-input"
          aria-label="确认新密码"
          type="password"
          autoComplete="new-password"
          placeholder="请再次输入新密码"
          value={form.passwords}
          onChange={set('passwords')}
        />
        <button type="submit" disabled={busy} className="gf-btn-primary h-10 w-full text-base">
          {busy ? '提交中…' : '确定'}
        </button>
        <button type="button" className="text-center text-[13px] text-ink-soft hover:text-brand" onClick={openLogin}>
          想起密码了？返回登录
        </button>
      </form>
    </Modal>
  );
}
