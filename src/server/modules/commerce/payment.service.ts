import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { PaymentStatusView, SandboxInfo, StartedPayment } from '~/lib/api/contract/pay';
import type { ApiOutput } from '~/lib/api/types';
import {
  COIN_FEN,
  MOBILE_PAY_TEXTS,
  PAY_TEXTS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  TOPUP_MAX,
  TOPUP_MIN,
  type PaymentStatus,
  type PayScene,
} from '~/lib/rules/payment';
import { db, type TxOrDb } from '../../db';
import { one } from '../../db/rows';
import { orderItems, orders, payments } from '../../db/schema';
import { env } from '../../env';
import { notFound, refuse } from '../../http/errors';
import { log } from '../../log';
import { invalidate } from '../../cache';
import { payProvider, sandboxEnabled, type PaidNotice, type PayProvider, type ProviderName, type StartInput } from '../../providers/pay';
import { wechatMp } from '../../providers/oauth';
import { signSandbox, SANDBOX_SIGNATURE_HEADER, type SandboxNotice } from '../../providers/pay/sandbox';
import { changeCoins, coinsFor } from '../../ledger/coins';
import { releaseCoupons } from './coupon.service';
import { sendMessage } from '../notice/notice.service';
import { alreadyHeld, fulfilPaid } from './order-holding';
import { release } from './order.service';
import { ORDER_TEXTS } from './order-texts';
import { safeRedirect } from '~/lib/rules/redirect';

export { PAY_TEXTS, TOPUP_MAX, TOPUP_MIN };

/** A pending top-up lives this long. */
const TOPUP_TTL_MS = 30 * 60_000;

