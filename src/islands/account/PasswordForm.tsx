import { useState, type SubmitEvent } from 'react';
import { changePassword } from '~/lib/stores/account';
import { T } from '~/lib/texts';
import { useAction } from '../ui/useAction';
import { MemberOnly } from '../ui/MemberOnly';
import { Heading } from '../ui/PageHead';
import { Field } from '../ui/form';

const EMPTY = { old_password: '', password: '', passwords: '' };

/** /account/setting/password: old password, new twice. Other devices are logged out; this one gets a fresh token. */
export default function PasswordForm(props: { back?: string }) {
  return (
    <MemberOnly>
      <Form back={props.back ?? '/account/setting/safe'} />
    </MemberOnly>
  );
}

function Form(props: { back: string }) {
  const [form, setForm] = useState(EMPTY);
  const save = useAction();
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void save.run(() => changePassword(form).then(() => setForm(EMPTY)), { done: T.changed });
  }

  return (
    <>
      <Heading title="修改登录密码">
        <a className="text-sm text-ink-soft hover:text-brand" href={props.back}>
          返回账号安全
        </a>
      </Heading>
      <form onSubmit={submit} noValidate className="flex max-w-[520px] flex-col gap-5">
        <Field label="原密码">
          <input
            className="gf-input"
            aria-label="原密码"
            type="password"
            autoComplete="current-password"
            value={form.old_password}
            onChange={set('old_password')}
          />
        </Field>
        <Field label="新密码" hint="6～20 位，须同时包含字母和数字">
          <input
            className="gf-input"
            aria-label="新密码"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
          />
        </Field>
        <Field label="确认新密码">
          <input
            className="gf-input"
            aria-label="确认新密码"
            type="password"
            autoComplete="new-password"
            value={form.passwords}
            onChange={set('passwords')}
          />
        </Field>
        <p className="pl-[116px] text-xs text-ink-mute">
          修改成功后，其他设备上的登录状态将失效。忘记原密码？可退出登录后使用“忘记密码”重置。
        </p>
        <div className="pl-[116px]">
          <button type="submit" disabled={save.busy} className="gf-btn-primary w-32">
            {save.busy ? '提交中…' : '确认修改'}
          </button>
        </div>
      </form>
    </>
  );
}
