import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthStandin, type OAuthStandin } from '../fixtures/oauth-standin.mjs';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/* 我的 on the phone (SPEC §2 mobile site): top-ups in the payer's scene, and a seller's day. */

let t: TestApi;
let op: OAuthStandin;
beforeAll(async () => {
  // The official account (WeChat's silent authorisation) is the loopback stand-in.
  op = await startOAuthStandin();
  t = await startApi(op.env);
});
afterAll(async () => {
  await t.stop();
  await op.close();
});

describe('top-ups on the phone', () => {
  it('start in the phone scene, return to the wallet, and credit the coins once paid', async () => {
    const member = await t.login(DEMO.member);
    const before = (await t.post('/member/wallet', {}, member)).body.data.coins;
    const started = await t.post('/pay/topup', { coins: 30, provider: 'sandbox', scene: 'h5', return_to: '/m/my/wallet' }, member);
    expect(started.body.data).toMatchObject({
      redirect: expect.stringMatching(/^\/m\/pay\/sandbox\?pay_no=P\d+$/),
      jsapi: null,
      qr_image: '',
    });
    const status = await t.post('/pay/status', { pay_no: started.body.data.pay_no }, member);
    expect(status.body.data).toMatchObject({ purpose: 'topup', return_url: '/m/my/wallet?topup=1' });
    const paid = await t.post('/pay/sandbox/confirm', { pay_no: started.body.data.pay_no }, member);
    expect(paid.body.data.return_url).toBe('/m/my/wallet?topup=1');
    expect((await t.post('/member/wallet', {}, member)).body.data.coins).toBe(before + 30);
  });

  it('refuses WeChat Pay where its merchant account is not configured; the silent authorisation returns to the wallet with the coins', async () => {
    const member = await t.login(DEMO.member);
    expect((await t.post('/pay/topup', { coins: 30, provider: 'wechat', scene: 'wechat' }, member)).body.code).toBe(100);
    expect((await t.post('/pay/topup', { coins: 30, provider: 'alipay', scene: 'wechat' }, member)).body.code).toBe(100);
    const url = new URL((await t.post('/pay/wxOpenidUrl', { topup: 50 }, member)).body.data.url.replace('#wechat_redirect', ''));
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/m\/my\/wallet\?topup_coins=50&wxpay=1$/);
    // Neither an order nor a top-up: refused.
    expect((await t.post('/pay/wxOpenidUrl', {} as never, member)).body.code).toBe(100);
    expect((await t.post('/pay/wxOpenidUrl', { topup: 0 }, member)).body.code).toBe(100);
  });
});

describe('/seller/today', () => {
  it("counts today's paid orders and sales of the coach, and is the seller's only", async () => {
    const coach = await t.login(DEMO.coach);
    const member = await t.login(DEMO.member);
    const before = (await t.post('/seller/today', { area: 'coach' }, coach)).body.data;
    expect(before.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const info = (await t.post('/coach/public/indexInfo', { coach_id: 1 })).body.data;
    const course = info.courses.find((c: { price: number }) => c.price > 0);
    const order = (await t.post('/order/createCourse', { course_id: course!.id }, member)).body.data;
    const started = (await t.post('/pay/order', { id: order.id, provider: 'sandbox', scene: 'h5' }, member)).body.data;
    await t.post('/pay/sandbox/confirm', { pay_no: started.pay_no }, member);
    const after = (await t.post('/seller/today', { area: 'coach' }, coach)).body.data;
    expect(after.orders).toBe(before.orders + 1);
    expect(after.sales).toBe(before.sales + order.pay_amount);
    expect(after.income).toBeGreaterThan(before.income);
    // A member is no seller; a coach has no shop.
    expect((await t.post('/seller/today', { area: 'coach' }, member)).body.code).not.toBe(200);
    expect((await t.post('/seller/today', { area: 'mechant' }, coach)).body.code).not.toBe(200);
    // The shop owner's goods orders waiting to ship are counted.
    const shop = await t.login(DEMO.mechant);
    const day = (await t.post('/seller/today', { area: 'mechant' }, shop)).body.data;
    const waiting = (await t.post('/seller/orders', { area: 'mechant', kind: 'goods', tab: 'paid', page: 1, limit: 50 }, shop)).body.data;
    expect(day.to_ship).toBe(waiting.list.filter((o: { agent: number }) => o.agent === 0).length);
  });
});
