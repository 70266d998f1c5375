import { useEffect, useState, type SubmitEvent } from 'react';
import { bindPhoneAndLogin } from '~/lib/stores/account';
import { errorText } from '~/lib/api/client';
import { phoneError } from '~/lib/rules/phone';
import { toast } from '~/lib/toast';
import { SmsButton, useSmsTimer } from './SmsButton';
import { TICKET_KEY } from './OAuthCallback';

/**
 * /login/wx/bindphone and /login/bind/qq/bindphone: a first WeChat or QQ login binds a phone by SMS
 * before the account is usable. An existing account with that phone gets the identity added.
 */
export default function OAuthBindPhone(props: { kind: 'wx' | 'qq'; infoPath: string }) {
  const [pending, setPending] = useState<{ ticket: string; nick: string } | null | undefined>(undefined);
  const [phone, setPhone] = useState('');
  const [yzm, setYzm] = useState('');
  const [busy, setBusy] = useState(false);
  const timer = useSmsTimer();
  const name = props.kind === 'wx' ? '微信' : 'QQ';

  useEffect(() => {
    try {
      setPending(JSON.parse(localStorage.getItem(TICKET_KEY) ?? 'null'));
    } catch {
      setPending(null);
    }
  }, []);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!pending) return;
    const bad = phoneError(phone);
    if (bad) return void toast.error(bad);
    if (!yzm.trim()) return void toast.error('请输入短信验证码');
    setBusy(true);
    try {
      await bindPhoneAndLogin({ ticket: pending.ticket, phone: phone.trim(), yzm: yzm.trim() });
      localStorage.removeItem(TICKET_KEY);
      timer.stop();
      toast.success('绑定成功');
      location.replace(props.infoPath);
    } catch (err) {
      toast.error(errorText(err));
      setBusy(false);
    }
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
      <button type="submit" disabled={busy} className="gf-btn-primary h-11 w-full text-base">
        {busy ? '绑定中…' : '绑定并登录'}
      </button>
    </form>
  );
}
