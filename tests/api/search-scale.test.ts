import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LIST_MAX_ROWS, TOO_DEEP_TEXT } from '~/lib/rules/paging';
import { invalidate } from '~/server/cache';
import { courses, goods, goodsCategories, lessons, shops } from '~/server/db/schema';
import { goodsPage } from '~/server/modules/catalogue/shop.service';
import { coursePage } from '~/server/modules/catalogue/training.service';
import { WALK } from '~/server/modules/catalogue/search';
import { startApi, type TestApi } from '../helpers/api';

/**
 * Search through the token columns and postings: the same matches in the same order as
 * `ILIKE '%key%'` ordered like the list, tokens kept on every write, bounded paging, capped counts,
 * stored lesson counts.
 */
let t: TestApi;
let shopId: number;
let categoryId: number;
beforeAll(async () => {
  t = await startApi();
  const [shop] = await t.db.select({ id: shops.id }).from(shops).limit(1);
  const [cat] = await t.db.select({ id: goodsCategories.id }).from(goodsCategories).limit(1);
  shopId = shop!.id;
  categoryId = cat!.id;
});
afterAll(() => t.stop());

const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/** Adds goods with these titles, newest first in the order given; answers their ids. */
async function addGoods(titles: string[], status = 1): Promise<number[]> {
  const base = Date.now();
  const inserted = await t.db
    .insert(goods)
    .values(titles.map((title, i) => ({ shopId, categoryId, title, status, createdAt: new Date(base - i * 1000) })))
    .returning({ id: goods.id });
  invalidate('catalogue:');
  return inserted.map((r) => r.id);
}

/** What `ILIKE '%key%'` over the titles of listed goods answers, in list order. */
async function goodsByIlike(q: string): Promise<number[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rows(
    await t.db.execute(sql`select id from goods where status = 1 and title ilike ${pattern} order by created_at desc, id desc`),
  ).map((r) => Number(r['id']));
}
async function coursesByIlike(q: string): Promise<number[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rows(
    await t.db.execute(
      sql`select id from courses where status = 1 and (title ilike ${pattern} or summary ilike ${pattern}) order by created_at desc, id desc`,
    ),
  ).map((r) => Number(r['id']));
}

/** Every page of a goods search (limit 50), as ids. */
async function goodsSearch(q: string): Promise<{ ids: number[]; total: number }> {
  const first = await goodsPage({ q, page: 1, limit: 50 });
  const ids = first.list.map((g) => g.id);
  for (let page = 2; (page - 1) * 50 < first.total; page++) ids.push(...(await goodsPage({ q, page, limit: 50 })).list.map((g) => g.id));
  return { ids, total: first.total };
}

