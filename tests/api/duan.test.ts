import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  certificates,
  coaches,
  duanRequirements,
  courses,
  examiners,
  gradingCandidates,
  gradingSessions,
  homeworkAssignments,
  homeworkSubmissions,
  labels,
  lessonProgress,
  lessons,
  users,
} from '~/server/db/schema';
import { isExaminer } from '~/server/modules/learning/examiner';
import { DEMO_STAFF } from '~/server/seed/staff-demo';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
let content: string;
let reviewer: string;
let member: string;
let memberId: number;
let labelId: number;
let coachId: number;
let course: { id: number; lessonIds: number[] };

beforeAll(async () => {
  t = await startApi();
  [content, reviewer, member] = await Promise.all([t.staffCookie('content'), t.staffCookie('reviewer'), t.login(DEMO.member)]);
  memberId = (await t.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
  // A style the seed gives no requirements, so this file owns its path.
  labelId = (await t.db.select({ id: labels.id }).from(labels).where(eq(labels.name, '散打')))[0]!.id;
  const c = (
    await t.db
      .select({ id: courses.id, coachId: courses.coachId })
      .from(courses)
      .where(sql`${courses.labelIds} @> jsonb_build_array(${labelId}::int) and ${courses.coachId} is not null`)
      .orderBy(asc(courses.id))
      .limit(1)
  )[0]!;
  coachId = c.coachId!;
  const ls = await t.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, c.id)).orderBy(asc(lessons.sort));
  course = { id: c.id, lessonIds: ls.map((l) => l.id) };
});
afterAll(() => t.stop());

