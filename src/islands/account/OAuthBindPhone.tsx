import { useMemo, useState, type SubmitEvent } from 'react';
import { bindPhoneAndLogin, OAUTH_LABEL, readPendingBind, type OAuthKind } from '~/lib/stores/account';
import { useAction } from '../ui/useAction';
import { useHydrated } from '../ui/useHydrated';
import { SmsButton, useSmsTimer } from './SmsButton';

/**
 * /login/wx/bindphone and /login/bind/qq/bindphone: a first WeChat or QQ login binds a phone by SMS
 * before the account is usable. An existing account with that phone gets the identity added.
 */
export default function OAuthBindPhone(props: { kind: OAuthKind }) {
  const hydrated = useHydrated();
  // The ticket the callback left in this browser (read once, after hydration).
  const pending = useMemo(() => (hydrated ? readPendingBind(localStorage) : undefined), [hydrated]);
  const [phone, setPhone] = useState('');
  const [yzm, setYzm] = useState('');
  const save = useAction();
  const timer = useSmsTimer();
  const name = OAUTH_LABEL[props.kind];

  function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!pending) return;
    void save.run(
      async () => {
        await bindPhoneAndLogin(props.kind, { ticket: pending.ticket, phone, yzm }, localStorage);
        timer.stop();
      },
      { done: '绑定成功' },
    );
  }

  if (pending === undefined) return <p className="py-20 text-center text-ink-mute">加载中…</p>;
  if (!pending) {
    return (
      <div className="flex flex-col items-center gap-4 py-20 text-ink-soft">
        <p role="alert">绑定已超时，请重新使用{name}登录</p>
        <a className="gf-btn-primary w-32" href="/">
          返回首页
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="mx-auto flex w-[380px] flex-col gap-4 py-6">
      <p className="text-center text-sm leading-6 text-ink-soft">
        {name}账号 <strong className="text-ink">{pending.nick || '新用户'}</strong> 首次登录，请绑定手机号。
        <br />
        手机号已注册的，将与原账号关联。
      </p>
      <input
        className="gf-input h-11"
        aria-label="手机号"
        inputMode="numeric"
        maxLength={11}
        placeholder="请输入手机号"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      <div className="flex gap-2">
        <input
          className="gf-input h-11"
          aria-label="短信验证码"
          inputMode="numeric"
          maxLength={6}
          placeholder="请输入验证码"
          value={yzm}
          onChange={(e) => setYzm(e.target.value)}
        />
        <SmsButton phone={phone} type="bind_phone" timer={timer} className="h-11" />
      </div>
      <button type="submit" disabled={save.busy} className="gf-btn-primary h-11 w-full text-base">
        {save.busy ? '绑定中…' : '绑定并登录'}
      </button>
    </form>
  );
}
