import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $dialog, closeDialog, openLogin } from '~/lib/stores/ui';
import { forgetPassword, type ForgotForm } from '~/lib/stores/account';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';
import { useHydrated } from '../ui/useHydrated';
import { SmsButton, useSmsTimer } from '../account/SmsButton';

const EMPTY: ForgotForm = { phone: '', password: '', passwords: '', yzm: '' };

/**
 * SPEC §2/§4 forgot-password dialog: phone, password, passwords, yzm. On success 修改成功, the
 * fields are cleared, the countdown stops and the dialog closes (back to login).
 */
export default function ForgotDialog() {
  const dialog = useStore($dialog);
  const hydrated = useHydrated();
  const [form, setForm] = useState(EMPTY);
  const save = useAction();
  const timer = useSmsTimer();
  const set = (k: keyof ForgotForm) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(
      async () => {
        const msg = await forgetPassword(form);
        setForm(EMPTY);
        timer.stop();
        return msg;
      },
      { done: (msg) => msg },
    );
  }

  return (
    <Modal open={hydrated && dialog === 'forgot'} title="找回密码" onClose={closeDialog}>
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
        <button type="submit" disabled={save.busy} className="gf-btn-primary h-10 w-full text-base">
          {save.busy ? '提交中…' : '确定'}
        </button>
        <button type="button" className="text-center text-[13px] text-ink-soft hover:text-brand" onClick={openLogin}>
          想起密码了？返回登录
        </button>
      </form>
    </Modal>
  );
}