describe('search tokens: the same answers as ILIKE', () => {
  it('finds one- and two-character Chinese keys, and nothing else', async () => {
    const [dragon, both, other] = await addGoods(['龘字练功服', '纯棉龘鼎太极服', '鼎字护具']);
    // The goods list's keyword filter (the site search ranks instead: tests/api/search.test.ts).
    const one = await goodsPage({ q: '龘', page: 1, limit: 50 });
    expect(one.list.map((g) => g.id)).toEqual([dragon, both]);
    expect(one.total).toBe(2);
    const two = await goodsPage({ q: '龘鼎', page: 1, limit: 20 });
    expect(two.list.map((g) => g.id)).toEqual([both]);
    expect(two.total).toBe(1);
    // Both characters, but not next to each other, is no match for the pair.
    expect(await goodsPage({ q: '鼎龘', page: 1, limit: 20 })).toMatchObject({ total: 0, list: [] });
    expect((await goodsPage({ q: '鼎', page: 1, limit: 50 })).list.map((g) => g.id)).toEqual([both, other]);
    // The site search finds the same rows.
    const found = (await t.post('/index/comSeach', { q: '龘', type: 'goods', limit: 50 })).body.data;
    expect(found.list.map((g: { id: number }) => g.id).sort()).toEqual([dragon, both].sort());
  });

  it('answers every key like ILIKE does: same rows, same order, for goods and courses', async () => {
    await addGoods(['MMA 分指手套 Pro', 'mma 训练短裤', '100%纯棉_练功裤', '太极剑 不锈钢', '八极剑 表演']);
    for (const q of [
      '剑',
      '太极',
      '太极剑',
      '极剑',
      'mma',
      'MMA 分',
      '%',
      '_',
      '100%',
      '纯棉_',
      '拳',
      '咏春拳',
      '零基础入门',
      '不存在的词',
    ]) {
      const want = await goodsByIlike(q);
      const got = await goodsSearch(q);
      expect(got.ids, q).toEqual(want);
      expect(got.total, q).toBe(want.length);
    }
    for (const q of ['拳', '太极', '太极拳', '要领', '入门难度', '陈师傅主讲', 'x']) {
      const want = await coursesByIlike(q);
      const first = await coursePage({ q, page: 1, limit: 50 });
      expect(
        first.list.map((c) => c.id),
        q,
      ).toEqual(want.slice(0, 50));
      expect(first.total, q).toBe(want.length);
    }
  });

  it('does not match across two fields of a course (title end + summary start)', async () => {
    const [c] = await t.db.insert(courses).values({ title: '测试课程甲', summary: '乙丙说明' }).returning({ id: courses.id });
    expect((await coursePage({ q: '甲乙', page: 1, limit: 10 })).total).toBe(0);
    expect((await coursePage({ q: '乙丙', page: 1, limit: 10 })).list.map((x) => x.id)).toContain(c!.id);
  });

  it('finds a token written later, and drops rows taken down or deleted', async () => {
    const [id] = await addGoods(['普通护腕']);
    expect((await goodsPage({ q: '鑫', page: 1, limit: 10 })).total).toBe(0);
    await t.db.update(goods).set({ title: '鑫源护腕' }).where(eq(goods.id, id!));
    expect((await goodsPage({ q: '鑫', page: 1, limit: 10 })).list.map((g) => g.id)).toEqual([id]);
    expect((await goodsPage({ q: '鑫源护', page: 1, limit: 10 })).list.map((g) => g.id)).toEqual([id]);
    expect((await goodsPage({ q: '普通', page: 1, limit: 10 })).list.map((g) => g.id)).not.toContain(id);
    await t.db.update(goods).set({ status: 0 }).where(eq(goods.id, id!));
    expect((await goodsPage({ q: '鑫', page: 1, limit: 10 })).total).toBe(0);
    await t.db.update(goods).set({ status: 1 }).where(eq(goods.id, id!));
    expect((await goodsPage({ q: '鑫', page: 1, limit: 10 })).total).toBe(1);
    await t.db.delete(goods).where(eq(goods.id, id!));
    expect((await goodsPage({ q: '鑫', page: 1, limit: 10 })).total).toBe(0);
    // A course found by a word of its summary written later.
    const [c] = await t.db.select({ id: courses.id }).from(courses).limit(1);
    await t.db.update(courses).set({ summary: '新写的简介：燚字拳法' }).where(eq(courses.id, c!.id));
    expect((await coursePage({ q: '燚字', page: 1, limit: 10 })).list.map((x) => x.id)).toEqual([c!.id]);
  });

  it('keeps each token’s postings count equal to its postings through every write above', async () => {
    // A multi-row insert, a title edit, a takedown and a delete in one statement, on top of the
    // writes of the tests before.
    const ids = await addGoods(['鑫鑫护膝', '鑫字腰带', '护膝套装']);
    await t.db.update(goods).set({ title: '护膝加厚' }).where(eq(goods.id, ids[0]!));
    await t.db.update(goods).set({ status: 0 }).where(eq(goods.id, ids[1]!));
    await t.db.delete(goods).where(sql`${goods.id} in (${ids[1]!}, ${ids[2]!})`);
    for (const [counts, postings] of [
      ['goods_token_counts', 'goods_postings'],
      ['course_token_counts', 'course_postings'],
    ] as const) {
      const drift = rows(
        await t.db.execute(sql`
          select coalesce(c.token, p.token) as token, coalesce(c.postings, 0) as kept, coalesce(p.n, 0) as real
          from ${sql.raw(counts)} c
          full join (select token, count(*)::int as n from ${sql.raw(postings)} group by token) p on p.token = c.token
          where coalesce(c.postings, 0) <> coalesce(p.n, 0)`),
      );
      expect(drift).toEqual([]);
    }
    const kept = rows(await t.db.execute(sql`select postings from goods_token_counts where token = '护膝'`));
    expect(Number(kept[0]?.['postings'])).toBe(
      Number(rows(await t.db.execute(sql`select count(*) as n from goods_postings where token = '护膝'`))[0]?.['n']),
    );
    expect((await goodsPage({ q: '鑫字', page: 1, limit: 10 })).total).toBe(0);
    expect((await goodsPage({ q: '护膝', page: 1, limit: 10 })).list.map((g) => g.id)).toContain(ids[0]);
  });
});

