import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { courseAccess, courses, lessons, users } from '~/server/db/schema';
import { LEARN_TEXTS } from '~/lib/rules/learn';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
let member: string;
let coach: string;
let mechant: string;
let mine: typeof lessons.$inferSelect;

beforeAll(async () => {
  t = await startApi();
  [member, coach, mechant] = await Promise.all([t.login(DEMO.member), t.login(DEMO.coach), t.login(DEMO.mechant)]);
  const coachUser = (await t.db.select().from(users).where(eq(users.phone, DEMO.coach)))[0]!;
  // A paid lesson of the demo coach's own course.
  const [row] = await t.db
    .select({ l: lessons })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(
      and(
        gt(courses.price, 0),
        eq(lessons.isFree, false),
        sql`${courses.coachId} = (select id from coaches where user_id = ${coachUser.id})`,
      ),
    )
    .orderBy(asc(lessons.id))
    .limit(1);
  mine = row!.l;
});
afterAll(() => t.stop());

describe('招式 chapters', () => {
  it('lets the owning coach add, edit and delete moves, sorted by time, and shows them publicly', async () => {
    const before = (await t.post('/learn/chapterList', { lesson_id: mine.id }, coach)).body.data.list.length;
    const b = await t.post('/learn/chapterSave', { lesson_id: mine.id, name: '白鹤亮翅', start_s: 3, end_s: 5, note: '' }, coach);
    const a = await t.post('/learn/chapterSave', { lesson_id: mine.id, name: '起势', start_s: 0, end_s: null, note: '两脚开立' }, coach);
    expect([a.body.code, b.body.code]).toEqual([200, 200]);
    const list = (await t.post('/learn/chapterList', { lesson_id: mine.id }, coach)).body.data.list;
    const ours = list.filter((c: { id: number }) => [a.body.data.id, b.body.data.id].includes(c.id));
    expect(ours.map((c: { name: string }) => c.name)).toEqual(['起势', '白鹤亮翅']);
    expect(list.map((c: { start_s: number }) => c.start_s)).toEqual(
      [...list.map((c: { start_s: number }) => c.start_s)].sort((x, y) => x - y),
    );
    const edited = await t.post(
      '/learn/chapterSave',
      { id: b.body.data.id, lesson_id: mine.id, name: '白鹤亮翅', start_s: 2, end_s: 4 },
      coach,
    );
    expect(edited.body.data).toMatchObject({ start_s: 2, end_s: 4 });
    // A guest sees the names of a paid lesson's moves.
    const pub = (await t.post('/learn/courseChapters', { course_id: mine.courseId })).body.data;
    expect(pub.filter((c: { lesson_id: number }) => c.lesson_id === mine.id)).toHaveLength(before + 2);
    expect((await t.post('/learn/chapterDelete', { id: a.body.data.id }, coach)).body.code).toBe(200);
    expect((await t.post('/learn/chapterDelete', { id: a.body.data.id }, coach)).body.code).toBe(404);
  });

  it('validates spans against the video and refuses another seller (404) and members', async () => {
    const save = (body: { start_s: number; end_s?: number; name?: string }, token: string) =>
      t.post('/learn/chapterSave', { lesson_id: mine.id, name: '搂膝拗步', ...body }, token);
    expect((await save({ start_s: 4, end_s: 4 }, coach)).body.msg).toBe(LEARN_TEXTS.chapterSpan);
    expect((await save({ start_s: 1, end_s: mine.durationS + 1 }, coach)).body.msg).toBe(LEARN_TEXTS.chapterBeyond);
    expect((await save({ start_s: mine.durationS }, coach)).body.msg).toBe(LEARN_TEXTS.chapterBeyond);
    expect((await save({ start_s: 1, name: 'x'.repeat(33) }, coach)).body.code).toBe(100);
    expect((await save({ start_s: 1 }, mechant)).body.code).toBe(404);
    expect((await t.post('/learn/chapterList', { lesson_id: mine.id }, mechant)).body.code).toBe(404);
    expect((await save({ start_s: 1 }, member)).body.code).toBe(403);
    const ok = (await save({ start_s: 1 }, coach)).body.data;
    expect((await t.post('/learn/chapterDelete', { id: ok.id }, mechant)).body.code).toBe(404);
    expect((await t.post('/learn/chapterSave', { lesson_id: mine.id, name: '起势', start_s: 1 })).body.code).toBe(101);
  });
});

describe('notes at a moment', () => {
  it('are only for a member who may watch the lesson, and only their owner sees them', async () => {
    const body = { lesson_id: mine.id, at_s: 3, body: '注意沉肩坠肘' };
    expect((await t.post('/learn/noteSave', body, member)).body.msg).toBe(LEARN_TEXTS.mustOwn);
    const memberId = (await t.db.select().from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
    await t.db.insert(courseAccess).values({ userId: memberId, courseId: mine.courseId, orderId: 1 }).onConflictDoNothing();
    const late = await t.post('/learn/noteSave', { ...body, at_s: 5, body: '收势要慢' }, member);
    const early = await t.post('/learn/noteSave', body, member);
    expect(early.body.data).toMatchObject({ at_s: 3, course_id: mine.courseId });
    const list = (await t.post('/learn/notes', { lesson_id: mine.id }, member)).body.data;
    expect(list.map((n: { at_s: number }) => n.at_s)).toEqual([3, 5]);

    // Another member (who may watch it too) sees none of them and cannot change or delete them.
    const other = mechant;
    const mechantId = (await t.db.select().from(users).where(eq(users.phone, DEMO.mechant)))[0]!.id;
    await t.db.insert(courseAccess).values({ userId: mechantId, courseId: mine.courseId, orderId: 1 }).onConflictDoNothing();
    expect((await t.post('/learn/notes', { lesson_id: mine.id }, other)).body.data).toEqual([]);
    expect((await t.post('/learn/noteSave', { ...body, id: late.body.data.id, body: '改了' }, other)).body.code).toBe(404);
    expect((await t.post('/learn/noteDelete', { id: late.body.data.id }, other)).body.code).toBe(404);
    expect((await t.post('/learn/myNotes', {}, other)).body.data.total).toBe(0);

    const edited = await t.post('/learn/noteSave', { ...body, id: late.body.data.id, at_s: 4, body: '收势要慢，气沉丹田' }, member);
    expect(edited.body.data).toMatchObject({ at_s: 4, body: '收势要慢，气沉丹田' });
    const page = (await t.post('/learn/myNotes', { limit: 1 }, member)).body.data;
    expect(page).toMatchObject({ total: 2, limit: 1 });
    expect(page.list[0]).toMatchObject({ lesson_id: mine.id, lesson_title: mine.title });
    expect((await t.post('/learn/noteDelete', { id: early.body.data.id }, member)).body.code).toBe(200);
    expect((await t.post('/learn/notes', { lesson_id: mine.id }, member)).body.data).toHaveLength(1);
    expect((await t.post('/learn/noteSave', { ...body, body: '' }, member)).body.msg).toBe(LEARN_TEXTS.noteBody);
  });
});
