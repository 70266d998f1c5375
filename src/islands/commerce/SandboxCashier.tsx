import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $sandbox, confirmSandbox, loadSandbox, sandboxCancelHref } from '~/lib/stores/payment';
import { useAction } from '../ui/useAction';
import { MemberOnly } from '../ui/MemberOnly';
import { LoadFailed } from '../ui/states';
import { money } from '~/lib/format';

/**
 * /pay/sandbox?pay_no=: the sandbox gateway's own cashier, for the logged-in payer only (a guest is
 * asked to log in). Confirming makes the gateway send its signed notice to our notify endpoint;
 * then the payer returns to the site, like after a real one.
 */
export default function SandboxCashier(props: { payNo: string }) {
  return (
    <MemberOnly>
      <Cashier payNo={props.payNo} />
    </MemberOnly>
  );
}

function Cashier({ payNo }: { payNo: string }) {
  const { info, error, retryable } = useStore($sandbox);
  const confirm = useAction();
  useEffect(() => {
    void loadSandbox(payNo);
  }, [payNo]);

  if (error)
    return (
      <LoadFailed error={error} retry={retryable ? () => void loadSandbox(payNo) : undefined} back={['返回我的订单', '/my/order/goods']} />
    );
  if (!info) return <p className="py-16 text-center text-ink-mute">加载中…</p>;
  const pay = () => void confirm.run(async () => location.assign(await confirmSandbox(payNo)), { done: '付款成功' });
  return (
    <div className="flex flex-col items-center gap-5 text-center">
      <p className="rounded bg-warning-note px-4 py-2 text-sm text-warning-strong">这是测试环境的模拟收银台，不会产生真实扣款</p>
      <p className="text-sm text-ink-soft">{info.subject}</p>
      <p className="text-4xl font-700 text-ink" data-testid="sandbox-amount">
        {money(info.amount)}
      </p>
      <p className="text-xs text-ink-mute">支付单号 {info.pay_no}</p>
      {info.status === 'pending' ? (
        <div className="flex gap-3">
          <button type="button" className="gf-btn-primary h-11 w-36 text-base" disabled={confirm.busy} onClick={pay}>
            确认付款
          </button>
          <a className="gf-btn-ghost h-11 w-28" href={sandboxCancelHref(info.return_url)}>
            取消支付
          </a>
        </div>
      ) : (
        <>
          <p className="text-brand">该支付单已付款</p>
          <a className="gf-btn-primary" href={info.return_url}>
            返回商户
          </a>
        </>
      )}
    </div>
  );
}
