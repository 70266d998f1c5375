import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { coinLedger, courseAccess, orders, users, wallets } from '~/server/db/schema';
import { alipaySign, alipaySignContent } from '~/server/providers/pay/alipay';
import { encryptWechatResource, wechatRequestMessage } from '~/server/providers/pay/wechat';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * WeChat Pay v3 and Alipay chosen by env, end to end: our requests reach a loopback stand-in of
 * WeChat's API signed with the merchant key, and notices signed like the real gateways sign
 * them go through POST /api/pay/notify/:provider.
 */
const pair = () => {
  const k = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { priv: k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), pub: k.publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};
const merchant = pair();
const wxPlatform = pair();
const aliApp = pair();
const aliPlatform = pair();
const forger = pair();
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz123456';
const ALIPAY_APP_ID = '2021000000000001';

let t: TestApi;
let standin: Server;
let lastBody: Record<string, any> = {};
let refuseRequests = false;
let member: string;
let memberId: number;

beforeAll(async () => {
  standin = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const auth = String(req.headers['authorization'] ?? '');
      const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const ok =
        !refuseRequests &&
        auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
        createVerify('RSA-SHA256').update(wechatRequestMessage(req.method!, req.url!, f['timestamp']!, f['nonce_str']!, raw)).verify(merchant.pub, f['signature']!, 'base64');
      res.setHeader('content-type', 'application/json');
      if (!ok) {
        res.statusCode = 401;
        res.end(JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' }));
        return;
      }
      lastBody = JSON.parse(raw);
      res.end(JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=test123' }));
    });
  });
  await new Promise<void>((r) => standin.listen(0, '127.0.0.1', r));
  t = await startApi({
    WXPAY_MCH_ID: '1900000001',
    WXPAY_APP_ID: 'wx0000000000000001',
    WXPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A72',
    WXPAY_PRIVATE_KEY: merchant.priv,
    WXPAY_API_V3_KEY: API_V3_KEY,
    WXPAY_PLATFORM_PUBLIC_KEY: wxPlatform.pub,
    WXPAY_API_URL: `http://127.0.0.1:${(standin.address() as AddressInfo).port}`,
    ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: aliApp.priv,
    ALIPAY_PUBLIC_KEY: aliPlatform.pub,
    ALIPAY_GATEWAY: 'https://openapi.alipay.example/gateway.do',
  });
  member = await t.login(DEMO.member);
  memberId = (await t.db.select().from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
});
afterAll(async () => {
  await t.stop();
  await new Promise((r) => standin.close(r));
});

const balance = async () => (await t.db.select().from(wallets).where(eq(wallets.userId, memberId)))[0]?.coins ?? 0;

