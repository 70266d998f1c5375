import { atom, map } from 'nanostores';
import { safeRedirect } from '../rules/redirect';
import { api, errorText, mayRetry } from '../api/client';
import type { OrderDetail } from '../api/contract/order';
import type { PayProviderOption, SandboxInfo, StartedPayment } from '../api/contract/pay';
import type { ApiOutput } from '../api/types';
import { positiveInt } from '../format';
import { COIN_FEN, PAY_PASSWORD_RE, PAY_TEXTS, TOPUP_MAX, TOPUP_MIN, type PayProviderName, type PayScene } from '../rules/payment';
import { check, InputError } from './action';

export type { PayProviderOption, SandboxInfo, StartedPayment };
export type PayMethods = ApiOutput<'/pay/methods'>;

/** How the member pays an order: coins, or one of the gateways on offer. */
export type PayChoice = 'coins' | PayProviderName;

/* ---- /order/middle: the payment step of an unpaid order ---- */

export interface PayStepState {
  order: OrderDetail | null;
  methods: PayMethods | null;
  error: string;
  /** Whether asking again may help (not for a missing order). */
  retryable: boolean;
  method: PayChoice;
  /** The order's time ran out while the page was open. */
  expired: boolean;
  /** The pay-password dialog (coins) is open. */
  password: boolean;
  /** The member chose a method themself (a refreshed balance no longer changes it). */
  picked: boolean;
  /** Where the payer is (the mobile site says h5 or wechat): the gateways on offer follow it. */
  scene: PayScene;
}

const STEP: PayStepState = {
  order: null,
  methods: null,
  error: '',
  retryable: false,
  method: 'coins',
  expired: false,
  password: false,
  picked: false,
  scene: 'pc',
};
export const $payStep = map<PayStepState>(STEP);

/** Loads the order named by ?id= and the ways to pay it. */
export async function loadPayStep(search: string, scene: PayScene = 'pc'): Promise<void> {
  $payStep.set({ ...STEP, scene });
  const id = positiveInt(new URLSearchParams(search).get('id'));
  if (!id) {
    $payStep.setKey('error', '订单不存在');
    return;
  }
  try {
    const [order, methods] = await Promise.all([api('/order/detail', { id }), api('/pay/methods', { scene })]);
    $payStep.set({ ...$payStep.get(), order, methods, method: defaultMethod(order, methods) });
  } catch (err) {
    $payStep.set({ ...$payStep.get(), error: errorText(err), retryable: mayRetry(err) });
  }
}

/**
 * Asks for the balance again (back from a top-up whose notice may land after the redirect); the
 * preselected method follows it unless the member already chose one.
 */
export async function refreshPayMethods(): Promise<void> {
  try {
    const methods = await api('/pay/methods', { scene: $payStep.get().scene });
    const s = $payStep.get();
    if (!s.order) return;
    $payStep.set({ ...s, methods, method: s.picked ? s.method : defaultMethod(s.order, methods) });
  } catch {
    /* the page keeps the balance it has; paying re-checks on the server */
  }
}

/**
 * The method a member sees chosen: coins only when the balance covers the order, otherwise the
 * first gateway on offer (coins again when no gateway is configured, so 去充值 shows).
 */
export function defaultMethod(order: Pick<OrderDetail, 'pay_coins'>, methods: PayMethods): PayChoice {
  if (methods.coins >= order.pay_coins) return 'coins';
  return methods.providers[0]?.name ?? 'coins';
}

export const chooseMethod = (method: PayChoice): void => $payStep.set({ ...$payStep.get(), method, picked: true });
export const markExpired = (): void => $payStep.setKey('expired', true);
export const closePassword = (): void => $payStep.setKey('password', false);

/** Whether the balance covers the order (the coins it takes are the server's figure). */
export const coinsEnough = (s: Pick<PayStepState, 'order' | 'methods'>): boolean =>
  !!s.order && !!s.methods && s.methods.coins >= s.order.pay_coins;

/**
 * 立即支付: with coins, the pay-password dialog opens (a short balance is refused first); with a
 * gateway, the payment starts and its answer says where to go (see followGateway). Answers null
 * when the dialog opened.
 */
export async function startPay(code?: string): Promise<StartedPayment | null> {
  const s = $payStep.get();
  if (!s.order) throw new InputError('订单不存在');
  if (s.method === 'coins') {
    check(coinsEnough(s) ? null : PAY_TEXTS.coinsShort, 'warning');
    $payStep.setKey('password', true);
    return null;
  }
  // The desktop's body stays as it was; the phone adds its scene (and, inside WeChat, the openid code).
  if (s.scene === 'pc') return api('/pay/order', { id: s.order.id, provider: s.method });
  return api('/pay/order', { id: s.order.id, provider: s.method, scene: s.scene, ...(code ? { code } : {}) });
}

/**
 * Pays the order with coins behind the pay password; answers the page to go to (`after` names it
 * from the order id: the order on the desktop, the result page on the phone).
 */
export async function payOrderWithCoins(password: string, after = (id: number) => `/order/detail?id=${id}&paid=1`): Promise<string> {
  const order = $payStep.get().order;
  if (!order) throw new InputError('订单不存在');
  check(PAY_PASSWORD_RE.test(password) ? null : PAY_TEXTS.payPassword);
  await api('/order/payCoins', { id: order.id, pay_password: password });
  $payStep.setKey('password', false);
  return after(order.id);
}

/**
 * 去充值 where coins are short (an order, a settlement fee, a gift): the top-up page, preset to the
 * coins still missing when known, returning to `returnTo` (this page) once the top-up is paid.
 */
