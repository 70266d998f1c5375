import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { classes, coaches, courses, lessons, users, videos } from '~/server/db/schema';
import { hashPassword } from '~/server/security/password';
import { changeCoins } from '~/server/ledger/coins';
import { SC_TEXTS } from '~/lib/rules/seller-content';
import { env } from '~/server/env';
import { hasFfmpeg, VIDEO_LEASE, videoQueueIdle } from '~/server/modules/upload/video.service';
import { tusUpload as upload } from '../helpers/tus';
import { LESSON_VIDEO } from '~/server/seed/catalogue';
import type { ApiInput } from '~/lib/api/types';
import { DEMO, localVoucher, startApi, type TestApi } from '../helpers/api';

/** A second seeded coach (see src/server/seed/data/catalogue.ts). */
const OTHER_COACH = '13800000102';
const MP4 = readFileSync(new URL('../fixtures/lesson.mp4', import.meta.url));

let t: TestApi;
let coach: string;
let other: string;
let member: string;
let mechant: string;
let memberId: number;
let coachId: number;

beforeAll(async () => {
  t = await startApi();
  [coach, other, member, mechant] = await Promise.all([
    t.login(DEMO.coach),
    t.login(OTHER_COACH),
    t.login(DEMO.member),
    t.login(DEMO.mechant),
  ]);
  const [m] = await t.db.select().from(users).where(eq(users.phone, DEMO.member));
  memberId = m!.id;
  await t.db
    .update(users)
    .set({ payPasswordHash: await hashPassword('205813') })
    .where(eq(users.id, memberId));
  await t.db.transaction((tx) => changeCoins(tx, memberId, 100_000, 'grant', { type: 'test', id: 0 }));
  const [u] = await t.db.select().from(users).where(eq(users.phone, DEMO.coach));
  const [c] = await t.db.select().from(coaches).where(eq(coaches.userId, u!.id));
  coachId = c!.id;
}, 60_000);
afterAll(() => t.stop());

const COURSE = {
  title: '太极推手入门',
  cover: '/imgs/default/default.jpg',
  label_ids: [] as number[],
  level: '入门' as const,
  price: 1990,
  summary: '四节课学会单推手',
  intro: '<p>推手基础<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
};

async function newCourse(token = coach, extra: Partial<ApiInput<'/coach/courseSave'>> = {}): Promise<number> {
  const r = await t.post('/coach/courseSave', { ...COURSE, ...extra }, token);
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data.id as number;
}

const tusUpload = (bytes: Buffer, voucher: string, name?: string) => upload(t, bytes, voucher, name);

async function voucher(token = coach): Promise<string> {
  const r = await t.post('/public/updateVideoVoucher', {}, token);
  expect(r.body.code, r.body.msg).toBe(200);
  expect(r.body.data.provider).toBe('local');
  return localVoucher(r.body.data);
}

describe('courses', () => {
  it('creates a course off sale with a sanitised intro and lists it for its coach only', async () => {
    const id = await newCourse();
    const info = await t.post('/coach/courseInfo', { id }, coach);
    expect(info.body.data).toMatchObject({ id, status: 0, price: 1990, lesson_count: 0, buyers: 0 });
    expect(info.body.data.intro).not.toMatch(/script|onerror/);
    const list = await t.post('/coach/courseList', { page: 1, limit: 5 }, coach);
    expect(list.body.data.list[0]!.id).toBe(id);
    expect((await t.post('/coach/courseList', { status: 'on' }, coach)).body.data.list.some((c: { id: number }) => c.id === id)).toBe(
      false,
    );
    // Not in the public catalogue while off sale.
    expect((await t.post('/course/detail', { id })).body.code).toBe(404);
  });

  it('refuses bad input with Chinese messages', async () => {
    expect((await t.post('/coach/courseSave', { ...COURSE, title: ' ' }, coach)).body.msg).toBe(SC_TEXTS.title);
    expect((await t.post('/coach/courseSave', { ...COURSE, price: -1 }, coach)).body.msg).toBe(SC_TEXTS.price);
    expect((await t.post('/coach/courseSave', { ...COURSE, cover: 'https://evil.example/x.png' }, coach)).body.msg).toBe(SC_TEXTS.coverBad);
    expect((await t.post('/coach/courseSave', { ...COURSE, label_ids: [999999] }, coach)).body.msg).toBe(SC_TEXTS.labelBad);
    expect((await t.rawPost('/coach/courseSave', { ...COURSE, level: '大师' }, coach)).body.msg).toBe(SC_TEXTS.level);
  });

  it('puts on sale only with a lesson; deletes a course without buyers after taking it off sale', async () => {
    const id = await newCourse();
    expect((await t.post('/coach/courseStatus', { id, status: 1 }, coach)).body.msg).toBe(SC_TEXTS.noLessonsToSell);
    expect((await t.post('/coach/lessonSave', { course_id: id, title: '第一课', is_free: true }, coach)).body.code).toBe(200);
    expect((await t.post('/coach/courseStatus', { id, status: 1 }, coach)).body.data).toEqual({ id, status: 1 });
    expect((await t.post('/course/detail', { id })).body.code).toBe(200);
    expect((await t.post('/coach/courseDelete', { id }, coach)).body.msg).toBe(SC_TEXTS.offSaleFirst);
    expect((await t.post('/coach/courseStatus', { id, status: 0 }, coach)).body.code).toBe(200);
    expect((await t.post('/coach/courseDelete', { id }, coach)).body.code).toBe(200);
    expect((await t.post('/coach/courseInfo', { id }, coach)).body.code).toBe(404);
  });
});

