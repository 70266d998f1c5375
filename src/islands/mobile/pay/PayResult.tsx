import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $payResult, afterPaidLinks, loadPayResult } from '~/lib/stores/mobile-pay';
import { $sandbox, confirmSandbox, loadSandbox, sandboxCancelHref } from '~/lib/stores/payment';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { money } from '~/lib/format';
import { MemberOnly } from '~/islands/ui/MemberOnly';
import { LoadFailed } from '~/islands/ui/states';
import { useAction } from '~/islands/ui/useAction';

/**
 * /m/pay/result?pay_no= (or ?order= after coins): where the gateways return the payer. Our server
 * is asked until the gateway's notice has landed (never the browser's word); then 支付成功 with the
 * order and what it bought, or the way back to 重新支付.
 */
export default function PayResult() {
  return (
    <MemberOnly>
      <Result />
    </MemberOnly>
  );
}

function Result() {
  const s = useStore($payResult);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void loadPayResult(location.search).then((f) => (gone ? f() : (stop = f)));
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  const retry = () => void loadPayResult(location.search);
  if (s.phase === 'loading') return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  if (s.error)
    return <LoadFailed error={s.error} retry={s.retryable ? retry : undefined} back={['我的订单', `${MOBILE_PATHS.orders}?kind=goods`]} />;
  const links = afterPaidLinks(s.order);
  const repay = s.order && s.order.status === 'unpaid' ? `${MOBILE_PATHS.pay}?id=${s.order.id}` : '';
  return (
    <section className="gf-m-card mx-3 mt-4 flex flex-col items-center gap-3 px-5 py-8 text-center" data-testid="m-pay-result">
      {s.phase === 'paid' ? (
        <>
          <span className="i-ri-checkbox-circle-fill text-6xl text-success" aria-hidden="true" />
          <h2 className="text-xl font-600">支付成功</h2>
          {s.order && <p className="text-sm text-ink-soft">实付 {money(s.order.pay_amount)}</p>}
          <div className="mt-3 flex w-full gap-3">
            <a className="gf-m-btn-ghost flex-1" href={links.order}>
              查看订单
            </a>
            <a className="gf-m-btn-primary flex-1" href={links.next[1]}>
              {links.next[0]}
            </a>
          </div>
        </>
      ) : s.phase === 'paying' ? (
        <>
          <span className="i-ri-loader-4-line animate-spin text-5xl text-brand" aria-hidden="true" />
          <h2 className="text-lg font-600" role="status">
            正在确认支付结果…
          </h2>
          <p className="text-sm text-ink-soft">已付款的，页面将自动更新</p>
          {repay && (
            <a className="gf-m-btn-ghost mt-2 w-40" href={repay}>
              重新支付
            </a>
          )}
        </>
      ) : (
        <>
          <span className="i-ri-error-warning-fill text-6xl text-warning" aria-hidden="true" />
          <h2 className="text-lg font-600" role="status">
            {s.phase === 'unknown' ? '暂未查询到支付结果' : '支付未完成'}
          </h2>
          <p className="text-sm text-ink-soft">
            {s.phase === 'unknown' ? '如已付款，请稍后在订单中查看' : s.order ? `订单${s.order.status_text}` : ''}
          </p>
          <div className="mt-3 flex w-full gap-3">
            {s.phase === 'unknown' && (
              <button type="button" className="gf-m-btn-ghost flex-1" onClick={retry}>
                刷新
              </button>
            )}
            {repay ? (
              <a className="gf-m-btn-primary flex-1" href={repay}>
                重新支付
              </a>
            ) : (
              <a className="gf-m-btn-primary flex-1" href={links.order}>
                查看订单
              </a>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * /m/pay/sandbox?pay_no=: the sandbox gateway's cashier on the phone (test rigs only), for the
 * payer only. 确认付款 makes the gateway send its signed notice; then back to the result page.
 */
export function SandboxCashier(props: { payNo: string }) {
  return (
    <MemberOnly>
      <Cashier payNo={props.payNo} />
    </MemberOnly>
  );
}

function Cashier({ payNo }: { payNo: string }) {
  const { info, error, retryable } = useStore($sandbox);
  const confirm = useAction();
  useEffect(() => void loadSandbox(payNo), [payNo]);
  if (error)
    return (
      <LoadFailed
        error={error}
        retry={retryable ? () => void loadSandbox(payNo) : undefined}
        back={['我的订单', `${MOBILE_PATHS.orders}?kind=goods`]}
      />
    );
  if (!info) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  return (
    <section className="gf-m-card mx-3 mt-4 flex flex-col items-center gap-4 px-5 py-8 text-center" data-testid="m-sandbox">
      <p className="rounded bg-warning-note px-3 py-2 text-xs text-warning-strong">这是测试环境的模拟收银台，不会产生真实扣款</p>
      <p className="text-sm text-ink-soft">{info.subject}</p>
      <p className="text-4xl font-700" data-testid="sandbox-amount">
        {money(info.amount)}
      </p>
      <p className="text-xs text-ink-mute">支付单号 {info.pay_no}</p>
      {info.status === 'pending' ? (
        <div className="flex w-full flex-col gap-2">
          <button
            type="button"
            className="gf-m-btn-primary w-full text-base"
            disabled={confirm.busy}
            onClick={() => void confirm.run(async () => location.assign(await confirmSandbox(payNo)), { done: '付款成功' })}
          >
            确认付款
          </button>
          <a className="gf-m-btn-ghost w-full" href={sandboxCancelHref(info.return_url)}>
            取消支付
          </a>
        </div>
      ) : (
        <>
          <p className="text-brand">该支付单已付款</p>
          <a className="gf-m-btn-primary w-40" href={info.return_url}>
            返回商户
          </a>
        </>
      )}
    </section>
  );
}
