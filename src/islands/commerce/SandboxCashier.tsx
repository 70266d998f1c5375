import { useEffect, useState } from 'react';
import { untypedApi, errorText } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { money } from './parts';

interface Info {
  pay_no: string;
  amount: number;
  subject: string;
  status: string;
  return_url: string;
}

/**
 * /pay/sandbox?pay_no=: the sandbox gateway's own cashier. Confirming makes the gateway send its
 * signed notice to our notify endpoint; then the payer returns to the site, like after a real one.
 */
export default function SandboxCashier(props: { payNo: string }) {
  const no = props.payNo;
  const [info, setInfo] = useState<Info | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    untypedApi<Info>('/pay/sandbox/info', { pay_no: no })
      .then(setInfo)
      .catch((err) => setError(errorText(err)));
  }, [no]);

  async function confirmPay() {
    setBusy(true);
    try {
      const r = await untypedApi<{ status: string; return_url: string }>('/pay/sandbox/confirm', { pay_no: no });
      toast.success('付款成功');
      location.assign(r.return_url);
    } catch (err) {
      toast.error(errorText(err));
      setBusy(false);
    }
  }
  const back = (url: string) => url.replace(/[?&](paid|topup)=1$/, '');

  if (error)
    return (
      <p role="alert" className="py-16 text-center text-[#f56c6c]">
        {error}
      </p>
    );
  if (!info) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  return (
    <div className="flex flex-col items-center gap-5 text-center">
      <p className="rounded bg-[#fff7e6] px-4 py-2 text-sm text-[#d46b08]">这是测试环境的模拟收银台，不会产生真实扣款</p>
      <p className="text-sm text-ink-soft">{info.subject}</p>
      <p className="text-4xl font-700 text-ink" data-testid="sandbox-amount">
        {money(info.amount)}
      </p>
      <p className="text-xs text-ink-mute">支付单号 {info.pay_no}</p>
      {info.status === 'pending' ? (
        <div className="flex gap-3">
          <button type="button" className="gf-btn-primary h-11 w-36 text-base" disabled={busy} onClick={confirmPay}>
            确认付款
          </button>
          <a className="gf-btn-ghost h-11 w-28" href={back(info.return_url)}>
            取消支付
          </a>
        </div>
      ) : (
        <>
          <p className="text-brand">{info.status === 'paid' ? '该支付单已付款' : '该支付单已关闭'}</p>
          <a className="gf-btn-primary" href={info.return_url}>
            返回商户
          </a>
        </>
      )}
    </div>
  );
}
