import { and, asc, count, desc, eq, ilike, max, sql, type SQL } from 'drizzle-orm';
import { PAGE_SLUGS, type PageSlug } from '~/lib/api/contract/content';
import { documentHref } from '~/lib/rules/agreements';
import { db } from '../../db';
import { articleCategories, articles, helpArticles, helpGroups, pages } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { sanitizeRichText } from '../../security/sanitize';
import { audit } from '../../console/audit';
import { published, sortOf, storedImage, type Actor, written } from '../../console/shared';

const bit = (n: number) => (n === 1 ? 1 : 0) as 0 | 1;
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A rich-text body that is empty once sanitised is no body. */
function cleanBody(html: string, label: string): string {
  const clean = sanitizeRichText(html);
  if (!clean.replace(/<[^>]*>/g, '').trim() && !/<img\s/i.test(clean)) throw refuse(`请填写${label}`);
  return clean;
}
const isUnique = (e: unknown) =>
  (e as { code?: string; cause?: { code?: string } }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

// ── article categories ──────────────────────────────────────────────────────────────────────

export async function articleCates(page: number, limit: number) {
  const n = sql<number>`(select count(*)::int from ${articles} where ${articles.categoryId} = ${articleCategories.id})`;
  const [rows, [total]] = await Promise.all([
    db()
      .select({ id: articleCategories.id, name: articleCategories.name, sort: articleCategories.sort, articles: n })
      .from(articleCategories)
      .orderBy(asc(articleCategories.sort), asc(articleCategories.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(articleCategories),
  ]);
  return { list: rows, total: total?.n ?? 0, page, limit };
}

export async function saveArticleCate(a: Actor, input: { id?: number | undefined; name: string; sort: number }) {
  try {
    return await db().transaction(async (tx) => {
      let id = input.id;
      if (id) {
        const [before] = await tx.select().from(articleCategories).where(eq(articleCategories.id, id)).for('update');
        if (!before) throw notFound('分类不存在');
        const [after] = await tx
          .update(articleCategories)
          .set({ name: input.name, sort: input.sort })
          .where(eq(articleCategories.id, id))
          .returning();
        await audit(tx, a, { action: 'article_category.update', target: 'article_categories', targetId: id, before, after });
      } else {
        const after = written(await tx.insert(articleCategories).values({ name: input.name, sort: input.sort }).returning());
        id = after.id;
        await audit(tx, a, { action: 'article_category.create', target: 'article_categories', targetId: id, after });
      }
      published('content:');
      return { id };
    });
  } catch (e) {
    if (isUnique(e)) throw refuse('已有同名分类，请换一个名称');
    throw e;
  }
}

export async function deleteArticleCate(a: Actor, id: number) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(articleCategories).where(eq(articleCategories.id, id)).for('update');
    if (!before) throw notFound('分类不存在');
    const [used] = await tx.select({ n: count() }).from(articles).where(eq(articles.categoryId, id));
    if (used?.n) throw refuse(`该分类下还有 ${used.n} 篇文章，请先移走或删除`);
    await tx.delete(articleCategories).where(eq(articleCategories.id, id));
    await audit(tx, a, { action: 'article_category.delete', target: 'article_categories', targetId: id, before });
  });
  published('content:');
  return null;
}

// ── articles ────────────────────────────────────────────────────────────────────────────────