describe('ownership and roles', () => {
  let courseId: number;
  let lessonId: number;
  let classId: number;
  beforeAll(async () => {
    courseId = await newCourse();
    lessonId = (await t.post('/coach/lessonSave', { course_id: courseId, title: '第一课', is_free: false }, coach)).body.data.id;
    classId = (
      await t.post(
        '/coach/classSave',
        {
          title: '周末太极班',
          cover: '/imgs/default/default.jpg',
          city: '北京',
          venue: '朝阳公园',
          schedule: '每周六 9:00-11:00',
          start_day: '2031-05-01',
          end_day: '2031-06-30',
          capacity: 20,
          price: 30000,
        },
        coach,
      )
    ).body.data.id;
  });

  const calls = () =>
    [
      ['/coach/courseInfo', { id: courseId }],
      ['/coach/courseSave', { ...COURSE, id: courseId }],
      ['/coach/courseStatus', { id: courseId, status: 0 }],
      ['/coach/courseDelete', { id: courseId }],
      ['/coach/lessonList', { course_id: courseId }],
      ['/coach/lessonInfo', { id: lessonId }],
      ['/coach/lessonSave', { course_id: courseId, title: 'x' }],
      ['/coach/lessonSave', { course_id: courseId, id: lessonId, title: 'x' }],
      ['/coach/lessonDelete', { id: lessonId }],
      ['/coach/lessonSort', { course_id: courseId, ids: [lessonId] }],
      ['/coach/videoInfo', { id: lessonId }],
      ['/coach/classInfo', { id: classId }],
      [
        '/coach/classSave',
        {
          id: classId,
          title: 'x',
          cover: '/imgs/default/default.jpg',
          city: '北京',
          venue: 'x',
          schedule: 'x',
          start_day: '2031-05-01',
          end_day: '2031-06-30',
          capacity: 5,
          price: 0,
        },
      ],
      ['/coach/classStatus', { id: classId, status: 1 }],
      ['/coach/classStudents', { id: classId }],
    ] as const;

  it('another coach gets 404 for every record of this coach and never sees them in lists', async () => {
    for (const [path, body] of calls()) {
      const r = await t.post(path, body, other);
      expect(r.body.code, path).toBe(404);
    }
    const list = await t.post('/coach/courseList', { limit: 50 }, other);
    expect(list.body.data.list.some((c: { id: number }) => c.id === courseId)).toBe(false);
    const classList = await t.post('/coach/classList', { limit: 50 }, other);
    expect(classList.body.data.list.some((c: { id: number }) => c.id === classId)).toBe(false);
    // Nothing changed.
    const [c] = await t.db.select().from(courses).where(eq(courses.id, courseId));
    expect(c!.title).toBe(COURSE.title);
  });

  it('member and shop owner get 403, a guest 101', async () => {
    for (const [path, body] of [
      ...calls(),
      ['/coach/courseList', {}],
      ['/coach/classList', {}],
      ['/public/updateVideoVoucher', {}],
    ] as const) {
      expect((await t.post(path, body, member)).body.code, path).toBe(403);
      expect((await t.post(path, body, mechant)).body.code, path).toBe(403);
      expect((await t.post(path, body)).body.code, path).toBe(101);
    }
  });

  it('a video of another coach cannot be attached or read', async () => {
    const v = await voucher(other);
    const up = await tusUpload(MP4, v);
    expect(up.last.status).toBe(204);
    const videoId = Number(up.last.headers.get('upload-video-id'));
    expect((await t.post('/coach/videoStatus', { id: videoId }, coach)).body.code).toBe(404);
    expect((await t.post('/coach/lessonSave', { course_id: courseId, title: '偷来的', video_id: videoId }, coach)).body.code).toBe(404);
  });
});

