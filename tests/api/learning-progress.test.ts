import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { coaches, courseAccess, courses, lessonProgress, lessons, studyDays, users } from '~/server/db/schema';
import { BEAT_CAP_S, MAX_SPEED, PROGRESS_LIMITS } from '~/lib/rules/learn';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
let member: string;
let memberId: number;
let lesson: typeof lessons.$inferSelect;

/** Pretends `s` seconds of wall time passed since the member's last beat and this lesson's last report. */
async function wait(s: number) {
  await t.db
    .update(studyDays)
    .set({ beatAt: sql`${studyDays.beatAt} - make_interval(secs => ${s})` })
    .where(eq(studyDays.userId, memberId));
  await t.db
    .update(lessonProgress)
    .set({ updatedAt: sql`${lessonProgress.updatedAt} - make_interval(secs => ${s})` })
    .where(eq(lessonProgress.userId, memberId));
}

const progressRow = async (lessonId = lesson.id) =>
  (
    await t.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, memberId), eq(lessonProgress.lessonId, lessonId)))
  )[0];
const studyTotal = async () =>
  (
    await t.db
      .select({ s: sql<number>`coalesce(sum(${studyDays.seconds}), 0)::int` })
      .from(studyDays)
      .where(eq(studyDays.userId, memberId))
  )[0]!.s;

const beat = (body: { position: number; ranges?: [number, number][]; study_s?: number; ended?: boolean }, lessonId = lesson.id) =>
  t.post('/course/progress', { lesson_id: lessonId, ...body }, member);

beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
  memberId = (await t.db.select().from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
  // A paid lesson of the demo coach's, long enough to test shares of it, that the member owns.
  const [row] = await t.db
    .select({ l: lessons })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(gt(courses.price, 0), eq(lessons.isFree, false)))
    .orderBy(asc(lessons.id))
    .limit(1);
  // The seed's demo videos are 6 s; a 10-minute lesson lets shares of it show.
  lesson = (await t.db.update(lessons).set({ durationS: 600 }).where(eq(lessons.id, row!.l.id)).returning())[0]!;
  await t.db.insert(courseAccess).values({ userId: memberId, courseId: lesson.courseId, orderId: 1 }).onConflictDoNothing();
});
afterAll(() => t.stop());