const articleCols = {
  id: articles.id,
  category_id: articles.categoryId,
  category_name: articleCategories.name,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  author: articles.author,
  status: articles.status,
  views: articles.views,
  published_at: articles.publishedAt,
  updated_at: articles.updatedAt,
};
type ArticleRow = { status: number; published_at: Date; updated_at: Date };
const articleOut = <T extends ArticleRow>(r: T) => ({
  ...r,
  status: bit(r.status),
  published_at: r.published_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export async function adminArticles(opts: {
  page: number;
  limit: number;
  cateId?: number | undefined;
  status: 'all' | 'published' | 'draft';
  keyword: string;
}) {
  const where: SQL[] = [];
  if (opts.cateId) where.push(eq(articles.categoryId, opts.cateId));
  if (opts.status !== 'all') where.push(eq(articles.status, opts.status === 'published' ? 1 : 0));
  if (opts.keyword) where.push(ilike(articles.title, like(opts.keyword)));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select(articleCols)
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(cond)
      .orderBy(desc(articles.updatedAt), desc(articles.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db().select({ n: count() }).from(articles).where(cond),
  ]);
  return { list: rows.map(articleOut), total: total?.n ?? 0, page: opts.page, limit: opts.limit };
}

export async function adminArticle(id: number) {
  const [r] = await db()
    .select({ ...articleCols, content: articles.content })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(eq(articles.id, id))
    .limit(1);
  if (!r) throw notFound('文章不存在或已删除');
  return articleOut(r);
}

export async function saveArticle(
  a: Actor,
  input: {
    id?: number | undefined;
    category_id: number;
    title: string;
    summary: string;
    author: string;
    cover: string;
    content: string;
    status: 0 | 1;
  },
) {
  const [cate] = await db().select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.id, input.category_id));
  if (!cate) throw refuse('请选择分类');
  const values = {
    categoryId: input.category_id,
    title: input.title,
    summary: input.summary,
    author: input.author,
    cover: storedImage(input.cover, '封面'),
    content: cleanBody(input.content, '正文'),
    status: input.status,
  };
  const out = await db().transaction(async (tx) => {
    if (input.id) {
      const [before] = await tx.select().from(articles).where(eq(articles.id, input.id)).for('update');
      if (!before) throw notFound('文章不存在或已删除');
      // Publishing a draft dates it now, so it leads the list; an edit keeps its date.
      const publishedAt = before.status === 0 && input.status === 1 ? new Date() : before.publishedAt;
      const after = written(
        await tx
          .update(articles)
          .set({ ...values, publishedAt })
          .where(eq(articles.id, input.id))
          .returning(),
      );
      await audit(tx, a, { action: 'article.update', target: 'articles', targetId: input.id, before, after });
      return { id: input.id };
    }
    const after = written(await tx.insert(articles).values(values).returning());
    await audit(tx, a, { action: 'article.create', target: 'articles', targetId: after.id, after });
    return { id: after.id };
  });
  published('content:');
  return out;
}

export async function setArticleStatus(a: Actor, id: number, status: 0 | 1) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
    if (!before) throw notFound('文章不存在或已删除');
    if (before.status === status) throw refuse(status ? '文章已是发布状态' : '文章已是草稿状态');
    const after = written(
      await tx
        .update(articles)
        .set(status === 1 ? { status, publishedAt: new Date() } : { status })
        .where(and(eq(articles.id, id), eq(articles.status, before.status)))
        .returning(),
    );
    await audit(tx, a, {
      action: status ? 'article.publish' : 'article.unpublish',
      target: 'articles',
      targetId: id,
      before: { status: before.status },
      after: { status: after.status },
    });
  });
  published('content:');
  return { id, status };
}

export async function deleteArticle(a: Actor, id: number) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
    if (!before) throw notFound('文章不存在或已删除');
    await tx.delete(articles).where(eq(articles.id, id));
    await audit(tx, a, { action: 'article.delete', target: 'articles', targetId: id, before });
  });
  published('content:');
  return null;
}

// ── help ────────────────────────────────────────────────────────────────────────────────────

