import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import {
  $payStep,
  chooseMethod,
  closePassword,
  coinsEnough,
  followGateway,
  loadPayStep,
  markExpired,
  payOrderWithCoins,
  refreshPayMethods,
  startPay,
  topUpHref,
} from '~/lib/stores/payment';
import { backFromTopUp, TOPUP_SETTLE_MS } from '~/lib/stores/wallet';
import { toast } from '~/lib/toast';
import { useAction } from '../ui/useAction';
import { GatewayQr } from './gateway';
import { PayPasswordDialog } from './PayPasswordDialog';
import { Countdown } from './Countdown';
import { MemberOnly } from '../ui/MemberOnly';
import { LoadFailed } from '../ui/states';
import { money } from '~/lib/format';

const ICON: Record<string, string> = {
  coins: 'i-ri-copper-coin-line text-brand',
  wechat: 'i-ri-wechat-pay-line text-wechat-pay',
  alipay: 'i-ri-alipay-line text-alipay',
  sandbox: 'i-ri-bank-card-line text-ink-soft',
};

const go = (url: string) => location.assign(url);

/** /order/middle?id=: choose how to pay an unpaid order — coins with the pay password, or a gateway. */
export default function PayStep() {
  return (
    <MemberOnly>
      <Pay />
    </MemberOnly>
  );
}

function Pay() {
  const s = useStore($payStep);
  const pay = useAction();
  useEffect(() => {
    const search = location.search;
    void loadPayStep(search);
    if (!backFromTopUp(search)) return;
    // Back from a top-up started here: the gateway's notice may land a moment after the redirect.
    toast.success('充值已提交，到账后即可用功夫币支付');
    history.replaceState(null, '', `${location.pathname}?id=${new URLSearchParams(search).get('id') ?? ''}`);
    const timer = setTimeout(() => void refreshPayMethods(), TOPUP_SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);

  if (s.error)
    return (
      <div className="gf-card">
        <LoadFailed
          error={s.error}
          retry={s.retryable ? () => void loadPayStep(location.search) : undefined}
          back={['返回我的订单', '/my/order/goods']}
        />
      </div>
    );
  const { order, methods } = s;
  if (!order || !methods) return <p className="gf-card py-20 text-center text-ink-mute">加载中…</p>;

  const enough = coinsEnough(s);
  const open = order.status === 'unpaid' && !s.expired;
  const payNow = () =>
    void pay.run(async () => {
      const started = await startPay();
      if (started) followGateway(started, go);
    });
  const payCoins = async (pw: string) => go(await payOrderWithCoins(pw));

  return (
    <div className="gf-card px-8 py-7">
      <div className="flex items-center justify-between border-b border-line pb-5">
        <div>
          <h1 className="text-xl font-600">
            {open
              ? '订单提交成功，请尽快付款'
              : s.expired && order.status === 'unpaid'
                ? '订单已超时关闭，请重新下单'
                : `订单${order.status_text}`}
          </h1>
          <p className="mt-2 text-sm text-ink-soft">
            订单号 {order.order_no}
            {open && (
              <>
                <span className="mx-2">·</span>请在{' '}
                <b className="text-danger">
                  <Countdown until={order.expires_at} onEnd={markExpired} />
                </b>{' '}
                内完成支付，超时订单将自动关闭
              </>
            )}
          </p>
        </div>
        <p className="text-right">
          <span className="text-sm text-ink-soft">应付金额</span>
          <br />
          <span className="text-3xl font-700 text-price" data-testid="pay-amount">
            {money(order.pay_amount)}
          </span>
        </p>
      </div>
      <p className="mt-4 truncate text-sm text-ink-soft">
        {order.items.map((i) => `${i.title}${i.num > 1 ? ` ×${i.num}` : ''}`).join('、')}
      </p>

      {open ? (
        <>
          <h2 className="mb-3 mt-6 text-base font-600">选择支付方式</h2>
          <div className="flex flex-col gap-3" role="radiogroup" aria-label="支付方式">
            <label
              className={`flex cursor-pointer items-center gap-3 rounded-lg border px-5 py-4 ${s.method === 'coins' ? 'border-brand-accent bg-brand-light/40' : 'border-line'}`}
            >
              <input type="radio" name="method" checked={s.method === 'coins'} onChange={() => chooseMethod('coins')} />
              <span className={`${ICON['coins'] ?? ''} text-2xl`} />
              <span className="flex-1">
                功夫币支付
                <span className="ml-3 text-sm text-ink-soft">
                  余额 {methods.coins} 个，本单需 {order.pay_coins} 个
                </span>
              </span>
              {!enough && (
                <a href={topUpHref(`/order/middle?id=${order.id}`, order.pay_coins - methods.coins)} className="text-sm text-brand">
                  余额不足，去充值
                </a>
              )}
            </label>
            {methods.providers.map((p) => (
              <label
                key={p.name}
                className={`flex cursor-pointer items-center gap-3 rounded-lg border px-5 py-4 ${s.method === p.name ? 'border-brand-accent bg-brand-light/40' : 'border-line'}`}
              >
                <input type="radio" name="method" checked={s.method === p.name} onChange={() => chooseMethod(p.name)} />
                <span className={`${ICON[p.name] ?? ''} text-2xl`} />
                <span className="flex-1">{p.label}</span>
              </label>
            ))}
          </div>
          <div className="mt-6 flex items-center justify-end gap-4">
            <a href={`/order/detail?id=${order.id}`} className="text-sm text-ink-soft hover:text-brand">
              查看订单详情
            </a>
            <button type="button" className="gf-btn-primary h-12 w-44 text-base" disabled={pay.busy} onClick={payNow}>
              立即支付 {money(order.pay_amount)}
            </button>
          </div>
        </>
      ) : (
        <div className="mt-8 flex justify-center gap-3">
          <a className="gf-btn-primary" href={`/order/detail?id=${order.id}`}>
            查看订单
          </a>
          <a className="gf-btn-ghost" href={`/my/order/${order.kind}`}>
            我的订单
          </a>
        </div>
      )}
      <PayPasswordDialog open={s.password} amountText={`${order.pay_coins} 功夫币`} onClose={closePassword} pay={payCoins} />
      <GatewayQr />
    </div>
  );
}
