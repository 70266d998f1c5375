import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  requestWechatRefund,
  WECHAT_REFUND_PATH,
  wechatRefundBody,
  wechatRequestMessage,
  type WechatRefundRequest,
} from '~/server/providers/pay/wechat';
import {
  alipayRefundParams,
  alipayResponseContent,
  alipaySignContent,
  requestAlipayRefund,
  verifyAlipayResponse,
} from '~/server/providers/pay/alipay';

/* Refund requests of the real gateways, checked against their documented formats
 * with local stand-ins: nothing here reaches the network. */

const rsaPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = rsaPair();
const alipayApp = rsaPair();
const alipayPlatform = rsaPair();
const stranger = rsaPair();

const verifies = (message: string, signature: string, publicKeyPem: string) =>
  createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKeyPem, signature, 'base64');

function parseAuthorization(header: string) {
  const space = header.indexOf(' ');
  const fields = [...header.slice(space + 1).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as const);
  return { schema: header.slice(0, space), f: Object.fromEntries(fields) as Record<string, string> };
}

/** A local HTTP stand-in answering with `handle(method, url, headers, body)`. */
async function standIn(handle: (req: { method: string; url: string; headers: Record<string, unknown>; body: string }) => [number, string]) {
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const [status, body] = handle({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: raw });
      res.statusCode = status;
      res.setHeader('Content-Type', 'application/json;charset=utf-8');
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('WeChat Pay v3 refund (POST /v3/refund/domestic/refunds)', () => {
  const refund: WechatRefundRequest = {
    outTradeNo: 'P1700000000000123',
    outRefundNo: 'R1700000000000456',
    reason: '商品已售完',
    notifyUrl: 'https://example.com/api/pay/refund-notify/wechat',
    refundFen: 888,
    totalFen: 888,
  };

  it('builds the documented body: out_trade_no, out_refund_no, reason, notify_url, amount {refund,total,currency}', () => {
    expect(JSON.parse(wechatRefundBody(refund))).toEqual({
      out_trade_no: 'P1700000000000123',
      out_refund_no: 'R1700000000000456',
      reason: '商品已售完',
      notify_url: 'https://example.com/api/pay/refund-notify/wechat',
      amount: { refund: 888, total: 888, currency: 'CNY' },
    });
    expect(() => wechatRefundBody({ ...refund, refundFen: 999 })).toThrow();
    expect(() => wechatRefundBody({ ...refund, refundFen: 0 })).toThrow();
  });

  let stand: Awaited<ReturnType<typeof standIn>>;
  const seen: { url: string; body: string }[] = [];
  beforeAll(async () => {
    stand = await standIn(({ method, url, headers, body }) => {
      seen.push({ url, body });
      const { schema, f } = parseAuthorization(String(headers['authorization'] ?? ''));
      const msg = wechatRequestMessage(method, url, f['timestamp'] ?? '', f['nonce_str'] ?? '', body);
      if (schema !== 'WECHATPAY2-SHA256-RSA2048' || f['mchid'] !== '1900000001' || !verifies(msg, f['signature'] ?? '', merchant.publicKey))
        return [401, JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' })];
      const b = JSON.parse(body) as { out_refund_no: string };
      if (b.out_refund_no === 'R-NOT-ENOUGH') return [403, JSON.stringify({ code: 'NOT_ENOUGH', message: '基本账户余额不足' })];
      // The documented answer's shape (abridged).
      return [
        200,
        JSON.stringify({
          refund_id: '50000000382019052709732678859',
          out_refund_no: b.out_refund_no,
          transaction_id: '1217752501201407033233368018',
          out_trade_no: 'P1700000000000123',
          channel: 'ORIGINAL',
          status: 'PROCESSING',
          amount: { total: 888, refund: 888, currency: 'CNY' },
        }),
      ];
    });
  });
  afterAll(() => new Promise<void>((resolve) => stand.server.close(() => resolve())));

  const cfg = () => ({ mchId: '1900000001', appId: 'wx1', serialNo: 'SERIAL123', privateKeyPem: merchant.privateKey, apiBase: stand.base });

  it('signs the request like every API v3 call and reads the status', async () => {
    await expect(requestWechatRefund(cfg(), refund)).resolves.toEqual({
      refund_id: '50000000382019052709732678859',
      out_refund_no: 'R1700000000000456',
      status: 'PROCESSING',
    });
    expect(seen.at(-1)!.url).toBe(WECHAT_REFUND_PATH);
  });
  it("rejects with WeChat's message", async () => {
    await expect(requestWechatRefund(cfg(), { ...refund, outRefundNo: 'R-NOT-ENOUGH' })).rejects.toThrow('基本账户余额不足');
    await expect(requestWechatRefund({ ...cfg(), privateKeyPem: stranger.privateKey }, refund)).rejects.toThrow('签名错误');
  });
});

describe('Alipay alipay.trade.refund (RSA2)', () => {
  const cfg = (gateway?: string) => ({ appId: '2021000000000000', privateKeyPem: alipayApp.privateKey, ...(gateway ? { gateway } : {}) });
  const refund = { outTradeNo: 'P1700000000000123', outRequestNo: 'R1700000000000456', refundFen: 8888, reason: '正常退款' };

  it('signs the documented public parameters and biz_content', () => {
    const p = alipayRefundParams(cfg(), refund, new Date('2024-01-01T04:00:00Z'));
    expect(p).toMatchObject({
      app_id: '2021000000000000',
      method: 'alipay.trade.refund',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2024-01-01 12:00:00',
      version: '1.0',
    });
    expect(JSON.parse(p['biz_content']!)).toEqual({
      out_trade_no: 'P1700000000000123',
      refund_amount: '88.88',
      out_request_no: 'R1700000000000456',
      refund_reason: '正常退款',
    });
    // The signature covers every parameter but sign, sorted, raw values (sign_type included for requests).
    expect(verifies(alipaySignContent(p), p['sign']!, alipayApp.publicKey)).toBe(true);
    expect(alipaySignContent(p).startsWith('app_id=2021000000000000&biz_content={')).toBe(true);
  });

  // The documented synchronous answer, signed by "Alipay" over the exact text of the response object.
  const answer = (inner: string, key = alipayPlatform.privateKey) =>
    `{"alipay_trade_refund_response":${inner},"sign":"${createSign('RSA-SHA256').update(inner, 'utf8').sign(key, 'base64')}"}`;
  const ok =
    '{"code":"10000","msg":"Success","trade_no":"2013112011001004330000121536","out_trade_no":"P1700000000000123","buyer_logon_id":"159****5620","fund_change":"Y","refund_fee":"88.88","gmt_refund_pay":"2014-11-27 15:45:57"}';

  it('cuts the signed text out of the answer byte for byte, braces and quotes in strings included', () => {
    expect(alipayResponseContent(answer(ok), 'alipay.trade.refund')).toBe(ok);
    const tricky = '{"code":"40004","msg":"Business Failed","sub_msg":"含有 } 和 \\" 的说明"}';
    expect(alipayResponseContent(answer(tricky), 'alipay.trade.refund')).toBe(tricky);
    expect(alipayResponseContent('{"error_response":{}}', 'alipay.trade.refund')).toBeNull();
  });

  it('verifies the answer and refuses a forged or altered one', () => {
    expect(verifyAlipayResponse(answer(ok), 'alipay.trade.refund', alipayPlatform.publicKey)).toMatchObject({
      code: '10000',
      fund_change: 'Y',
    });
    expect(verifyAlipayResponse(answer(ok, stranger.privateKey), 'alipay.trade.refund', alipayPlatform.publicKey)).toBeNull();
    expect(verifyAlipayResponse(answer(ok).replace('88.88', '0.01'), 'alipay.trade.refund', alipayPlatform.publicKey)).toBeNull();
    expect(verifyAlipayResponse('not json', 'alipay.trade.refund', alipayPlatform.publicKey)).toBeNull();
  });

  it('posts the signed form and answers on code 10000; a refusal rejects with sub_msg', async () => {
    const forms: URLSearchParams[] = [];
    const stand = await standIn(({ body }) => {
      const form = new URLSearchParams(body);
      forms.push(form);
      const biz = JSON.parse(form.get('biz_content') ?? '{}') as { out_request_no?: string };
      return [
        200,
        biz.out_request_no === 'R-FAIL'
          ? answer('{"code":"40004","msg":"Business Failed","sub_code":"ACQ.TRADE_HAS_FINISHED","sub_msg":"交易已完结"}')
          : answer(ok),
      ];
    });
    try {
      await expect(requestAlipayRefund(cfg(`${stand.base}/gateway.do`), alipayPlatform.publicKey, refund)).resolves.toEqual({
        tradeNo: '2013112011001004330000121536',
      });
      const sent = Object.fromEntries(forms.at(-1)!);
      expect(verifies(alipaySignContent(sent), sent['sign']!, alipayApp.publicKey)).toBe(true);
      await expect(
        requestAlipayRefund(cfg(`${stand.base}/gateway.do`), alipayPlatform.publicKey, { ...refund, outRequestNo: 'R-FAIL' }),
      ).rejects.toThrow('交易已完结');
      await expect(requestAlipayRefund(cfg(`${stand.base}/gateway.do`), stranger.publicKey, refund)).rejects.toThrow(
        'could not be verified',
      );
    } finally {
      await new Promise<void>((resolve) => stand.server.close(() => resolve()));
    }
  });
});
