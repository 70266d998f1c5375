import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { coaches, labels, liveRooms, users } from '~/server/db/schema';
import { hashPassword } from '~/server/security/password';
import { profilesOf } from '~/server/modules/im/profiles';
import { emptyC2C } from '~/server/modules/im/conversations.service';
import { startApi, type TestApi } from '../helpers/api';

/**
 * Identity data stays private: a coach's public name is the member's nickname (or the display name
 * chosen in the coach settings), never the real name of the coach application — in the catalogue,
 * search, 功夫圈, live and chat alike.
 */

let t: TestApi;
let labelIds: number[];
let seq = 0;

beforeAll(async () => {
  t = await startApi();
  labelIds = (await t.db.select({ id: labels.id }).from(labels)).map((l) => l.id);
});
afterAll(() => t.stop());

/** A member with this nickname who applied with `realName`, was approved and settled as a coach. */
async function becomeCoach(realName: string, nick: string) {
  const phone = `1366600${String(1000 + seq++).slice(-4)}`;
  const [u] = await t.db
    .insert(users)
    .values({ phone, nickName: nick, passwordHash: await hashPassword('abc12345') })
    .returning();
  const token = await t.login(phone, 'abc12345');
  const app = await t.post(
    '/registerCoach',
    {
      real_name: realName,
      id_number: '11010519491231002X',
      id_front: await t.uploadDocument(token),
      id_back: await t.uploadDocument(token),
      phone: '13912345678',
      province: '广东省',
      city: '佛山市',
      label_ids: labelIds.slice(0, 1),
      intro: '习武二十年，擅长咏春，带过上百名学员。',
      certificates: [],
      agree: true,
    },
    token,
  );
  expect(app.body.code).toBe(200);
  const cookie = await t.staffCookie('reviewer');
  expect((await t.post('/admin/applications/approve', { id: app.body.data.id, note: '' }, undefined, { cookie })).body.code).toBe(200);
  expect((await t.post('/member/settledCoach', {}, token)).body.code).toBe(200);
  const [coach] = await t.db.select().from(coaches).where(eq(coaches.userId, u!.id));
  return { userId: u!.id, coachId: coach!.id, token };
}

/** Everything the public reads about a coach: info, homepage, list, search, 功夫圈, live, chat. */
async function publicAnswers(c: { userId: number; coachId: number }, name: string) {
  const room = await t.db.select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.userId, c.userId));
  const answers = await Promise.all([
    t.post('/coach/public/info', { coach_id: c.coachId }),
    t.post('/coach/public/indexInfo', { coach_id: c.coachId }),
    t.post('/coach/list', { limit: 50 }),
    t.post('/index/comSeach', { q: name, type: 'coach' }),
    t.post('/index/friendCircleList', { tab: 'new' }),
    t.post('/index/friendCircleSearch', { q: '站桩' }),
    t.post('/index/friendCircleProfile', { user_id: c.userId }),
    t.post('/public/liveList', { type: 0, limit: 50 }),
    t.post('/public/liveRoom', { id: room[0]!.id }),
    t.post('/public/liveSearch', { q: name }),
  ]);
  for (const a of answers) expect(a.body.code).toBe(200);
  return [
    ...answers.map((a) => JSON.stringify(a.body.data)),
    JSON.stringify(await profilesOf([c.userId])),
    JSON.stringify(await emptyC2C(c.userId + 1, c.userId)),
  ];
}

describe('a coach’s public name', () => {
  it('is the nickname after an approved application, and never the real name', async () => {
    const c = await becomeCoach('张三丰', '小张');
    expect((await t.post('/member/friendCirclePublish', { content: '今天带学员站桩一小时' }, c.token)).body.code).toBe(200);
    expect((await t.post('/live/anchorRoom', {}, c.token)).body.code).toBe(200);

    for (const text of await publicAnswers(c, '小张')) {
      expect(text).toContain('小张');
      expect(text).not.toContain('张三丰');
    }
    // Searching by the real name finds no coach.
    expect((await t.post('/index/comSeach', { q: '张三丰', type: 'coach' })).body.data.list).toEqual([]);
    // The owner's settings start from the nickname as well.
    expect((await t.post('/coach/setInfo', {}, c.token)).body.data.name).toBe('小张');
  });

  it('is the display name chosen in the coach settings, everywhere at once', async () => {
    const c = await becomeCoach('周侗', '小周');
    expect((await t.post('/member/friendCirclePublish', { content: '站桩打卡第一天' }, c.token)).body.code).toBe(200);
    expect((await t.post('/live/anchorRoom', {}, c.token)).body.code).toBe(200);
    const settings = (await t.post('/coach/setInfo', {}, c.token)).body.data;
    const { id: _id, anchor: _anchor, ...form } = settings;
    expect((await t.post('/coach/setInfoSave', { ...form, name: '   ' }, c.token)).body.code).toBe(100);
    expect((await t.post('/coach/setInfoSave', { ...form, name: '周师傅' }, c.token)).body.code).toBe(200);

    const texts = await publicAnswers(c, '周师傅');
    // The live room's title was made when the room opened; every other answer names the coach.
    for (const text of texts) expect(text).not.toContain('周侗');
    expect(texts.filter((x) => !x.includes('周师傅'))).toEqual([]);
    expect((await profilesOf([c.userId]))[0]!.nick).toBe('周师傅');
  });
});

describe('the repair migration', () => {
  it('gives back the nickname where the real name had been copied, and leaves chosen names alone', async () => {
    const c = await becomeCoach('王重阳', '小王');
    expect((await t.post('/live/anchorRoom', {}, c.token)).body.code).toBe(200);
    // What settling did before: the real name as the public name, the room titled after it.
    await t.db.update(coaches).set({ name: '王重阳' }).where(eq(coaches.id, c.coachId));
    await t.db.update(liveRooms).set({ title: '王重阳的直播间' }).where(eq(liveRooms.userId, c.userId));
    const before = await t.db.select({ id: coaches.id, name: coaches.name }).from(coaches);

    const file = readFileSync('src/server/db/migrations/0027_public_names_and_counts.sql', 'utf8');
    const repairs = file.split('--> statement-breakpoint').slice(0, 2);
    for (const statement of repairs) await t.db.execute(sql.raw(statement));

    const after = await t.db.select({ id: coaches.id, name: coaches.name }).from(coaches);
    expect(after.find((x) => x.id === c.coachId)!.name).toBe('小王');
    expect(after.filter((x) => x.id !== c.coachId)).toEqual(before.filter((x) => x.id !== c.coachId));
    const [room] = await t.db.select({ title: liveRooms.title }).from(liveRooms).where(eq(liveRooms.userId, c.userId));
    expect(room!.title).toBe('小王的直播间');
  });
});
