import { api } from '../api/client';
import type { StartedPayment } from '../api/contract/pay';
import { MOBILE_PATHS } from '../rules/mobile-redirect';
import { MOBILE_PAY_TEXTS, PAY_TEXTS, type PayProviderName, type PayScene } from '../rules/payment';
import { InputError } from './action';
import { createInfiniteList } from './infinite';
import { invokeWechatPay } from './mobile-pay';
import { fetchNotices, type NoticeItem, type NoticeKind } from './notice';
import { startTopUp, topUpCoins, topUpHref } from './payment';
import type { CouponTab, MyCoupon } from './coupon';
import { LEDGER_LIMIT, type LedgerEntry } from './wallet';

/*
 * 我的 on the phone (SPEC §2 mobile site): the wallet's top-up in the payer's scene and the lists of
 * the member centre as lists that grow while scrolling — the desktop's endpoints and rules.
 */

/** Where a top-up on the phone returns (the server marks it `topup=1`). */
export const WALLET_RETURN = MOBILE_PATHS.wallet;

/**
 * 去充值 where coins are short on the phone (the pay page): the wallet's top-up, preset to the coins
 * still missing, returning to `returnTo` once paid — the desktop's topUpHref on the phone's page.
 */
export function phoneTopUpHref(returnTo: string, missingCoins?: number): string {
  const href = topUpHref(returnTo, missingCoins);
  return `${MOBILE_PATHS.wallet}${href.slice(href.indexOf('?'))}`;
}

/** The coin ledger of the wallet page, growing as it scrolls. */
export const createMobileLedger = () =>
  createInfiniteList<LedgerEntry, null>((_q, page) => api('/member/coinLedger', { page, limit: LEDGER_LIMIT, type: 'all' }), null);

/** 我的优惠券 by state (未使用 / 已使用 / 已过期). */
export const createMobileCoupons = (tab: CouponTab) =>
  createInfiniteList<MyCoupon, CouponTab>((status, page) => api('/member/couponList', { status, page, limit: 10 }), tab);

/** The notices of one kind. */
export const createMobileNotices = (kind: NoticeKind) =>
  createInfiniteList<NoticeItem, NoticeKind>((type, page) => fetchNotices(type, page, 15), kind);

/**
 * Back from WeChat's silent authorisation on the wallet page (`?wxpay=1&code=&topup_coins=`): the
 * coins it was for and the code that starts the JSAPI payment; null otherwise.
 */
export function wechatTopUpReturn(search: string): { coins: string; code: string } | null {
  const q = new URLSearchParams(search);
  const code = q.get('code') ?? '';
  const coins = topUpCoins(q.get('topup_coins') ?? '');
  return q.get('wxpay') === '1' && code && coins ? { coins: String(coins), code } : null;
}

/**
 * 立即充值 on the phone: WeChat inside WeChat first fetches the payer's openid code (the page leaves
 * and comes back, answers null); a started payment goes to its gateway page (WeChat H5, Alipay WAP,
 * the sandbox cashier) or WeChat's own cashier and then back to the wallet.
 */
export async function topUpOnPhone(
  coins: string,
  provider: PayProviderName | '',
  scene: PayScene,
  go: (url: string) => void,
  code = '',
  returnTo: string = WALLET_RETURN,
): Promise<StartedPayment | null> {
  if (provider === 'wechat' && scene === 'wechat' && !code) {
    const n = topUpCoins(coins);
    // startTopUp's own checks first, so a bad amount never leaves for WeChat.
    if (n === null || n < 1) throw new InputError(PAY_TEXTS.topUpAmount);
    go((await api('/pay/wxOpenidUrl', { topup: n })).url);
    return null;
  }
  const started = await startTopUp(coins, provider, returnTo, { scene, code });
  if (started.jsapi) {
    const outcome = await invokeWechatPay(started.jsapi);
    if (outcome === 'cancel') throw new InputError(MOBILE_PAY_TEXTS.cancelled, 'warning');
    go(`${returnTo}${returnTo.includes('?') ? '&' : '?'}topup=1`);
    return started;
  }
  if (started.redirect) go(started.redirect);
  return started;
}
