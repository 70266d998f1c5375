import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $dialog, closeDialog, openForgot } from '~/lib/stores/ui';
import { login, registerHref, startThirdPartyLogin, type OAuthKind } from '~/lib/stores/account';
import { T } from '~/lib/texts';
import { Modal } from '../ui/Modal';
import { useAction } from '../ui/useAction';
import { useHydrated } from '../ui/useHydrated';
import { documentLink } from '~/lib/rules/agreements';

const USER_AGREEMENT = documentLink('useragreement');
const PRIVACY = documentLink('privacyagreement');

/**
 * SPEC §2 login dialog (410px). After login the main layout only closes it; other layouts
 * reload the page (SPEC §4) — `afterLogin` says which.
 */
export default function LoginDialog(props: { afterLogin: 'close' | 'reload' }) {
  const dialog = useStore($dialog);
  // Another island may open the dialog before this one hydrates (e.g. /account/login): render it
  // closed, as the server did, until hydrated.
  const hydrated = useHydrated();
  const [form, setForm] = useState({ phone: '', password: '', agreed: false });
  const signIn = useAction();
  const third = useAction();

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void signIn.run(() => login(form, props.afterLogin).then(() => setForm((f) => ({ ...f, password: '' }))), { done: T.loginOk });
  }

  const thirdParty = (kind: OAuthKind) => () => void third.run(() => startThirdPartyLogin(kind, form.agreed));

  return (
    <Modal open={hydrated && dialog === 'login'} title="手机号登录" onClose={closeDialog}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <label className="block">
          <span className="sr-only">手机号</span>
          <input
            className="gf-input"
            name="phone"
            inputMode="numeric"
            maxLength={11}
            autoComplete="username"
            placeholder="请输入手机号"
            value={form.phone}
            onChange={(e) => setForm({ ...form, phone: e.target.value })}
          />
        </label>
        <label className="block">
          <span className="sr-only">密码</span>
          <input
            className="gf-input"
            name="password"
            type="password"
            autoComplete="current-password"
            placeholder="请输入密码"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </label>
        <div className="flex justify-between text-[13px]">
          <button type="button" className="text-ink-soft hover:text-brand" onClick={openForgot}>
            忘记密码
          </button>
          <a className="text-brand hover:text-brand-dark" href={hydrated ? registerHref(location) : '/account/regmember'}>
            注册账号
          </a>
        </div>
        <button type="submit" disabled={signIn.busy} className="gf-btn-primary h-10 w-full text-base">
          {signIn.busy ? '登录中…' : '登录'}
        </button>
        <label className="flex cursor-pointer items-start gap-2 text-xs text-ink-soft leading-5">
          <input
            type="checkbox"
            aria-label="同意协议"
            className="mt-1 accent-brand-accent"
            checked={form.agreed}
            onChange={(e) => setForm({ ...form, agreed: e.target.checked })}
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
        <div className="mt-1 flex items-center gap-3 text-xs text-ink-mute before:(h-px flex-1 bg-line content-['']) after:(h-px flex-1 bg-line content-[''])">
          其他登录方式
        </div>
        <div className="flex justify-center gap-10">
          <button
            type="button"
            aria-label="微信登录"
            onClick={thirdParty('wx')}
            className="flex flex-col items-center gap-1 text-xs text-ink-soft hover:text-wechat"
          >
            <span className="i-ri-wechat-fill text-3xl text-wechat" />
            微信
          </button>
          <button
            type="button"
            aria-label="QQ登录"
            onClick={thirdParty('qq')}
            className="flex flex-col items-center gap-1 text-xs text-ink-soft hover:text-qq"
          >
            <span className="i-ri-qq-fill text-3xl text-qq" />
            QQ
          </button>
        </div>
      </form>
    </Modal>
  );
}