describe('lessons', () => {
  it('adds lessons in order, reorders, edits and deletes them', async () => {
    const id = await newCourse();
    const ids: number[] = [];
    for (const title of ['一', '二', '三']) ids.push((await t.post('/coach/lessonSave', { course_id: id, title }, coach)).body.data.id);
    let list = (await t.post('/coach/lessonList', { course_id: id }, coach)).body.data.list;
    expect(list.map((l: { title: string }) => l.title)).toEqual(['一', '二', '三']);
    expect((await t.post('/coach/lessonSort', { course_id: id, ids: [ids[2]!, ids[0]!] }, coach)).body.msg).toBe(SC_TEXTS.sortList);
    expect((await t.post('/coach/lessonSort', { course_id: id, ids: [ids[2]!, ids[0]!, ids[1]!] }, coach)).body.code).toBe(200);
    list = (await t.post('/coach/lessonList', { course_id: id }, coach)).body.data.list;
    expect(list.map((l: { title: string }) => l.title)).toEqual(['三', '一', '二']);
    expect((await t.post('/coach/lessonSave', { course_id: id, id: ids[0], title: '一（改）', is_free: 1 }, coach)).body.code).toBe(200);
    expect((await t.post('/coach/lessonDelete', { id: ids[1]! }, coach)).body.code).toBe(200);
    list = (await t.post('/coach/lessonList', { course_id: id }, coach)).body.data.list;
    expect(list.map((l: { title: string; is_free: number }) => [l.title, l.is_free])).toEqual([
      ['三', 0],
      ['一（改）', 1],
    ]);
    const [c] = await t.db.select().from(courses).where(eq(courses.id, id));
    expect(c!.lessonCount).toBe(2);
  });

  it('a seeded lesson (a file, no upload record): the video page and the list agree, and editing keeps the file', async () => {
    // A seeded course of the demo coach (the tests above add courses of their own).
    const [c] = await t.db
      .select({ id: courses.id })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(and(eq(courses.coachId, coachId), eq(lessons.video, LESSON_VIDEO), isNull(lessons.videoId)))
      .limit(1);
    const list = (await t.post('/coach/lessonList', { course_id: c!.id }, coach)).body.data.list;
    const seeded = list.find((l: { video_id: number | null; video: string }) => l.video_id === null && l.video);
    expect(seeded).toMatchObject({ video_status: 'ready', video: LESSON_VIDEO });
    const info = (await t.post('/coach/videoInfo', { id: seeded!.id }, coach)).body.data;
    expect(info.video).toBeNull();
    expect(info.lesson).toMatchObject({ id: seeded!.id, video_status: 'ready', video: LESSON_VIDEO, duration: seeded!.duration });
    // The edit form cannot send the file back (it has no upload id): an edit must not drop it.
    const saved = await t.post(
      '/coach/lessonSave',
      { course_id: c!.id, id: seeded!.id, title: seeded!.title, is_free: seeded!.is_free },
      coach,
    );
    expect(saved.body.code).toBe(200);
    const again = (await t.post('/coach/lessonInfo', { id: seeded!.id }, coach)).body.data;
    expect(again).toMatchObject({ video: LESSON_VIDEO, video_status: 'ready', duration: seeded!.duration });
  });
});