export async function adminHelpGroups(page: number, limit: number) {
  const n = sql<number>`(select count(*)::int from ${helpArticles} where ${helpArticles.groupId} = ${helpGroups.id})`;
  const [rows, [total]] = await Promise.all([
    db()
      .select({ id: helpGroups.id, name: helpGroups.name, sort: helpGroups.sort, articles: n })
      .from(helpGroups)
      .orderBy(asc(helpGroups.sort), asc(helpGroups.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(helpGroups),
  ]);
  return { list: rows, total: total?.n ?? 0, page, limit };
}

export async function saveHelpGroup(a: Actor, input: { id?: number | undefined; name: string }) {
  try {
    const out = await db().transaction(async (tx) => {
      if (input.id) {
        const [before] = await tx.select().from(helpGroups).where(eq(helpGroups.id, input.id)).for('update');
        if (!before) throw notFound('分组不存在');
        const [after] = await tx.update(helpGroups).set({ name: input.name }).where(eq(helpGroups.id, input.id)).returning();
        await audit(tx, a, { action: 'help_group.update', target: 'help_groups', targetId: input.id, before, after });
        return { id: input.id };
      }
      const [last] = await tx.select({ m: max(helpGroups.sort) }).from(helpGroups);
      const after = written(
        await tx
          .insert(helpGroups)
          .values({ name: input.name, sort: (last?.m ?? 0) + 10 })
          .returning(),
      );
      await audit(tx, a, { action: 'help_group.create', target: 'help_groups', targetId: after.id, after });
      return { id: after.id };
    });
    published('content:');
    return out;
  } catch (e) {
    if (isUnique(e)) throw refuse('已有同名分组，请换一个名称');
    throw e;
  }
}

export async function deleteHelpGroup(a: Actor, id: number) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(helpGroups).where(eq(helpGroups.id, id)).for('update');
    if (!before) throw notFound('分组不存在');
    const [used] = await tx.select({ n: count() }).from(helpArticles).where(eq(helpArticles.groupId, id));
    if (used?.n) throw refuse(`该分组下还有 ${used.n} 篇文章，请先移走或删除`);
    await tx.delete(helpGroups).where(eq(helpGroups.id, id));
    await audit(tx, a, { action: 'help_group.delete', target: 'help_groups', targetId: id, before });
  });
  published('content:');
  return null;
}

const helpCols = {
  id: helpArticles.id,
  group_id: helpArticles.groupId,
  group_name: helpGroups.name,
  title: helpArticles.title,
  sort: helpArticles.sort,
  status: helpArticles.status,
  updated_at: helpArticles.updatedAt,
};
const helpOut = <T extends { status: number; updated_at: Date }>(r: T) => ({
  ...r,
  status: bit(r.status),
  updated_at: r.updated_at.toISOString(),
});

export async function adminHelpArticles(opts: { page: number; limit: number; groupId?: number | undefined }) {
  const cond = opts.groupId ? eq(helpArticles.groupId, opts.groupId) : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select(helpCols)
      .from(helpArticles)
      .innerJoin(helpGroups, eq(helpGroups.id, helpArticles.groupId))
      .where(cond)
      .orderBy(asc(helpGroups.sort), asc(helpGroups.id), asc(helpArticles.sort), asc(helpArticles.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db().select({ n: count() }).from(helpArticles).where(cond),
  ]);
  return { list: rows.map(helpOut), total: total?.n ?? 0, page: opts.page, limit: opts.limit };
}

export async function adminHelpArticle(id: number) {
  const [r] = await db()
    .select({ ...helpCols, content: helpArticles.content })
    .from(helpArticles)
    .innerJoin(helpGroups, eq(helpGroups.id, helpArticles.groupId))
    .where(eq(helpArticles.id, id));
  if (!r) throw notFound('帮助文章不存在或已删除');
  return helpOut(r);
}

export async function saveHelpArticle(
  a: Actor,
  input: { id?: number | undefined; group_id: number; title: string; content: string; status: 0 | 1 },
) {
  const [group] = await db().select({ id: helpGroups.id }).from(helpGroups).where(eq(helpGroups.id, input.group_id));
  if (!group) throw refuse('请选择分组');
  const values = { groupId: input.group_id, title: input.title, content: cleanBody(input.content, '正文'), status: input.status };
  const out = await db().transaction(async (tx) => {
    if (input.id) {
      const [before] = await tx.select().from(helpArticles).where(eq(helpArticles.id, input.id)).for('update');
      if (!before) throw notFound('帮助文章不存在或已删除');
      const [after] = await tx.update(helpArticles).set(values).where(eq(helpArticles.id, input.id)).returning();
      await audit(tx, a, { action: 'help_article.update', target: 'help_articles', targetId: input.id, before, after });
      return { id: input.id };
    }
    const [last] = await tx
      .select({ m: max(helpArticles.sort) })
      .from(helpArticles)
      .where(eq(helpArticles.groupId, input.group_id));
    const after = written(
      await tx
        .insert(helpArticles)
        .values({ ...values, sort: (last?.m ?? 0) + 10 })
        .returning(),
    );
    await audit(tx, a, { action: 'help_article.create', target: 'help_articles', targetId: after.id, after });
    return { id: after.id };
  });
  published('content:');
  return out;
}

