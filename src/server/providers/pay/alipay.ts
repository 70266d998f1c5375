import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * Alipay open platform (支付宝开放平台) with RSA2 (SHA256withRSA) keys: request signing, the
 * computer-website payment URL and async-notify verification. Built on node:crypto only.
 * @see https://opendocs.alipay.com/common/02kf5q (自行实现签名)
 */

export interface AlipayConfig {
  appId: string;
  privateKeyPem: string;
  gateway?: string;
}

export interface AlipayPageOrder {
  outTradeNo: string;
  amountFen: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  timeExpire?: Date;
}

/**
 * The string Alipay signs: non-empty parameters sorted by key (ASCII), `k=v` joined with `&`, values
 * raw. Requests sign everything but `sign`; async notifies also leave out `sign_type`.
 */
export function alipaySignContent(params: Record<string, string | undefined>, opts: { forNotify?: boolean } = {}): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !(opts.forNotify && k === 'sign_type'))
    .filter((k) => params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The Alipay console hands out bare base64 keys; accept those as well as PEM. */
function privateKey(pemOrBase64: string): KeyObject {
  if (pemOrBase64.includes('-----BEGIN')) return createPrivateKey(pemOrBase64);
  const der = Buffer.from(pemOrBase64.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

function publicKey(pemOrBase64: string): KeyObject {
  if (pemOrBase64.includes('-----BEGIN')) return createPublicKey(pemOrBase64);
  return createPublicKey({ key: Buffer.from(pemOrBase64.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
}

/** RSA2 signature (base64 SHA256withRSA) of a request's parameters. */
export function alipaySign(params: Record<string, string | undefined>, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(alipaySignContent(params), 'utf8').sign(privateKey(privateKeyPem), 'base64');
}

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, the only timestamp form the gateway accepts. */
function beijingTime(d: Date): string {
  // China has kept UTC+8 without daylight saving since 1991, so a fixed shift is exact.
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Fen to the yuan string Alipay wants ('12.34'), without floating-point rounding. */
function yuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen <= 0) throw new Error('alipay: amount must be a positive number of fen');
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/**
 * The signed `alipay.trade.page.pay` URL to redirect the browser to. Every value is percent-encoded
 * (spaces as %20, so the timestamp survives); the signature covers the raw values.
 */
export function alipayPagePayUrl(cfg: AlipayConfig, order: AlipayPageOrder, now: Date = new Date()): string {
  const params: Record<string, string> = {
    app_id: cfg.appId,
    method: 'alipay.trade.page.pay',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: beijingTime(now),
    version: '1.0',
    notify_url: order.notifyUrl,
    return_url: order.returnUrl,
    biz_content: JSON.stringify({
      out_trade_no: order.outTradeNo,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: yuan(order.amountFen),
      subject: order.subject,
      ...(order.timeExpire ? { time_expire: beijingTime(order.timeExpire) } : {}),
    }),
  };
  params['sign'] = alipaySign(params, cfg.privateKeyPem);
  const gateway = cfg.gateway ?? 'https://openapi.alipay.com/gateway.do';
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `${gateway}${gateway.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Whether an async notify (its form fields, already URL-decoded) was signed by Alipay with RSA2.
 * Never throws: this runs on untrusted requests, and anything malformed is simply not genuine.
 */
export function verifyAlipayNotify(params: Record<string, string>, alipayPublicKeyPem: string): boolean {
  try {
    const sign = params['sign'];
    if (!sign) return false;
    // RSA (SHA1) notifies would verify under a different digest; we only issue RSA2 orders.
    if (params['sign_type'] !== undefined && params['sign_type'] !== 'RSA2') return false;
    return createVerify('RSA-SHA256')
      .update(alipaySignContent(params, { forNotify: true }), 'utf8')
      .verify(publicKey(alipayPublicKeyPem), sign, 'base64');
  } catch {
    return false;
  }
}
