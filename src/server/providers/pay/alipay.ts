import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * Alipay open platform (支付宝开放平台) with RSA2 (SHA256withRSA) keys: request signing, the
 * computer-website and phone-website payment URLs and async-notify verification. Built on node:crypto only.
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

/** A signed GET to the gateway: every value percent-encoded (spaces as %20), the signature over the raw values. */
function signedGatewayUrl(cfg: AlipayConfig, params: Record<string, string>): string {
  params['sign'] = alipaySign(params, cfg.privateKeyPem);
  const gateway = cfg.gateway ?? 'https://openapi.alipay.com/gateway.do';
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `${gateway}${gateway.includes('?') ? '&' : '?'}${query}`;
}

/** The public parameters of a payment request (`method` names the product). */
function payParams(
  cfg: AlipayConfig,
  method: string,
  order: AlipayPageOrder,
  now: Date,
  biz: Record<string, string>,
): Record<string, string> {
  return {
    app_id: cfg.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: beijingTime(now),
    version: '1.0',
    notify_url: order.notifyUrl,
    return_url: order.returnUrl,
    biz_content: JSON.stringify({
      out_trade_no: order.outTradeNo,
      total_amount: yuan(order.amountFen),
      subject: order.subject,
      ...biz,
      ...(order.timeExpire ? { time_expire: beijingTime(order.timeExpire) } : {}),
    }),
  };
}

/** The signed `alipay.trade.page.pay` URL (电脑网站支付) to redirect the browser to. */
export function alipayPagePayUrl(cfg: AlipayConfig, order: AlipayPageOrder, now: Date = new Date()): string {
  return signedGatewayUrl(cfg, payParams(cfg, 'alipay.trade.page.pay', order, now, { product_code: 'FAST_INSTANT_TRADE_PAY' }));
}

/**
 * The signed `alipay.trade.wap.pay` URL (手机网站支付) for a phone browser: product QUICK_WAP_WAY, and
 * `quit_url`, where the cashier's 返回 takes a payer who gives up.
 */
export function alipayWapPayUrl(cfg: AlipayConfig, order: AlipayPageOrder & { quitUrl: string }, now: Date = new Date()): string {
  return signedGatewayUrl(
    cfg,
    payParams(cfg, 'alipay.trade.wap.pay', order, now, { product_code: 'QUICK_WAP_WAY', quit_url: order.quitUrl }),
  );
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

/* ---- Refunds (alipay.trade.refund, synchronous) ---- */

export interface AlipayRefundRequest {
  /** Our payment number (the out_trade_no the payment was made under). */
  outTradeNo: string;
  /** Our refund number: out_request_no, which makes a retried request refund once. */
  outRequestNo: string;
  refundFen: number;
  reason: string;
}

/** The signed form parameters of an `alipay.trade.refund` request. */
export function alipayRefundParams(cfg: AlipayConfig, r: AlipayRefundRequest, now: Date = new Date()): Record<string, string> {
  const params: Record<string, string> = {
    app_id: cfg.appId,
    method: 'alipay.trade.refund',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: beijingTime(now),
    version: '1.0',
    biz_content: JSON.stringify({
      out_trade_no: r.outTradeNo,
      refund_amount: yuan(r.refundFen),
      out_request_no: r.outRequestNo,
      refund_reason: r.reason.slice(0, 80),
    }),
  };
  params['sign'] = alipaySign(params, cfg.privateKeyPem);
  return params;
}

/**
 * The signed part of a synchronous answer: the raw JSON text of `<method>_response` exactly as
 * sent (Alipay signs those bytes, so it is cut from the text, never re-serialised), or null.
 */
export function alipayResponseContent(raw: string, method: string): string | null {
  const key = `"${method.replace(/\./g, '_')}_response"`;
  const at = raw.indexOf(key);
  if (at < 0) return null;
  const start = raw.indexOf('{', at + key.length);
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < raw.length; i++) {
    const ch = raw[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return raw.slice(start, i + 1);
  }
  return null;
}

/** What we act on in a refund answer. */
export interface AlipayRefundAnswer {
  code: string;
  msg: string;
  sub_msg?: string;
  trade_no?: string;
  fund_change?: string;
}

/**
 * Verifies a synchronous answer's RSA2 signature (over the `<method>_response` text) and parses
 * it; null when unsigned, forged or malformed. Never throws.
 */
export function verifyAlipayResponse(raw: string, method: string, alipayPublicKeyPem: string): AlipayRefundAnswer | null {
  try {
    const content = alipayResponseContent(raw, method);
    const sign = (JSON.parse(raw) as { sign?: unknown }).sign;
    if (!content || typeof sign !== 'string') return null;
    if (!createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey(alipayPublicKeyPem), sign, 'base64')) return null;
    return JSON.parse(content) as AlipayRefundAnswer;
  } catch {
    return null;
  }
}

/**
 * Asks Alipay to refund. Answers when Alipay accepted it (code 10000: the money goes back); a
 * refusal or an answer that does not verify rejects with the reason.
 */
export async function requestAlipayRefund(
  cfg: AlipayConfig,
  alipayPublicKeyPem: string,
  r: AlipayRefundRequest,
): Promise<{ tradeNo: string }> {
  const params = alipayRefundParams(cfg, r);
  const res = await fetch(cfg.gateway ?? 'https://openapi.alipay.com/gateway.do', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
    body: new URLSearchParams(params).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  const raw = await res.text();
  const answer = verifyAlipayResponse(raw, 'alipay.trade.refund', alipayPublicKeyPem);
  if (!answer) throw new Error('alipay: the refund answer could not be verified');
  if (answer.code !== '10000') throw new Error(answer.sub_msg || answer.msg || `alipay: refund refused (${answer.code})`);
  return { tradeNo: answer.trade_no ?? '' };
}
