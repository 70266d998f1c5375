import { createApi } from '~/server/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { T } from '~/lib/texts';
import { env } from '~/server/env';
import { drawnQrPng } from '~/server/modules/site/site-qr';
import { startApi, type TestApi } from '../helpers/api';

let t: TestApi;
beforeAll(async () => {
  t = await startApi();
});
afterAll(() => t.stop());

describe('API envelope and errors (SPEC §7/§8, DESIGN §3)', () => {
  it('answers unknown paths with an envelope, not HTML', async () => {
    const res = await t.rawPost('/no/such/thing', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 404, msg: T.apiNotFound, info: '', data: null });
  });

  it('tells a GET to a POST endpoint to use POST', async () => {
    const res = await t.app.request('/api/public/kefu');
    expect(await res.json()).toMatchObject({ code: 100, msg: T.methodNotAllowed });
  });

  it('refuses malformed JSON with code 100', async () => {
    const res = await t.rawPost('/public/config', '{"keys": "site_name",');
    expect(res.body).toMatchObject({ code: 100, msg: T.badJson });
  });

  it('treats an empty body as {} (then validates it)', async () => {
    const res = await t.rawPost('/public/config');
    expect(res.body).toMatchObject({ code: 100, msg: '请提供 keys' });
  });

  it('refuses oversized bodies', async () => {
    const res = await t.rawPost('/public/config', { keys: 'site_name', pad: 'x'.repeat(1100 * 1024) });
    expect(res.body.code).toBe(100);
    expect(res.body.msg).toContain(T.bodyTooLarge);
  });

  it('names the field of a wrong type in Chinese', async () => {
    const res = await t.post('/index/articleList', { page: 'abc' });
    expect(res.body.code).toBe(100);
    expect(res.body.msg).toMatch(/页码/);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('puts a request id on every answer', async () => {
    const res = await t.post('/public/kefu', {});
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('hides faults behind a generic 500 with the request id, never the stack', async () => {
    // A fresh app: routes cannot be added once one has answered a request.
    const app = createApi();
    app.post('/test/boom', () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const res = await app.request('/api/test/boom', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const body = (await res.json()) as { code: number; msg: string };
    expect(res.status).toBe(500);
    expect(body.code).toBe(500);
    const id = res.headers.get('x-request-id')!;
    expect(id).toBeTruthy();
    expect(body.msg).toContain(id);
    expect(JSON.stringify(body)).not.toContain('secret_table');
    expect(JSON.stringify(body)).not.toContain('at ');
  });

  it('serves an OpenAPI document listing the routes', async () => {
    const res = await t.app.request('/api/openapi.json');
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    for (const p of ['/api/login', '/api/logout', '/api/member/memberInfo', '/api/public/config', '/api/index/articleList']) {
      expect(doc.paths).toHaveProperty(p);
    }
  });
});

describe('/api/public/config', () => {
  it('answers the requested keys keyed by name', async () => {
    const res = await t.post('/public/config', {
      keys: 'site_name, search_keyword,shop_search_keyword,live_search_keyword,dongtai_search_keyword',
    });
    expect(res.body.code).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual([
      'dongtai_search_keyword',
      'live_search_keyword',
      'search_keyword',
      'shop_search_keyword',
      'site_name',
    ]);
    expect(res.body.data.site_name).toBe('功夫');
    expect(res.body.data.search_keyword).not.toBe('');
  });

  it('has every SPEC §3 key seeded, with QR images drawn from SITE_URL', async () => {
    const keys =
      'download_qr_code,service_qr_code,ofline_phone,wechat,qq,search_keyword,shop_search_keyword,live_search_keyword,dongtai_search_keyword';
    const res = await t.post('/public/config', { keys });
    for (const k of keys.split(',')) expect(res.body.data[k], k).toBeTruthy();
    const site = env().SITE_URL;
    for (const [key, text] of [
      ['download_qr_code', '/download'],
      ['service_qr_code', '/help'],
    ] as const) {
      const url = res.body.data[key] as string;
      expect(url).toMatch(new RegExp(`^${site}/qr/.+\\.png$`));
      const png = PNG.sync.read((await drawnQrPng(new URL(url).pathname))!);
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded?.data, key).toBe(`${site}${text}`);
    }
  });

  it('answers "" for unknown keys', async () => {
    const res = await t.post('/public/config', { keys: 'site_name,not_a_key' });
    expect(res.body.data).toEqual({ site_name: '功夫', not_a_key: '' });
  });

  it('refuses bad key names', async () => {
    expect((await t.post('/public/config', { keys: 'a;drop table' })).body).toMatchObject({
      code: 100,
      msg: '配置键名只能包含字母、数字和下划线',
    });
    expect((await t.post('/public/config', { keys: ' , ' })).body.code).toBe(100);
    expect((await t.rawPost('/public/config', { keys: 5 })).body.code).toBe(100);
  });
});

describe('/api/public/adverts and /api/public/kefu', () => {
  it('lists the home banner in order', async () => {
    const res = await t.post('/public/adverts', { position: 'home_banner' });
    expect(res.body.code).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(3);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      image: expect.stringMatching(/^\/uploads\//),
      link: expect.any(String),
    });
  });
  it('answers an empty list for an unused position', async () => {
    expect((await t.post('/public/adverts', { position: 'nowhere' })).body).toMatchObject({ code: 200, data: [] });
  });
  it('gives the customer-service contacts from config', async () => {
    const res = await t.post('/public/kefu', {});
    expect(res.body.data).toMatchObject({ phone: '400-820-8866', qq: expect.any(String), wechat: expect.any(String) });
  });
});
