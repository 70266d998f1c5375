import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { env } from '~/server/env';
import { identityApplications, users } from '~/server/db/schema';
import { DOCUMENT_SIGN_TTL_S, resetStorage, storage } from '~/server/providers/storage';
import { serveUploads } from '~/server/providers/storage/serve';
import { finishRecording } from '~/server/providers/live/vod';
import { hasFfmpeg, videoQueueIdle } from '~/server/modules/upload/video.service';
import { moveApplicationDocuments } from '~/server/modules/applications/documents-move';
import { DEMO, localVoucher, startApi, type TestApi } from '../helpers/api';
import { startS3 } from '../helpers/s3';
import { tusUpload } from '../helpers/tus';
import { resolvesTo, uploadPathVariants } from '../helpers/upload-paths';

/** STORAGE=s3 against a local S3-compatible stand-in. */
const run = promisify(execFile);
const MP4 = readFileSync(new URL('../fixtures/lesson.mp4', import.meta.url));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApi;
let coach: string;
const files = new Hono().get('/uploads/*', serveUploads);

/** Every file under DATA_DIR/uploads (with STORAGE=s3 there should be none). */
function localFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

beforeAll(async () => {
  s3 = await startS3();
  t = await startApi({ ...s3.env, MEDIA_SIGN_TTL_S: '600' });
  resetStorage();
  coach = await t.login(DEMO.coach);
}, 60_000);
afterAll(async () => {
  await t.stop();
  resetStorage();
  await s3.stop();
});

