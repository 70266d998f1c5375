import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWechatNative,
  decryptWechatResource,
  encryptWechatResource,
  verifyWechatNotify,
  wechatAuthorization,
  wechatRequestMessage,
  type WechatTransaction,
} from '~/server/providers/pay/wechat';
import { alipayPagePayUrl, alipaySign, alipaySignContent, verifyAlipayNotify } from '~/server/providers/pay/alipay';

function rsaPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const merchant = rsaPair();
const platform = rsaPair();
const stranger = rsaPair();
const alipayApp = rsaPair();

/** Splits `WECHATPAY2-SHA256-RSA2048 k="v",…` into its schema and ordered fields. */
function parseAuthorization(header: string) {
  const space = header.indexOf(' ');
  const fields = [...header.slice(space + 1).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as const);
  return { schema: header.slice(0, space), keys: fields.map(([k]) => k), f: Object.fromEntries(fields) as Record<string, string> };
}

function verifies(message: string, signature: string, publicKeyPem: string): boolean {
  return createVerify('RSA-SHA256').update(message).verify(publicKeyPem, signature, 'base64');
}

describe('WeChat Pay v3 request signing', () => {
  it('builds the message of the documented example byte for byte', () => {
    expect(wechatRequestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
  });

  const body = '{"appid":"wx1","mchid":"1900000001","amount":{"total":100}}';
  const header = wechatAuthorization({
    method: 'post',
    urlPath: '/v3/pay/transactions/native',
    body,
    mchId: '1900000001',
    serialNo: 'SERIAL123',
    privateKeyPem: merchant.privateKey,
    timestamp: '1700000000',
    nonce: 'NONCE42',
  });
  const { schema, keys, f } = parseAuthorization(header);

  it('puts the fields in the documented order', () => {
    expect(schema).toBe('WECHATPAY2-SHA256-RSA2048');
    expect(keys).toEqual(['mchid', 'nonce_str', 'signature', 'timestamp', 'serial_no']);
    expect(f).toMatchObject({ mchid: '1900000001', nonce_str: 'NONCE42', timestamp: '1700000000', serial_no: 'SERIAL123' });
  });

  it('signs the message with the merchant key (method upper-cased)', () => {
    const msg = `POST\n/v3/pay/transactions/native\n1700000000\nNONCE42\n${body}\n`;
    expect(verifies(msg, f['signature']!, merchant.publicKey)).toBe(true);
    expect(verifies(msg.replace('"total":100', '"total":1'), f['signature']!, merchant.publicKey)).toBe(false);
    expect(verifies(msg, f['signature']!, stranger.publicKey)).toBe(false);
  });

  it('picks a fresh nonce and the current time when not given', () => {
    const a = parseAuthorization(
      wechatAuthorization({ method: 'GET', urlPath: '/v3/x', body: '', mchId: 'm', serialNo: 's', privateKeyPem: merchant.privateKey }),
    );
    const b = parseAuthorization(
      wechatAuthorization({ method: 'GET', urlPath: '/v3/x', body: '', mchId: 'm', serialNo: 's', privateKeyPem: merchant.privateKey }),
    );
    expect(a.f['nonce_str']).toMatch(/^[0-9A-F]{32}$/);
    expect(a.f['nonce_str']).not.toBe(b.f['nonce_str']);
    expect(Math.abs(Number(a.f['timestamp']) - Date.now() / 1000)).toBeLessThan(5);
  });
});

describe('WeChat Pay v3 callback verification', () => {
  const now = 1_700_000_000_000;
  const timestamp = String(now / 1000);
  const nonce = 'fdasflkja484w';
  const body = '{"id":"EV-2018022511223320873","event_type":"TRANSACTION.SUCCESS"}';
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(platform.privateKey, 'base64');
  const ok = { headers: { timestamp, nonce, signature, serial: 'PLATFORM1' }, body, platformPublicKeyPem: platform.publicKey, now };

  it('accepts a genuine callback', () => expect(verifyWechatNotify(ok)).toBe(true));
  it('rejects an altered body', () => expect(verifyWechatNotify({ ...ok, body: body.replace('SUCCESS', 'SUCCES') })).toBe(false));
  it('rejects an altered nonce', () => expect(verifyWechatNotify({ ...ok, headers: { ...ok.headers, nonce: 'x' } })).toBe(false));
  it('rejects another key', () => expect(verifyWechatNotify({ ...ok, platformPublicKeyPem: stranger.publicKey })).toBe(false));
  it('rejects a stale or future timestamp', () => {
    expect(verifyWechatNotify({ ...ok, now: now + 301_000 })).toBe(false);
    expect(verifyWechatNotify({ ...ok, now: now - 301_000 })).toBe(false);
    expect(verifyWechatNotify({ ...ok, now: now + 299_000 })).toBe(true);
    expect(verifyWechatNotify({ ...ok, now: now + 20_000, maxSkewSeconds: 10 })).toBe(false);
  });
  it('returns false on garbage without throwing', () => {
    expect(verifyWechatNotify({ ...ok, headers: { ...ok.headers, signature: '!!not base64!!' } })).toBe(false);
    expect(verifyWechatNotify({ ...ok, headers: { ...ok.headers, signature: '' } })).toBe(false);
    expect(verifyWechatNotify({ ...ok, headers: { ...ok.headers, timestamp: 'soon' } })).toBe(false);
    expect(verifyWechatNotify({ ...ok, platformPublicKeyPem: 'not a key' })).toBe(false);
    expect(verifyWechatNotify({ ...ok, headers: undefined as never })).toBe(false);
  });
});

describe('WeChat Pay v3 resource decryption', () => {
  const key = '0123456789abcdef0123456789ABCDEF';
  const tx: WechatTransaction = {
    out_trade_no: 'R202401010001',
    transaction_id: '4200000000202401010000000001',
    trade_state: 'SUCCESS',
    amount: { total: 1234, payer_total: 1234, currency: 'CNY' },
  };
  const resource = encryptWechatResource(JSON.stringify(tx), key, 'fdasfjihihih', 'transaction');

  it('round-trips', () => {
    expect(resource.algorithm).toBe('AEAD_AES_256_GCM');
    expect(Buffer.from(resource.ciphertext, 'base64').length).toBe(Buffer.byteLength(JSON.stringify(tx)) + 16);
    expect(JSON.parse(decryptWechatResource(resource, key))).toEqual(tx);
    const noAad = encryptWechatResource('hi', key, 'abcdefabcdef', '');
    const { associated_data: _omitted, ...withoutAad } = noAad;
    expect(decryptWechatResource(withoutAad, key)).toBe('hi');
  });

  it('throws on a flipped ciphertext byte', () => {
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[3] = bytes[3]! ^ 1;
    expect(() => decryptWechatResource({ ...resource, ciphertext: bytes.toString('base64') }, key)).toThrow();
  });
  it('throws on a flipped tag byte', () => {
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    expect(() => decryptWechatResource({ ...resource, ciphertext: bytes.toString('base64') }, key)).toThrow();
  });
  it('throws on wrong AAD, nonce or key', () => {
    expect(() => decryptWechatResource({ ...resource, associated_data: 'certificate' }, key)).toThrow();
    expect(() => decryptWechatResource({ ...resource, nonce: 'fdasfjihihii' }, key)).toThrow();
    expect(() => decryptWechatResource(resource, key.replace('0', '1'))).toThrow();
    expect(() => decryptWechatResource(resource, 'short')).toThrow(/32 bytes/);
  });
  it('throws on an unknown algorithm or a truncated ciphertext', () => {
    expect(() => decryptWechatResource({ ...resource, algorithm: 'AEAD_SM4_GCM' }, key)).toThrow(/algorithm/);
    expect(() => decryptWechatResource({ ...resource, ciphertext: 'AAAA' }, key)).toThrow();
  });
});

describe('createWechatNative', () => {
  let server: Server;
  let apiBase = '';
  const seen: { headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (raw += c));
      req.on('end', () => {
        const { schema, f } = parseAuthorization(req.headers.authorization ?? '');
        const msg = wechatRequestMessage(req.method ?? '', req.url ?? '', f['timestamp'] ?? '', f['nonce_str'] ?? '', raw);
        const body = JSON.parse(raw) as Record<string, unknown>;
        seen.push({ headers: req.headers, body });
        res.setHeader('Content-Type', 'application/json');
        if (
          schema !== 'WECHATPAY2-SHA256-RSA2048' ||
          f['mchid'] !== '1900000001' ||
          !verifies(msg, f['signature'] ?? '', merchant.publicKey)
        ) {
          res.statusCode = 401;
          res.end(JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' }));
        } else if (body['out_trade_no'] === 'BAD') {
          res.statusCode = 400;
          res.end(JSON.stringify({ code: 'PARAM_ERROR', message: '参数错误' }));
        } else {
          res.end(JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=abc' }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const cfg = () => ({
    mchId: '1900000001',
    appId: 'wxd678efh567hg6787',
    serialNo: 'SERIAL123',
    privateKeyPem: merchant.privateKey,
    apiBase,
  });
  const order = {
    description: '功夫 - 会员',
    outTradeNo: 'R202401010001',
    amountFen: 1234,
    notifyUrl: 'https://example.com/api/pay/wechat/notify',
  };

  it('sends a signed order and returns the code_url', async () => {
    const expireAt = new Date('2024-01-01T16:30:00Z');
    await expect(createWechatNative(cfg(), { ...order, expireAt })).resolves.toEqual({ codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' });
    const last = seen.at(-1)!;
    expect(last.headers['accept']).toBe('application/json');
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.body).toEqual({
      appid: 'wxd678efh567hg6787',
      mchid: '1900000001',
      description: '功夫 - 会员',
      out_trade_no: 'R202401010001',
      notify_url: 'https://example.com/api/pay/wechat/notify',
      amount: { total: 1234, currency: 'CNY' },
      time_expire: '2024-01-02T00:30:00+08:00',
    });
  });

  it("rejects with WeChat's message on a 4xx", async () => {
    await expect(createWechatNative(cfg(), { ...order, outTradeNo: 'BAD' })).rejects.toThrow('参数错误');
  });

  it('is refused when signed with the wrong key', async () => {
    await expect(createWechatNative({ ...cfg(), privateKeyPem: stranger.privateKey }, order)).rejects.toThrow('签名错误');
  });
});

describe('Alipay RSA2 sign content', () => {
  const biz =
    '{"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"},{"name":"查询","subButton":[{"actionParam":"ZFB_YECX","actionType":"out","name":"余额查询"},{"actionParam":"ZFB_LLCX","actionType":"out","name":"流量查询"},{"actionParam":"ZFB_HFCX","actionType":"out","name":"话费查询"}]},{"actionParam":"http://m.alipay.com","actionType":"link","name":"最新优惠"}]}';
  const params = {
    method: 'alipay.mobile.public.menu.add',
    charset: 'GBK',
    sign_type: 'RSA2',
    timestamp: '2014-07-24 03:07:50',
    biz_content: biz,
    app_id: '2014072300007148',
    version: '1.0',
    sign: 'x',
  };

  it('matches the documented example', () => {
    expect(alipaySignContent(params)).toBe(
      `app_id=2014072300007148&biz_content=${biz}&charset=GBK&method=alipay.mobile.public.menu.add&sign_type=RSA2&timestamp=2014-07-24 03:07:50&version=1.0`,
    );
  });
  it('leaves out sign_type for notifies', () => {
    expect(alipaySignContent(params, { forNotify: true })).toBe(
      `app_id=2014072300007148&biz_content=${biz}&charset=GBK&method=alipay.mobile.public.menu.add&timestamp=2014-07-24 03:07:50&version=1.0`,
    );
  });
  it('drops empty and undefined values and sorts by ASCII', () => {
    expect(alipaySignContent({ b: '2', a_b: '', A: '1', a: undefined, c: 'x=y&z' })).toBe('A=1&b=2&c=x=y&z');
  });
});

describe('Alipay RSA2 signing and notify verification', () => {
  const notify: Record<string, string> = {
    app_id: '2021000000000000',
    charset: 'utf-8',
    gmt_payment: '2024-01-01 12:00:00',
    notify_id: '2024010100222120000000000000000000',
    notify_time: '2024-01-01 12:00:01',
    notify_type: 'trade_status_sync',
    out_trade_no: 'R202401010001',
    subject: '功夫 会员',
    total_amount: '12.34',
    trade_no: '2024010122001400000000000000',
    trade_status: 'TRADE_SUCCESS',
    version: '1.0',
  };
  // Alipay signs its notifies without sign_type, then appends both.
  const signed = { ...notify, sign: alipaySign(notify, alipayApp.privateKey), sign_type: 'RSA2' };

  it('verifies a genuine notify', () => expect(verifyAlipayNotify(signed, alipayApp.publicKey)).toBe(true));
  it('accepts a bare base64 public key as the console shows it', () => {
    const bare = alipayApp.publicKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    expect(verifyAlipayNotify(signed, bare)).toBe(true);
  });
  it('rejects a tampered amount', () => expect(verifyAlipayNotify({ ...signed, total_amount: '0.01' }, alipayApp.publicKey)).toBe(false));
  it('rejects another key, a missing sign, RSA1 and garbage without throwing', () => {
    expect(verifyAlipayNotify(signed, stranger.publicKey)).toBe(false);
    const { sign: _sign, ...unsigned } = signed;
    expect(verifyAlipayNotify(unsigned, alipayApp.publicKey)).toBe(false);
    expect(verifyAlipayNotify({ ...signed, sign_type: 'RSA' }, alipayApp.publicKey)).toBe(false);
    expect(verifyAlipayNotify({ ...signed, sign: '%%%' }, alipayApp.publicKey)).toBe(false);
    expect(verifyAlipayNotify(signed, 'not a key')).toBe(false);
  });

  it('builds a signed alipay.trade.page.pay URL', () => {
    const url = new URL(
      alipayPagePayUrl(
        { appId: '2021000000000000', privateKeyPem: alipayApp.privateKey },
        {
          outTradeNo: 'R202401010001',
          amountFen: 1234,
          subject: '功夫 会员 & more+',
          notifyUrl: 'https://example.com/api/pay/alipay/notify',
          returnUrl: 'https://example.com/pay/done?o=1',
          timeExpire: new Date('2024-01-01T16:30:00Z'),
        },
        new Date('2024-01-01T16:00:05Z'),
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    // encodeURIComponent everywhere: no raw spaces or '+' for a form decoder to misread.
    expect(url.search).not.toMatch(/[ +]/);
    const p = Object.fromEntries(url.searchParams);
    expect(p).toMatchObject({
      app_id: '2021000000000000',
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2024-01-02 00:00:05',
      notify_url: 'https://example.com/api/pay/alipay/notify',
      return_url: 'https://example.com/pay/done?o=1',
    });
    expect(p['timestamp']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(p['biz_content']!)).toEqual({
      out_trade_no: 'R202401010001',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '12.34',
      subject: '功夫 会员 & more+',
      time_expire: '2024-01-02 00:30:00',
    });
    const content = alipaySignContent(p);
    expect(content).toContain('sign_type=RSA2');
    expect(verifies(content, p['sign']!, alipayApp.publicKey)).toBe(true);
    expect(verifies(content.replace('12.34', '0.01'), p['sign']!, alipayApp.publicKey)).toBe(false);
  });

  it.each([
    [1, '0.01'],
    [100, '1.00'],
    [1234, '12.34'],
    [1000005, '10000.05'],
  ])('formats %d fen as %s yuan', (fen, yuan) => {
    const url = new URL(
      alipayPagePayUrl(
        { appId: 'a', privateKeyPem: alipayApp.privateKey },
        { outTradeNo: 'o', amountFen: fen, subject: 's', notifyUrl: 'n', returnUrl: 'r' },
      ),
    );
    expect(JSON.parse(url.searchParams.get('biz_content')!).total_amount).toBe(yuan);
  });
  it('refuses non-integer or non-positive amounts', () => {
    const cfg = { appId: 'a', privateKeyPem: alipayApp.privateKey };
    for (const amountFen of [0, -1, 12.5]) {
      expect(() => alipayPagePayUrl(cfg, { outTradeNo: 'o', amountFen, subject: 's', notifyUrl: 'n', returnUrl: 'r' })).toThrow();
    }
  });
});
