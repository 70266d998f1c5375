import { useState } from 'react';
import { fetchMemberInfo } from '~/lib/stores/account';
import { PayPasswordSetup } from '../account/PayPasswordSetup';
import { Modal } from '../ui/Modal';
import { LoadFailed } from '../ui/states';
import { useAction } from '../ui/useAction';
import { useLoad } from '../ui/useLoad';

/**
 * Six-digit pay password entry for coin payments: typed afresh each time it opens, a refusal
 * (wrong password, short balance) shown in the dialog. A member without a pay password sets one
 * here first (SMS code, six digits twice — the endpoint and rules of /account/setting/paypassword)
 * and goes on paying.
 */
export function PayPasswordDialog(props: {
  open: boolean;
  amountText: string;
  onClose: () => void;
  pay: (pw: string) => Promise<unknown>;
}) {
  return props.open ? <PayPasswordStep {...props} /> : null;
}

function PayPasswordStep(props: { amountText: string; onClose: () => void; pay: (pw: string) => Promise<unknown> }) {
  const member = useLoad(fetchMemberInfo);
  const info = member.data;
  const setting = info !== null && !info.has_pay_password;
  let body;
  if (member.error && !info) body = <LoadFailed load={member} />;
  else if (!info) body = <p className="py-6 text-center text-sm text-ink-mute">加载中…</p>;
  else if (setting)
    body = <PayPasswordSetup phone={info.phone} hasPhone={info.has_phone} onDone={() => member.set({ ...info, has_pay_password: true })} />;
  else body = <PayPasswordForm amountText={props.amountText} pay={props.pay} />;
  return (
    <Modal open title={setting ? '设置支付密码' : '输入支付密码'} onClose={props.onClose}>
      {body}
    </Modal>
  );
}

function PayPasswordForm(props: { amountText: string; pay: (pw: string) => Promise<unknown> }) {
  const [pw, setPw] = useState('');
  const run = useAction();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (pw.length === 6) void run.run(() => props.pay(pw), { done: '支付成功', toastErrors: false });
      }}
      className="flex flex-col gap-4"
    >
      <p className="text-center text-sm text-ink-soft">
        支付 <span className="text-lg font-600 text-price">{props.amountText}</span>
      </p>
      <input
        // The dialog opens for this one field: it takes the focus.
        ref={(el) => el?.focus()}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        aria-label="支付密码"
        placeholder="6 位数字支付密码"
        value={pw}
        onChange={(e) => setPw(e.target.value.replace(/\D/g, '').slice(0, 6))}
        className="gf-input text-center text-xl tracking-[0.6em]"
      />
      {run.error && (
        <p role="alert" className="text-center text-sm text-danger">
          {run.error}
        </p>
      )}
      <button type="submit" className="gf-btn-primary h-10" disabled={pw.length !== 6 || run.busy}>
        {run.busy ? '支付中…' : '确认支付'}
      </button>
      <a href="/account/setting/paypassword" className="text-center text-xs text-ink-mute hover:text-brand">
        忘记支付密码？
      </a>
    </form>
  );
}
