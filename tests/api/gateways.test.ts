import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { courseAccess, courses, orders, payments, users } from '~/server/db/schema';
import { alipaySign, alipaySignContent } from '~/server/providers/pay/alipay';
import { encryptWechatResource, wechatAuthorization, wechatRequestMessage } from '~/server/providers/pay/wechat';
import { signSandbox, SANDBOX_SIGNATURE_HEADER } from '~/server/providers/pay/sandbox';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * WeChat Pay v3 and Alipay chosen by env, end to end: our requests reach a loopback stand-in of
 * WeChat's API signed with the merchant key, and notices signed like the real gateways sign
 * them go through POST /api/pay/notify/:provider.
 */
const pair = () => {
  const k = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    priv: k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    pub: k.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const merchant = pair();
const wxPlatform = pair();
const aliApp = pair();
const aliPlatform = pair();
const forger = pair();
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz123456';
const MCH_ID = '1900000001';
const WX_APP_ID = 'wx0000000000000001';
const SERIAL_NO = '5157F09EFDC096DE15EBE81A47057A72';
const ALIPAY_APP_ID = '2021000000000001';
const ALIPAY_GATEWAY = 'https://openapi.alipay.example/gateway.do';

let t: TestApi;
let standin: Server;
let standinUrl = '';
/** What the stand-in last accepted: the JSON body and the Authorization fields. */
let lastBody: Record<string, any> = {};
let lastAuth: Record<string, string> = {};
let refused = 0;
let refuseRequests = false;
let member: string;
let memberId: number;

beforeAll(async () => {
  standin = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const auth = String(req.headers['authorization'] ?? '');
      const f: Record<string, string> = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
      let ok = false;
      try {
        ok =
          !refuseRequests &&
          req.method === 'POST' &&
          req.url === '/v3/pay/transactions/native' &&
          auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
          createVerify('RSA-SHA256')
            .update(wechatRequestMessage(req.method, req.url, f['timestamp'] ?? '', f['nonce_str'] ?? '', raw))
            .verify(merchant.pub, f['signature'] ?? '', 'base64');
      } catch {
        ok = false;
      }
      res.setHeader('content-type', 'application/json');
      if (!ok) {
        refused++;
        res.statusCode = 401;
        res.end(JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' }));
        return;
      }
      lastBody = JSON.parse(raw) as Record<string, any>;
      lastAuth = f;
      res.end(JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=test123' }));
    });
  });
  await new Promise<void>((r) => standin.listen(0, '127.0.0.1', r));
  standinUrl = `http://127.0.0.1:${(standin.address() as AddressInfo).port}`;
  t = await startApi({
    WXPAY_MCH_ID: MCH_ID,
    WXPAY_APP_ID: WX_APP_ID,
    WXPAY_SERIAL_NO: SERIAL_NO,
    WXPAY_PRIVATE_KEY: merchant.priv,
    WXPAY_API_V3_KEY: API_V3_KEY,
    WXPAY_PLATFORM_PUBLIC_KEY: wxPlatform.pub,
    WXPAY_API_URL: standinUrl,
    ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: aliApp.priv,
    ALIPAY_PUBLIC_KEY: aliPlatform.pub,
    ALIPAY_GATEWAY,
  });
  member = await t.login(DEMO.member);
  memberId = (await t.db.select().from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
});
afterAll(async () => {
  await t?.stop();
  await new Promise((r) => standin.close(r));
});

const balance = async () => (await t.wallet(memberId)).coins;
async function ledgerSumsToBalance() {
  const w = await t.wallet(memberId);
  expect(w.ledgerSum).toBe(w.coins);
}
const payStatus = async (payNo: string) => (await t.post('/pay/status', { pay_no: payNo }, member)).body.data.status;