const payNo = () => `P${Date.now()}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
const notifyUrl = (provider: string) => `${env().SITE_URL.replace(/\/+$/, '')}/api/pay/notify/${provider}`;

function providerOrRefuse(name: string) {
  const p = payProvider(name);
  if (!p) throw refuse(name === 'sandbox' && !sandboxEnabled() ? PAY_TEXTS.sandboxOff : PAY_TEXTS.unavailable);
  return p;
}

/** A payments column as one of the contract's values; anything else is a data fault. */
function known<T extends string>(values: readonly T[], value: string, what: string): T {
  const found = values.find((v) => v === value);
  if (found === undefined) throw new Error(`payment ${what} has an unknown value: ${value}`);
  return found;
}
const statusOf = (p: typeof payments.$inferSelect): PaymentStatus => known(PAYMENT_STATUSES, p.status, 'status');

/** Hands the payer to a gateway; WeChat answers a code to scan, shown as a QR image. */
async function start(gateway: PayProvider, p: Omit<StartInput, 'notifyUrl'>): Promise<StartedPayment> {
  let next;
  try {
    next = await gateway.start({ ...p, notifyUrl: notifyUrl(gateway.name) });
  } catch (err) {
    log.warn('payment start failed', { provider: gateway.name, message: (err as Error).message });
    throw refuse(`${gateway.label}暂时无法发起支付，请稍后再试或换一种支付方式`);
  }
  if ('qr' in next)
    return { pay_no: p.payNo, redirect: '', qr_image: await QRCode.toDataURL(next.qr, { margin: 1, width: 220 }), jsapi: null };
  if ('jsapi' in next) return { pay_no: p.payNo, redirect: '', qr_image: '', jsapi: next.jsapi };
  return { pay_no: p.payNo, redirect: next.redirect, qr_image: '', jsapi: null };
}

/** How the payer's browser started the payment (the pay page says; the server decides what it means). */
export interface PayContext {
  scene: PayScene;
  clientIp: string;
  /** WeChat JSAPI: the official account's snsapi_base code, exchanged here for the payer's openid. */
  code?: string | undefined;
}

/** The payer's openid in the official account, from a snsapi_base code (WeChat Pay JSAPI). */
async function payerOpenid(code: string | undefined): Promise<string> {
  const mp = wechatMp();
  if (!mp || !code) throw refuse(MOBILE_PAY_TEXTS.wechatNeedsMp);
  try {
    return await mp.openid(code);
  } catch (err) {
    log.warn('wechat mp openid failed', { message: (err as Error).message });
    throw refuse('微信授权失败，请重新支付');
  }
}

/**
 * Starts paying one of the member's unpaid orders through a gateway, in the product for the
 * payer's scene (SPEC §2 mobile site: WeChat H5 or JSAPI, Alipay WAP). A payment begun on the
 * phone returns to the mobile result page, which polls this payment; on a computer, to the order.
 */
export async function payOrderOnline(
  userId: number,
  orderId: number,
  provider: ProviderName,
  ctx: PayContext = { scene: 'pc', clientIp: '' },
): Promise<StartedPayment> {
  const gateway = providerOrRefuse(provider);
  if (!gateway.scenes.includes(ctx.scene))
    throw refuse(provider === 'alipay' && ctx.scene === 'wechat' ? MOBILE_PAY_TEXTS.alipayInWechat : MOBILE_PAY_TEXTS.wechatNeedsMp);
  const [o] = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'unpaid'), gt(orders.expiresAt, new Date())))
    .limit(1);
  if (!o) throw refuse(ORDER_TEXTS.state);
  const openid = provider === 'wechat' && ctx.scene === 'wechat' ? await payerOpenid(ctx.code) : undefined;
  const [item] = await db().select({ title: orderItems.title }).from(orderItems).where(eq(orderItems.orderId, o.id)).limit(1);
  const no = payNo();
  const p = one(
    await db()
      .insert(payments)
      .values({
        payNo: no,
        userId,
        purpose: 'order',
        orderId: o.id,
        amount: o.payAmount,
        provider,
        returnUrl: ctx.scene === 'pc' ? `/order/detail?id=${o.id}&paid=1` : `/m/pay/result?pay_no=${no}`,
      })
      .returning(),
    'payment',
  );
  return start(gateway, {
    payNo: p.payNo,
    amount: p.amount,
    subject: `功夫-${item?.title ?? o.orderNo}`.slice(0, 120),
    returnUrl: p.returnUrl,
    expiresAt: o.expiresAt,
    scene: ctx.scene,
    clientIp: ctx.clientIp,
    openid,
    quitUrl: `/m/pay?id=${o.id}`,
  });
}

/** WeChat Pay inside WeChat: the official account's silent authorisation, back to the pay page with a code. */
export function wechatOpenidUrl(to: { id?: number | undefined; topup?: number | undefined }): { url: string } {
  const mp = wechatMp();
  if (!mp) throw refuse(MOBILE_PAY_TEXTS.wechatNeedsMp);
  // A top-up on the phone's wallet page comes back there with the coins it was for.
  const back = to.id !== undefined ? `/m/pay?id=${to.id}&wxpay=1` : `/m/my/wallet?topup_coins=${to.topup ?? 0}&wxpay=1`;
  return { url: mp.authorizeUrl('pay', 'snsapi_base', new URL(back, env().SITE_URL).href) };
}

/**
 * Where a paid top-up returns: the page it was started from when that is a page of this site (an
 * order's payment step), marked `topup=1`; anything else — another host, a scheme — is ignored.
 */
export function topUpReturn(returnTo: string | undefined): string {
  const origin = new URL(env().SITE_URL).origin;
  const path = safeRedirect(returnTo, origin, '');
  if (!path) return '/my/wallet/kungfucoin?topup=1';
  const url = new URL(path, origin);
  url.searchParams.set('topup', '1');
  return `${url.pathname}${url.search}`;
}

/** Starts a coin top-up through a gateway. */
export async function topUp(
  userId: number,
  coins: number,
  provider: ProviderName,
  returnTo?: string,
  ctx: PayContext = { scene: 'pc', clientIp: '' },
): Promise<StartedPayment> {
  const gateway = providerOrRefuse(provider);
  // The phone's wallet tops up in the payer's scene (SPEC §2 mobile site), as an order is paid.
  if (!gateway.scenes.includes(ctx.scene))
    throw refuse(provider === 'alipay' && ctx.scene === 'wechat' ? MOBILE_PAY_TEXTS.alipayInWechat : MOBILE_PAY_TEXTS.wechatNeedsMp);
  const openid = provider === 'wechat' && ctx.scene === 'wechat' ? await payerOpenid(ctx.code) : undefined;
  const p = one(
    await db()
      .insert(payments)
      .values({
        payNo: payNo(),
        userId,
        purpose: 'topup',
        coins,
        amount: coins * COIN_FEN,
        provider,
        returnUrl: topUpReturn(returnTo),
      })
      .returning(),
    'payment',
  );
  return start(gateway, {
    payNo: p.payNo,
    amount: p.amount,
    subject: `功夫币充值 ${coins} 个`,
    returnUrl: p.returnUrl,
    expiresAt: new Date(Date.now() + TOPUP_TTL_MS),
    scene: ctx.scene,
    clientIp: ctx.clientIp,
    openid,
    quitUrl: p.returnUrl,
  });
}

/** The member's view of one payment (the QR page polls it). */
export async function paymentStatus(userId: number, no: string): Promise<PaymentStatusView> {
  const [p] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.payNo, no), eq(payments.userId, userId)))
    .limit(1);
  if (!p) throw notFound('支付记录不存在');
  return {
    pay_no: p.payNo,
    status: statusOf(p),
    purpose: known(PAYMENT_PURPOSES, p.purpose, 'purpose'),
    order_id: p.orderId,
    return_url: p.returnUrl,
  };
}

export type NotifyOutcome = 'paid' | 'duplicate' | 'rejected';

/**
 * Applies a verified gateway notice once. The payment moves pending → paid only if the amount is
 * exactly what we asked for; then, in the same transaction, the order is paid (or the coins are
 * credited). A replay finds the payment already paid and changes nothing. Money for an order that
 * was closed meanwhile is kept as coins, never lost.
 */
export async function applyPaidNotice(provider: ProviderName, n: PaidNotice): Promise<NotifyOutcome> {
  const outcome = await db().transaction(async (tx): Promise<NotifyOutcome> => {
    const [cur] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.payNo, n.payNo), eq(payments.provider, provider)))
      .limit(1);
    if (!cur) return 'rejected';
    if (cur.amount !== n.amount) {
      log.warn('payment amount mismatch', { pay_no: n.payNo, expected: cur.amount, got: n.amount });
      return 'rejected';
    }
    const [p] = await tx
      .update(payments)
      .set({ status: 'paid', providerTxn: n.txnId.slice(0, 64), paidAt: new Date() })
      .where(and(eq(payments.id, cur.id), eq(payments.status, 'pending')))
      .returning();
    if (!p) return cur.status === 'paid' ? 'duplicate' : 'rejected';
    if (p.purpose === 'topup') {
      await changeCoins(tx, p.userId, p.coins, 'topup', { type: 'payment', id: p.id, note: `充值 ${p.coins} 功夫币` });
      return 'paid';
    }
    const [o] = await tx
      .update(orders)
      .set({ status: 'paid', payMethod: provider, paidAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orders.id, p.orderId ?? 0), eq(orders.status, 'unpaid')))
      .returning();
    const held = o ? await alreadyHeld(tx, o) : null;
    if (o && !held) {
      await fulfilPaid(tx, o);
      return 'paid';
    }
    if (o) {
      // The member already has what this order buys (another order got there first): the order
      // closes, what it held goes back, and the money is kept as coins.
      await tx
        .update(orders)
        .set({ status: 'closed', updatedAt: new Date() })
        .where(and(eq(orders.id, o.id), eq(orders.status, 'paid')));
      await release(tx, o.id);
      await releaseCoupons(tx, [o.id]);
    }
    // A group that failed meanwhile (拼团) says so; otherwise the member already holds the item.
    const why = !held
      ? '订单已关闭'
      : o?.groupId && held === ORDER_TEXTS.groupFailed
        ? held
        : o?.kind === 'course'
          ? '你已拥有该课程'
          : '你已报名该班级';
    await creditBack(tx, p, why);
    return 'paid';
  });
  if (outcome === 'paid') invalidate('catalogue:');
  return outcome;
}

/**
 * Money that arrived for an order that cannot take it (closed meanwhile, or for something the
 * member already has) is credited as coins — never lost — and the member is told why.
 */
async function creditBack(tx: TxOrDb, p: typeof payments.$inferSelect, why: string): Promise<void> {
  const coins = coinsFor(p.amount);
  if (coins > 0) await changeCoins(tx, p.userId, coins, 'refund', { type: 'payment', id: p.id, note: `${why}，支付款项已转为功夫币` });
  await sendMessage(
    {
      userId: p.userId,
      kind: 'notice',
      title: '支付款项已退回为功夫币',
      content: `<p>${why}，你的支付（${p.payNo}，¥${(p.amount / 100).toFixed(2)}）已退回为 ${coins} 个功夫币，可在「我的钱包」中查看。</p>`,
      link: '/my/wallet/kungfucoin',
    },
    tx,
  );
  log.warn('payment kept as coins', { pay_no: p.payNo, order_id: p.orderId, why });
}

/* ---- The sandbox gateway: plays the part of an outside cashier, on this server. ---- */

function sandboxOrRefuse() {
  if (!sandboxEnabled()) throw refuse(PAY_TEXTS.sandboxOff);
}

/** What the sandbox cashier page shows: the amount and what it is for. */
export async function sandboxInfo(userId: number, no: string): Promise<SandboxInfo> {
  sandboxOrRefuse();
  // Only the payer sees and confirms their own payment (a guessed pay_no is "not found").
  const [p] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.payNo, no), eq(payments.provider, 'sandbox'), eq(payments.userId, userId)))
    .limit(1);
  if (!p) throw notFound('支付单不存在');
  const [item] = p.orderId
    ? await db().select({ title: orderItems.title }).from(orderItems).where(eq(orderItems.orderId, p.orderId)).limit(1)
    : [];
  return {
    pay_no: p.payNo,
    amount: p.amount,
    subject: p.purpose === 'topup' ? `功夫币充值 ${p.coins} 个` : (item?.title ?? '订单支付'),
    status: statusOf(p),
    return_url: p.returnUrl,
  };
}

/**
 * The payer confirms in the sandbox cashier: the gateway posts a signed notice to our notify
 * endpoint, through the same HTTP handler a real gateway's request reaches.
 */
export async function sandboxConfirm(
  userId: number,
  no: string,
  deliver: (req: Request) => Promise<Response>,
): Promise<ApiOutput<'/pay/sandbox/confirm'>> {
  const info = await sandboxInfo(userId, no);
  if (info.status !== 'pending') return { status: info.status, return_url: info.return_url };
  const notice: SandboxNotice = {
    pay_no: no,
    txn_id: `SBX${Date.now()}${randomBytes(4).toString('hex')}`,
    amount: info.amount,
    trade_state: 'SUCCESS',
    paid_at: new Date().toISOString(),
  };
  const body = JSON.stringify(notice);
  const res = await deliver(
    new Request(notifyUrl('sandbox'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandbox(body) },
      body,
    }),
  );
  if (!res.ok) throw refuse('支付结果通知失败，请稍后再试');
  const after = await sandboxInfo(userId, no);
  return { status: after.status, return_url: after.return_url };
}
