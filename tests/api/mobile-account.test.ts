import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_TEXTS } from '~/lib/rules/sms';
import { startOAuthStandin, type OAuthStandin } from '../fixtures/oauth-standin.mjs';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/* The mobile site's account and payment endpoints (SPEC §2): 验证码登录, WeChat's official account
   (login inside WeChat, one person with the website login by unionid), and the payer's scene. */

let t: TestApi;
let op: OAuthStandin;
beforeAll(async () => {
  op = await startOAuthStandin();
  t = await startApi(op.env);
});
afterAll(async () => {
  await t.stop();
  await op.close();
});

describe('/loginSms', () => {
  it('signs a registered phone in with its code; refuses an unknown phone and a missing agreement', async () => {
    expect((await t.post('/public/sendMsg', { phone: '13912345678', type: 'login', captcha: await t.captchaPass() })).body).toMatchObject({
      code: 100,
      msg: SMS_TEXTS.phoneUnknown,
    });
    await t.sendCode(DEMO.coach, 'login');
    const yzm = await t.lastCode(DEMO.coach);
    expect((await t.post('/loginSms', { phone: DEMO.coach, yzm } as never)).body.code).toBe(100);
    const ok = await t.post('/loginSms', { phone: DEMO.coach, yzm, agree: true });
    expect(ok.body).toMatchObject({ code: 200, msg: '登录成功', data: { identity: 2 } });
    // The code is spent.
    expect((await t.post('/loginSms', { phone: DEMO.coach, yzm, agree: true })).body.code).toBe(100);
  });
});

describe("WeChat's official account", () => {
  async function begin(channel: 'web' | 'mp') {
    const res = await t.post('/public/oauthUrl', { type: 'wx', purpose: 'login', channel });
    const url = new URL(res.body.data.url.replace('#wechat_redirect', ''));
    return { url, state: url.searchParams.get('state')!, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! };
  }

  it('logs in inside WeChat through the MP web OAuth, and is the same member as the website login', async () => {
    const mp = await begin('mp');
    expect(mp.url.origin + mp.url.pathname).toBe(`${op.base}/connect/oauth2/authorize`);
    expect(mp.url.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(mp.url.searchParams.get('redirect_uri')).toMatch(/\/m\/account\/wechat$/);
    const first = await t.post(
      '/thirdLogin',
      { type: 'wx', code: op.issueCode('wx', 'person-7', 'wxmp', 'snsapi_userinfo'), state: mp.state },
      undefined,
      { cookie: mp.cookie },
    );
    expect(first.body.data).toMatchObject({ need_bind: 1 });
    await t.sendCode('13800007777', 'bind_phone');
    const bound = await t.post('/bindPhone', {
      ticket: first.body.data.ticket,
      phone: '13800007777',
      yzm: await t.lastCode('13800007777'),
    });
    expect(bound.body.code).toBe(200);
    // The website QR login of the same person (another openid, the same unionid) finds that member.
    const web = await begin('web');
    const again = await t.post('/thirdLogin', { type: 'wx', code: op.issueCode('wx', 'person-7'), state: web.state }, undefined, {
      cookie: web.cookie,
    });
    expect(again.body.data).toMatchObject({ need_bind: 0, user: { user_id: bound.body.data.user_id } });
    // A code of one app is refused by the other's state.
    const mp2 = await begin('mp');
    const wrong = await t.post('/thirdLogin', { type: 'wx', code: op.issueCode('wx', 'person-7'), state: mp2.state }, undefined, {
      cookie: mp2.cookie,
    });
    expect(wrong.body.code).toBe(100);
  });
});

describe('paying by scene', () => {
  it('offers the sandbox in every scene and answers the phone cashier; WeChat JSAPI needs the official account', async () => {
    const member = await t.login(DEMO.member);
    const methods = await t.post('/pay/methods', { scene: 'wechat' }, member);
    expect(methods.body.data.providers.map((p: { name: string }) => p.name)).toEqual(['sandbox']);
    const [course] = (await t.post('/public/courseList', { price: 'paid', limit: 50 })).body.data.list.slice(-1);
    const order = (await t.post('/order/createCourse', { course_id: course!.id }, member)).body.data;
    const started = await t.post('/pay/order', { id: order.id, provider: 'sandbox', scene: 'h5' }, member);
    expect(started.body.data).toMatchObject({ redirect: expect.stringMatching(/^\/m\/pay\/sandbox\?pay_no=P\d+$/), jsapi: null });
    const status = await t.post('/pay/status', { pay_no: started.body.data.pay_no }, member);
    expect(status.body.data.return_url).toBe(`/m/pay/result?pay_no=${started.body.data.pay_no}`);
    // WeChat Pay is not configured on this rig: refused, never started.
    expect((await t.post('/pay/order', { id: order.id, provider: 'wechat', scene: 'wechat' }, member)).body.code).toBe(100);
    // The silent authorisation for the payer's openid returns to the pay page.
    const url = new URL((await t.post('/pay/wxOpenidUrl', { id: order.id }, member)).body.data.url.replace('#wechat_redirect', ''));
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.searchParams.get('redirect_uri')).toMatch(new RegExp(`/m/pay\\?id=${order.id}&wxpay=1$`));
    await t.post('/order/cancel', { id: order.id }, member);
  });
});
