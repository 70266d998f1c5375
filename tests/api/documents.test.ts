import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { identityApplications, labels, providerApplications, users } from '~/server/db/schema';
import { hashPassword } from '~/server/security/password';
import { DOCUMENT_SIGN_TTL_S, resetStorage, storage, storageKey } from '~/server/providers/storage';
import { serveUploads } from '~/server/providers/storage/serve';
import { moveApplicationDocuments, privateKeyFor } from '~/server/modules/applications/documents-move';
import { UPLOAD_TEXTS } from '~/lib/rules/upload';
import { startApi, PNG_1X1, type TestApi } from '../helpers/api';

/**
 * Verification documents (ID photos, licences, certificates) are private media: uploaded through
 * their own endpoint, cited only by their uploader's applications, shown only through signed URLs
 * to the applicant and to reviewing staff, never cached; older public ones are moved.
 */
let t: TestApi;
let labelIds: number[];
let seq = 0;
const files = new Hono().get('/uploads/*', serveUploads);
const PNG = Buffer.from(PNG_1X1, 'base64');

async function member() {
  const phone = `1371${String(100000 + seq++).padStart(7, '0')}`;
  const [u] = await t.db
    .insert(users)
    .values({ phone, nickName: `证件${seq}`, passwordHash: await hashPassword('abc12345') })
    .returning();
  return { id: u!.id, token: await t.login(phone, 'abc12345') };
}

const coachForm = (docs: { front: string; back: string; certs: string[] }) => ({
  real_name: '霍元甲',
  id_number: '11010519491231002X',
  id_front: docs.front,
  id_back: docs.back,
  phone: '13912345678',
  province: '广东省',
  city: '佛山市',
  label_ids: labelIds.slice(0, 1),
  intro: '习武三十年，精武门创办人，擅长迷踪拳。',
  certificates: docs.certs,
  agree: true as const,
});

const shopForm = (licence: string, logo = '/imgs/default/default.jpg') => ({
  shop_name: '精武体育用品',
  logo,
  licence_no: '91350100M000100Y43',
  licence_image: licence,
  province: '广东省',
  city: '佛山市',
  district: '禅城区',
  address: '祖庙路 1 号',
  contact_name: '霍东阁',
  contact_phone: '13912345678',
  agree: true as const,
});

const providerForm = (licence: string) => ({
  name: '精武传媒',
  contact: '陈真',
  phone: '13912340001',
  city: '上海',
  intro: '为武术教练提供课程拍摄与推广服务，团队十余人。',
  licence,
  agree: true as const,
});

/** GET of a URL the API handed out (a signed '/uploads/…?e=&s=' on the local disk). */
const get = (url: string) => files.request(url);

beforeAll(async () => {
  t = await startApi();
  resetStorage();
  labelIds = (await t.db.select({ id: labels.id }).from(labels)).map((l) => l.id);
});
afterAll(() => t.stop());