/** A WeChat notice for `payNo`, signed by `key` (the platform's, unless forging), `ageS` seconds old. */
function wechatNotice(payNo: string, total: number, opts: { key?: string; ageS?: number; omit?: string } = {}) {
  const nonce = randomBytes(16).toString('hex');
  const resource = encryptWechatResource(
    JSON.stringify(
      {
        appid: WX_APP_ID,
        mchid: MCH_ID,
        out_trade_no: payNo,
        transaction_id: '4200001234',
        trade_type: 'NATIVE',
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        success_time: new Date().toISOString(),
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
      },
      (k, v) => (k === opts.omit ? undefined : v),
    ),
    API_V3_KEY,
    randomBytes(6).toString('hex'),
    'transaction',
  );
  const body = JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: new Date().toISOString(),
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    summary: '支付成功',
    resource,
  });
  const ts = String(Math.floor(Date.now() / 1000) - (opts.ageS ?? 0));
  const signature = createSign('RSA-SHA256')
    .update(`${ts}\n${nonce}\n${body}\n`)
    .sign(opts.key ?? wxPlatform.priv, 'base64');
  return () =>
    t.app.request('/api/pay/notify/wechat', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'Wechatpay-Timestamp': ts,
        'Wechatpay-Nonce': nonce,
        'Wechatpay-Signature': signature,
        'Wechatpay-Serial': 'PLATFORM-SERIAL',
      },
      body,
    });
}

/** Alipay's asynchronous notice: a form post signed (RSA2) over every field but sign and sign_type. */
function alipayNotice(params: Record<string, string>, key = aliPlatform.priv) {
  const sign = createSign('RSA-SHA256')
    .update(alipaySignContent(params, { forNotify: true }), 'utf8')
    .sign(key, 'base64');
  const body = new URLSearchParams({ ...params, sign_type: 'RSA2', sign }).toString();
  return t.app.request('/api/pay/notify/alipay', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body,
  });
}

/** A correctly signed sandbox notice for a pay_no that belongs to another gateway. */
function sandboxNotice(payNo: string, amount: number) {
  const raw = JSON.stringify({ pay_no: payNo, txn_id: 'SBX-CROSS', amount, trade_state: 'SUCCESS', paid_at: new Date().toISOString() });
  return t.app.request('/api/pay/notify/sandbox', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandbox(raw) },
    body: raw,
  });
}

describe('providers chosen by env', () => {
  it('offers WeChat Pay and Alipay besides the sandbox', async () => {
    const providers = (await t.post('/pay/methods', {}, member)).body.data.providers;
    expect(providers).toEqual([
      { name: 'wechat', label: '微信支付' },
      { name: 'alipay', label: '支付宝' },
      { name: 'sandbox', label: expect.any(String) },
    ]);
  });

  it('the WeChat stand-in itself refuses a request not signed with the merchant key', async () => {
    const body = JSON.stringify({ out_trade_no: 'X1' });
    const call = (key: string) =>
      fetch(`${standinUrl}/v3/pay/transactions/native`, {
        method: 'POST',
        headers: {
          Authorization: wechatAuthorization({
            method: 'POST',
            urlPath: '/v3/pay/transactions/native',
            body,
            mchId: MCH_ID,
            serialNo: SERIAL_NO,
            privateKeyPem: key,
          }),
          'content-type': 'application/json',
        },
        body,
      });
    const bad = await call(forger.priv);
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ code: 'SIGN_ERROR', message: '签名错误' });
    expect((await call(merchant.priv)).status).toBe(200);
  });
});