const as = (cookie: string) => t.asStaff(cookie);
const lastAudit = async (action: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
const path = (label = labelId) => t.post('/member/duanPath', { label_id: label }, member);

describe('who may call what', () => {
  it('refuses operator endpoints to a member and to the wrong staff role', async () => {
    const byMember = await t.post('/admin/duanRequirements', { label_id: labelId }, member);
    expect(byMember.body.code).toBe(101);
    expect(
      (await as(reviewer)('/admin/duanRequirementAdd', { label_id: labelId, duan: 1, kind: 'course', ref_id: course.id, name: 'x' })).body
        .code,
    ).toBe(403);
    expect((await as(content)('/admin/examinerSave', { coach_id: coachId, max_duan: 3, note: '', create: true })).body.code).toBe(403);
    expect((await t.post('/member/duanPath', {})).body.code).toBe(101);
  });
});

describe('requirements', () => {
  it('adds, refuses a duplicate or a missing target, reorders and deletes — each write audited', async () => {
    const c = as(content);
    const add = await c('/admin/duanRequirementAdd', {
      label_id: labelId,
      duan: 1,
      kind: 'course',
      ref_id: course.id,
      name: '散打入门课程',
    });
    expect(add.body.code).toBe(200);
    const created = await lastAudit('duan_requirement.create');
    expect(created?.targetId).toBe(String(add.body.data.id));
    expect(created?.staffName).toBe(DEMO_STAFF.find((s) => s.role === 'content')!.name);

    const dup = await c('/admin/duanRequirementAdd', { label_id: labelId, duan: 1, kind: 'course', ref_id: course.id, name: '再来一次' });
    expect(dup.body).toMatchObject({ code: 100, msg: '该段位已有这项要求' });
    const missing = await c('/admin/duanRequirementAdd', {
      label_id: labelId,
      duan: 1,
      kind: 'lesson',
      ref_id: 99_999_999,
      name: '不存在',
    });
    expect(missing.body).toMatchObject({ code: 100, msg: '课时不存在' });

    const second = await c('/admin/duanRequirementAdd', {
      label_id: labelId,
      duan: 1,
      kind: 'lesson',
      ref_id: course.lessonIds[0]!,
      name: '第一课',
    });
    expect(second.body.code).toBe(200);
    const ids = [second.body.data.id, add.body.data.id];
    expect((await c('/admin/duanRequirementSort', { label_id: labelId, duan: 1, ids })).body.code).toBe(200);
    expect((await lastAudit('duan_requirement.sort'))?.after).toEqual(ids);
    const list = await c('/admin/duanRequirements', { label_id: labelId });
    expect(list.body.data.list.map((r) => r.id)).toEqual(ids);
    expect(list.body.data.list[1]).toMatchObject({ kind: 'course', course_id: course.id, name: '散打入门课程' });
    expect((await c('/admin/duanRequirementSort', { label_id: labelId, duan: 1, ids: [ids[0]!] })).body.code).toBe(100);

    expect((await c('/admin/duanRequirementDelete', { id: second.body.data.id })).body.code).toBe(200);
    expect((await lastAudit('duan_requirement.delete'))?.targetId).toBe(String(second.body.data.id));
    expect((await c('/admin/duanRequirementDelete', { id: second.body.data.id })).body.code).toBe(404);
    const after = await c('/admin/duanRequirements', { label_id: labelId });
    expect(after.body.data.list.map((r) => r.id)).toEqual([add.body.data.id]);
  });
});

describe('a member’s path', () => {
  it('marks a finished course and a 合格 homework done, and shows the highest non-revoked certificate', async () => {
    const c = as(content);
    const assignment = (
      await t.db
        .insert(homeworkAssignments)
        .values({ coachId, courseId: course.id, lessonId: course.lessonIds[0]!, title: '散打组合拳 全套' })
        .returning({ id: homeworkAssignments.id })
    )[0]!;
    expect(
      (await c('/admin/duanRequirementAdd', { label_id: labelId, duan: 1, kind: 'homework', ref_id: assignment.id, name: '组合拳演示' }))
        .body.code,
    ).toBe(200);

    let p = await path();
    expect(p.body.code).toBe(200);
    expect(p.body.data).toMatchObject({ label_id: labelId, current: 0, published: true });
    let one = p.body.data.levels[0]!;
    expect(one).toMatchObject({ duan: 1, state: 'next', done: 0, percent: 0 });
    expect(one.requirements.map((r) => r.done)).toEqual([false, false]);

    // Every lesson finished → the course counts; a 需改进 review does not, a 合格 one does.
    await t.db
      .insert(lessonProgress)
      .values(course.lessonIds.map((lessonId) => ({ userId: memberId, lessonId, courseId: course.id, finished: true })))
      .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set: { finished: true } });
    await t.db.insert(homeworkSubmissions).values({ assignmentId: assignment.id, userId: memberId, status: 'reviewed', verdict: '需改进' });
    p = await path();
    one = p.body.data.levels[0]!;
    expect(one.requirements.find((r) => r.kind === 'course')?.done).toBe(true);
    expect(one.requirements.find((r) => r.kind === 'homework')?.done).toBe(false);
    expect(one.percent).toBe(50);

    await t.db
      .insert(homeworkSubmissions)
      .values({ assignmentId: assignment.id, userId: memberId, attempt: 2, status: 'reviewed', verdict: '合格' });
    p = await path();
    expect(p.body.data.levels[0]).toMatchObject({ done: 2, percent: 100 });
    expect(p.body.data.styles.find((s) => s.id === labelId)?.mine).toBe(true);

    // Certificates: 二段 held, a revoked 三段 does not count.
    const cert = async (duan: number, no: string, revoked: boolean) => {
      const [session] = await t.db
        .insert(gradingSessions)
        .values({ coachId, labelId, duan, startsAt: new Date(Date.now() - 86_400_000), seats: 5, booked: 1, status: 2 })
        .returning({ id: gradingSessions.id });
      const [cand] = await t.db
        .insert(gradingCandidates)
        .values({ sessionId: session!.id, userId: memberId, orderId: 900_000 + duan, status: 'passed' })
        .returning({ id: gradingCandidates.id });
      await t.db.insert(certificates).values({
        no,
        userId: memberId,
        candidateId: cand!.id,
        labelId,
        style: '散打',
        duan,
        holder: '测试',
        examiner: '教练',
        revokedAt: revoked ? new Date() : null,
      });
    };
    await cert(2, 'TESTDUAN0002', false);
    await cert(3, 'TESTDUAN0003', true);
    p = await path();
    expect(p.body.data.current).toBe(2);
    expect(p.body.data.levels.slice(0, 4).map((l) => l.state)).toEqual(['held', 'held', 'next', 'later']);
    expect(p.body.data.certificates.map((x) => [x.no, x.revoked])).toEqual(
      expect.arrayContaining([
        ['TESTDUAN0002', false],
        ['TESTDUAN0003', true],
      ]),
    );

    // The next gradings: upcoming, open, with seats, of the next 段 (三段) only.
    const soon = new Date(Date.now() + 7 * 86_400_000);
    const [open, full] = await t.db
      .insert(gradingSessions)
      .values([
        { coachId, labelId, duan: 3, startsAt: soon, seats: 10, booked: 2, place: '体育馆' },
        { coachId, labelId, duan: 3, startsAt: soon, seats: 2, booked: 2 },
        { coachId, labelId, duan: 4, startsAt: soon, seats: 10 },
      ])
      .returning({ id: gradingSessions.id });
    p = await path();
    expect(p.body.data.gradings.map((g) => g.id)).toEqual([open!.id]);
    expect(p.body.data.gradings[0]).toMatchObject({ seats_left: 8, place: '体育馆', duan: 3 });
    expect(full).toBeDefined();
  });
});

