import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import {
  classes,
  coaches,
  contentReports,
  courseAccess,
  courses,
  homeworkAssignments,
  lessons,
  orderItems,
  orders,
  users,
  videos,
} from '~/server/db/schema';
import { videoQueueIdle } from '~/server/modules/upload/video.service';
import { resetStorage } from '~/server/providers/storage';
import { serveUploads } from '~/server/providers/storage/serve';
import { HOMEWORK_LIMITS, HOMEWORK_TEXTS } from '~/lib/rules/homework';
import { DEMO, localVoucher, startApi, type TestApi } from '../helpers/api';
import { insertCourseOrder } from '../helpers/orders';
import { tusUpload } from '../helpers/tus';

/**
 * 作业: a coach sets an assignment on a lesson or class; a learner who owns the course (or holds a
 * paid seat) hands in practice videos, private and signed; strangers, other coaches and guests are
 * refused; the owner's queue lists them.
 */
let t: TestApi;
const MP4 = readFileSync('tests/fixtures/lesson.mp4');
const files = new Hono().get('/uploads/*', serveUploads);
let member: string;
let memberId: number;
let coach: string;
let otherCoach: string;
let outsider: string;
let lessonId: number;
let courseId: number;

/** A practice video uploaded by `token`'s member (the member-video voucher and tus), its id. */
async function uploadVideo(token: string): Promise<number> {
  const v = (await t.post('/member/circleVideoVoucher', {}, token)).body.data;
  const { last } = await tusUpload(t, MP4, localVoucher(v), 'practice.mp4');
  expect(last.status).toBe(204);
  await videoQueueIdle();
  return Number(last.headers.get('upload-video-id'));
}

/**
 * A practice video already uploaded and playable, written straight to its table: the tests of the
 * attempt cap and class seats are about submitting, and the upload path is covered above.
 */
async function storedVideo(userId: number): Promise<number> {
  const key = `/uploads/videos/test/${randomUUID()}.mp4`;
  const [v] = await t.db
    .insert(videos)
    .values({
      userId,
      uploadId: randomUUID(),
      name: 'practice.mp4',
      mime: 'video/mp4',
      size: MP4.length,
      original: key,
      path: key,
      durationS: 3,
      status: 'raw',
    })
    .returning({ id: videos.id });
  return v!.id;
}

async function assign(body: { lesson_id?: number; class_id?: number; due_day?: string }, title = '演练第一至第四式') {
  const res = await t.post('/seller/homework/assign', { title, body: '正面和侧面各一遍', due_day: '', ...body }, coach);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  t = await startApi();
  resetStorage();
  [member, coach, otherCoach, outsider] = await Promise.all([
    t.login(DEMO.member),
    t.login(DEMO.coach),
    t.login('13800000102'),
    t.login(DEMO.provider),
  ]);
  const [m] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.member));
  memberId = m!.id;
  const [c] = await t.db
    .select({ id: courses.id, lesson: lessons.id })
    .from(courses)
    .innerJoin(coaches, eq(coaches.id, courses.coachId))
    .innerJoin(users, eq(users.id, coaches.userId))
    .innerJoin(lessons, eq(lessons.courseId, courses.id))
    .where(and(eq(users.phone, DEMO.coach), like(courses.title, '%太极%')))
    .orderBy(asc(courses.id), asc(lessons.sort))
    .limit(1);
  courseId = c!.id;
  lessonId = c!.lesson;
  // The demo member bought the course (a paid order and the access it grants).
  const { order } = await insertCourseOrder(t, memberId, { status: 'paid', courseId });
  await t.db.insert(courseAccess).values({ userId: memberId, courseId, orderId: order.id }).onConflictDoNothing();
});
afterAll(() => t.stop());

describe('assignments', () => {
  it('only the course owner sets, edits and withdraws them', async () => {
    const guest = await t.post('/seller/homework/assign', { lesson_id: lessonId, title: '作业', body: '', due_day: '' });
    expect(guest.body.code).toBe(101);
    const asMember = await t.post('/seller/homework/assign', { lesson_id: lessonId, title: '作业', body: '', due_day: '' }, member);
    expect(asMember.body.code).toBe(403);
    const foreign = await t.post('/seller/homework/assign', { lesson_id: lessonId, title: '作业', body: '', due_day: '' }, otherCoach);
    expect(foreign.body.code).toBe(404);
    const past = await t.post('/seller/homework/assign', { lesson_id: lessonId, title: '作业', body: '', due_day: '2020-01-01' }, coach);
    expect(past.body.msg).toBe(HOMEWORK_TEXTS.dueInPast);

    const a = await assign({ lesson_id: lessonId, due_day: '2099-12-31' }, '临时作业');
    expect(a.due_at).toBe('2099-12-31T15:59:59.999Z');
    expect((await t.post('/seller/homework/edit', { id: a.id, title: '改过', body: '', due_day: '' }, otherCoach)).body.code).toBe(404);
    const edited = await t.post('/seller/homework/edit', { id: a.id, title: '改过的作业', body: '侧面一遍', due_day: '' }, coach);
    expect(edited.body.data).toMatchObject({ title: '改过的作业', due_at: null });
    expect((await t.post('/seller/homework/withdraw', { id: a.id }, otherCoach)).body.code).toBe(404);
    expect((await t.post('/seller/homework/withdraw', { id: a.id }, coach)).body.data.status).toBe(0);
    expect((await t.post('/seller/homework/withdraw', { id: a.id }, coach)).body.msg).toBe(HOMEWORK_TEXTS.withdrawnAlready);
    // A withdrawn assignment takes no more videos and leaves the lesson's card.
    const on = await t.post('/member/homework/on', { lesson_id: lessonId }, member);
    expect(on.body.data.map((x) => x.id)).not.toContain(a.id);
    const video = await uploadVideo(member);
    expect((await t.post('/member/homework/submit', { assignment_id: a.id, video_id: video, note: '' }, member)).body.code).toBe(404);
  });
});

