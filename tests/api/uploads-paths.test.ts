import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '~/server/env';
import { canonicalKey, normaliseStoredPath, resetStorage, storage, storageKey } from '~/server/providers/storage';
import { serveUploads } from '~/server/providers/storage/serve';
import { DEMO, localVoucher, startApi, type TestApi } from '../helpers/api';
import { resolvesTo, uploadPathVariants } from '../helpers/upload-paths';

/**
 * A private file is judged and opened by the same key: every other spelling of its URL is no file
 * (404), and the spellings a URL parser turns into its own path need its signature (403). Local
 * disk here; the bucket in storage-s3.test.ts, nginx in uploads-nginx.test.ts.
 */
const BYTES = Buffer.from('private bytes that must never reach a guest');
const VIDEO = 'videos/20260101/0123456789abcdef0123456789abcdef/original.mp4';
const DOC = 'docs/7/20260101-0123456789abcdef.png';
const PUBLIC = 'common/20260101/7-0123456789abcdef.png';

let t: TestApi;
const files = new Hono().get('/uploads/*', serveUploads);

beforeAll(async () => {
  t = await startApi();
  resetStorage();
  for (const key of [VIDEO, DOC, PUBLIC]) await storage().put(key, BYTES, 'application/octet-stream');
});
afterAll(() => t.stop());

describe('/uploads on the local disk', () => {
  for (const key of [VIDEO, DOC]) {
    it(`serves ${key.split('/')[0]} only by its canonical path and signature`, async () => {
      for (const variant of uploadPathVariants(key)) {
        const res = await files.request(variant);
        const body = Buffer.from(await res.arrayBuffer());
        expect(body.includes(BYTES), variant).toBe(false);
        expect(res.status, variant).toBe(resolvesTo(variant) === `/uploads/${key}` ? 403 : 404);
      }
      expect((await files.request(`/uploads/${key}`)).status).toBe(403);
      const signed = await storage().signedUrl(key, env().MEDIA_SIGN_TTL_S);
      const ok = await files.request(signed);
      expect(ok.status).toBe(200);
      expect(Buffer.from(await ok.arrayBuffer()).equals(BYTES)).toBe(true);
      // A signature is for one spelling only: the canonical one.
      const query = signed.slice(signed.indexOf('?'));
      for (const variant of uploadPathVariants(key)) {
        if (resolvesTo(variant) !== `/uploads/${key}`) expect((await files.request(variant + query)).status, variant).toBe(404);
      }
    });
  }

  it('serves a public file by its canonical path, and nothing by another spelling', async () => {
    const ok = await files.request(`/uploads/${PUBLIC}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('public, max-age=86400');
    for (const variant of uploadPathVariants(PUBLIC)) {
      if (resolvesTo(variant) !== `/uploads/${PUBLIC}`) expect((await files.request(variant)).status, variant).toBe(404);
    }
  });

  it('caches documents nowhere and videos only privately', async () => {
    const doc = await files.request(await storage().signedUrl(DOC, 300));
    expect(doc.headers.get('cache-control')).toBe('private, no-store');
    const video = await files.request(await storage().signedUrl(VIDEO, 300));
    expect(video.headers.get('cache-control')).toBe('private, max-age=3600');
  });
});

describe('keys in canonical form only', () => {
  it('canonicalKey and storageKey refuse every other spelling', () => {
    expect(canonicalKey(VIDEO)).toBe(VIDEO);
    expect(storageKey(`/uploads/${DOC}`)).toBe(DOC);
    for (const bad of [
      `/${VIDEO}`,
      `./${VIDEO}`,
      `seed/../${VIDEO}`,
      `seed/..%2F${VIDEO}`,
      `videos//x.mp4`,
      `videos/x.mp4/`,
      `videos./x.mp4`,
      `videos/x.mp4.`,
      `videos/.x.mp4`,
      `videos/a..b.mp4`,
      `Videos/x.mp4`,
      `videos\\x.mp4`,
      `videos/x%2emp4`,
      `videos/x mp4`,
      '',
    ]) {
      expect(canonicalKey(bad), bad).toBeNull();
    }
    expect(storageKey('/uploads//videos/x.mp4')).toBeNull();
    expect(storageKey('/imgs/videos/x.mp4')).toBeNull();
  });

  it('a public image field takes neither private media nor another spelling', () => {
    expect(normaliseStoredPath(`/uploads/${PUBLIC}`)).toBe(`/uploads/${PUBLIC}`);
    expect(normaliseStoredPath('/imgs/default/default.jpg')).toBe('/imgs/default/default.jpg');
    for (const bad of [
      `/uploads/${VIDEO}`,
      `/uploads/${DOC}`,
      `/uploads//${DOC}`,
      `/uploads/DOCS/7/x.png`,
      `/uploads/seed/../${DOC}`,
      '/imgs/../uploads/docs/7/x.png',
    ]) {
      expect(normaliseStoredPath(bad), bad).toBeNull();
    }
  });
});

describe('tus uploads', () => {
  it('answer only for the names tus gives (32 hex digits)', async () => {
    const voucher = localVoucher((await t.post('/public/updateVideoVoucher', {}, await t.login(DEMO.coach))).body.data);
    const headers = { 'Tus-Resumable': '1.0.0', 'Upload-Voucher': voucher };
    // ('..' and '%2e%2e' never get here: the URL parser resolves them away.)
    for (const id of ['...', '.x', 'x', '..%5Cx', '0123456789ABCDEF0123456789ABCDEF', '0123456789abcdef0123456789abcdef.json']) {
      expect((await t.app.request(`/api/tus/${id}`, { method: 'HEAD', headers })).status, id).toBe(404);
      const patch = await t.app.request(`/api/tus/${id}`, {
        method: 'PATCH',
        headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: new Uint8Array([1]),
      });
      expect(patch.status, id).toBe(404);
    }
  });
});
