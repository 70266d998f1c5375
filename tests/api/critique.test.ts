import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { coaches, homeworkSubmissions, messages, users } from '~/server/db/schema';
import type { CritiqueMark } from '~/lib/rules/critique';
import { insertSubmission } from '../helpers/critique';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/** 作业点评: who may review and see a critique, its bounds, the one notice, 优秀作业 with consent. */

let t: TestApi;
let coach: string;
let otherCoach: string;
let member: string;
let otherMember: string;

const VOICE = readFileSync(new URL('../fixtures/voice.webm', import.meta.url)).toString('base64');
const arrow: CritiqueMark = {
  at: 3.2,
  text: '膝盖内扣，注意外撑',
  shapes: [{ kind: 'arrow', a: [0.3, 0.4], b: [0.5, 0.6], colour: 'red' }],
};

beforeAll(async () => {
  t = await startApi();
  coach = await t.login(DEMO.coach);
  member = await t.login(DEMO.member);
  otherMember = await t.login(DEMO.provider);
  const [other] = await t.db
    .select({ phone: users.phone })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(ne(users.phone, DEMO.coach))
    .limit(1);
  otherCoach = await t.login(other!.phone!);
});
afterAll(() => t.stop());

const save = (id: number, over: Record<string, unknown> = {}, token = coach) =>
  t.rawPost('/seller/homework/critiqueSave', { id, score: 85, verdict: '合格', summary: '整体不错', marks: [arrow], ...over }, token);