describe('examiners', () => {
  it('adds a coach, changes the 段, disables and enables — audited — and isExaminer follows', async () => {
    const r = as(reviewer);
    const found = await r('/admin/examinerCoaches', { keyword: DEMO.coach });
    expect(found.body.data.list.map((x) => x.phone)).toEqual([DEMO.coach]);
    const target = (await t.db.select({ id: coaches.id }).from(coaches).orderBy(desc(coaches.id)).limit(1))[0]!.id;
    await t.db.delete(examiners).where(eq(examiners.coachId, target));
    expect(await isExaminer(target, 1)).toBe(false);

    expect((await r('/admin/examinerSave', { coach_id: target, max_duan: 3, note: '省队', create: true })).body.code).toBe(200);
    expect((await lastAudit('examiner.create'))?.targetId).toBe(String(target));
    expect((await r('/admin/examinerSave', { coach_id: target, max_duan: 3, note: '', create: true })).body).toMatchObject({
      code: 100,
      msg: '该教练已是考评员',
    });
    expect(await isExaminer(target, 3)).toBe(true);
    expect(await isExaminer(target, 4)).toBe(false);

    expect((await r('/admin/examinerSave', { coach_id: target, max_duan: 6, note: '省队' })).body.code).toBe(200);
    expect((await lastAudit('examiner.update'))?.after).toEqual({ max_duan: 6, note: '省队' });
    expect(await isExaminer(target, 6)).toBe(true);

    expect((await r('/admin/examinerStatus', { coach_id: target, status: 0 })).body.code).toBe(200);
    expect((await lastAudit('examiner.disable'))?.targetId).toBe(String(target));
    expect(await isExaminer(target, 1)).toBe(false);
    expect((await r('/admin/examinerStatus', { coach_id: target, status: 0 })).body.code).toBe(100);
    expect((await r('/admin/examinerStatus', { coach_id: target, status: 1 })).body.code).toBe(200);
    expect(await isExaminer(target, 6)).toBe(true);

    const list = await r('/admin/examiners', {});
    expect(list.body.data.list.find((e) => e.coach_id === target)).toMatchObject({ max_duan: 6, note: '省队', status: 1 });
    const rows = await t.db
      .select()
      .from(examiners)
      .where(and(eq(examiners.coachId, target), eq(examiners.status, 1)));
    expect(rows).toHaveLength(1);
  });
});

describe('styles in the console', () => {
  it('counts each style’s own requirements', async () => {
    const list = (await as(content)('/admin/duanStyles', {})).body.data.list;
    const counts = await t.db
      .select({ id: duanRequirements.labelId, n: sql<number>`count(*)::int` })
      .from(duanRequirements)
      .groupBy(duanRequirements.labelId);
    for (const s of list) expect(s.requirements).toBe(counts.find((c) => c.id === s.id)?.n ?? 0);
    expect(list.find((s) => s.name === '太极拳')!.requirements).toBeGreaterThan(1);
  });
});