describe('WeChat Pay v3', () => {
  it('creates a Native order with a signed request and credits a top-up once, only for a verified notice of the right amount', async () => {
    lastBody = {};
    lastAuth = {};
    const started = await t.post('/pay/topup', { coins: 66, provider: 'wechat' }, member);
    expect(started.body.code).toBe(200);
    expect(started.body.data.qr_image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]{100,}/);
    expect(started.body.data.redirect).toBe('');
    const payNo: string = started.body.data.pay_no;
    expect(payNo).toMatch(/^P\d{21}$/);
    // What reached WeChat: signed by the merchant key (the stand-in verified it), for this payment.
    expect(lastAuth).toMatchObject({ mchid: MCH_ID, serial_no: SERIAL_NO });
    expect(lastBody).toMatchObject({ appid: WX_APP_ID, mchid: MCH_ID, out_trade_no: payNo, amount: { total: 6600, currency: 'CNY' } });
    expect(lastBody['notify_url']).toMatch(/^https?:\/\/[^/]+\/api\/pay\/notify\/wechat$/);
    expect(lastBody['time_expire']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);

    const before = await balance();
    const forged = await wechatNotice(payNo, 6600, { key: forger.priv })();
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(await forged.json()).toMatchObject({ code: 'FAIL' });
    expect((await wechatNotice(payNo, 6600, { ageS: 600 })()).status).toBeGreaterThanOrEqual(400);
    expect((await wechatNotice(payNo, 1)()).status).toBe(500);
    // Correctly signed but malformed: refused in WeChat's own format, not a server fault.
    const malformed = await wechatNotice(payNo, 6600, { omit: 'transaction_id' })();
    expect(malformed.status).toBe(500);
    expect(await malformed.json()).toMatchObject({ code: 'FAIL' });
    // A genuine sandbox notice cannot settle a WeChat payment.
    expect((await sandboxNotice(payNo, 6600)).status).toBe(400);
    expect(await balance()).toBe(before);
    expect(await payStatus(payNo)).toBe('pending');

    const good = wechatNotice(payNo, 6600);
    const first = await good();
    expect(first.status).toBe(204);
    expect(await first.text()).toBe('');
    expect(await balance()).toBe(before + 66);
    for (let i = 0; i < 3; i++) expect((await good()).status).toBe(204);
    expect(await balance()).toBe(before + 66);
    expect(await payStatus(payNo)).toBe('paid');
    const [row] = await t.db.select().from(payments).where(eq(payments.payNo, payNo));
    expect(row).toMatchObject({ provider: 'wechat', status: 'paid', providerTxn: '4200001234', amount: 6600, coins: 66 });
    expect((await t.post('/member/coinLedger', {}, member)).body.data.list[0]).toMatchObject({ delta: 66, reason: 'topup' });
    await ledgerSumsToBalance();
  });

  it('says so in Chinese when WeChat refuses the request', async () => {
    refuseRequests = true;
    const refusedBefore = refused;
    try {
      const res = await t.post('/pay/topup', { coins: 10, provider: 'wechat' }, member);
      expect(res.body.code).toBe(100);
      expect(res.body.msg).toContain('微信支付');
      expect(res.body.msg).toMatch(/暂时无法发起支付/);
      expect(refused).toBe(refusedBefore + 1);
    } finally {
      refuseRequests = false;
    }
  });
});

