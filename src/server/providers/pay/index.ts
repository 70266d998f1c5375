import type { PayProviderName, PayScene } from '~/lib/rules/payment';
import { env } from '../../env';
import { log } from '../../log';
import { randomBytes } from 'node:crypto';
import { SANDBOX_SIGNATURE_HEADER, signSandbox, verifySandbox, type SandboxNotice, type SandboxRefundNotice } from './sandbox';
import { z } from 'zod';
import {
  createWechatH5,
  createWechatJsapi,
  createWechatNative,
  decryptWechatResource,
  requestWechatRefund,
  verifyWechatNotify,
  type WechatJsapiParams,
} from './wechat';
import { alipayPagePayUrl, alipayWapPayUrl, requestAlipayRefund, verifyAlipayNotify } from './alipay';

/** The gateways, named once in src/lib/rules/payment.ts (the contract and the browser use the same list). */
export type ProviderName = PayProviderName;

export interface StartInput {
  payNo: string;
  /** Fen. */
  amount: number;
  subject: string;
  notifyUrl: string;
  /** A path of this site the gateway returns the payer to. */
  returnUrl: string;
  expiresAt: Date;
  /** Where the payer is (the client says; see PAY_SCENES): picks the gateway's product. */
  scene: PayScene;
  /** The payer's address (WeChat H5's scene_info). */
  clientIp: string;
  /** The payer's openid in the official account (WeChat JSAPI). */
  openid?: string | undefined;
  /** A path of this site the cashier's 返回 goes to (Alipay WAP's quit_url). */
  quitUrl: string;
}

/**
 * Where the payer goes next: a page to open, a QR code to scan (WeChat Native), or the parameters
 * for WeChat's in-app cashier (JSAPI, `WeixinJSBridge.invoke('getBrandWCPayRequest')`).
 */
export type StartResult = { redirect: string } | { qr: string } | { jsapi: WechatJsapiParams };

/** A verified "the money arrived" message. */
export interface PaidNotice {
  payNo: string;
  txnId: string;
  amount: number;
}

/** A refund to ask a gateway for. */
export interface RefundInput {
  /** The payment's number at the gateway (our pay_no = their out_trade_no). */
  payNo: string;
  refundNo: string;
  /** Fen to give back, and what the payment collected. */
  amount: number;
  total: number;
  reason: string;
  notifyUrl: string;
  /** Delivers a request to our own API (the sandbox gateway posts its refund notice through it). */
  deliver: (req: Request) => Promise<Response>;
}

/** The gateway took the refund: done now, or confirmed later by its refund notice. */
export interface RefundResult {
  done: boolean;
  ref: string;
}

/** A verified refund result from a gateway's refund notice. */
export interface RefundNotice {
  refundNo: string;
  amount: number;
  ref: string;
  outcome: 'done' | 'failed';
}

/**
 * One way of collecting money from outside the site. Coins are not a provider: they never leave
 * our database (order.service pays with them directly).
 */
export interface PayProvider {
  name: ProviderName;
  label: string;
  /** The scenes this gateway can collect in (the pay page lists only those). */
  scenes: readonly PayScene[];
  start(input: StartInput): Promise<StartResult>;
  /** The verified success in a notify request; null for anything forged, stale or not a success. */
  readNotify(headers: Headers, body: string): PaidNotice | null;
  /** The answer this gateway expects, so it stops (ok) or retries (not ok). */
  ack(ok: boolean): Response;
  /** Asks for a refund of a payment; rejects with the gateway's reason when it refuses. */
  refund(input: RefundInput): Promise<RefundResult>;
  /** The verified result in a refund notice; null for anything forged, stale or unknown. */
  readRefundNotify(headers: Headers, body: string): RefundNotice | null;
}

const pem = (v: string) => v.replace(/\\n/g, '\n');
/** A gateway needs our pages as absolute URLs. */
const absolute = (path: string) => new URL(path, env().SITE_URL).href;

/** The fields of a decrypted WeChat transaction we act on. */
const wechatTransaction = z.object({
  out_trade_no: z.string().min(1).max(32),
  transaction_id: z.string().min(1).max(64),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int().positive() }),
});

/** Whether the sandbox gateway may be used: default on, off in production unless set explicitly. */
export function sandboxEnabled(): boolean {
  const e = env();
  return e.PAY_SANDBOX ?? e.NODE_ENV !== 'production';
}

