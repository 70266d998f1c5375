import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '~/server/env';
import { closeSharedRedis } from '~/server/redis';
import { WX_SHARE_TEXTS, jsapiSignature, jsapiTicket, resetJsapiTicket } from '~/server/modules/site/wx-jssdk';
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
      expect(c.appId).toBe(STANDIN.wxmp.appId);
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
      process.env['WX_MP_APP_SECRET'] = STANDIN.wxmp.secret;
      resetEnv();
    }
    expect((await t.post('/index/wxJsConfig', { url: `${SITE}/m` })).body.code).toBe(200);
  });
});

describe('several instances with Redis', () => {
  const REDIS = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const KEY = `gf:wx:jsapi_ticket:${STANDIN.wxmp.appId}`;

  it('fetch the ticket once between them: one refreshes under a lock, the other reads it from Redis', async () => {
    const redis = new Redis(REDIS);
    await redis.del(KEY, `${KEY}:lock`);
    process.env['REDIS_URL'] = REDIS;
    resetEnv();
    resetJsapiTicket();
    // A second instance: fresh copies of the module, its env and its Redis connection.
    vi.resetModules();
    const other = await import('~/server/modules/site/wx-jssdk');
    const otherRedis = await import('~/server/redis');
    const before = { ...op.mp.calls };
    try {
      const [a, b] = await Promise.all([
        jsapiTicket(STANDIN.wxmp.appId, STANDIN.wxmp.secret),
        other.jsapiTicket(STANDIN.wxmp.appId, STANDIN.wxmp.secret),
      ]);
      expect(a).toBe(op.mp.ticket);
      expect(b).toBe(a);
      expect(op.mp.calls).toEqual({ token: before.token + 1, ticket: before.ticket + 1 });
      // Kept in Redis until WeChat's expiry.
      expect(await redis.pttl(KEY)).toBeGreaterThan(7000_000);
    } finally {
      await redis.del(KEY, `${KEY}:lock`);
      await redis.quit();
      await otherRedis.closeSharedRedis();
      await closeSharedRedis();
      Reflect.deleteProperty(process.env, 'REDIS_URL');
      resetEnv();
      resetJsapiTicket();
    }
  });
});
