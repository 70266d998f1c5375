import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import {
  $payStep,
  chooseMethod,
  closePassword,
  coinsEnough,
  loadPayStep,
  markExpired,
  payOrderWithCoins,
  refreshPayMethods,
} from '~/lib/stores/payment';
import { backFromTopUp, TOPUP_SETTLE_MS } from '~/lib/stores/wallet';
import { coinsPaidHref, mobileScene, payOnPhone, wechatCode } from '~/lib/stores/mobile-pay';
import { phoneTopUpHref } from '~/lib/stores/mobile-my';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { MOBILE_PAY_TEXTS } from '~/lib/rules/payment';
import { money } from '~/lib/format';
import { Countdown } from '~/islands/commerce/Countdown';
import { MemberOnly } from '~/islands/ui/MemberOnly';
import { LoadFailed } from '~/islands/ui/states';
import { useAction } from '~/islands/ui/useAction';
import { Sheet } from '~/islands/ui/mobile/Sheet';
import { PayPasswordStep } from './PayPasswordStep';

const ICON: Record<string, string> = {
  coins: 'i-ri-copper-coin-line text-brand',
  wechat: 'i-ri-wechat-pay-line text-wechat-pay',
  alipay: 'i-ri-alipay-line text-alipay',
  sandbox: 'i-ri-bank-card-line text-ink-soft',
};

const go = (url: string) => location.assign(url);

/**
 * /m/pay?id=: the payment step of an unpaid order on the phone — amount, items, countdown, and the
 * ways the server offers here: 功夫币 behind the pay password (a sheet), WeChat Pay (H5 in a phone
 * browser, JSAPI inside WeChat), Alipay (WAP) and, on test rigs, the sandbox. Same API and store
 * as the desktop's /order/middle.
 */
export default function MobilePay() {
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
    void loadPayStep(location.search, mobileScene(navigator.userAgent)).then(() => {
      // Back from 去充值: the gateway's notice may land a moment after the payer.
      if (backFromTopUp(location.search)) setTimeout(() => void refreshPayMethods(), TOPUP_SETTLE_MS);
      // Back from the official account's silent authorisation: go on paying with WeChat.
      const code = wechatCode(location.search);
      if (!code || $payStep.get().order?.status !== 'unpaid') return;
      history.replaceState(null, '', `${location.pathname}?id=${$payStep.get().order?.id ?? ''}`);
      chooseMethod('wechat');
      void pay.run(() => payOnPhone(go, code));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  if (s.error)
    return (
      <LoadFailed
        error={s.error}
        retry={s.retryable ? () => void loadPayStep(location.search, s.scene) : undefined}
        back={['我的订单', `${MOBILE_PATHS.orders}?kind=goods`]}
      />
    );
  const { order, methods } = s;
  if (!order || !methods) return <p className="py-16 text-center text-sm text-ink-mute">加载中…</p>;
  const open = order.status === 'unpaid' && !s.expired;
  const enough = coinsEnough(s);
  const here = `${MOBILE_PATHS.pay}?id=${order.id}`;

  return (
    <div className="pb-4" data-testid="m-pay">
      <section className="bg-white px-4 py-6 text-center">
        <p className="text-sm text-ink-soft">应付金额</p>
        <p className="mt-1 text-3xl font-700 text-price" data-testid="pay-amount">
          {money(order.pay_amount)}
        </p>
        {open ? (
          <p className="mt-2 text-xs text-ink-soft">
            请在{' '}
            <b className="text-danger">
              <Countdown until={order.expires_at} onEnd={markExpired} />
            </b>{' '}
            内完成支付，超时订单将自动关闭
          </p>
        ) : (
          <p className="mt-2 text-sm text-ink-soft" role="status">
            {s.expired && order.status === 'unpaid' ? '订单已超时关闭，请重新下单' : `订单${order.status_text}`}
          </p>
        )}
      </section>
      <section className="gf-m-card mx-3 mt-3 p-4 text-sm">
        <p className="text-xs text-ink-mute">订单号 {order.order_no}</p>
        <ul className="mt-2 space-y-1">
          {order.items.map((i) => (
            <li key={i.id} className="flex justify-between gap-3">
              <span className="min-w-0 truncate">{i.title}</span>
              <span className="shrink-0 text-ink-soft">×{i.num}</span>
            </li>
          ))}
        </ul>
      </section>
      {open ? (
        <>
          <h2 className="mx-4 mb-2 mt-4 text-sm text-ink-soft">选择支付方式</h2>
          <div className="gf-m-card mx-3 divide-y divide-line" role="radiogroup" aria-label="支付方式">
            <Method name="coins" checked={s.method === 'coins'} label="功夫币支付">
              <span className="block text-xs text-ink-soft">
                余额 {methods.coins} 个，本单需 {order.pay_coins} 个
              </span>
            </Method>
            {!enough && (
              <a
                href={phoneTopUpHref(here, order.pay_coins - methods.coins)}
                className="flex min-h-11 items-center gap-2 px-4 text-sm text-brand"
              >
                余额不足，去充值
              </a>
            )}
            {methods.providers.map((p) => (
              <Method key={p.name} name={p.name} checked={s.method === p.name} label={p.label} />
            ))}
          </div>
          {s.scene === 'wechat' && <p className="mx-4 mt-2 text-xs text-ink-mute">{MOBILE_PAY_TEXTS.alipayInWechat}</p>}
          <div className="gf-m-actions">
            <a className="gf-m-btn-ghost shrink-0 px-4" href={`${MOBILE_PATHS.order}?id=${order.id}`}>
              订单详情
            </a>
            <button
              type="button"
              className="gf-m-btn-primary flex-1 text-base"
              disabled={pay.busy}
              onClick={() => void pay.run(() => payOnPhone(go))}
              data-testid="m-pay-now"
            >
              立即支付 {money(order.pay_amount)}
            </button>
          </div>
        </>
      ) : (
        <div className="mt-6 flex justify-center gap-3 px-4">
          <a className="gf-m-btn-primary flex-1" href={`${MOBILE_PATHS.order}?id=${order.id}`}>
            查看订单
          </a>
          <a className="gf-m-btn-ghost flex-1" href={`${MOBILE_PATHS.orders}?kind=${order.kind}`}>
            我的订单
          </a>
        </div>
      )}
      <Sheet open={s.password} onClose={closePassword} title="功夫币支付">
        <PasswordStep amountText={`${order.pay_coins} 功夫币`} />
      </Sheet>
    </div>
  );
}

function Method(props: { name: string; checked: boolean; label: string; children?: React.ReactNode }) {
  return (
    <label className="flex min-h-14 cursor-pointer items-center gap-3 px-4 py-2">
      <span className={`${ICON[props.name] ?? ''} text-2xl`} aria-hidden="true" />
      <span className="min-w-0 flex-1 text-[15px]">
        {props.label}
        {props.children}
      </span>
      <input
        type="radio"
        name="method"
        className="h-5 w-5 accent-brand-accent"
        checked={props.checked}
        onChange={() => chooseMethod(props.name as Parameters<typeof chooseMethod>[0])}
      />
    </label>
  );
}

/** The order's coins behind the pay password (the shared step). */
function PasswordStep(props: { amountText: string }) {
  return <PayPasswordStep amountText={props.amountText} pay={async (pw) => go(await payOrderWithCoins(pw, coinsPaidHref))} />;
}
