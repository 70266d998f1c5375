import { and, inArray, asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { db } from '../../db';
import { articleCategories, articles, helpArticles, helpGroups, pages } from '../../db/schema';
import { cached, invalidate } from '../../cache';
import { invalidatePages } from '../../edge/page-cache';
import { sanitizeRichText } from '../../security/sanitize';
import { countView as countViewLater, unflushedViews } from '../../views';

const TTL = 60_000;

export { PAGE_SLUGS, type PageSlug } from '~/lib/api/contract/content';

// ── news ──────────────────────────────────────────────────────────────────────────────────────

/** News categories in display order. */
export function articleCategoryList() {
  return cached('content:article-cates', TTL, () =>
    db()
      .select({ id: articleCategories.id, name: articleCategories.name })
      .from(articleCategories)
      .orderBy(asc(articleCategories.sort), asc(articleCategories.id)),
  );
}

/** One page of published news, newest first, optionally of one category. */
const articleCols = {
  id: articles.id,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  author: articles.author,
  views: articles.views,
  cate_id: articles.categoryId,
  cate_name: articleCategories.name,
  published_at: articles.publishedAt,
};

export async function articlePage(opts: { cateId?: number | undefined; page: number; limit: number }) {
  const where = and(eq(articles.status, 1), opts.cateId ? eq(articles.categoryId, opts.cateId) : undefined);
  const [list, [total]] = await Promise.all([
    db()
      .select(articleCols)
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db().select({ n: count() }).from(articles).where(where),
  ]);
  return {
    list: list.map((a) => ({ ...a, published_at: a.published_at.toISOString() })),
    total: total?.n ?? 0,
    page: opts.page,
    limit: opts.limit,
  };
}

/** Published articles by id, in the order asked (the site search's ranking). */
export async function articlesByIds(ids: number[]) {
  if (!ids.length) return [];
  const rows = await db()
    .select(articleCols)
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(and(eq(articles.status, 1), inArray(articles.id, ids)));
  const byId = new Map(rows.map((a) => [a.id, { ...a, published_at: a.published_at.toISOString() }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A published article with its neighbours, or null. Counts a view (in memory, written in batches) when `countView`. */
export async function articleDetail(id: number, countView = false) {
  const [a] = await db()
    .select({
      id: articles.id,
      title: articles.title,
      summary: articles.summary,
      cover: articles.cover,
      author: articles.author,
      content: articles.content,
      views: articles.views,
      cate_id: articles.categoryId,
      cate_name: articleCategories.name,
      published_at: articles.publishedAt,
    })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(and(eq(articles.id, id), eq(articles.status, 1)))
    .limit(1);
  if (!a) return null;
  const unwritten = countView ? countViewLater('article', id) : unflushedViews('article', id);
  const neighbour = (newer: boolean) =>
    db()
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(and(eq(articles.status, 1), newer ? gt(articles.publishedAt, a.published_at) : lt(articles.publishedAt, a.published_at)))
      .orderBy(newer ? asc(articles.publishedAt) : desc(articles.publishedAt))
      .limit(1);
  const [[prev], [next]] = await Promise.all([neighbour(true), neighbour(false)]);
  return {
    ...a,
    views: a.views + unwritten,
    published_at: a.published_at.toISOString(),
    prev: prev ?? null,
    next: next ?? null,
  };
}

/** Adds a news article; the body is sanitised before it is stored. */
export async function createArticle(input: {
  categoryId: number;
  title: string;
  summary?: string;
  cover?: string;
  author?: string;
  content: string;
  publishedAt?: Date;
}) {
  const [row] = await db()
    .insert(articles)
    .values({ ...input, content: sanitizeRichText(input.content) })
    .returning({ id: articles.id });
  if (!row) throw new Error('article insert returned nothing');
  invalidate('content:');
  invalidatePages();
  return row.id;
}

// ── help ──────────────────────────────────────────────────────────────────────────────────────

/** Help groups each with their first `limit` article titles (SPEC §3 "Help article group"). */
export function helpArticleGroups(limit = 5) {
  return cached(`content:help-groups:${limit}`, TTL, async () => {
    const groups = await db().select().from(helpGroups).orderBy(asc(helpGroups.sort), asc(helpGroups.id));
    const items = await db()
      .select({ id: helpArticles.id, title: helpArticles.title, groupId: helpArticles.groupId })
      .from(helpArticles)
      .where(eq(helpArticles.status, 1))
      .orderBy(asc(helpArticles.sort), asc(helpArticles.id));
    return groups.map((g) => {
      const mine = items.filter((i) => i.groupId === g.id);
      return {
        id: g.id,
        name: g.name,
        total: mine.length,
        articles_limit: mine.slice(0, limit).map(({ id, title }) => ({ id, title })),
      };
    });
  });
}

/** A help group with all its articles, or null. */
export function helpCategory(id: number) {
  return cached(`content:help-cate:${id}`, TTL, async () => {
    const [g] = await db().select().from(helpGroups).where(eq(helpGroups.id, id)).limit(1);
    if (!g) return null;
    const list = await db()
      .select({ id: helpArticles.id, title: helpArticles.title, updated_at: helpArticles.updatedAt })
      .from(helpArticles)
      .where(and(eq(helpArticles.groupId, id), eq(helpArticles.status, 1)))
      .orderBy(asc(helpArticles.sort), asc(helpArticles.id));
    return { id: g.id, name: g.name, list: list.map((a) => ({ ...a, updated_at: a.updated_at.toISOString() })) };
  });
}

/** One help article with its group, or null. */
export function helpDetail(id: number) {
  return cached(`content:help:${id}`, TTL, async () => {
    const [a] = await db()
      .select({
        id: helpArticles.id,
        title: helpArticles.title,
        content: helpArticles.content,
        updated_at: helpArticles.updatedAt,
        group_id: helpGroups.id,
        group_name: helpGroups.name,
      })
      .from(helpArticles)
      .innerJoin(helpGroups, eq(helpGroups.id, helpArticles.groupId))
      .where(and(eq(helpArticles.id, id), eq(helpArticles.status, 1)))
      .limit(1);
    return a ? { ...a, updated_at: a.updated_at.toISOString() } : null;
  });
}

/** Adds a help group with its articles (bodies sanitised). */
export async function createHelpGroup(name: string, sort: number, items: { title: string; content: string }[]) {
  const [g] = await db().insert(helpGroups).values({ name, sort }).returning({ id: helpGroups.id });
  if (!g) throw new Error('help group insert returned nothing');
  if (items.length) {
    await db()
      .insert(helpArticles)
      .values(items.map((it, i) => ({ groupId: g.id, title: it.title, content: sanitizeRichText(it.content), sort: i })));
  }
  invalidate('content:');
  invalidatePages();
  return g.id;
}

// ── fixed pages ───────────────────────────────────────────────────────────────────────────────

/** An agreement or other fixed page by slug, or null. */
export function pageBySlug(slug: string) {
  return cached(`content:page:${slug}`, TTL, async () => {
    const [p] = await db().select().from(pages).where(eq(pages.slug, slug)).limit(1);
    return p ? { slug: p.slug, title: p.title, content: p.content, updated_at: p.updatedAt.toISOString() } : null;
  });
}

/** Creates or replaces a fixed page (body sanitised), dated now unless the document carries its own date. */
export async function savePage(slug: string, title: string, content: string, updatedAt?: Date): Promise<void> {
  const clean = sanitizeRichText(content);
  const when = updatedAt ?? sql`now()`;
  await db()
    .insert(pages)
    .values({ slug, title, content: clean, updatedAt: when })
    .onConflictDoUpdate({ target: pages.slug, set: { title, content: clean, updatedAt: when } });
  invalidate('content:');
  invalidatePages();
}

/** The most read published articles (sidebars). */
export function hotArticles(limit = 6) {
  return cached(`content:hot:${limit}`, TTL, () =>
    db()
      .select({ id: articles.id, title: articles.title, views: articles.views })
      .from(articles)
      .where(eq(articles.status, 1))
      .orderBy(desc(articles.views), desc(articles.publishedAt))
      .limit(limit),
  );
}
