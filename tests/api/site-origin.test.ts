import { readFileSync } from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidate } from '~/server/cache';
import { config } from '~/server/db/schema';
import { resetEnv } from '~/server/env';
import { chromeData } from '~/server/modules/site/chrome.service';
import { drawnQrPng } from '~/server/modules/site/site-qr';
import { startApi, type TestApi } from '../helpers/api';

/**
 * The site's address follows its listener: `PORT=5000` with no SITE_URL links to :5000, and the
 * seeded config holds no origin (links and QR codes are resolved against SITE_URL when read), so a
 * site seeded on one address and moved to another shows the new one.
 */
let t: TestApi;
const saved = { SITE_URL: process.env['SITE_URL'], HOST: process.env['HOST'] };
beforeAll(async () => {
  Reflect.deleteProperty(process.env, 'SITE_URL');
  Reflect.deleteProperty(process.env, 'HOST');
  t = await startApi({ PORT: '5000' });
});
afterAll(async () => {
  Reflect.deleteProperty(process.env, 'PORT');
  Reflect.deleteProperty(process.env, 'SITE_URL');
  if (saved.SITE_URL !== undefined) process.env['SITE_URL'] = saved.SITE_URL;
  if (saved.HOST !== undefined) process.env['HOST'] = saved.HOST;
  resetEnv();
  await t.stop();
});

const qrText = async (path: string) => {
  const png = PNG.sync.read((await drawnQrPng(path))!);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
};
const moveSite = (url: string) => {
  process.env['SITE_URL'] = url;
  resetEnv();
  invalidate();
};

describe('SITE_URL and the seeded config', () => {
  it('stores no origin in the seeded config', async () => {
    const rows = await t.db.select({ key: config.key, value: config.value }).from(config);
    const origins = rows.filter((r) => /localhost|127\.0\.0\.1|:4321|:5000/.test(r.value));
    expect(origins).toEqual([]);
    // No full URL at all: the app store links are the operator's and start empty.
    expect(rows.filter((r) => /^[a-z]+:/i.test(r.value)).map((r) => r.key)).toEqual([]);
  });

  it('answers links and QR codes on the listener’s address when SITE_URL is unset (PORT=5000)', async () => {
    const res = await t.post('/public/config', { keys: 'download_qr_code,service_qr_code,service_qr_text' });
    expect(res.body.data).toEqual({
      download_qr_code: 'http://127.0.0.1:5000/qr/download.png',
      service_qr_code: 'http://127.0.0.1:5000/qr/service.png',
      service_qr_text: 'http://127.0.0.1:5000/help',
    });
    expect((await t.post('/public/kefu')).body.data.service_qr_code).toBe('http://127.0.0.1:5000/qr/service.png');
    expect(await qrText('/qr/download.png')).toBe('http://127.0.0.1:5000/download');
    expect(await qrText('/qr/service.png')).toBe('http://127.0.0.1:5000/help');
    expect(await drawnQrPng('/qr/other.png')).toBeNull();
    // Pages load the drawn codes from their own origin (the CSP allows no other http origin).
    const chrome = await chromeData();
    expect([chrome.downloadQr, chrome.serviceQr]).toEqual(['/qr/download.png', '/qr/service.png']);
  });

  it('follows a new SITE_URL and the console’s 公众号二维码内容 without reseeding', async () => {
    moveSite('https://gongfu.example.com');
    expect(await qrText('/qr/download.png')).toBe('https://gongfu.example.com/download');
    expect((await t.post('/public/config', { keys: 'service_qr_text' })).body.data.service_qr_text).toBe('https://gongfu.example.com/help');

    const cookie = await t.staffCookie('content');
    expect((await t.post('/admin/configSave', { key: 'service_qr_text', value: '/article/1' }, undefined, { cookie })).body.code).toBe(200);
    expect(await qrText('/qr/service.png')).toBe('https://gongfu.example.com/article/1');
    // An uploaded image replaces the drawn one.
    const upload = '/uploads/img/20260101/staff1-0123456789abcdef.png';
    await t.db
      .update(config)
      .set({ value: upload })
      .where(inArray(config.key, ['service_qr_code']));
    invalidate();
    expect((await t.post('/public/kefu')).body.data.service_qr_code).toBe(upload);
  });

  it('migration 0025 turns the old seed’s origin into paths and its drawn-in QR files into drawn ones', async () => {
    await t.db.delete(config).where(inArray(config.key, ['service_qr_text', 'download_qr_code', 'service_qr_code', 'x_home', 'x_other']));
    const upload = '/uploads/img/20260101/staff1-0123456789abcdef.png';
    await t.db.insert(config).values([
      { key: 'service_qr_text', value: 'http://localhost:4321/help' },
      { key: 'download_qr_code', value: '/uploads/qr/download.png' },
      { key: 'service_qr_code', value: upload },
      { key: 'x_home', value: 'http://localhost:4321' },
      { key: 'x_other', value: 'https://gongfu.example.com/help' },
    ]);
    const file = readFileSync('src/server/db/migrations/0029_config_no_origin.sql', 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    const after = Object.fromEntries(
      (await t.db.select({ key: config.key, value: config.value }).from(config)).map((r) => [r.key, r.value]),
    );
    expect(after).toMatchObject({
      service_qr_text: '/help',
      download_qr_code: '',
      service_qr_code: upload,
      x_home: '/',
      x_other: 'https://gongfu.example.com/help',
    });
  });
});