const sandbox: PayProvider = {
  name: 'sandbox',
  label: '沙箱支付（测试环境）',
  scenes: ['pc', 'h5', 'wechat'],
  async start(i) {
    const cashier = i.scene === 'pc' ? '/pay/sandbox' : '/m/pay/sandbox';
    return { redirect: `${cashier}?pay_no=${encodeURIComponent(i.payNo)}` };
  },
  readNotify(headers, body) {
    if (!verifySandbox(body, headers.get(SANDBOX_SIGNATURE_HEADER) ?? undefined)) return null;
    try {
      const n = JSON.parse(body) as SandboxNotice;
      if (n.trade_state !== 'SUCCESS' || typeof n.pay_no !== 'string' || !Number.isInteger(n.amount)) return null;
      return { payNo: n.pay_no, txnId: String(n.txn_id), amount: n.amount };
    } catch {
      return null;
    }
  },
  ack: (ok) => new Response(ok ? 'SUCCESS' : 'FAIL', { status: ok ? 200 : 400 }),
  // The embedded gateway refunds at once and posts a signed refund notice, like its pay notice.
  async refund(i) {
    const notice: SandboxRefundNotice = {
      refund_no: i.refundNo,
      pay_no: i.payNo,
      refund_id: `SBXR${Date.now()}${randomBytes(4).toString('hex')}`,
      amount: i.amount,
      refund_state: 'SUCCESS',
      refunded_at: new Date().toISOString(),
    };
    const body = JSON.stringify(notice);
    const res = await i.deliver(
      new Request(i.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandbox(body) },
        body,
      }),
    );
    if (!res.ok) throw new Error('沙箱退款通知未被接受');
    return { done: false, ref: notice.refund_id };
  },
  readRefundNotify(headers, body) {
    if (!verifySandbox(body, headers.get(SANDBOX_SIGNATURE_HEADER) ?? undefined)) return null;
    try {
      const n = JSON.parse(body) as SandboxRefundNotice;
      if (n.refund_state !== 'SUCCESS' || typeof n.refund_no !== 'string' || !Number.isInteger(n.amount)) return null;
      return { refundNo: n.refund_no, amount: n.amount, ref: String(n.refund_id), outcome: 'done' };
    } catch {
      return null;
    }
  },
};

/** The fields of a decrypted WeChat refund callback we act on. */
const wechatRefundResource = z.object({
  out_refund_no: z.string().min(1).max(64),
  refund_id: z.string().max(64),
  refund_status: z.string(),
  amount: z.object({ refund: z.number().int().positive() }),
});

function wechat(): PayProvider | null {
  const e = env();
  if (
    !e.WXPAY_MCH_ID ||
    !e.WXPAY_APP_ID ||
    !e.WXPAY_SERIAL_NO ||
    !e.WXPAY_PRIVATE_KEY ||
    !e.WXPAY_API_V3_KEY ||
    !e.WXPAY_PLATFORM_PUBLIC_KEY
  )
    return null;
  const cfg = {
    mchId: e.WXPAY_MCH_ID,
    appId: e.WXPAY_APP_ID,
    serialNo: e.WXPAY_SERIAL_NO,
    privateKeyPem: pem(e.WXPAY_PRIVATE_KEY),
    apiBase: e.WXPAY_API_URL.replace(/\/+$/, ''),
  };
  const apiV3Key = e.WXPAY_API_V3_KEY;
  const platformKey = pem(e.WXPAY_PLATFORM_PUBLIC_KEY);
  // JSAPI pays as the official account the payer's openid belongs to (its app id, bound to the merchant).
  const mpAppId = e.WX_MP_APP_ID && e.WX_MP_APP_SECRET ? e.WX_MP_APP_ID : '';
  return {
    name: 'wechat',
    label: '微信支付',
    scenes: mpAppId ? ['pc', 'h5', 'wechat'] : ['pc', 'h5'],
    async start(i) {
      const order = {
        description: i.subject,
        outTradeNo: i.payNo,
        amountFen: i.amount,
        notifyUrl: i.notifyUrl,
        expireAt: i.expiresAt,
      };
      if (i.scene === 'h5')
        return { redirect: (await createWechatH5(cfg, { ...order, clientIp: i.clientIp, returnUrl: absolute(i.returnUrl) })).h5Url };
      if (i.scene === 'wechat') {
        if (!mpAppId || !i.openid) throw new Error('wechat pay: JSAPI needs the payer openid of the official account');
        return { jsapi: await createWechatJsapi({ ...cfg, appId: mpAppId }, { ...order, openid: i.openid }) };
      }
      const { codeUrl } = await createWechatNative(cfg, order);
      return { qr: codeUrl };
    },
    readNotify(headers, body) {
      const ok = verifyWechatNotify({
        headers: {
          timestamp: headers.get('Wechatpay-Timestamp') ?? '',
          nonce: headers.get('Wechatpay-Nonce') ?? '',
          signature: headers.get('Wechatpay-Signature') ?? '',
          serial: headers.get('Wechatpay-Serial') ?? '',
        },
        body,
        platformPublicKeyPem: platformKey,
      });
      if (!ok) return null;
      try {
        const msg = JSON.parse(body) as { event_type?: string; resource?: Parameters<typeof decryptWechatResource>[0] };
        if (msg.event_type !== 'TRANSACTION.SUCCESS' || !msg.resource) return null;
        // Signed is not the same as well-formed: check the decrypted fields before trusting them.
        const t = wechatTransaction.safeParse(JSON.parse(decryptWechatResource(msg.resource, apiV3Key)));
        if (!t.success || t.data.trade_state !== 'SUCCESS') return null;
        return { payNo: t.data.out_trade_no, txnId: t.data.transaction_id, amount: t.data.amount.total };
      } catch (err) {
        log.warn('wechat notify unreadable', { message: (err as Error).message });
        return null;
      }
    },
    ack: (ok) => (ok ? new Response(null, { status: 204 }) : Response.json({ code: 'FAIL', message: '失败' }, { status: 500 })),
    async refund(i) {
      const a = await requestWechatRefund(cfg, {
        outTradeNo: i.payNo,
        outRefundNo: i.refundNo,
        reason: i.reason,
        notifyUrl: i.notifyUrl,
        refundFen: i.amount,
        totalFen: i.total,
      });
      if (a.status === 'SUCCESS') return { done: true, ref: a.refund_id };
      if (a.status === 'PROCESSING') return { done: false, ref: a.refund_id };
      throw new Error(a.status === 'CLOSED' ? '微信退款已关闭' : '微信退款异常，请到商户平台处理');
    },
    readRefundNotify(headers, body) {
      const ok = verifyWechatNotify({
        headers: {
          timestamp: headers.get('Wechatpay-Timestamp') ?? '',
          nonce: headers.get('Wechatpay-Nonce') ?? '',
          signature: headers.get('Wechatpay-Signature') ?? '',
          serial: headers.get('Wechatpay-Serial') ?? '',
        },
        body,
        platformPublicKeyPem: platformKey,
      });
      if (!ok) return null;
      try {
        const msg = JSON.parse(body) as { event_type?: string; resource?: Parameters<typeof decryptWechatResource>[0] };
        if (!msg.event_type?.startsWith('REFUND.') || !msg.resource) return null;
        const r = wechatRefundResource.safeParse(JSON.parse(decryptWechatResource(msg.resource, apiV3Key)));
        if (!r.success) return null;
        const outcome = r.data.refund_status === 'SUCCESS' ? 'done' : 'failed';
        return { refundNo: r.data.out_refund_no, amount: r.data.amount.refund, ref: r.data.refund_id, outcome };
      } catch (err) {
        log.warn('wechat refund notify unreadable', { message: (err as Error).message });
        return null;
      }
    },
  };
}