describe('/api/member/uploadDocument', () => {
  it('stores a member’s document privately and answers a short-lived signed URL', async () => {
    expect((await t.post('/member/uploadDocument', { image: PNG_1X1 })).body.code).toBe(101);
    const m = await member();
    expect((await t.post('/member/uploadDocument', { image: 'bm90IGFuIGltYWdlIGF0IGFsbA==' }, m.token)).body.msg).toBe(
      UPLOAD_TEXTS.badType,
    );
    const up = await t.post('/member/uploadDocument', { image: `data:image/png;base64,${PNG_1X1}` }, m.token);
    expect(up.body.code).toBe(200);
    const { path, url } = up.body.data as { path: string; url: string };
    expect(path).toMatch(new RegExp(`^/uploads/docs/${m.id}/\\d{8}-[0-9a-f]{16}\\.png$`));
    expect(url.startsWith(`${path}?e=`)).toBe(true);
    // Short-lived: good for one to two DOCUMENT_SIGN_TTL_S windows, not the videos' hour.
    const e = Number(new URL(url, 'http://x').searchParams.get('e'));
    expect(e * 1000 - Date.now()).toBeLessThanOrEqual(2 * DOCUMENT_SIGN_TTL_S * 1000);

    // A guest (or anyone) with the bare path gets nothing; the signed URL shows it, cached nowhere.
    expect((await get(path)).status).toBe(403);
    const shown = await get(url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect(shown.headers.get('access-control-allow-origin')).toBeNull();
    expect(Buffer.from(await shown.arrayBuffer()).equals(PNG)).toBe(true);
    const stale = await storage().signedUrl(storageKey(path)!, DOCUMENT_SIGN_TTL_S, Date.now() - 3 * DOCUMENT_SIGN_TTL_S * 1000);
    expect((await get(stale)).status).toBe(403);

    // The ordinary image upload stays public (avatars, covers).
    const img = await t.post('/uploader_img_base64', { image: PNG_1X1, type: 'common' }, m.token);
    expect(img.body.data.path).toMatch(/^\/uploads\/common\//);
    const pub = await get(img.body.data.path);
    expect(pub.headers.get('cache-control')).toBe('public, max-age=86400');
    // Drawable into a canvas on another origin (the mobile share poster, MEDIA_URL on a CDN).
    expect(pub.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('applications cite only the applicant’s own documents', () => {
  it('coach: another member’s, a public image, a made-up or a crooked path are refused', async () => {
    const a = await member();
    const b = await member();
    const mine = {
      front: await t.uploadDocument(a.token),
      back: await t.uploadDocument(a.token),
      certs: [await t.uploadDocument(a.token)],
    };
    const theirs = await t.uploadDocument(b.token);
    const publicImg = (await t.post('/uploader_img_base64', { image: PNG_1X1, type: 'common' }, a.token)).body.data.path as string;
    const bad = [
      theirs,
      publicImg,
      '/imgs/default/default.jpg',
      `/uploads/docs/${a.id}/20260101-ffffffffffffffff.png`,
      `/uploads/docs/${a.id}/../${b.id}/${theirs.split('/').pop()}`,
      `/uploads//docs/${a.id}/${mine.front.split('/').pop()}`,
      `/uploads/docs/${a.id}x/${mine.front.split('/').pop()}`,
      'https://evil.example/id.png',
    ];
    for (const p of bad) {
      for (const form of [
        coachForm({ ...mine, front: p }),
        coachForm({ ...mine, back: p }),
        coachForm({ ...mine, certs: [mine.certs[0]!, p] }),
      ]) {
        expect((await t.post('/registerCoach', form, a.token)).body, p).toMatchObject({ code: 100, msg: UPLOAD_TEXTS.badDocument });
      }
    }
    expect((await t.post('/registerCoach', coachForm(mine), a.token)).body.code).toBe(200);
  });

  it('shop: the licence must be the applicant’s document; the public logo may not be a document', async () => {
    const a = await member();
    const b = await member();
    const licence = await t.uploadDocument(a.token);
    expect((await t.post('/registerShop', shopForm(await t.uploadDocument(b.token)), a.token)).body.msg).toBe(UPLOAD_TEXTS.badDocument);
    expect((await t.post('/registerShop', shopForm(licence, licence), a.token)).body.msg).toBe('图片地址不正确，请重新上传');
    expect((await t.post('/registerShop', shopForm(licence), a.token)).body.code).toBe(200);
  });

  it('provider: the licence must be the applicant’s document', async () => {
    const a = await member();
    const b = await member();
    expect((await t.post('/public/supplierSettle', providerForm(await t.uploadDocument(b.token)), a.token)).body.msg).toBe(
      UPLOAD_TEXTS.badDocument,
    );
    expect((await t.post('/public/supplierSettle', providerForm('/uploads/common/x.png'), a.token)).body.msg).toBe(
      UPLOAD_TEXTS.badDocument,
    );
    expect((await t.post('/public/supplierSettle', providerForm(await t.uploadDocument(a.token)), a.token)).body.code).toBe(200);
  });
});

describe('who sees the documents', () => {
  it('coach: the refused applicant and reviewing staff get signed URLs; other staff and members do not', async () => {
    const a = await member();
    const docs = {
      front: await t.uploadDocument(a.token),
      back: await t.uploadDocument(a.token),
      certs: [await t.uploadDocument(a.token)],
    };
    const app = (await t.post('/registerCoach', coachForm(docs), a.token)).body.data as { id: number };
    const all = [docs.front, docs.back, ...docs.certs];

    // Reviewers (and super) open the detail: one signed URL per document, made now, that loads.
    for (const role of ['reviewer', 'super'] as const) {
      const detail = await t.post('/admin/applications/detail', { id: app.id }, undefined, { cookie: await t.staffCookie(role) });
      expect(detail.body.code).toBe(200);
      const urls = detail.body.data.doc_urls as Record<string, string>;
      expect(Object.keys(urls).sort()).toEqual([...all].sort());
      for (const p of all) {
        expect(urls[p]!.startsWith(`${p}?e=`)).toBe(true);
        const res = await get(urls[p]!);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
      }
    }
    for (const role of ['finance', 'content', 'support'] as const) {
      expect((await t.post('/admin/applications/detail', { id: app.id }, undefined, { cookie: await t.staffCookie(role) })).body.code).toBe(
        403,
      );
    }
    expect((await t.post('/admin/applications/detail', { id: app.id }, a.token)).body.code).toBe(101);
    for (const p of all) expect((await get(p)).status).toBe(403);

    // Refused: the applicant's form comes back with its documents signed for them.
    const reviewer = await t.staffCookie('reviewer');
    await t.post('/admin/applications/refuse', { id: app.id, reason: '照片不清晰' }, undefined, { cookie: reviewer });
    const fail = (await t.post('/member/coachFailInfo', {}, a.token)).body.data;
    expect(Object.keys(fail.doc_urls).sort()).toEqual([...all].sort());
    expect((await get(fail.doc_urls[docs.front]!)).status).toBe(200);
    // Another member asks for their own (none) and learns nothing of these.
    const other = await member();
    expect((await t.post('/member/coachFailInfo', {}, other.token)).body.code).toBe(100);
  });

  it('shop and provider: the same for licences', async () => {
    const a = await member();
    const licence = await t.uploadDocument(a.token);
    const shop = (await t.post('/registerShop', shopForm(licence), a.token)).body.data as { id: number };
    const reviewer = await t.staffCookie('reviewer');
    const detail = (await t.post('/admin/applications/detail', { id: shop.id }, undefined, { cookie: reviewer })).body.data;
    expect((await get(detail.doc_urls[licence]!)).status).toBe(200);
    await t.post('/admin/applications/refuse', { id: shop.id, reason: '执照过期' }, undefined, { cookie: reviewer });
    expect((await get((await t.post('/member/shopFailInfo', {}, a.token)).body.data.doc_urls[licence]!)).status).toBe(200);

    const p = await member();
    const provLicence = await t.uploadDocument(p.token);
    await t.post('/public/supplierSettle', providerForm(provLicence), p.token);
    const mine = (await t.post('/member/supplierStatus', {}, p.token)).body.data;
    expect(mine.form!.licence).toBe(provLicence);
    expect((await get(mine.licence_url)).status).toBe(200);
    const queue = (await t.post('/admin/providers/applications', {}, undefined, { cookie: reviewer })).body.data.list;
    const row = queue.find((r: { user_id: number }) => r.user_id === p.id);
    expect(row!.licence_url.startsWith(`${provLicence}?e=`)).toBe(true);
    expect((await get(row!.licence_url)).status).toBe(200);
    expect((await t.post('/admin/providers/applications', {}, undefined, { cookie: await t.staffCookie('finance') })).body.code).toBe(403);
    expect((await get(provLicence)).status).toBe(403);
  });
});

describe('documents stored before they were private', () => {
  it('are moved to private keys and the rows rewritten, once, whatever was interrupted', async () => {
    const a = await member();
    const b = await member();
    const put = async (key: string) => storage().put(key, PNG, 'image/png');
    const front = await put(`common/20250101/${a.id}-00000000000000a1.png`);
    const back = await put(`common/20250101/${a.id}-00000000000000a2.png`);
    const cert = await put(`common/20250101/${a.id}-00000000000000a3.png`);
    const staffCert = await put('common/20250101/staff1-00000000000000a4.png');
    const licence = await put(`common/20250101/${b.id}-00000000000000b1.png`);
    const provLicence = await put(`common/20250101/${b.id}-00000000000000b2.png`);
    const missing = `/uploads/common/20250101/${b.id}-00000000000000b3.png`;
    const answers = (over: Record<string, unknown>) => ({ real_name: '旧', id_front: front, id_back: back, certificates: [cert], ...over });
    // A refused application and its resubmission cite the same photos.
    const rows = await t.db
      .insert(identityApplications)
      .values([
        { userId: a.id, kind: 'coach', status: 'refused', title: '旧', answers: answers({ certificates: [cert, staffCert] }) },
        { userId: a.id, kind: 'coach', status: 'pending', title: '旧', answers: answers({}) },
        {
          userId: b.id,
          kind: 'shop',
          status: 'pending',
          title: '旧店',
          answers: { shop_name: '旧店', logo: licence, licence_image: licence },
        },
        {
          userId: b.id,
          kind: 'coach',
          status: 'refused',
          title: '旧',
          answers: answers({ id_front: '/imgs/default/default.jpg', id_back: missing }),
        },
      ])
      .returning();
    const [prov] = await t.db
      .insert(providerApplications)
      .values({ userId: b.id, name: '旧', contact: '旧', phone: '13900000000', city: '上海', intro: '旧的申请', licence: provLicence })
      .returning();

    // An earlier run stopped after copying and removing the certificate, before writing any row.
    const certKey = storageKey(cert)!;
    await storage().put(privateKeyFor(certKey), PNG, 'image/png');
    await storage().remove(certKey);

    const report = await moveApplicationDocuments();
    expect(report).toMatchObject({ moved: 5, rows: 5, missing: 1, failed: 0 });
    const docs = (k: string) => `/uploads/docs/${k}`;
    const [r0, r1, r2, r3] = await Promise.all(
      rows.map(async (r) => (await t.db.select().from(identityApplications).where(eq(identityApplications.id, r.id)))[0]!.answers),
    );
    expect(r0).toMatchObject({
      id_front: docs(`${a.id}/20250101-00000000000000a1.png`),
      id_back: docs(`${a.id}/20250101-00000000000000a2.png`),
      certificates: [docs(`${a.id}/20250101-00000000000000a3.png`), expect.stringMatching(/^\/uploads\/docs\/moved\/[0-9a-f]{24}\.png$/)],
    });
    expect(r1).toMatchObject({ id_front: r0!['id_front'], certificates: [docs(`${a.id}/20250101-00000000000000a3.png`)] });
    // The shop's logo is public: its file stays where it is, the licence gets its private copy.
    expect(r2).toMatchObject({ logo: licence, licence_image: docs(`${b.id}/20250101-00000000000000b1.png`) });
    expect(r3).toMatchObject({ id_front: '/imgs/default/default.jpg', id_back: missing, real_name: '旧' });
    const [p] = await t.db.select().from(providerApplications).where(eq(providerApplications.id, prov!.id));
    expect(p!.licence).toBe(docs(`${b.id}/20250101-00000000000000b2.png`));

    // The public copies are gone (but the logo's), the private ones need a signature.
    for (const old of [front, back, cert, staffCert, provLicence]) expect((await get(old)).status).toBe(404);
    expect((await get(licence)).status).toBe(200);
    expect((await get(p!.licence)).status).toBe(403);
    // The applicant may cite a moved document of their own again.
    const again = coachForm({ front: r1!['id_front'] as string, back: r1!['id_back'] as string, certs: [] });
    await t.db.update(identityApplications).set({ status: 'refused' }).where(eq(identityApplications.id, rows[1]!.id));
    expect((await t.post('/registerCoach', again, a.token)).body.code).toBe(200);

    // Run again: nothing left to move.
    expect(await moveApplicationDocuments()).toMatchObject({ moved: 0, rows: 0, failed: 0 });
  });
});