describe('critique', () => {
  it('shows a submission only to its coach and its learner', async () => {
    const { submission } = await insertSubmission(t.db, { coachPhone: DEMO.coach, learnerPhone: DEMO.member });
    const view = await t.post('/seller/homework/critique', { id: submission.id }, coach);
    expect(view.body.code).toBe(200);
    expect(view.body.data).toMatchObject({ id: submission.id, assignment: { kind: 'lesson' }, critique: { status: 'new', score: null } });
    expect(view.body.data.clip.url).toMatch(/^\/uploads\/videos\/homework\/test-clip\.mp4\?/);
    expect(view.body.data.reference?.url).toBeTruthy();
    expect((await t.post('/seller/homework/critique', { id: submission.id }, otherCoach)).body.code).toBe(404);
    expect((await save(submission.id, {}, otherCoach)).body.code).toBe(404);
    // A member is no seller; a guest must log in.
    expect((await t.post('/seller/homework/critique', { id: submission.id }, member)).body.code).not.toBe(200);
    expect((await t.rawPost('/seller/homework/critique', { id: submission.id })).body.code).toBe(101);
    expect((await t.post('/member/homework/critique', { id: submission.id }, member)).body.data).toMatchObject({ reference: null });
    expect((await t.post('/member/homework/critique', { id: submission.id }, otherMember)).body.code).toBe(404);
    expect((await t.rawPost('/member/homework/critique', { id: submission.id })).body.code).toBe(101);
  });

  it('refuses a critique out of bounds', async () => {
    const { submission } = await insertSubmission(t.db, { coachPhone: DEMO.coach, learnerPhone: DEMO.member, durationS: 20 });
    expect((await save(submission.id, { score: 101 })).body.code).toBe(100);
    expect((await save(submission.id, { verdict: '优秀' })).body.code).toBe(100);
    expect((await save(submission.id, { marks: Array.from({ length: 51 }, (_, i) => ({ ...arrow, at: i / 10 })) })).body.code).toBe(100);
    const outside = { ...arrow, shapes: [{ kind: 'line', a: [1.2, 0.5], b: [0.5, 0.5], colour: 'red' }] };
    expect((await save(submission.id, { marks: [outside] })).body.code).toBe(100);
    const tooMany = { ...arrow, shapes: Array.from({ length: 21 }, () => arrow.shapes[0]) };
    expect((await save(submission.id, { marks: [tooMany] })).body.code).toBe(100);
    const late = await save(submission.id, { marks: [{ ...arrow, at: 25 }] });
    expect(late.body).toMatchObject({ code: 100, msg: '点评时间超出了作业视频的长度' });
    expect((await save(submission.id, { marks: [{ ...arrow, text: 'x'.repeat(201) }] })).body.code).toBe(100);
    // Another coach's recording, or any public file, is not a voice this coach may attach.
    const theirs = (await t.post('/seller/homework/critiqueVoice', { audio: VOICE, seconds: 2 }, otherCoach)).body.data.path;
    expect((await save(submission.id, { voice: theirs, voice_s: 2 })).body.msg).toBe('语音文件不存在，请重新录制');
    expect((await save(submission.id, { voice: '/uploads/seed/a.png', voice_s: 2 })).body.code).toBe(100);
    const [row] = await t.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, submission.id));
    expect(row).toMatchObject({ status: 'new', score: null, marks: [] });
  });

  it('checks the voice from its bytes and keeps it private', async () => {
    expect(
      (
        await t.post(
          '/seller/homework/critiqueVoice',
          { audio: Buffer.from('not audio at all, just text').toString('base64'), seconds: 2 },
          coach,
        )
      ).body.msg,
    ).toBe('语音格式不支持，请重新录制');
    expect((await t.post('/seller/homework/critiqueVoice', { audio: VOICE, seconds: 121 }, coach)).body.code).toBe(100);
    const up = await t.post('/seller/homework/critiqueVoice', { audio: VOICE, seconds: 2 }, coach);
    expect(up.body.code).toBe(200);
    expect(up.body.data.path).toMatch(/^\/uploads\/videos\/critique\/\d+\/\d{8}-[0-9a-f]{16}\.webm$/);
    expect(up.body.data.url).toContain('?');
    expect((await t.post('/seller/homework/critiqueVoice', { audio: VOICE, seconds: 2 }, member)).body.code).not.toBe(200);
  });

  it('sends exactly one notice for the first review, even on a concurrent double submit, and updates in place', async () => {
    const { submission, learnerId } = await insertSubmission(t.db, { coachPhone: DEMO.coach, learnerPhone: DEMO.member });
    const voice = (await t.post('/seller/homework/critiqueVoice', { audio: VOICE, seconds: 2 }, coach)).body.data.path;
    const [a, b] = await Promise.all([save(submission.id, { voice, voice_s: 2 }), save(submission.id, { voice, voice_s: 2 })]);
    expect([a.body.code, b.body.code]).toEqual([200, 200]);
    expect([a.body.data.first, b.body.data.first].sort()).toEqual([false, true]);
    const link = `/my/homework/view?id=${submission.id}`;
    const notices = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, learnerId), eq(messages.link, link)));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.content).toContain('85 分，合格');

    // The whole critique is submitted each time: the voice stays because it is sent again.
    const again = await save(submission.id, { score: 55, verdict: '需改进', marks: [], voice, voice_s: 2 });
    expect(again.body.data.first).toBe(false);
    expect(
      await t.db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, learnerId), eq(messages.link, link))),
    ).toHaveLength(1);
    const mine = (await t.post('/member/homework/critique', { id: submission.id }, member)).body.data.critique;
    expect(mine).toMatchObject({ status: 'reviewed', score: 55, verdict: '需改进', marks: [], voice_s: 2 });
    expect(mine.voice_url).toMatch(/^\/uploads\/videos\/critique\/.+\.webm\?/);
    expect(mine.reviewer).toBeTruthy();
  });

  it('shows 优秀作业 on the course page only when the coach marked it and the learner agreed', async () => {
    const { submission, courseId } = await insertSubmission(t.db, { coachPhone: DEMO.coach, learnerPhone: DEMO.member });
    const shown = async () =>
      (await t.post('/course/excellentHomework', { course_id: courseId })).body.data.list.filter((c) => c.id === submission.id);
    // Not reviewed yet: no 优秀作业, and no consent to something not marked.
    expect((await t.post('/seller/homework/excellent', { id: submission.id, excellent: true }, coach)).body.code).toBe(100);
    await save(submission.id);
    expect((await t.post('/member/homework/consent', { id: submission.id, consent: true }, member)).body.msg).toBe(
      '这份作业还没有被教练评为优秀作业',
    );
    // Only the coach marks; only the learner consents.
    expect((await t.post('/seller/homework/excellent', { id: submission.id, excellent: true }, otherCoach)).body.code).toBe(404);
    expect((await t.rawPost('/seller/homework/excellent', { id: submission.id, excellent: true }, member)).body.code).not.toBe(200);
    expect((await t.post('/seller/homework/excellent', { id: submission.id, excellent: true }, coach)).body.data).toEqual({
      excellent: true,
      consent: false,
    });
    expect(await shown()).toEqual([]);
    expect((await t.post('/member/homework/consent', { id: submission.id, consent: true }, otherMember)).body.code).toBe(404);
    expect((await t.rawPost('/member/homework/consent', { id: submission.id, consent: true }, coach)).body.code).toBe(404);
    expect((await t.post('/member/homework/consent', { id: submission.id, consent: true }, member)).body.data).toEqual({
      excellent: true,
      consent: true,
    });
    expect(await shown()).toEqual([expect.objectContaining({ id: submission.id, score: 85, title: '马步冲拳 30 次', name: '习武小白' })]);
    expect((await shown())[0]!.url).toMatch(/^\/uploads\/videos\/homework\/test-clip\.mp4\?/);
    // Withdrawn consent, or the coach's mark taken back, hides it again.
    await t.post('/member/homework/consent', { id: submission.id, consent: false }, member);
    expect(await shown()).toEqual([]);
    await t.post('/member/homework/consent', { id: submission.id, consent: true }, member);
    await t.post('/seller/homework/excellent', { id: submission.id, excellent: false }, coach);
    expect(await shown()).toEqual([]);
  });
});
