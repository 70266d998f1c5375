import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWechatH5,
  createWechatJsapi,
  wechatH5Redirect,
  wechatJsapiParams,
  wechatOrderBody,
  wechatRequestMessage,
} from '~/server/providers/pay/wechat';
import { alipaySignContent, alipayWapPayUrl } from '~/server/providers/pay/alipay';
import { payScene } from '~/lib/rules/payment';

/* The phone gateways (SPEC §2 mobile site): WeChat Pay H5 and JSAPI, Alipay WAP. */

function rsaPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}
const merchant = rsaPair();
const alipayApp = rsaPair();
const verifies = (message: string, signature: string, publicKeyPem: string) =>
  createVerify('RSA-SHA256').update(message).verify(publicKeyPem, signature, 'base64');

const order = {
  description: '功夫-太极入门',
  outTradeNo: 'P17000000000000001',
  amountFen: 9900,
  notifyUrl: 'https://example.com/api/pay/notify/wechat',
  expireAt: new Date('2024-01-01T16:30:00Z'),
};

describe('WeChat Pay order bodies by scene', () => {
  const cfg = { appId: 'wxmp123', mchId: '1900000001' };
  it('H5 carries scene_info with the payer IP and h5_info Wap', () => {
    expect(JSON.parse(wechatOrderBody(cfg, order, { kind: 'h5', clientIp: '203.0.113.9' }))).toEqual({
      appid: 'wxmp123',
      mchid: '1900000001',
      description: '功夫-太极入门',
      out_trade_no: 'P17000000000000001',
      time_expire: '2024-01-02T00:30:00+08:00',
      notify_url: 'https://example.com/api/pay/notify/wechat',
      amount: { total: 9900, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.9', h5_info: { type: 'Wap' } },
    });
  });
  it('JSAPI carries payer.openid and no scene_info', () => {
    const b = JSON.parse(wechatOrderBody(cfg, order, { kind: 'jsapi', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' })) as Record<string, unknown>;
    expect(b['payer']).toEqual({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    expect(b).not.toHaveProperty('scene_info');
  });
  it('refuses a non-positive or fractional amount', () => {
    for (const amountFen of [0, -5, 1.5]) expect(() => wechatOrderBody(cfg, { ...order, amountFen }, { kind: 'native' })).toThrow();
  });
  it('appends redirect_url, URL-encoded, to the h5_url', () => {
    expect(
      wechatH5Redirect(
        'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2',
        'https://m.x.cn/m/pay/result?pay_no=P1',
      ),
    ).toBe(
      'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2&redirect_url=https%3A%2F%2Fm.x.cn%2Fm%2Fpay%2Fresult%3Fpay_no%3DP1',
    );
  });
});

describe('WeChat JSAPI paySign', () => {
  it('signs appId\\ntimeStamp\\nnonceStr\\npackage\\n with the merchant key (RSA)', () => {
    const p = wechatJsapiParams(
      { appId: 'wx8888888888888888', privateKeyPem: merchant.privateKey },
      'wx201410272009395522657a690389285100',
      '1414561699',
      '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    );
    expect(p).toMatchObject({
      appId: 'wx8888888888888888',
      timeStamp: '1414561699',
      nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    const message = 'wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n';
    expect(verifies(message, p.paySign, merchant.publicKey)).toBe(true);
    // RSA PKCS#1 v1.5 is deterministic: the same vector gives the same signature.
    expect(p.paySign).toBe(createSign('RSA-SHA256').update(message).sign(merchant.privateKey, 'base64'));
    expect(verifies(message.replace('1414561699', '1414561700'), p.paySign, merchant.publicKey)).toBe(false);
  });
});

describe('WeChat H5 and JSAPI requests', () => {
  let server: Server;
  let apiBase = '';
  const seen: { url: string; body: Record<string, unknown>; signed: boolean }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (raw += c));
      req.on('end', () => {
        const f = Object.fromEntries([...(req.headers.authorization ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
        const msg = wechatRequestMessage(req.method ?? '', req.url ?? '', f['timestamp'] ?? '', f['nonce_str'] ?? '', raw);
        seen.push({
          url: req.url ?? '',
          body: JSON.parse(raw) as Record<string, unknown>,
          signed: verifies(msg, f['signature'] ?? '', merchant.publicKey),
        });
        res.setHeader('Content-Type', 'application/json');
        if (req.url === '/v3/pay/transactions/h5') res.end(JSON.stringify({ h5_url: 'https://wx.tenpay.com/checkmweb?prepay_id=wx2' }));
        else res.end(JSON.stringify({ prepay_id: 'wx2024' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const cfg = () => ({ mchId: '1900000001', appId: 'wxmp123', serialNo: 'S1', privateKeyPem: merchant.privateKey, apiBase });

  it('posts a signed H5 order and answers the h5_url with redirect_url', async () => {
    const r = await createWechatH5(cfg(), { ...order, clientIp: '203.0.113.9', returnUrl: 'https://x.cn/m/pay/result?pay_no=P1' });
    expect(r.h5Url).toBe('https://wx.tenpay.com/checkmweb?prepay_id=wx2&redirect_url=https%3A%2F%2Fx.cn%2Fm%2Fpay%2Fresult%3Fpay_no%3DP1');
    expect(seen.at(-1)).toMatchObject({ url: '/v3/pay/transactions/h5', signed: true });
    expect(seen.at(-1)?.body['scene_info']).toEqual({ payer_client_ip: '203.0.113.9', h5_info: { type: 'Wap' } });
  });
  it('posts a signed JSAPI order and answers the bridge parameters for its prepay_id', async () => {
    const p = await createWechatJsapi(cfg(), { ...order, openid: 'o-payer' });
    expect(seen.at(-1)).toMatchObject({ url: '/v3/pay/transactions/jsapi', signed: true });
    expect(p.package).toBe('prepay_id=wx2024');
    expect(verifies(`wxmp123\n${p.timeStamp}\n${p.nonceStr}\nprepay_id=wx2024\n`, p.paySign, merchant.publicKey)).toBe(true);
  });
});

describe('Alipay alipay.trade.wap.pay', () => {
  it('builds a signed URL with QUICK_WAP_WAY and quit_url', () => {
    const url = new URL(
      alipayWapPayUrl(
        { appId: '2021000000000000', privateKeyPem: alipayApp.privateKey },
        {
          outTradeNo: 'P1',
          amountFen: 1234,
          subject: '功夫 护具',
          notifyUrl: 'https://example.com/api/pay/notify/alipay',
          returnUrl: 'https://example.com/m/pay/result?pay_no=P1',
          quitUrl: 'https://example.com/m/pay?id=7',
          timeExpire: new Date('2024-01-01T16:30:00Z'),
        },
        new Date('2024-01-01T16:00:05Z'),
      ),
    );
    expect(url.search).not.toMatch(/[ +]/);
    const p = Object.fromEntries(url.searchParams);
    expect(p).toMatchObject({
      method: 'alipay.trade.wap.pay',
      sign_type: 'RSA2',
      timestamp: '2024-01-02 00:00:05',
      return_url: 'https://example.com/m/pay/result?pay_no=P1',
    });
    expect(JSON.parse(p['biz_content']!)).toEqual({
      out_trade_no: 'P1',
      total_amount: '12.34',
      subject: '功夫 护具',
      product_code: 'QUICK_WAP_WAY',
      quit_url: 'https://example.com/m/pay?id=7',
      time_expire: '2024-01-02 00:30:00',
    });
    expect(verifies(alipaySignContent(p), p['sign']!, alipayApp.publicKey)).toBe(true);
  });
});

describe('payScene', () => {
  it('is wechat inside the WeChat browser, h5 on other phones, pc elsewhere', () => {
    expect(payScene('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148 MicroMessenger/8.0.40')).toBe('wechat');
    expect(payScene('Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile Safari/537.36')).toBe('h5');
    expect(payScene('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140')).toBe('pc');
    // WeChat for Windows / macOS: a computer, QR code.
    expect(payScene('Mozilla/5.0 (Windows NT 10.0) Chrome/81 MicroMessenger/7.0 WindowsWechat')).toBe('pc');
  });
});