export async function deleteHelpArticle(a: Actor, id: number) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(helpArticles).where(eq(helpArticles.id, id)).for('update');
    if (!before) throw notFound('帮助文章不存在或已删除');
    await tx.delete(helpArticles).where(eq(helpArticles.id, id));
    await audit(tx, a, { action: 'help_article.delete', target: 'help_articles', targetId: id, before });
  });
  published('content:');
  return null;
}

/** Reorders all groups, or all articles of one group: `ids` must name exactly those, in the new order. */
export async function sortHelp(a: Actor, input: { kind: 'group' | 'article'; group_id?: number | undefined; ids: number[] }) {
  await db().transaction(async (tx) => {
    const table = input.kind === 'group' ? helpGroups : helpArticles;
    if (input.kind === 'article' && !input.group_id) throw refuse('请指定分组');
    const current =
      input.kind === 'group'
        ? await tx.select({ id: helpGroups.id, sort: helpGroups.sort }).from(helpGroups).for('update')
        : await tx
            .select({ id: helpArticles.id, sort: helpArticles.sort })
            .from(helpArticles)
            .where(eq(helpArticles.groupId, input.group_id ?? 0))
            .for('update');
    const same =
      current.length === input.ids.length && new Set(input.ids).size === input.ids.length && current.every((r) => input.ids.includes(r.id));
    if (!same) throw refuse('列表已有变动，请刷新后重新排序');
    const order = sortOf(input.ids);
    for (const [id, sort] of order) await tx.update(table).set({ sort }).where(eq(table.id, id));
    await audit(tx, a, {
      action: input.kind === 'group' ? 'help_group.sort' : 'help_article.sort',
      target: input.kind === 'group' ? 'help_groups' : 'help_articles',
      targetId: input.group_id ?? '',
      before: current.sort((x, y) => x.sort - y.sort).map((r) => r.id),
      after: input.ids,
    });
  });
  published('content:');
  return null;
}

// ── agreements ──────────────────────────────────────────────────────────────────────────────

const pagePath = documentHref;

export async function adminPages(page: number, limit: number) {
  const rows = await db().select({ slug: pages.slug, title: pages.title, updatedAt: pages.updatedAt }).from(pages);
  const all = PAGE_SLUGS.map((slug) => {
    const r = rows.find((x) => x.slug === slug);
    return { slug, title: r?.title ?? '', path: pagePath(slug), updated_at: r ? r.updatedAt.toISOString() : null };
  });
  return { list: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
}

export async function adminPage(slug: PageSlug) {
  const [r] = await db().select().from(pages).where(eq(pages.slug, slug));
  return { slug, title: r?.title ?? '', path: pagePath(slug), updated_at: r ? r.updatedAt.toISOString() : null, content: r?.content ?? '' };
}

export async function savePageAdmin(a: Actor, input: { slug: PageSlug; title: string; content: string }) {
  const content = cleanBody(input.content, '正文');
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(pages).where(eq(pages.slug, input.slug)).for('update');
    const after = written(
      await tx
        .insert(pages)
        .values({ slug: input.slug, title: input.title, content })
        .onConflictDoUpdate({ target: pages.slug, set: { title: input.title, content, updatedAt: sql`now()` } })
        .returning(),
    );
    await audit(tx, a, { action: 'page.update', target: 'pages', targetId: input.slug, before: before ?? null, after });
  });
  published('content:');
  return null;
}
