import { useState } from 'react';
import { fetchMemberInfo } from '~/lib/stores/account';
import { PayPasswordSetup } from '~/islands/account/PayPasswordSetup';
import { LoadFailed } from '~/islands/ui/states';
import { useAction } from '~/islands/ui/useAction';
import { useLoad } from '~/islands/ui/useLoad';

/**
 * The pay password (six digits) on the phone, or setting a first one (SMS to the member's phone) and
 * going on: the coin payment of an order (/m/pay) and gifts over 100 coins in a live room.
 */
export function PayPasswordStep(props: { amountText: string; pay: (pw: string) => Promise<unknown> }) {
  const member = useLoad(fetchMemberInfo);
  const [pw, setPw] = useState('');
  const run = useAction();
  const info = member.data;
  if (member.error && !info) return <LoadFailed load={member} />;
  if (!info) return <p className="py-6 text-center text-sm text-ink-mute">加载中…</p>;
  if (!info.has_pay_password)
    return <PayPasswordSetup phone={info.phone} hasPhone={info.has_phone} onDone={() => member.set({ ...info, has_pay_password: true })} />;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (pw.length === 6) void run.run(() => props.pay(pw), { done: '支付成功', toastErrors: false });
      }}
    >
      <p className="text-center text-sm text-ink-soft">
        支付 <span className="text-lg font-600 text-price">{props.amountText}</span>
      </p>
      <input
        ref={(el) => el?.focus()}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        aria-label="支付密码"
        placeholder="6 位数字支付密码"
        value={pw}
        onChange={(e) => setPw(e.target.value.replace(/\D/g, '').slice(0, 6))}
        className="gf-m-input text-center text-xl tracking-[0.6em]"
      />
      {run.error && (
        <p role="alert" className="text-center text-sm text-danger">
          {run.error}
        </p>
      )}
      <button type="submit" className="gf-m-btn-primary w-full text-base" disabled={pw.length !== 6 || run.busy}>
        {run.busy ? '支付中…' : '确认支付'}
      </button>
      <a href="/account/setting/paypassword?view=pc" className="text-center text-xs text-ink-mute">
        忘记支付密码？<span className="ml-1 rounded bg-surface-tag px-1.5">电脑版</span>
      </a>
    </form>
  );
}