describe('submissions', () => {
  let assignmentId: number;
  let submissionId: number;

  beforeAll(async () => {
    assignmentId = (await assign({ lesson_id: lessonId })).id;
  });

  it('the owner of the course hands in a private practice video; others are refused', async () => {
    const video = await uploadVideo(member);
    const guest = await t.post('/member/homework/submit', { assignment_id: assignmentId, video_id: video, note: '' });
    expect(guest.body.code).toBe(101);
    // Someone else's video is not theirs to hand in; a member without the course is refused.
    const theirs = await t.post('/member/homework/submit', { assignment_id: assignmentId, video_id: video, note: '' }, outsider);
    expect(theirs.body.msg).toBe(HOMEWORK_TEXTS.videoMissing);
    const outsiderVideo = await uploadVideo(outsider);
    const noCourse = await t.post('/member/homework/submit', { assignment_id: assignmentId, video_id: outsiderVideo, note: '' }, outsider);
    expect(noCourse.body).toMatchObject({ code: 100, msg: HOMEWORK_TEXTS.needCourse });

    const ok = await t.post('/member/homework/submit', { assignment_id: assignmentId, video_id: video, note: '请老师看看第三式' }, member);
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(ok.body.data).toMatchObject({ attempt: 1, status: 'new', note: '请老师看看第三式' });
    submissionId = ok.body.data.id;
    const again = await t.post('/member/homework/submit', { assignment_id: assignmentId, video_id: video, note: '' }, member);
    expect(again.body.msg).toBe(HOMEWORK_TEXTS.videoUsed);
  });

  it('the video plays through a signed URL for the learner and the coach only', async () => {
    for (const token of [member, coach]) {
      const res = await t.post('/member/homework/video', { id: submissionId }, token);
      expect(res.body.code, res.body.msg).toBe(200);
      const url = res.body.data.video;
      expect(url).toMatch(/^\/uploads\/videos\/.+\?e=\d+&s=/);
      expect((await files.request(url)).status).toBe(200);
      const unsigned = url.split('?')[0]!;
      expect((await files.request(unsigned)).status).toBe(403);
      expect((await files.request(url.replace(/s=.{4}/, 's=AAAA'))).status).toBe(403);
    }
    expect((await t.post('/member/homework/video', { id: submissionId }, otherCoach)).body.code).toBe(404);
    expect((await t.post('/member/homework/video', { id: submissionId }, outsider)).body.code).toBe(404);
    expect((await t.post('/member/homework/video', { id: submissionId })).body.code).toBe(101);
  });

  it("lists the learner's homework and the owner's queue, to them only", async () => {
    const mine = (await t.post('/member/homework/mine', {}, member)).body.data;
    const row = mine.list.find((x) => x.id === assignmentId);
    expect(row?.attempts.map((x) => [x.attempt, x.status])).toEqual([[1, 'new']]);
    expect(row?.can_submit).toBe(1);
    const theirs = (await t.post('/member/homework/mine', {}, outsider)).body.data;
    expect(theirs.list.map((x) => x.id)).not.toContain(assignmentId);
    const on = (await t.post('/member/homework/on', { lesson_id: lessonId }, outsider)).body.data.find((x) => x.id === assignmentId);
    expect(on).toMatchObject({ attempts: [], can_submit: 0, blocked: HOMEWORK_TEXTS.needCourse });
    expect((await t.post('/member/homework/mine', {})).body.code).toBe(101);

    const queue = (await t.post('/seller/homework/queue', { status: 'new', course_id: courseId }, coach)).body.data;
    const q = queue.list.find((x) => x.id === submissionId);
    expect(q).toMatchObject({ attempt: 1, learner: { nick: '习武小白' }, assignment_id: assignmentId });
    expect(queue.targets).toContainEqual({ kind: 'course', id: courseId, title: expect.any(String) });
    expect(queue.unreviewed).toBeGreaterThanOrEqual(1);
    expect((await t.post('/seller/homework/unreviewed', {}, coach)).body.data.count).toBe(queue.unreviewed);
    // Filtered to another course, or reviewed: not there. Another coach's queue never has it.
    const otherCourse = (await t.post('/seller/homework/queue', { status: 'new', course_id: courseId + 1 }, coach)).body.data;
    expect(otherCourse.list.map((x) => x.id)).not.toContain(submissionId);
    const reviewed = (await t.post('/seller/homework/queue', { status: 'reviewed' }, coach)).body.data;
    expect(reviewed.list.map((x) => x.id)).not.toContain(submissionId);
    const foreign = (await t.post('/seller/homework/queue', { status: 'new' }, otherCoach)).body.data;
    expect(foreign.list.map((x) => x.id)).not.toContain(submissionId);
    expect((await t.post('/seller/homework/queue', { status: 'new' }, member)).body.code).toBe(403);
  });

  it('takes at most the cap of attempts, and none past the due date', async () => {
    for (let n = 2; n <= HOMEWORK_LIMITS.attemptsMax; n++) {
      const res = await t.post(
        '/member/homework/submit',
        { assignment_id: assignmentId, video_id: await storedVideo(memberId), note: '' },
        member,
      );
      expect(res.body.data.attempt).toBe(n);
    }
    const over = await t.post(
      '/member/homework/submit',
      { assignment_id: assignmentId, video_id: await storedVideo(memberId), note: '' },
      member,
    );
    expect(over.body.msg).toBe(HOMEWORK_TEXTS.attemptsFull(HOMEWORK_LIMITS.attemptsMax));

    const due = await assign({ lesson_id: lessonId, due_day: '2099-01-01' }, '限时作业');
    await t.db
      .update(homeworkAssignments)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(homeworkAssignments.id, due.id));
    const late = await t.post(
      '/member/homework/submit',
      { assignment_id: due.id, video_id: await storedVideo(memberId), note: '' },
      member,
    );
    expect(late.body.msg).toBe(HOMEWORK_TEXTS.pastDue);
  });

  it('a reported video plays for report staff only while the report is open', async () => {
    // Only those who may see the video may report it: strangers cannot probe ids or flood the queue.
    for (const stranger of [outsider, otherCoach]) {
      const probe = await t.post(
        '/member/report',
        { target_type: 'homework', target_id: submissionId, reason: 'porn', detail: '' },
        stranger,
      );
      expect(probe.body.code).toBe(404);
    }
    const own = await t.post('/member/report', { target_type: 'homework', target_id: submissionId, reason: 'porn', detail: '' }, member);
    expect(own.body.code).not.toBe(200);
    const reports = await t.db
      .select({ id: contentReports.id })
      .from(contentReports)
      .where(and(eq(contentReports.targetType, 'homework'), eq(contentReports.targetId, submissionId)));
    expect(reports).toHaveLength(0);
    const filed = await t.post('/member/report', { target_type: 'homework', target_id: submissionId, reason: 'porn', detail: '' }, coach);
    expect(filed.body.code, filed.body.msg).toBe(200);
    const content = t.asStaff(await t.staffCookie('content'));
    const finance = t.asStaff(await t.staffCookie('finance'));
    const seen = await content('/admin/homework/video', { id: submissionId });
    expect(seen.body.data).toMatchObject({ learner: '习武小白', video: expect.stringMatching(/^\/uploads\/videos\/.+\?e=/) });
    expect((await finance('/admin/homework/video', { id: submissionId })).body.code).toBe(403);
    await t.db.update(contentReports).set({ status: 'dismissed' }).where(eq(contentReports.targetId, submissionId));
    expect((await content('/admin/homework/video', { id: submissionId })).body.code).toBe(404);
  });
});

