import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '~/server/env';
import { WX_SHARE_TEXTS, jsapiSignature, resetJsapiTicket } from '~/server/modules/site/wx-jssdk';
import { STANDIN, startOAuthStandin, type OAuthStandin } from '../fixtures/oauth-standin.mjs';
import { startApi, type TestApi } from '../helpers/api';

/** /index/wxJsConfig: the mobile site's WeChat share card, signed with the official account's jsapi_ticket. */
let t: TestApi;
let op: OAuthStandin;
const SITE = 'https://gongfu.example';
beforeAll(async () => {
  op = await startOAuthStandin();
  t = await startApi({ ...op.env, SITE_URL: SITE });
  resetJsapiTicket();
});
afterAll(async () => {
  await t.stop();
  await op.close();
  resetJsapiTicket();
});

describe('/index/wxJsConfig', () => {
  it("signs a page's URL with the stand-in's ticket, fetching the ticket once for many calls", async () => {
    const url = `${SITE}/m/article/detail?id=3&from=singlemessage`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.post('/index/wxJsConfig', { url: `${url}#top` })));
    for (const res of answers) {
      expect(res.body.code).toBe(200);
      const c = res.body.data;
      expect(c.appId).toBe(STANDIN.mp.appId);
      expect(Math.abs(c.timestamp - Date.now() / 1000)).toBeLessThan(60);
      expect(c.nonceStr).toMatch(/^[0-9a-f]{16}$/);
      // What wx.config checks: the signature of this URL (no #fragment) with the account's current ticket.
      expect(c.signature).toBe(jsapiSignature({ ticket: op.mp.ticket, nonceStr: c.nonceStr, timestamp: c.timestamp, url }));
    }
    const more = await t.post('/index/wxJsConfig', { url: `${SITE}/m/help` });
    expect(more.body.code).toBe(200);
    expect(op.mp.calls).toEqual({ token: 1, ticket: 1 });
  });

  it('refuses another site and a URL that is none', async () => {
    for (const url of ['https://evil.example/m', 'javascript:alert(1)', ''])
      expect((await t.post('/index/wxJsConfig', { url })).body.code).toBe(100);
    expect((await t.post('/index/wxJsConfig', { url: 'https://evil.example/m' })).body.msg).toBe(WX_SHARE_TEXTS.foreignUrl);
  });

  it('says 未配置 without an official account, and fetches nothing', async () => {
    const saved = { id: process.env['WX_MP_APP_ID'], secret: process.env['WX_MP_APP_SECRET'] };
    Reflect.deleteProperty(process.env, 'WX_MP_APP_ID');
    Reflect.deleteProperty(process.env, 'WX_MP_APP_SECRET');
    resetEnv();
    resetJsapiTicket();
    try {
      const res = await t.post('/index/wxJsConfig', { url: `${SITE}/m` });
      expect(res.body).toMatchObject({ code: 100, msg: WX_SHARE_TEXTS.notConfigured });
      expect(op.mp.calls).toEqual({ token: 1, ticket: 1 });
    } finally {
      process.env['WX_MP_APP_ID'] = saved.id!;
      process.env['WX_MP_APP_SECRET'] = saved.secret!;
      resetEnv();
    }
  });

  it("answers a clear refusal when WeChat refuses (a wrong secret), and doesn't keep the failure", async () => {
    process.env['WX_MP_APP_SECRET'] = 'wrong';
    resetEnv();
    resetJsapiTicket();
    try {
      expect((await t.post('/index/wxJsConfig', { url: `${SITE}/m` })).body).toMatchObject({ code: 100, msg: WX_SHARE_TEXTS.failed });
    } finally {
      process.env['WX_MP_APP_SECRET'] = STANDIN.mp.secret;
      resetEnv();
    }
    expect((await t.post('/index/wxJsConfig', { url: `${SITE}/m` })).body.code).toBe(200);
  });
});