function alipay(): PayProvider | null {
  const e = env();
  if (!e.ALIPAY_APP_ID || !e.ALIPAY_PRIVATE_KEY || !e.ALIPAY_PUBLIC_KEY) return null;
  const cfg = { appId: e.ALIPAY_APP_ID, privateKeyPem: pem(e.ALIPAY_PRIVATE_KEY), gateway: e.ALIPAY_GATEWAY };
  const publicKey = pem(e.ALIPAY_PUBLIC_KEY);
  return {
    name: 'alipay',
    label: '支付宝',
    // WeChat's browser does not open Alipay's cashier.
    scenes: ['pc', 'h5'],
    async start(i) {
      const order = {
        outTradeNo: i.payNo,
        amountFen: i.amount,
        subject: i.subject,
        notifyUrl: i.notifyUrl,
        returnUrl: absolute(i.returnUrl),
        timeExpire: i.expiresAt,
      };
      if (i.scene === 'h5') return { redirect: alipayWapPayUrl(cfg, { ...order, quitUrl: absolute(i.quitUrl) }) };
      if (i.scene === 'wechat') throw new Error('alipay: not inside WeChat');
      return { redirect: alipayPagePayUrl(cfg, order) };
    },
    readNotify(_headers, body) {
      const params = Object.fromEntries(new URLSearchParams(body));
      if (!verifyAlipayNotify(params, publicKey)) return null;
      if (params['app_id'] !== cfg.appId || !['TRADE_SUCCESS', 'TRADE_FINISHED'].includes(params['trade_status'] ?? '')) return null;
      const yuan = params['total_amount'] ?? '';
      if (!/^\d+(\.\d{1,2})?$/.test(yuan)) return null;
      return { payNo: params['out_trade_no'] ?? '', txnId: params['trade_no'] ?? '', amount: Math.round(Number(yuan) * 100) };
    },
    ack: (ok) => new Response(ok ? 'success' : 'failure', { status: 200, headers: { 'content-type': 'text/plain' } }),
    // alipay.trade.refund answers synchronously: accepted means refunded.
    async refund(i) {
      const a = await requestAlipayRefund(cfg, publicKey, {
        outTradeNo: i.payNo,
        outRequestNo: i.refundNo,
        refundFen: i.amount,
        reason: i.reason,
      });
      return { done: true, ref: a.tradeNo };
    },
    readRefundNotify: () => null,
  };
}

/** The gateways offered now (in `scene` when given), in the order the checkout lists them. */
export function payProviders(scene?: PayScene): PayProvider[] {
  return [wechat(), alipay(), sandboxEnabled() ? sandbox : null].filter(
    (p): p is PayProvider => p !== null && (!scene || p.scenes.includes(scene)),
  );
}

export function payProvider(name: string): PayProvider | null {
  return payProviders().find((p) => p.name === name) ?? null;
}