describe('STORAGE=s3', () => {
  it('keeps uploaded images in the bucket under uploads/, and /uploads redirects to a presigned URL of it', async () => {
    const res = await t.post('/uploader_img_base64', { image: `data:image/png;base64,${PNG.toString('base64')}`, type: 'avatar' }, coach);
    expect(res.body.code, res.body.msg).toBe(200);
    const path: string = res.body.data.path;
    expect(path).toMatch(/^\/uploads\/avatar\/.+\.png$/);
    const stored = await s3.object(path.slice(1));
    expect(stored?.type).toBe('image/png');
    expect(stored?.bytes.equals(PNG)).toBe(true);
    expect(localFiles(join(t.dataDir, 'uploads'))).toEqual([]);

    const answer = await files.request(path);
    expect(answer.status).toBe(302);
    const location = answer.headers.get('location') ?? '';
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/${path.slice(1)}?`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    const image = await fetch(location);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // Not ours, or a type uploads never serve: still not found, bucket or not.
    expect((await files.request('/uploads/avatar/missing.html')).status).toBe(404);
  });

  it('takes a resumable video upload into the bucket, processes it there, and plays it only through expiring URLs', async () => {
    const voucher = localVoucher((await t.post('/public/updateVideoVoucher', {}, coach)).body.data);
    const up = await tusUpload(t, MP4, voucher, 'lesson.mp4', 4096);
    expect(up.last.status).toBe(204);
    const videoId = Number(up.last.headers.get('upload-video-id'));
    expect(videoId).toBeGreaterThan(0);
    // The tus upload itself lived in the bucket and is gone once the video is registered.
    const uploadId = up.location.split('/').pop() ?? '';
    expect(await s3.keys(uploadId)).toEqual([]);

    const course = await t.post(
      '/coach/courseSave',
      {
        title: '对象存储里的课',
        cover: '/imgs/default/default.jpg',
        label_ids: [],
        level: '入门',
        price: 990,
        summary: '签名地址',
        intro: '<p>x</p>',
      },
      coach,
    );
    const courseId = course.body.data.id as number;
    const lesson = await t.post('/coach/lessonSave', { course_id: courseId, title: '第一课', video_id: videoId }, coach);
    expect(lesson.body.code, lesson.body.msg).toBe(200);
    expect((await t.post('/coach/courseStatus', { id: courseId, status: 1 }, coach)).body.code).toBe(200);
    await videoQueueIdle();

    const folder = (await s3.keys('uploads/videos/')).find((k) => k.endsWith('/original.mp4'))?.replace(/original\.mp4$/, '');
    expect(folder).toBeTruthy();
    expect(await s3.keys(folder)).toEqual(
      hasFfmpeg() ? [`${folder}original.mp4`, `${folder}poster.jpg`, `${folder}video.mp4`] : [`${folder}original.mp4`],
    );
    // Nothing stays behind on this disk: no upload, no ffmpeg scratch, no copy.
    expect(localFiles(join(t.dataDir, 'uploads'))).toEqual([]);
    expect(localFiles(join(t.dataDir, 'tmp'))).toEqual([]);

    // The owner watches through a presigned URL of the bucket; a guest gets no URL for a paid lesson.
    const owned = (await t.post('/course/detail', { id: courseId }, coach)).body.data.lessons[0]!.video as string;
    expect(owned.startsWith(`${s3.endpoint}/${s3.bucket}/${folder}`)).toBe(true);
    expect(owned).toMatch(/X-Amz-Expires=1200&/);
    expect((await t.post('/course/detail', { id: courseId })).body.data.lessons[0]!.video).toBe('');
    const part = await fetch(owned, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    // A URL signed two windows ago has expired at the bucket; our own /uploads wants a signature.
    const key = new URL(owned).pathname.replace(`/${s3.bucket}/uploads/`, '');
    const stale = await storage().signedUrl(key, env().MEDIA_SIGN_TTL_S, Date.now() - 3 * env().MEDIA_SIGN_TTL_S * 1000);
    expect((await fetch(stale)).status).toBe(403);
    expect((await files.request(`/uploads/${key}`)).status).toBe(403);
  }, 60_000);

  it.skipIf(!hasFfmpeg())(
    'moves a finished live recording (MP4 and poster) into the bucket',
    async () => {
      const dir = join(t.dataDir, 'uploads', 'live', 'room_s3');
      mkdirSync(dir, { recursive: true });
      const flv = join(dir, '1700000000000.flv');
      await run('ffmpeg', [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=160x120:rate=10',
        '-t',
        '3',
        '-c:v',
        'libx264',
        '-f',
        'flv',
        flv,
      ]);
      const rec = await finishRecording(flv);
      expect(rec.url).toBe('/uploads/live/room_s3/1700000000000.mp4');
      expect(rec.poster).toBe('/uploads/live/room_s3/1700000000000.jpg');
      expect(rec.durationS).toBe(3);
      expect(await s3.keys('uploads/live/room_s3/')).toEqual([rec.poster.slice(1), rec.url.slice(1)].sort());
      expect(localFiles(dir)).toEqual([]);
    },
    60_000,
  );

  it('redirects a private key to the bucket by no spelling of its URL (the signature cannot be skipped)', async () => {
    const secret = Buffer.from('a private object');
    for (const key of ['videos/20260102/0123456789abcdef0123456789abcdef/original.mp4', 'docs/9/20260102-0123456789abcdef.png']) {
      await storage().put(key, secret, 'application/octet-stream');
      for (const variant of [`/uploads/${key}`, ...uploadPathVariants(key)]) {
        const res = await files.request(variant);
        expect(res.status, variant).toBe(resolvesTo(variant) === `/uploads/${key}` ? 403 : 404);
        expect(res.headers.get('location'), variant).toBeNull();
      }
    }
    // A public file: redirected by its canonical path only.
    await storage().put('seed/public-1.png', secret, 'image/png');
    expect((await files.request('/uploads/seed/public-1.png')).status).toBe(302);
    for (const variant of uploadPathVariants('seed/public-1.png')) {
      if (resolvesTo(variant) !== '/uploads/seed/public-1.png') expect((await files.request(variant)).status, variant).toBe(404);
    }
  });

  it('keeps documents private in the bucket: presigned for minutes, cached nowhere', async () => {
    const up = await t.post('/member/uploadDocument', { image: `data:image/png;base64,${PNG.toString('base64')}` }, coach);
    expect(up.body.code, up.body.msg).toBe(200);
    const { path, url } = up.body.data as { path: string; url: string };
    expect(path).toMatch(/^\/uploads\/docs\/\d+\/\d{8}-[0-9a-f]{16}\.png$/);
    expect((await s3.object(path.slice(1)))?.cacheControl).toBe('private, no-store');
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}${path}?`)).toBe(true);
    expect(url).toContain(`X-Amz-Expires=${2 * DOCUMENT_SIGN_TTL_S}&`);
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toBe('private, no-store');
    expect((await files.request(path)).status).toBe(403);
  });

  it('moves documents stored before they were private inside the bucket', async () => {
    const [u] = await t.db.select().from(users).where(eq(users.phone, DEMO.member));
    const old = await storage().put(`common/20250101/${u!.id}-00000000000000c1.png`, PNG, 'image/png');
    const [row] = await t.db
      .insert(identityApplications)
      .values({ userId: u!.id, kind: 'shop', status: 'refused', title: '桶里的店', answers: { licence_image: old } })
      .returning();
    const report = await moveApplicationDocuments();
    expect(report).toMatchObject({ moved: 1, rows: 1, failed: 0 });
    const moved = `uploads/docs/${u!.id}/20250101-00000000000000c1.png`;
    expect(await s3.keys(old.slice(1))).toEqual([]);
    expect((await s3.object(moved))?.bytes.equals(PNG)).toBe(true);
    expect((await s3.object(moved))?.cacheControl).toBe('private, no-store');
    const [after] = await t.db.select().from(identityApplications).where(eq(identityApplications.id, row!.id));
    expect(after!.answers['licence_image']).toBe(`/${moved}`);
    expect(await moveApplicationDocuments()).toMatchObject({ moved: 0, rows: 0 });
  });

  it('npm run storage:migrate copies local uploads into the bucket once, and --delete clears them locally', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gongfu-migrate-'));
    try {
      const uploads = join(dataDir, 'uploads');
      mkdirSync(join(uploads, 'seed'), { recursive: true });
      mkdirSync(join(uploads, 'videos', '20260101', 'abc'), { recursive: true });
      writeFileSync(join(uploads, 'seed', 'banner-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      writeFileSync(join(uploads, 'videos', '20260101', 'abc', 'video.mp4'), MP4);
      const migrate = (...args: string[]) =>
        run(join('node_modules', '.bin', 'tsx'), ['scripts/storage-migrate.ts', ...args], {
          env: { ...process.env, ...s3.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' },
        });
      const first = await migrate();
      expect(first.stdout).toMatch(/copied 2 .*already there 0.*failed 0/);
      expect((await s3.object('uploads/seed/banner-1.svg'))?.type).toBe('image/svg+xml');
      expect((await s3.object('uploads/videos/20260101/abc/video.mp4'))?.bytes.equals(MP4)).toBe(true);
      const again = await migrate('--delete');
      expect(again.stdout).toMatch(/copied 0 .*already there 2, removed locally 2, failed 0/);
      expect(localFiles(uploads)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