describe('trusted progress', () => {
  it('counts nothing for seeking to the end, and resumes where the member stopped', async () => {
    const r = await beat({ position: lesson.durationS, ended: true });
    expect(r.body).toMatchObject({ code: 200, data: { finished: 0, watched_s: 0, percent: 0, position: lesson.durationS } });
    const mine = (await t.post('/course/myProgress', { course_id: lesson.courseId }, member)).body.data;
    expect(mine.find((p: { lesson_id: number }) => p.lesson_id === lesson.id)).toMatchObject({ watched_s: 0, finished: 0 });
  });

  it('merges overlapping reports without counting a second twice', async () => {
    await wait(BEAT_CAP_S);
    await beat({ position: 20, ranges: [[0, 20]], study_s: 20 });
    await wait(BEAT_CAP_S);
    const r = await beat({ position: 30, ranges: [[10, 30]], study_s: 20 });
    expect(r.body.data.watched_s).toBe(30);
    expect((await progressRow())!.ranges).toEqual([[0, 30]]);
  });

  it('caps a huge claimed range by the wall time since the last report', async () => {
    await wait(10);
    const r = await beat({ position: lesson.durationS, ranges: [[30, lesson.durationS]], study_s: PROGRESS_LIMITS.studyClaimMax });
    // 10 s of wall time at the fastest speed (plus the moment the request took) is all it may add.
    expect(r.body.data.watched_s).toBeGreaterThanOrEqual(30 + 10 * MAX_SPEED);
    expect(r.body.data.watched_s).toBeLessThanOrEqual(30 + 12 * MAX_SPEED);
    expect(r.body.data.finished).toBe(0);
  });

  it('finishes at 90 % actually played and never un-finishes', async () => {
    const d = lesson.durationS;
    for (let at = 30; at < d; at += BEAT_CAP_S * MAX_SPEED) {
      await wait(BEAT_CAP_S);
      await beat({ position: Math.min(at + BEAT_CAP_S * MAX_SPEED, d), ranges: [[at, Math.min(at + BEAT_CAP_S * MAX_SPEED, d)]] });
    }
    expect((await progressRow())!.finished).toBe(true);
    const again = await beat({ position: 5, ranges: [], ended: false });
    expect(again.body.data).toMatchObject({ finished: 1, position: 5 });
  });

  it('does not count two tabs playing at once twice in 学习时长', async () => {
    const other = (
      await t.db
        .select()
        .from(lessons)
        .where(and(eq(lessons.courseId, lesson.courseId), sql`${lessons.id} <> ${lesson.id}`))
        .limit(1)
    )[0]!;
    await wait(BEAT_CAP_S);
    const before = await studyTotal();
    await Promise.all([
      beat({ position: 10, ranges: [[0, 10]], study_s: 10 }),
      beat({ position: 10, ranges: [[0, 10]], study_s: 10 }, other.id),
    ]);
    const added = (await studyTotal()) - before;
    // The first beat counts its 10 s; the second finds (almost) no wall time since.
    expect(added).toBeGreaterThanOrEqual(10);
    expect(added).toBeLessThanOrEqual(12);
    // 10 minutes claimed a moment later gets the moment, not the 10 minutes.
    const r = await beat({ position: 20, ranges: [[10, 20]], study_s: 600 });
    expect((await studyTotal()) - before - added).toBeLessThanOrEqual(2);
    expect(r.body.code).toBe(200);
    const mine = (await t.post('/member/myCourse', {}, member)).body.data.list.find((c: { id: number }) => c.id === lesson.courseId);
    expect(mine!.study_s).toBeGreaterThanOrEqual(10);
    const stats = (await t.post('/learn/studyStats', {}, member)).body.data;
    expect(stats.days).toHaveLength(30);
    expect(stats.today_s).toBe(await studyTotal());
  });

  it('bounds the ranges input and refuses a lesson the member cannot watch', async () => {
    const many = Array.from({ length: PROGRESS_LIMITS.perReport + 1 }, (_, i): [number, number] => [i, i + 0.5]);
    expect((await beat({ position: 1, ranges: many })).body.code).toBe(100);
    expect((await beat({ position: 1, ranges: [[0, PROGRESS_LIMITS.maxSeconds + 1]] })).body.code).toBe(100);
    const [locked] = await t.db
      .select({ id: lessons.id })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(and(gt(courses.price, 0), eq(lessons.isFree, false), sql`${courses.id} <> ${lesson.courseId}`))
      .limit(1);
    expect((await beat({ position: 1, ranges: [[0, 1]] }, locked!.id)).body.msg).toBe('购买课程后才能学习该课时');
  });

  it('shows the seller the learners of their own course only', async () => {
    const coach = await t.login(DEMO.coach);
    const [own] = await t.db
      .select({ userId: coaches.userId })
      .from(courses)
      .innerJoin(coaches, eq(coaches.id, courses.coachId))
      .where(eq(courses.id, lesson.courseId));
    const asked = await t.post('/learn/courseStudents', { course_id: lesson.courseId }, coach);
    const coachId = (await t.db.select().from(users).where(eq(users.phone, DEMO.coach)))[0]!.id;
    if (own!.userId === coachId) {
      const me = asked.body.data.list.find((s: { study_s: number }) => s.study_s > 0);
      expect(me!.finished_count).toBeGreaterThanOrEqual(1);
      expect(me!.watched_percent).toBeGreaterThan(0);
      expect(me).not.toHaveProperty('phone');
    } else expect(asked.body.code).toBe(404);
    expect((await t.post('/learn/courseStudents', { course_id: lesson.courseId }, member)).body.code).toBe(403);
  });
});