describe('video upload (tus) and a buyer watching', () => {
  it('refuses uploads without a valid voucher, and files that are not videos', async () => {
    const none = await tusUpload(MP4, '');
    expect(none.created.status).toBe(403);
    const forged = await tusUpload(MP4, `v1.1.${coachId}.9999999999.${'a'.repeat(43)}`);
    expect(forged.created.status).toBe(403);
    const v = await voucher();
    const text = await tusUpload(Buffer.from('<html><script>alert(1)</script></html>'.repeat(10)), v, 'x.mp4');
    expect(text.last.status).toBe(415);
    // Another user cannot continue this coach's upload.
    const half = await t.app.request('/api/tus', {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(MP4.length), 'Upload-Voucher': v },
    });
    const otherVoucher = await voucher(other);
    const head = await t.app.request(half.headers.get('location')!, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Voucher': otherVoucher },
    });
    expect(head.status).toBe(403);
    const mine = await t.app.request(half.headers.get('location')!, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Voucher': v },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('upload-offset')).toBe('0');
    // Downloads through tus are not offered.
    expect((await t.app.request(half.headers.get('location')!)).status).toBe(404);
  });

  it('uploads a video in chunks, processes it, and a buyer of the course plays the new lesson; buyers block deletion', async () => {
    const id = await newCourse();
    expect((await t.post('/coach/lessonSave', { course_id: id, title: '试看课', is_free: true }, coach)).body.code).toBe(200);
    expect((await t.post('/coach/courseStatus', { id, status: 1 }, coach)).body.code).toBe(200);

    const order = (await t.post('/order/createCourse', { course_id: id }, member)).body.data;
    expect((await t.post('/order/payCoins', { id: order.id, pay_password: '205813' }, member)).body.code).toBe(200);

    const up = await tusUpload(MP4, await voucher());
    expect(up.last.status).toBe(204);
    const videoId = Number(up.last.headers.get('upload-video-id'));
    expect(videoId).toBeGreaterThan(0);
    const lesson = await t.post('/coach/lessonSave', { course_id: id, title: '第二课 单推手', video_id: videoId }, coach);
    expect(lesson.body.code).toBe(200);
    await videoQueueIdle();

    const info = (await t.post('/coach/videoInfo', { id: lesson.body.data.id }, coach)).body.data;
    expect(info.lesson.course_id).toBe(id);
    if (hasFfmpeg()) {
      expect(info.video).toMatchObject({ status: 'ready', processed: 1, duration: 3, width: 320, height: 180 });
      // Uploaded videos are private media: the coach gets them as signed URLs too.
      expect(info.video!.poster).toMatch(/poster\.jpg\?e=\d+&s=[\w-]+$/);
      expect(info.video!.path).toMatch(/video\.mp4\?e=\d+&s=[\w-]+$/);
    } else {
      expect(info.video).toMatchObject({ status: 'raw', processed: 0 });
    }
    expect(info.video!.size).toBe(MP4.length);

    // The buyer sees the new lesson with its video; a guest sees it locked.
    const seen = (await t.post('/course/detail', { id }, member)).body.data;
    const newLesson = seen.lessons.find((l: { id: number }) => l.id === lesson.body.data.id);
    expect(newLesson!.video).toBe(info.video!.path);
    const guest = (await t.post('/course/detail', { id })).body.data;
    expect(guest.lessons.find((l: { id: number }) => l.id === lesson.body.data.id)!.video).toBe('');

    // The file is served with ranges (seeking).
    const { serveUploads } = await import('~/server/providers/storage/serve');
    const { Hono } = await import('hono');
    const files = new Hono().get('/uploads/*', serveUploads);
    const part = await files.request(info.video!.path, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    expect((await files.request(info.video!.path, { headers: { Range: 'bytes=999999999-' } })).status).toBe(416);

    // Not hot-linkable: without the signature, with another file's, or once expired, it is refused.
    const bare = info.video!.path.replace(/\?.*$/, '');
    expect((await files.request(bare)).status).toBe(403);
    const sig = new URL(info.video!.path, 'http://x').searchParams;
    const otherFile = bare.replace(/[^/]+$/, 'other.mp4');
    expect((await files.request(`${otherFile}?e=${sig.get('e')}&s=${sig.get('s')}`)).status).toBe(403);
    expect((await files.request(`${bare}?e=${sig.get('e')}&s=${sig.get('s')!.slice(0, -2)}xx`)).status).toBe(403);
    const { storage } = await import('~/server/providers/storage');
    const ttl = env().MEDIA_SIGN_TTL_S;
    const old = await storage().signedUrl(bare.replace('/uploads/', ''), ttl, Date.now() - 3 * ttl * 1000);
    expect((await files.request(old)).status).toBe(403);
    // Signed URLs are stable within a window (caches keep working) and good for at least one TTL.
    expect(Number(sig.get('e')) * 1000 - Date.now()).toBeGreaterThanOrEqual(ttl * 1000 - 2000);

    // A course with a buyer: delete refused; off sale keeps the buyer's access.
    expect((await t.post('/coach/courseStatus', { id, status: 0 }, coach)).body.code).toBe(200);
    expect((await t.post('/coach/courseDelete', { id }, coach)).body.msg).toBe(SC_TEXTS.hasBuyers);
    const after = await t.post('/course/detail', { id }, member);
    expect(after.body.code).toBe(200);
    expect(after.body.data.on_sale).toBe(0);
    expect(after.body.data.can_watch_all).toBe(1);
    expect((await t.post('/course/detail', { id })).body.code).toBe(404);
    const listed = (await t.post('/coach/courseList', { status: 'off' }, coach)).body.data.list.find((c: { id: number }) => c.id === id);
    expect(listed!.buyers).toBe(1);
  }, 60_000);
});