export function topUpHref(returnTo: string, missingCoins?: number): string {
  const q = new URLSearchParams();
  if (missingCoins !== undefined) q.set('coins', String(Math.min(TOPUP_MAX, Math.max(TOPUP_MIN, Math.ceil(missingCoins)))));
  q.set('return', returnTo);
  return `/my/wallet/payGateWay?${q.toString()}`;
}

/* ---- Gateways: a page to open, or a QR code to scan while we watch the payment ---- */

/** The QR code being shown (WeChat Native), and whether watching it gave up. */
export const $qr = atom<{ payment: StartedPayment; timedOut: boolean } | null>(null);

/** A started gateway payment: its page is opened (`go`), or its QR code shown. */
export function followGateway(started: StartedPayment, go: (url: string) => void): void {
  if (started.redirect) go(started.redirect);
  else $qr.set({ payment: started, timedOut: false });
}

export const closeQr = (): void => $qr.set(null);

export const POLL_EVERY_MS = 2000;
/** About three minutes of watching; then the dialog says to check the order later. */
export const POLL_MAX = 90;

/**
 * Asks our server (never the browser's word) whether the payment landed, every `everyMs`, at most
 * `max` times; on paid, `onPaid(return_url)`. A failed ask counts as a try. Answers the stop
 * function (call it when the dialog closes or the page goes).
 */
export function pollPayment(
  payNo: string,
  onPaid: (url: string) => void,
  everyMs = POLL_EVERY_MS,
  max = POLL_MAX,
  onTimeout?: () => void,
): () => void {
  let stopped = false;
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    tries++;
    try {
      const s = await api('/pay/status', { pay_no: payNo });
      if (stopped) return;
      if (s.status === 'paid') {
        stopped = true;
        onPaid(s.return_url);
        return;
      }
    } catch {
      /* a failed ask is one try; the next may get through */
    }
    if (stopped) return;
    if (tries >= max) {
      onTimeout?.();
      const shown = $qr.get();
      if (shown?.payment.pay_no === payNo) $qr.set({ ...shown, timedOut: true });
      return;
    }
    timer = setTimeout(() => void tick(), everyMs);
  };
  timer = setTimeout(() => void tick(), everyMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/* ---- /my/wallet/payGateWay: top-ups ---- */

export const $payMethods = map<{ methods: PayMethods | null; error: string; retryable: boolean }>({
  methods: null,
  error: '',
  retryable: false,
});

export async function loadPayMethods(): Promise<void> {
  try {
    $payMethods.set({ methods: await api('/pay/methods'), error: '', retryable: false });
  } catch (err) {
    $payMethods.set({ methods: null, error: errorText(err), retryable: mayRetry(err) });
  }
}

/** The coins typed, as a whole number (null when it is not one). */
export const topUpCoins = (text: string): number | null => (/^\d{1,9}$/.test(text) ? Number(text) : null);

/** What a top-up of the coins typed costs, in fen. */
export const topUpFen = (text: string): number => (topUpCoins(text) ?? 0) * COIN_FEN;

/**
 * What the top-up page was opened with: the coins to preset and where to return once paid (a path
 * of this site only — anything else is dropped, never followed).
 */
export function topUpParams(search: string, origin: string): { coins: string; returnTo: string } {
  const q = new URLSearchParams(search);
  const coins = topUpCoins(q.get('coins') ?? '');
  const raw = q.get('return');
  return {
    coins: coins !== null && coins >= TOPUP_MIN && coins <= TOPUP_MAX ? String(coins) : '100',
    returnTo: raw ? safeRedirect(raw, origin, '') : '',
  };
}

/** 立即充值: whole coins within the limits, a gateway chosen; answers the started payment. */
export async function startTopUp(
  text: string,
  provider: PayProviderName | '',
  returnTo = '',
  phone?: { scene: PayScene; code?: string },
): Promise<StartedPayment> {
  const coins = topUpCoins(text);
  check(coins === null || coins < TOPUP_MIN ? PAY_TEXTS.topUpAmount : null);
  check(coins !== null && coins > TOPUP_MAX ? PAY_TEXTS.topUpMax : null);
  if (!provider) throw new InputError(PAY_TEXTS.noProvider);
  // The desktop's body stays as it was; the phone adds its scene (and, inside WeChat, the openid code).
  const extra = phone ? { scene: phone.scene, ...(phone.code ? { code: phone.code } : {}) } : {};
  return api('/pay/topup', { coins: coins ?? 0, provider, ...(returnTo ? { return_to: returnTo } : {}), ...extra });
}

/* ---- /pay/sandbox: the sandbox gateway's cashier (only the payer) ---- */

export const $sandbox = map<{ info: SandboxInfo | null; error: string; retryable: boolean }>({ info: null, error: '', retryable: false });

export async function loadSandbox(payNo: string): Promise<void> {
  $sandbox.set({ info: null, error: '', retryable: false });
  try {
    $sandbox.setKey('info', await api('/pay/sandbox/info', { pay_no: payNo }));
  } catch (err) {
    $sandbox.set({ info: null, error: errorText(err), retryable: mayRetry(err) });
  }
}

/** 确认付款: the gateway notifies our server; answers where the payer returns to. */
export async function confirmSandbox(payNo: string): Promise<string> {
  const r = await api('/pay/sandbox/confirm', { pay_no: payNo });
  // The return address is always one of our pages; never follow anything else.
  return safeRedirect(r.return_url, globalThis.location?.origin ?? 'http://localhost', '/my/order/goods');
}

/** 取消支付 returns to the site without the "just paid" mark. */
export const sandboxCancelHref = (returnUrl: string): string => returnUrl.replace(/[?&](paid|topup)=1$/, '');