describe('lists at scale: bounded pages, capped counts', () => {
  beforeAll(async () => {
    // More listed goods than a search walks: all have 骉骉 and 骉练 (never 骉骉练), one in ten 甲.
    await t.db.execute(sql`insert into goods (shop_id, category_id, title, created_at)
      select ${shopId}, ${categoryId}, '骉骉 骉练 ' || case when g % 10 = 0 then '甲' else '乙' end || g, now() - make_interval(days => 400, secs => g)
      from generate_series(1, ${WALK + 200}) as g`);
    invalidate('catalogue:');
  });

  it('caps total at the window and says so', async () => {
    const list = await t.post('/goods/list', { limit: 20 });
    expect(list.body.data).toMatchObject({ total: LIST_MAX_ROWS, total_capped: 1 });
    const filtered = await goodsPage({ q: '骉', page: 1, limit: 20 });
    expect(filtered).toMatchObject({ total: LIST_MAX_ROWS, total_capped: 1 });
    // The site search counts a tab to 99+ and reads a page's worth more than it shows.
    const search = await t.post('/index/comSeach', { q: '骉', type: 'goods', limit: 20 });
    expect(search.body.data).toMatchObject({ total_capped: 1 });
    expect(search.body.data.counts.find((c: { kind: string }) => c.kind === 'goods')).toMatchObject({ n: 99, capped: 1 });
    const small = await t.post('/index/comSeach', { q: '龘', type: 'goods' });
    expect(small.body.data.total_capped).toBeUndefined();
  });

  it('estimates the count of a long key from the page it read, and marks it', async () => {
    const res = await goodsPage({ q: '骉练 甲', page: 1, limit: 20 });
    expect(res.list).toHaveLength(20);
    for (const g of res.list) expect(g.title).toContain('骉练 甲');
    expect(res.total_capped).toBe(1);
    // 520 goods have it.
    expect(res.total).toBeGreaterThanOrEqual(400);
    expect(res.total).toBeLessThanOrEqual(650);
  });

  it('serves the deepest page in the window and refuses pages beyond it in Chinese', async () => {
    const deepest = await t.post('/goods/list', { page: LIST_MAX_ROWS / 20, limit: 20 });
    expect(deepest.body.code).toBe(200);
    const want = await t.db.execute(
      sql`select id from goods where status = 1 order by created_at desc, id desc limit 20 offset ${LIST_MAX_ROWS - 20}`,
    );
    expect(deepest.body.data.list.map((g: { id: number }) => g.id)).toEqual(rows(want).map((r) => Number(r['id'])));
    expect((await t.post('/goods/list', { page: LIST_MAX_ROWS / 20 + 1, limit: 20 })).body).toMatchObject({
      code: 100,
      msg: TOO_DEEP_TEXT,
    });
    expect((await t.post('/index/comSeach', { q: '骉', type: 'goods', page: LIST_MAX_ROWS / 10 + 1, limit: 10 })).body).toMatchObject({
      code: 100,
      msg: TOO_DEEP_TEXT,
    });
    // The last page of a search is served, and the search pages agree with the list order.
    const last = await goodsPage({ q: '骉', page: LIST_MAX_ROWS / 20, limit: 20 });
    expect(last.list.map((g) => g.id)).toEqual((await goodsByIlike('骉')).slice(LIST_MAX_ROWS - 20, LIST_MAX_ROWS));
  });

  it('answers a rare key whose pairs are each common from the GIN index, like ILIKE', async () => {
    const [old] = await addGoods(['骉骉练 限量款']);
    await t.db
      .update(goods)
      .set({ createdAt: new Date('2001-01-01T00:00:00Z') })
      .where(eq(goods.id, old!));
    const res = await goodsPage({ q: '骉骉练', page: 1, limit: 20 });
    expect(res.list.map((g) => g.id)).toEqual([old]);
    expect(res).toMatchObject({ total: 1 });
    expect(res.total_capped).toBeUndefined();
  });
});

describe('lesson counts', () => {
  it('are stored on the course and follow lessons added, moved and removed', async () => {
    const [a, b] = await t.db.select({ id: courses.id, n: courses.lessonCount }).from(courses).orderBy(courses.id).limit(2);
    const count = async (id: number) =>
      Number(rows(await t.db.execute(sql`select count(*)::int as n from lessons where course_id = ${id}`))[0]?.['n']);
    expect(a!.n).toBe(await count(a!.id));
    const added = await t.db
      .insert(lessons)
      .values([1, 2, 3].map((k) => ({ courseId: a!.id, sort: 100 + k, title: `加课 ${k}` })))
      .returning({ id: lessons.id });
    const stored = async (id: number) => (await t.db.select({ n: courses.lessonCount }).from(courses).where(eq(courses.id, id)))[0]?.n;
    expect(await stored(a!.id)).toBe(await count(a!.id));
    await t.db.update(lessons).set({ courseId: b!.id }).where(eq(lessons.id, added[0]!.id));
    expect(await stored(a!.id)).toBe(await count(a!.id));
    expect(await stored(b!.id)).toBe(await count(b!.id));
    await t.db.delete(lessons).where(eq(lessons.courseId, a!.id));
    expect(await stored(a!.id)).toBe(0);
    invalidate('catalogue:');
    const listed = (await t.post('/public/courseList', { limit: 50 })).body.data.list.find((c: { id: number }) => c.id === b!.id);
    if (listed) expect(listed.lesson_count).toBe(await count(b!.id));
  });
});