describe('Alipay', () => {
  it('sends the payer to a signed page-pay URL and pays the order once, only for a verified notice of the right app and amount', async () => {
    const course = (await t.post('/public/courseList', { price: 'paid', limit: 20 })).body.data.list[5];
    expect(course!.price).toBeGreaterThan(0);
    const lessonsBefore = (await t.post('/course/detail', { id: course!.id }, member)).body.data.lessons as { video: string }[];
    expect(lessonsBefore.length).toBeGreaterThan(0);
    expect(lessonsBefore.some((l) => !l.video)).toBe(true);
    const access = () =>
      t.db
        .select()
        .from(courseAccess)
        .where(and(eq(courseAccess.userId, memberId), eq(courseAccess.courseId, course!.id)));
    const sales = async () => (await t.db.select().from(courses).where(eq(courses.id, course!.id)))[0]!.sales;
    expect(await access()).toHaveLength(0);
    const salesBefore = await sales();
    const coinsBefore = await balance();

    const o = (await t.post('/order/createCourse', { course_id: course!.id }, member)).body.data;
    expect(o.pay_amount).toBeGreaterThan(0);
    const started = (await t.post('/pay/order', { id: o.id, provider: 'alipay' }, member)).body.data;
    expect(started.qr_image).toBe('');
    const url = new URL(started.redirect);
    expect(url.origin + url.pathname).toBe(ALIPAY_GATEWAY);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      app_id: ALIPAY_APP_ID,
      method: 'alipay.trade.page.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      version: '1.0',
    });
    expect(q['notify_url']).toMatch(/\/api\/pay\/notify\/alipay$/);
    expect(JSON.parse(q['biz_content']!)).toMatchObject({
      out_trade_no: started.pay_no,
      total_amount: (o.pay_amount / 100).toFixed(2),
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    expect(createVerify('RSA-SHA256').update(alipaySignContent(q), 'utf8').verify(aliApp.pub, q['sign']!, 'base64')).toBe(true);
    // The signature covers the parameters: altering one breaks it.
    expect(
      createVerify('RSA-SHA256')
        .update(alipaySignContent({ ...q, total_amount: '0.01' }), 'utf8')
        .verify(aliApp.pub, q['sign']!, 'base64'),
    ).toBe(false);
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
      receipt_amount: (o.pay_amount / 100).toFixed(2),
      buyer_pay_amount: (o.pay_amount / 100).toFixed(2),
      subject: JSON.parse(q['biz_content']!).subject as string,
      gmt_create: '2026-11-22 19:59:50',
      gmt_payment: '2026-11-22 20:00:00',
      seller_id: '2088101117955611',
      buyer_id: '2088102122524333',
    };
    const status = async () => (await t.post('/order/detail', { id: o.id }, member)).body.data.status;
    expect(await (await alipayNotice(params, forger.priv)).text()).toBe('failure');
    expect(await status()).toBe('unpaid');
    expect(await (await alipayNotice({ ...params, app_id: '2021000000000999' })).text()).toBe('failure');
    expect(await (await alipayNotice({ ...params, total_amount: ((o.pay_amount - 1) / 100).toFixed(2) })).text()).toBe('failure');
    expect(await (await alipayNotice({ ...params, trade_status: 'WAIT_BUYER_PAY' })).text()).toBe('failure');
    expect((await sandboxNotice(started.pay_no, o.pay_amount)).status).toBe(400);
    expect(await status()).toBe('unpaid');
    expect(await payStatus(started.pay_no)).toBe('pending');
    expect(await access()).toHaveLength(0);

    const ok = await alipayNotice(params);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('success');
    expect(await status()).toBe('paid');
    const paid = (await t.db.select().from(orders).where(eq(orders.id, o.id)))[0]!;
    expect(paid).toMatchObject({ status: 'paid', payMethod: 'alipay' });
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect((await t.post('/order/detail', { id: o.id }, member)).body.data.pay_method).toBe('alipay');
    const lessonsAfter = (await t.post('/course/detail', { id: course!.id }, member)).body.data.lessons as { video: string }[];
    expect(lessonsAfter).toHaveLength(lessonsBefore.length);
    expect(lessonsAfter.every((l) => l.video)).toBe(true);
    expect(await payStatus(started.pay_no)).toBe('paid');
    expect(await access()).toHaveLength(1);
    expect(await sales()).toBe(salesBefore + 1);

    for (let i = 0; i < 2; i++) expect(await (await alipayNotice(params)).text()).toBe('success');
    const again = (await t.db.select().from(orders).where(eq(orders.id, o.id)))[0]!;
    expect(again.paidAt!.getTime()).toBe(paid.paidAt!.getTime());
    expect(await sales()).toBe(salesBefore + 1);
    // Paid by Alipay: no coins moved, and a replay did not turn into a "closed order" refund.
    expect(await balance()).toBe(coinsBefore);
    await ledgerSumsToBalance();
  });
});
