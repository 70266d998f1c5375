import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../helpers/api';

let t: TestApi;
beforeAll(async () => {
  t = await startApi();
});
afterAll(() => t.stop());

describe('help centre', () => {
  it('lists groups with limited article titles (SPEC §3)', async () => {
    const res = await t.post('/index/helpArticleGroup', { limit: 2 });
    expect(res.body.code).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(4);
    for (const g of res.body.data) {
      expect(g).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
      expect(g.articles_limit.length).toBeLessThanOrEqual(2);
      expect(g.articles_limit[0]).toEqual({ id: expect.any(Number), title: expect.any(String) });
    }
  });
  it('gives a category with all its articles, and a detail', async () => {
    const groups = (await t.post('/index/helpArticleGroup', {})).body.data;
    const cate = await t.post('/index/helpCate', { id: groups[0]!.id });
    expect(cate.body.data.name).toBe(groups[0]!.name);
    expect(cate.body.data.list.length).toBe(groups[0]!.total);
    const detail = await t.post('/index/helpDetail', { id: String(cate.body.data.list[0]!.id) });
    expect(detail.body.code).toBe(200);
    expect(detail.body.data.content.length).toBeGreaterThan(100);
    expect(detail.body.data.group_name).toBe(groups[0]!.name);
  });
  it('answers 404 for unknown ids and 100 for bad ones', async () => {
    expect((await t.post('/index/helpCate', { id: 999999 })).body.code).toBe(404);
    expect((await t.post('/index/helpDetail', { id: 999999 })).body.code).toBe(404);
    expect((await t.post('/index/helpDetail', { id: 'abc' })).body.code).toBe(100);
    expect((await t.post('/index/helpDetail', { id: -1 })).body.code).toBe(100);
    expect((await t.rawPost('/index/helpDetail', {})).body.code).toBe(100);
  });
});

describe('news', () => {
  it('pages newest first with a total', async () => {
    const p1 = (await t.post('/index/articleList', { page: 1, limit: 5 })).body.data;
    expect(p1.list).toHaveLength(5);
    expect(p1.total).toBeGreaterThanOrEqual(20);
    const dates = p1.list.map((a: { published_at: string }) => a.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const p2 = (await t.post('/index/articleList', { page: 2, limit: 5 })).body.data;
    expect(p2.list[0]!.id).not.toBe(p1.list[0]!.id);
    const beyond = (await t.post('/index/articleList', { page: 999, limit: 5 })).body.data;
    expect(beyond).toMatchObject({ list: [], total: p1.total });
  });
  it('filters by category', async () => {
    const cates = (await t.post('/index/articleCate', {})).body.data;
    expect(cates.length).toBe(4);
    const res = (await t.post('/index/articleList', { cate_id: cates[1]!.id, limit: 50 })).body.data;
    expect(res.total).toBeGreaterThan(0);
    expect(res.list.every((a: { cate_id: number }) => a.cate_id === cates[1]!.id)).toBe(true);
  });
  it('keeps page size within bounds', async () => {
    expect((await t.post('/index/articleList', { limit: 51 })).body).toMatchObject({ code: 100, msg: '每页最多 50 条' });
    expect((await t.post('/index/articleList', { page: 0 })).body).toMatchObject({ code: 100, msg: '页码从 1 开始' });
  });
  it('shows a detail with neighbours and counts the read', async () => {
    const [first, second] = (await t.post('/index/articleList', { limit: 2 })).body.data.list;
    const a = (await t.post('/index/articleDetail', { id: second!.id })).body.data;
    expect(a.title).toBe(second!.title);
    expect(a.prev?.id).toBe(first!.id);
    expect(a.views).toBe(second!.views + 1);
    const again = (await t.post('/index/articleDetail', { id: second!.id })).body.data;
    expect(again.views).toBe(second!.views + 2);
    expect((await t.post('/index/articleDetail', { id: 999999 })).body.code).toBe(404);
  });
  it('stores article bodies sanitised', async () => {
    const { createArticle } = await import('~/server/modules/content/content.service');
    const cates = (await t.post('/index/articleCate', {})).body.data;
    const id = await createArticle({
      categoryId: cates[0]!.id,
      title: 'XSS 测试',
      content: '<p onclick="x()">正文<script>alert(1)</script><img src="javascript:alert(1)"><a href="https://example.com">链接</a></p>',
    });
    const a = (await t.post('/index/articleDetail', { id })).body.data;
    expect(a.content).not.toMatch(/script|onclick|javascript:/);
    expect(a.content).toContain('正文');
    expect(a.content).toContain('rel="noopener noreferrer"');
  });
});

describe('agreements', () => {
  it.each([
    'administrativeprovisions',
    'coachagreement',
    'intellectualproperty',
    'liveagreemen',
    'mechantagreement',
    'privacyagreement',
    'serviceagreement',
    'shopagreement',
    'useragreement',
    'aboutus',
  ] as const)('has %s with real text', async (slug) => {
    const res = await t.post('/index/agreement', { slug });
    expect(res.body.code).toBe(200);
    expect(res.body.data.title).toMatch(/[\u4e00-\u9fa5]/);
    expect(res.body.data.content.replace(/<[^>]+>/g, '').length).toBeGreaterThan(slug === 'aboutus' ? 400 : 800);
  });
  it('refuses unknown slugs', async () => {
    expect((await t.rawPost('/index/agreement', { slug: 'nope' })).body).toMatchObject({ code: 100, msg: '协议不存在' });
  });
});