describe('video processing across instances', () => {
  it.skipIf(!hasFfmpeg())(
    'takes over a video left processing only once its processor went silent',
    async () => {
      const up = await tusUpload(MP4, await voucher());
      const id = Number(up.last.headers.get('upload-video-id'));
      await videoQueueIdle();
      const status = async () => (await t.post('/coach/videoStatus', { id }, coach)).body.data.status as string;
      expect(await status()).toBe('ready');

      // Another instance is processing it (its lease is fresh): this one leaves it alone.
      await t.db.update(videos).set({ status: 'processing', updatedAt: new Date() }).where(eq(videos.id, id));
      expect(await status()).toBe('processing');
      await videoQueueIdle();
      expect(await status()).toBe('processing');

      // That processor went silent past the lease: the next look takes the video over and finishes it.
      await t.db
        .update(videos)
        .set({ updatedAt: new Date(Date.now() - VIDEO_LEASE.LEASE_MS - 1000) })
        .where(eq(videos.id, id));
      await status();
      await videoQueueIdle();
      expect(await status()).toBe('ready');
    },
    60_000,
  );
});

describe('classes', () => {
  const CLASS = {
    title: '少年散打班',
    cover: '/imgs/default/default.jpg',
    city: '上海',
    venue: '徐汇体育馆',
    address: '漕溪北路 1 号',
    style: '散打',
    schedule: '每周日 14:00-16:00',
    start_day: '2031-07-01',
    end_day: '2031-08-31',
    enrol_end_day: '2031-06-28',
    capacity: 2,
    price: 0,
    intro: '<p>带护具<iframe src="x"></iframe></p>',
  };

  it('creates off sale, validates dates, lists enrolled students with masked phones, keeps seats ≥ enrolled', async () => {
    expect((await t.post('/coach/classSave', { ...CLASS, end_day: '2031-06-01' }, coach)).body.msg).toBe(SC_TEXTS.endsAt);
    expect((await t.post('/coach/classSave', { ...CLASS, enrol_end_day: '2031-09-01' }, coach)).body.msg).toBe(SC_TEXTS.deadline);
    const r = await t.post('/coach/classSave', CLASS, coach);
    expect(r.body.code, r.body.msg).toBe(200);
    const id = r.body.data.id as number;
    const info = (await t.post('/coach/classInfo', { id }, coach)).body.data;
    expect(info).toMatchObject({ status: 0, start_day: '2031-07-01', end_day: '2031-08-31', enrol_end_day: '2031-06-28', capacity: 2 });
    expect(info.intro).not.toMatch(/iframe/);
    expect((await t.post('/class/detail', { id })).body.code).toBe(404);
    expect((await t.post('/coach/classStatus', { id, status: 1 }, coach)).body.code).toBe(200);

    const enrol = await t.post('/order/createClass', { class_id: id }, member);
    expect(enrol.body.code, enrol.body.msg).toBe(200);
    const students = (await t.post('/coach/classStudents', { id }, coach)).body.data;
    expect(students.class).toMatchObject({ enrolled: 1, capacity: 2 });
    expect(students.total).toBe(1);
    expect(students.list[0]).toMatchObject({ name: '习武小白', phone: '138****0001' });
    expect(students.list[0]!.paid_at).toBeTruthy();

    expect((await t.post('/coach/classSave', { ...CLASS, id, capacity: 0 }, coach)).body.msg).toBe(SC_TEXTS.seats);
    // Enrol a second student, then try to shrink below 2.
    await t.db.update(classes).set({ enrolled: 2 }).where(eq(classes.id, id));
    expect((await t.post('/coach/classSave', { ...CLASS, id, capacity: 1 }, coach)).body.msg).toBe(SC_TEXTS.seatsBelow(2));
    expect((await t.post('/coach/classSave', { ...CLASS, id, capacity: 5 }, coach)).body.code).toBe(200);
  });

  it('refuses enrolment after the deadline', async () => {
    const id = (await t.post('/coach/classSave', { ...CLASS, title: '已截止班' }, coach)).body.data.id;
    await t.post('/coach/classStatus', { id, status: 1 }, coach);
    await t.db
      .update(classes)
      .set({ enrolEndsAt: new Date(Date.now() - 60_000) })
      .where(and(eq(classes.id, id)));
    expect((await t.post('/order/createClass', { class_id: id }, member)).body.msg).toBe(SC_TEXTS.enrolClosed);
  });
});
