import { useState, type SubmitEvent } from 'react';
import { errorText } from '~/lib/api/client';
import { staffLogin } from '~/lib/stores/admin-console';

/** /admin/login: phone, password and the 6-digit code of the staff member's authenticator app. */
export default function AdminLogin(props: { redirect: string }) {
  const [form, setForm] = useState({ phone: '', password: '', code: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await staffLogin(form);
      location.assign(props.redirect);
    } catch (err) {
      setError(errorText(err));
      setForm((f) => ({ ...f, code: '' }));
      setBusy(false);
    }
  }

  const input = 'h-10 w-full rounded border border-line px-3 text-sm outline-none focus:border-brand-accent';
  return (
    <form onSubmit={submit} className="gf-card w-[400px] px-8 py-8" aria-label="运营后台登录">
      <h1 className="mb-6 flex items-center gap-2 text-xl font-600 text-ink">
        <span className="i-ri-shield-user-line text-brand" />
        功夫运营后台
      </h1>
      <label className="mb-4 block text-sm text-ink-soft">
        手机号
        <input
          className={`${input} mt-1`}
          value={form.phone}
          onChange={set('phone')}
          inputMode="numeric"
          autoComplete="username"
          maxLength={11}
        />
      </label>
      <label className="mb-4 block text-sm text-ink-soft">
        密码
        <input
          className={`${input} mt-1`}
          type="password"
          value={form.password}
          onChange={set('password')}
          autoComplete="current-password"
        />
      </label>
      <label className="mb-2 block text-sm text-ink-soft">
        动态验证码
        <input
          className={`${input} mt-1 tracking-[0.3em] placeholder:tracking-normal`}
          value={form.code}
          onChange={set('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="身份验证器中的 6 位数字"
        />
      </label>
      <p role="alert" className="min-h-6 text-sm text-danger-strong">
        {error}
      </p>
      <button type="submit" disabled={busy} className="gf-btn mt-2 h-10 w-full bg-brand text-white">
        {busy ? '正在登录…' : '登录'}
      </button>
      <p className="mt-4 text-xs text-ink-mute">管理账号由超级管理员用 npm run admin:create 创建，不能注册。</p>
    </form>
  );
}
