import { createCipheriv, createDecipheriv, createPublicKey, createSign, createVerify, randomBytes } from 'node:crypto';

/**
 * WeChat Pay API v3 (微信支付 APIv3): request signing, callback verification, callback resource
 * decryption and the orders of each scene: Native (QR code), H5 (a phone browser) and JSAPI (inside
 * WeChat, with the paySign for WeixinJSBridge). Built on node:crypto and fetch only.
 * @see https://pay.weixin.qq.com/wiki/doc/apiv3/wechatpay/wechatpay4_0.shtml (签名生成)
 */

const SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
const GCM_TAG_BYTES = 16;

/** The decrypted `resource` of a payment-success callback (the fields we rely on). */
export interface WechatTransaction {
  out_trade_no: string;
  transaction_id: string;
  /** SUCCESS | REFUND | NOTPAY | CLOSED | REVOKED | USERPAYING | PAYERROR */
  trade_state: string;
  amount: { total: number; payer_total?: number; currency: string };
}

/** The encrypted `resource` object of a callback body. */
export interface WechatResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

export interface WechatConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate whose private key signs requests. */
  serialNo: string;
  privateKeyPem: string;
  apiBase?: string;
}

export interface WechatNativeOrder {
  description: string;
  outTradeNo: string;
  amountFen: number;
  notifyUrl: string;
  expireAt?: Date;
}

/** The string a request signature covers: five lines, each ending in `\n` (the body line too, even when empty). */
export function wechatRequestMessage(method: string, urlPath: string, timestamp: string, nonce: string, body: string): string {
  return `${method.toUpperCase()}\n${urlPath}\n${timestamp}\n${nonce}\n${body}\n`;
}

/**
 * The `Authorization` header of one API v3 request. `urlPath` must be exactly what goes on the wire
 * (path plus query), since WeChat rebuilds the message from the request it receives.
 */
export function wechatAuthorization(opts: {
  method: string;
  urlPath: string;
  body: string;
  mchId: string;
  serialNo: string;
  privateKeyPem: string;
  timestamp?: string;
  nonce?: string;
}): string {
  const timestamp = opts.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = opts.nonce ?? randomBytes(16).toString('hex').toUpperCase();
  const signature = createSign('RSA-SHA256')
    .update(wechatRequestMessage(opts.method, opts.urlPath, timestamp, nonce, opts.body))
    .sign(opts.privateKeyPem, 'base64');
  return `${SCHEMA} mchid="${opts.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${opts.serialNo}"`;
}

/**
 * Whether a callback really comes from WeChat Pay: RSA-SHA256 over `timestamp\nnonce\nbody\n` with the
 * platform key named by `Wechatpay-Serial` (the caller picks the key by `serial`), and a timestamp
 * within `maxSkewSeconds` of `now` (milliseconds, default Date.now()) so old callbacks cannot be
 * replayed. Any malformed input yields false: this runs on untrusted requests.
 */
export function verifyWechatNotify(opts: {
  headers: { timestamp: string; nonce: string; signature: string; serial: string };
  body: string;
  platformPublicKeyPem: string;
  maxSkewSeconds?: number;
  now?: number;
}): boolean {
  try {
    const { timestamp, nonce, signature } = opts.headers;
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) return false;
    const skew = Math.abs((opts.now ?? Date.now()) / 1000 - Number(timestamp));
    if (!(skew <= (opts.maxSkewSeconds ?? 300))) return false;
    const key = createPublicKey(opts.platformPublicKeyPem);
    return createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${opts.body}\n`).verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** The APIv3 key is used as-is as the AES-256 key, so it must be exactly 32 bytes. */
function apiV3KeyBytes(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('wechat pay: the APIv3 key must be 32 bytes');
  return key;
}

/**
 * Decrypts a callback `resource` (AEAD_AES_256_GCM; the tag is the ciphertext's last 16 bytes).
 * Throws when the algorithm is unknown or authentication fails, so a forged body never parses.
 */
export function decryptWechatResource(resource: WechatResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`wechat pay: unsupported algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= GCM_TAG_BYTES) throw new Error('wechat pay: ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', apiV3KeyBytes(apiV3Key), Buffer.from(resource.nonce, 'utf8'), {
    authTagLength: GCM_TAG_BYTES,
  });
  decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** The inverse of decryptWechatResource (tests and the local stand-in for WeChat use it). */
