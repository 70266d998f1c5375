import type { PayProviderName } from '~/lib/rules/payment';
import { env } from '../../env';
import { log } from '../../log';
import { SANDBOX_SIGNATURE_HEADER, verifySandbox, type SandboxNotice } from './sandbox';
import { z } from 'zod';
import { createWechatNative, decryptWechatResource, verifyWechatNotify } from './wechat';
import { alipayPagePayUrl, verifyAlipayNotify } from './alipay';

/** The gateways, named once in src/lib/rules/payment.ts (the contract and the browser use the same list). */
export type ProviderName = PayProviderName;

export interface StartInput {
  payNo: string;
  /** Fen. */
  amount: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  expiresAt: Date;
}

/** Where the payer goes next: a page to open, or a QR code to scan (WeChat Native). */
export type StartResult = { redirect: string } | { qr: string };

/** A verified "the money arrived" message. */
export interface PaidNotice {
  payNo: string;
  txnId: string;
  amount: number;
}

/**
 * One way of collecting money from outside the site. Coins are not a provider: they never leave
 * our database (order.service pays with them directly).
 */
export interface PayProvider {
  name: ProviderName;
  label: string;
  start(input: StartInput): Promise<StartResult>;
  /** The verified success in a notify request; null for anything forged, stale or not a success. */
  readNotify(headers: Headers, body: string): PaidNotice | null;
  /** The answer this gateway expects, so it stops (ok) or retries (not ok). */
  ack(ok: boolean): Response;
}

const pem = (v: string) => v.replace(/\\n/g, '\n');

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
  async start(i) {
    return { redirect: `/pay/sandbox?pay_no=${encodeURIComponent(i.payNo)}` };
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
};

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
  return {
    name: 'wechat',
    label: '微信支付',
    async start(i) {
      const { codeUrl } = await createWechatNative(cfg, {
        description: i.subject,
        outTradeNo: i.payNo,
        amountFen: i.amount,
        notifyUrl: i.notifyUrl,
        expireAt: i.expiresAt,
      });
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
    async start(i) {
      return {
        redirect: alipayPagePayUrl(cfg, {
          outTradeNo: i.payNo,
          amountFen: i.amount,
          subject: i.subject,
          notifyUrl: i.notifyUrl,
          returnUrl: i.returnUrl,
          timeExpire: i.expiresAt,
        }),
      };
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
  };
}

/** The gateways offered now, in the order the checkout lists them. */
export function payProviders(): PayProvider[] {
  return [wechat(), alipay(), sandboxEnabled() ? sandbox : null].filter((p): p is PayProvider => p !== null);
}

export function payProvider(name: string): PayProvider | null {
  return payProviders().find((p) => p.name === name) ?? null;
}
