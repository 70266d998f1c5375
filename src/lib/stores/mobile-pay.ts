import { map } from 'nanostores';
import { api, errorText, mayRetry } from '../api/client';
import type { OrderDetail } from '../api/contract/order';
import type { PaymentStatusView, StartedPayment, WechatJsapi } from '../api/contract/pay';
import { MOBILE_PATHS } from '../rules/mobile-redirect';
import { MOBILE_PAY_TEXTS, payScene, type PayScene } from '../rules/payment';
import { InputError } from './action';
import { $payStep, pollPayment, startPay } from './payment';

/*
 * Paying on the phone (/m/pay, /m/pay/result): the desktop's payment store with the phone's scene
 * — WeChat Pay H5 in a phone browser, JSAPI inside WeChat, Alipay WAP — and no QR code to scan.
 */

/** The scene this browser is in (never `pc`: the mobile site is a phone's). */
export function mobileScene(ua: string): PayScene {
  const s = payScene(ua);
  return s === 'pc' ? 'h5' : s;
}

/** The result page of a payment (where the gateways return the payer). */
export const resultHref = (payNo: string) => `${MOBILE_PATHS.payResult}?pay_no=${encodeURIComponent(payNo)}`;

/** After paying with coins: the result page of the order (there is no gateway payment to watch). */
export const coinsPaidHref = (orderId: number) => `${MOBILE_PATHS.payResult}?order=${orderId}&coins=1`;

/**
 * Inside WeChat, WeChat Pay needs the payer's openid: the first press goes through the official
 * account's silent authorisation and comes back here with `?code=`; that code starts the payment.
 */
export function wechatCode(search: string): string {
  const q = new URLSearchParams(search);
  return q.get('wxpay') === '1' ? (q.get('code') ?? '') : '';
}

type Bridge = {
  invoke: (name: string, params: WechatJsapi, cb: (res: { err_msg?: string }) => void) => void;
};

/** WeChat's in-app cashier (getBrandWCPayRequest): answers ok, cancel or fail as WeChat reports it. */
export function invokeWechatPay(
  params: WechatJsapi,
  w: { WeixinJSBridge?: Bridge } = globalThis as never,
): Promise<'ok' | 'cancel' | 'fail'> {
  const bridge = w.WeixinJSBridge;
  if (!bridge) return Promise.reject(new InputError(MOBILE_PAY_TEXTS.bridgeMissing));
  return new Promise((resolve) =>
    bridge.invoke('getBrandWCPayRequest', params, (res) => {
      const m = res.err_msg ?? '';
      resolve(m.endsWith(':ok') ? 'ok' : m.endsWith(':cancel') ? 'cancel' : 'fail');
    }),
  );
}

/**
 * 立即支付 on the phone. Coins open the pay-password sheet (answers null). WeChat inside WeChat
 * without a code first fetches one (the page leaves). A started payment goes to its gateway page,
 * or to WeChat's own cashier and then the result page.
 */
export async function payOnPhone(go: (url: string) => void, code = ''): Promise<StartedPayment | null> {
  const s = $payStep.get();
  if (s.order && s.method === 'wechat' && s.scene === 'wechat' && !code) {
    go((await api('/pay/wxOpenidUrl', { id: s.order.id })).url);
    return null;
  }
  const started = await startPay(code);
  if (!started) return null;
  if (started.jsapi) {
    const outcome = await invokeWechatPay(started.jsapi);
    if (outcome === 'cancel') throw new InputError(MOBILE_PAY_TEXTS.cancelled, 'warning');
    // Paid or failed, our server says which (its notice, never the browser's word).
    go(resultHref(started.pay_no));
    return started;
  }
  if (started.redirect) go(started.redirect);
  return started;
}

/* ---- /m/pay/result ---- */

export interface PayResultState {
  /** paying: waiting for the gateway's notice; paid; waiting gave up (unknown); or the order is not payable any more. */
  phase: 'loading' | 'paying' | 'paid' | 'unknown' | 'failed';
  order: OrderDetail | null;
  payment: PaymentStatusView | null;
  error: string;
  retryable: boolean;
}

const RESULT: PayResultState = { phase: 'loading', order: null, payment: null, error: '', retryable: false };
export const $payResult = map<PayResultState>(RESULT);

const PAID_ORDER = new Set(['paid', 'shipped', 'received', 'completed']);

async function loadOrder(id: number | null): Promise<OrderDetail | null> {
  return id ? api('/order/detail', { id }) : null;
}

/**
 * Loads what the result page shows: the payment (`?pay_no=`, watched until our server has its
 * notice) or, after coins, the order (`?order=`). Answers the stop function of the watching.
 */
export async function loadPayResult(search: string, everyMs?: number, max?: number): Promise<() => void> {
  $payResult.set(RESULT);
  const q = new URLSearchParams(search);
  const payNo = q.get('pay_no') ?? '';
  const orderId = Number(q.get('order') ?? '') || null;
  try {
    if (!payNo) {
      const order = await loadOrder(orderId);
      if (!order) throw new InputError('订单不存在');
      $payResult.set({ ...RESULT, order, phase: PAID_ORDER.has(order.status) ? 'paid' : 'failed' });
      return () => undefined;
    }
    const payment = await api('/pay/status', { pay_no: payNo });
    const order = await loadOrder(payment.order_id);
    if (payment.status === 'paid') {
      $payResult.set({ ...RESULT, order, payment, phase: 'paid' });
      return () => undefined;
    }
    $payResult.set({
      ...RESULT,
      order,
      payment,
      phase: order && order.status !== 'unpaid' && !PAID_ORDER.has(order.status) ? 'failed' : 'paying',
    });
    return pollPayment(
      payNo,
      () => void loadOrder(payment.order_id).then((o) => $payResult.set({ ...$payResult.get(), order: o, phase: 'paid' })),
      everyMs,
      max,
      () => $payResult.setKey('phase', 'unknown'),
    );
  } catch (err) {
    $payResult.set({ ...RESULT, phase: 'failed', error: errorText(err), retryable: mayRetry(err) });
    return () => undefined;
  }
}

/** Where 支付成功 leads: the order, and what it bought (my learning for courses and classes). */
export function afterPaidLinks(order: Pick<OrderDetail, 'id' | 'kind'> | null): { order: string; next: [string, string] } {
  if (!order) return { order: `${MOBILE_PATHS.orders}?kind=goods`, next: ['返回首页', MOBILE_PATHS.home] };
  const next: [string, string] =
    order.kind === 'goods' ? ['继续逛逛', MOBILE_PATHS.shop] : ['去学习', `${MOBILE_PATHS.learning}?kind=${order.kind}`];
  return { order: `${MOBILE_PATHS.order}?id=${order.id}`, next };
}