export function encryptWechatResource(plaintext: string, apiV3Key: string, nonce: string, associatedData: string): WechatResource {
  const cipher = createCipheriv('aes-256-gcm', apiV3KeyBytes(apiV3Key), Buffer.from(nonce, 'utf8'), {
    authTagLength: GCM_TAG_BYTES,
  });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: body.toString('base64'), nonce, associated_data: associatedData };
}

/** RFC 3339 in Beijing time (`2024-01-02T03:04:05+08:00`), the form WeChat documents for time_expire. */
function beijingRfc3339(d: Date): string {
  // China has kept UTC+8 without daylight saving since 1991, so a fixed shift is exact.
  return `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** POSTs a signed API v3 request and answers its JSON; non-2xx rejects with WeChat's own `message`. */
async function wechatPost(cfg: WechatConfig, urlPath: string, body: string): Promise<Record<string, unknown>> {
  const authorization = wechatAuthorization({
    method: 'POST',
    urlPath,
    body,
    mchId: cfg.mchId,
    serialNo: cfg.serialNo,
    privateKeyPem: cfg.privateKeyPem,
  });
  const res = await fetch(`${(cfg.apiBase ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, '')}${urlPath}`, {
    method: 'POST',
    headers: { Authorization: authorization, Accept: 'application/json', 'Content-Type': 'application/json' },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const code = typeof json['code'] === 'string' ? ` ${json['code']}` : '';
    throw new Error(typeof json['message'] === 'string' ? json['message'] : `wechat pay: HTTP ${res.status}${code}`);
  }
  return json;
}

/**
 * The JSON body of an order, field for field as WeChat documents it for `scene`: Native (a QR code
 * on a computer), H5 (`scene_info` with the payer's IP and `h5_info.type` Wap: a phone browser) or
 * JSAPI (`payer.openid`: inside WeChat, the openid of the official account `appid` names).
 */
export function wechatOrderBody(
  cfg: Pick<WechatConfig, 'appId' | 'mchId'>,
  order: WechatNativeOrder,
  scene: { kind: 'native' } | { kind: 'h5'; clientIp: string } | { kind: 'jsapi'; openid: string },
): string {
  if (!Number.isSafeInteger(order.amountFen) || order.amountFen <= 0)
    throw new Error('wechat pay: amount must be a positive number of fen');
  return JSON.stringify({
    appid: cfg.appId,
    mchid: cfg.mchId,
    description: order.description,
    out_trade_no: order.outTradeNo,
    ...(order.expireAt ? { time_expire: beijingRfc3339(order.expireAt) } : {}),
    notify_url: order.notifyUrl,
    amount: { total: order.amountFen, currency: 'CNY' },
    ...(scene.kind === 'jsapi' ? { payer: { openid: scene.openid } } : {}),
    ...(scene.kind === 'h5' ? { scene_info: { payer_client_ip: scene.clientIp, h5_info: { type: 'Wap' } } } : {}),
  });
}

export const WECHAT_ORDER_PATHS = {
  native: '/v3/pay/transactions/native',
  h5: '/v3/pay/transactions/h5',
  jsapi: '/v3/pay/transactions/jsapi',
} as const;

/** Places a Native order and returns the `code_url` to render as a QR code. */
export async function createWechatNative(cfg: WechatConfig, order: WechatNativeOrder): Promise<{ codeUrl: string }> {
  const json = await wechatPost(cfg, WECHAT_ORDER_PATHS.native, wechatOrderBody(cfg, order, { kind: 'native' }));
  if (typeof json['code_url'] !== 'string') throw new Error('wechat pay: answer has no code_url');
  return { codeUrl: json['code_url'] };
}

/**
 * Places an H5 order (a phone browser outside WeChat) and returns the `h5_url` to open, with the
 * page WeChat returns the payer to after paying (its documented `redirect_url` parameter).
 */
export async function createWechatH5(
  cfg: WechatConfig,
  order: WechatNativeOrder & { clientIp: string; returnUrl: string },
): Promise<{ h5Url: string }> {
  const json = await wechatPost(cfg, WECHAT_ORDER_PATHS.h5, wechatOrderBody(cfg, order, { kind: 'h5', clientIp: order.clientIp }));
  if (typeof json['h5_url'] !== 'string') throw new Error('wechat pay: answer has no h5_url');
  return { h5Url: wechatH5Redirect(json['h5_url'], order.returnUrl) };
}

/** `h5_url` with `redirect_url` (URL-encoded) appended, as WeChat documents. */
export function wechatH5Redirect(h5Url: string, returnUrl: string): string {
  return `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(returnUrl)}`;
}

/** What `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` takes (field names as WeChat spells them). */
export interface WechatJsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/**
 * The signed parameters for the payer's WeChat to pay a JSAPI prepay id: RSA-SHA256 with the
 * merchant key over `appId\ntimeStamp\nnonceStr\npackage\n` (调起支付签名).
 */
export function wechatJsapiParams(
  cfg: Pick<WechatConfig, 'appId' | 'privateKeyPem'>,
  prepayId: string,
  timeStamp = String(Math.floor(Date.now() / 1000)),
  nonceStr = randomBytes(16).toString('hex'),
): WechatJsapiParams {
  const pkg = `prepay_id=${prepayId}`;
  const paySign = createSign('RSA-SHA256').update(`${cfg.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`).sign(cfg.privateKeyPem, 'base64');
  return { appId: cfg.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
}

/** Places a JSAPI order for the payer's openid and answers the signed parameters to pay it with. */
export async function createWechatJsapi(cfg: WechatConfig, order: WechatNativeOrder & { openid: string }): Promise<WechatJsapiParams> {
  const json = await wechatPost(cfg, WECHAT_ORDER_PATHS.jsapi, wechatOrderBody(cfg, order, { kind: 'jsapi', openid: order.openid }));
  if (typeof json['prepay_id'] !== 'string') throw new Error('wechat pay: answer has no prepay_id');
  return wechatJsapiParams(cfg, json['prepay_id']);
}

/* ---- Refunds (申请退款 POST /v3/refund/domestic/refunds) ---- */

export interface WechatRefundRequest {
  /** Our payment number (the out_trade_no the payment was made under). */
  outTradeNo: string;
  outRefundNo: string;
  reason: string;
  notifyUrl: string;
  /** Fen to give back, and the fen the payment collected. */
  refundFen: number;
  totalFen: number;
}

/** What WeChat answers to a refund request (the fields we act on). */
export interface WechatRefundAnswer {
  refund_id: string;
  out_refund_no: string;
  /** SUCCESS | CLOSED | PROCESSING | ABNORMAL */
  status: string;
}

/** The decrypted `resource` of a refund callback (REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED). */
export interface WechatRefundResource {
  out_trade_no: string;
  out_refund_no: string;
  refund_id: string;
  /** SUCCESS | CLOSE | ABNORMAL */
  refund_status: string;
  amount: { total: number; refund: number; payer_total?: number; payer_refund?: number };
}

export const WECHAT_REFUND_PATH = '/v3/refund/domestic/refunds';

/** The JSON body of a refund request, field for field as WeChat documents it. */
export function wechatRefundBody(r: WechatRefundRequest): string {
  if (!Number.isSafeInteger(r.refundFen) || r.refundFen <= 0 || !Number.isSafeInteger(r.totalFen) || r.refundFen > r.totalFen)
    throw new Error('wechat pay: refund must be a positive number of fen, at most the amount paid');
  return JSON.stringify({
    out_trade_no: r.outTradeNo,
    out_refund_no: r.outRefundNo,
    reason: r.reason.slice(0, 80),
    notify_url: r.notifyUrl,
    amount: { refund: r.refundFen, total: r.totalFen, currency: 'CNY' },
  });
}

/**
 * Asks WeChat to refund (signed like every API v3 request). Answers WeChat's status: SUCCESS or
 * PROCESSING (the REFUND.SUCCESS callback follows); non-2xx answers reject with WeChat's message.
 */
export async function requestWechatRefund(cfg: WechatConfig, r: WechatRefundRequest): Promise<WechatRefundAnswer> {
  const body = wechatRefundBody(r);
  const authorization = wechatAuthorization({
    method: 'POST',
    urlPath: WECHAT_REFUND_PATH,
    body,
    mchId: cfg.mchId,
    serialNo: cfg.serialNo,
    privateKeyPem: cfg.privateKeyPem,
  });
  const res = await fetch(`${(cfg.apiBase ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, '')}${WECHAT_REFUND_PATH}`, {
    method: 'POST',
    headers: { Authorization: authorization, Accept: 'application/json', 'Content-Type': 'application/json' },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json().catch(() => ({}))) as Partial<WechatRefundAnswer> & { code?: string; message?: string };
  if (!res.ok) throw new Error(json.message ?? `wechat pay: HTTP ${res.status}${json.code ? ` ${json.code}` : ''}`);
  if (!json.status || !json.out_refund_no) throw new Error('wechat pay: refund answer has no status');
  return { refund_id: json.refund_id ?? '', out_refund_no: json.out_refund_no, status: json.status };
}