describe('class assignments', () => {
  it('take videos from members holding a paid seat only', async () => {
    const [coachRow] = await t.db
      .select({ id: coaches.id })
      .from(coaches)
      .innerJoin(users, eq(users.id, coaches.userId))
      .where(eq(users.phone, DEMO.coach));
    const [k] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.coachId, coachRow!.id)).limit(1);
    const a = await assign({ class_id: k!.id }, '站桩十分钟');
    const before = await t.post(
      '/member/homework/submit',
      { assignment_id: a.id, video_id: await storedVideo(memberId), note: '' },
      member,
    );
    expect(before.body.msg).toBe(HOMEWORK_TEXTS.needClass);
    const [o] = await t.db
      .insert(orders)
      .values({
        orderNo: `HW${Date.now()}`,
        userId: memberId,
        kind: 'class',
        status: 'paid',
        itemsTotal: 100,
        payAmount: 100,
        paidAt: new Date(),
        expiresAt: new Date(),
      })
      .returning();
    await t.db.insert(orderItems).values({ orderId: o!.id, classId: k!.id, title: '班级', price: 100, num: 1 });
    const ok = await t.post('/member/homework/submit', { assignment_id: a.id, video_id: await storedVideo(memberId), note: '' }, member);
    expect(ok.body.code, ok.body.msg).toBe(200);
    const queue = (await t.post('/seller/homework/queue', { status: 'new', class_id: k!.id }, coach)).body.data;
    expect(queue.list.map((x) => x.id)).toEqual([ok.body.data.id]);
  });
});