/** A WeChat notice for `payNo`, signed by `key` (the platform's, unless forging). */
function wechatNotice(payNo: string, total: number, opts: { key?: string; ageS?: number } = {}) {
  const nonce = randomBytes(16).toString('hex');
  const resource = encryptWechatResource(
    JSON.stringify({ out_trade_no: payNo, transaction_id: '4200001234202611220000000001', trade_state: 'SUCCESS', amount: { total, payer_total: total, currency: 'CNY' } }),
    API_V3_KEY,
    randomBytes(6).toString('hex'),
    'transaction',
  );
  const body = JSON.stringify({ id: 'EV-2018022511223320873', create_time: new Date().toISOString(), event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', summary: '支付成功', resource });
  const ts = String(Math.floor(Date.now() / 1000) - (opts.ageS ?? 0));
  const signature = createSign('RSA-SHA256').update(`${ts}\n${nonce}\n${body}\n`).sign(opts.key ?? wxPlatform.priv, 'base64');
  return () =>
    t.app.request('/api/pay/notify/wechat', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Wechatpay-Timestamp': ts, 'Wechatpay-Nonce': nonce, 'Wechatpay-Signature': signature, 'Wechatpay-Serial': 'PLATFORM-SERIAL' },
      body,
    });
}

/** Alipay's asynchronous notice: a signed form post. */
function alipayNotice(params: Record<string, string>, key = aliPlatform.priv) {
  const sign = createSign('RSA-SHA256').update(alipaySignContent(params, { forNotify: true })).sign(key, 'base64');
  const body = new URLSearchParams({ ...params, sign_type: 'RSA2', sign }).toString();
  return t.app.request('/api/pay/notify/alipay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
}

describe('providers chosen by env', () => {
  it('offers WeChat Pay and Alipay besides the sandbox', async () => {
    const names = (await t.post('/pay/methods', {}, member)).body.data.providers.map((p: { name: string }) => p.name);
    expect(names).toEqual(['wechat', 'alipay', 'sandbox']);
  });
});

describe('WeChat Pay v3', () => {
  it('creates a Native order with a signed request and credits a top-up once, only for a verified notice of the right amount', async () => {
    const started = await t.post('/pay/topup', { coins: 66, provider: 'wechat' }, member);
    expect(started.body.code).toBe(200);
    expect(started.body.data.qr_image).toMatch(/^data:image\/png;base64,/);
    const payNo: string = started.body.data.pay_no;
    expect(lastBody).toMatchObject({ out_trade_no: payNo, mchid: '1900000001', amount: { total: 6600, currency: 'CNY' } });
    expect(lastBody['notify_url']).toMatch(/\/api\/pay\/notify\/wechat$/);

    const before = await balance();
    expect((await wechatNotice(payNo, 6600, { key: forger.priv })()).status).toBe(500);
    expect((await wechatNotice(payNo, 6600, { ageS: 600 })()).status).toBe(500);
    expect((await wechatNotice(payNo, 1)()).status).toBe(500);
    expect(await balance()).toBe(before);
    expect((await t.post('/pay/status', { pay_no: payNo }, member)).body.data.status).toBe('pending');

    const good = wechatNotice(payNo, 6600);
    expect((await good()).status).toBe(204);
    for (let i = 0; i < 3; i++) expect((await good()).status).toBe(204);
    expect(await balance()).toBe(before + 66);
    expect((await t.post('/pay/status', { pay_no: payNo }, member)).body.data.status).toBe('paid');
    const [sum] = await t.db.select({ s: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int` }).from(coinLedger).where(eq(coinLedger.userId, memberId));
    expect(sum!.s).toBe(await balance());
  });

  it('says so in Chinese when WeChat refuses the request', async () => {
    refuseRequests = true;
    try {
      const res = await t.post('/pay/topup', { coins: 10, provider: 'wechat' }, member);
      expect(res.body.code).toBe(100);
      expect(res.body.msg).toMatch(/微信支付暂时无法发起支付/);
    } finally {
      refuseRequests = false;
    }
  });
});

describe('Alipay', () => {
  it('sends the payer to a signed page-pay URL and pays the order once, only for a verified notice of the right app and amount', async () => {
    const course = (await t.post('/public/courseList', { price: 'paid', limit: 20 })).body.data.list[5];
    const o = (await t.post('/order/createCourse', { course_id: course.id }, member)).body.data;
    const started = (await t.post('/pay/order', { id: o.id, provider: 'alipay' }, member)).body.data;
    const url = new URL(started.redirect);
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.example/gateway.do');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ app_id: ALIPAY_APP_ID, method: 'alipay.trade.page.pay', sign_type: 'RSA2', charset: 'utf-8' });
    expect(JSON.parse(q['biz_content']!)).toMatchObject({ out_trade_no: started.pay_no, total_amount: (o.pay_amount / 100).toFixed(2), product_code: 'FAST_INSTANT_TRADE_PAY' });
    expect(createVerify('RSA-SHA256').update(alipaySignContent(q)).verify(aliApp.pub, q['sign']!, 'base64')).toBe(true);
    expect(alipaySign(q, aliApp.priv)).toBe(q['sign']);

    const params = {
      notify_time: '2026-11-22 20:00:00',
      notify_type: 'trade_status_sync',
      notify_id: 'ac05099524730693a8b330c5ecf72da9786',
      app_id: ALIPAY_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: '2026112222001400000000000001',
      out_trade_no: started.pay_no as string,
      trade_status: 'TRADE_SUCCESS',
      total_amount: (o.pay_amount / 100).toFixed(2),
    };
    const status = async () => (await t.post('/order/detail', { id: o.id }, member)).body.data.status;
    expect(await (await alipayNotice(params, forger.priv)).text()).toBe('failure');
    expect(await (await alipayNotice({ ...params, app_id: '2021000000000999' })).text()).toBe('failure');
    expect(await (await alipayNotice({ ...params, total_amount: ((o.pay_amount - 1) / 100).toFixed(2) })).text()).toBe('failure');
    expect(await status()).toBe('unpaid');

    expect(await (await alipayNotice(params)).text()).toBe('success');
    const paid = (await t.db.select().from(orders).where(eq(orders.id, o.id)))[0]!;
    expect(paid).toMatchObject({ status: 'paid', payMethod: 'alipay' });
    expect((await t.post('/course/detail', { id: course.id }, member)).body.data.lessons.every((l: { video: string }) => l.video)).toBe(true);

    expect(await (await alipayNotice(params)).text()).toBe('success');
    const again = (await t.db.select().from(orders).where(eq(orders.id, o.id)))[0]!;
    expect(again.paidAt?.getTime()).toBe(paid.paidAt?.getTime());
    expect(await t.db.select().from(courseAccess).where(and(eq(courseAccess.userId, memberId), eq(courseAccess.courseId, course.id)))).toHaveLength(1);
  });
});
