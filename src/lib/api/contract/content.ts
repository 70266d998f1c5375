import { z } from 'zod';
import { defineEndpoint, noInput } from '../define';
import { idField, intField, isoTime, pageInput, pageSchema } from '../fields';
import { PAGE_SLUGS } from '../../rules/agreements';

const tags = ['内容'];

/** Slugs of the fixed pages: the nine agreements of SPEC §2 and the account "other" pages. */
export { PAGE_SLUGS, type PageSlug } from '../../rules/agreements';

/** A title linking to an article (help lists, previous/next). */
export const articleLinkSchema = z.object({ id: z.number().int(), title: z.string() });

/** SPEC §3 "Help article group": name and the first articles (articles_limit). */
export const helpGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  total: z.number().int().describe('该组文章总数'),
  articles_limit: z.array(articleLinkSchema),
});
export type HelpGroup = z.output<typeof helpGroupSchema>;

export const helpCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  list: z.array(articleLinkSchema.extend({ updated_at: isoTime() })),
});

export const helpDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().describe('已净化的 HTML'),
  updated_at: isoTime(),
  group_id: z.number().int(),
  group_name: z.string(),
});

export const articleItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  author: z.string(),
  views: z.number().int(),
  cate_id: z.number().int(),
  cate_name: z.string(),
  published_at: isoTime(),
});
export type ArticleItem = z.output<typeof articleItemSchema>;

export const articleDetailSchema = articleItemSchema.extend({
  content: z.string().describe('已净化的 HTML'),
  prev: articleLinkSchema.nullable().describe('较新的一篇'),
  next: articleLinkSchema.nullable().describe('较早的一篇'),
});

export const fixedPageSchema = z.object({ slug: z.string(), title: z.string(), content: z.string(), updated_at: isoTime() });

/** News, help centre and agreements (SPEC §2 "Articles and help", "Agreements"). */
export const contentApi = {
  helpArticleGroup: defineEndpoint({
    path: '/index/helpArticleGroup',
    summary: '帮助分组及其文章标题',
    tags,
    access: 'public',
    input: z.object({
      limit: intField('每组篇数', { min: 1, max: 20, tooSmall: '每组至少 1 篇', tooBig: '每组最多 20 篇' }).default(5),
    }),
    output: z.array(helpGroupSchema),
  }),
  helpCate: defineEndpoint({
    path: '/index/helpCate',
    summary: '帮助分类及其全部文章',
    tags,
    access: 'public',
    input: z.object({ id: idField('分类 id') }),
    output: helpCategorySchema,
  }),
  helpDetail: defineEndpoint({
    path: '/index/helpDetail',
    summary: '帮助文章详情',
    tags,
    access: 'public',
    input: z.object({ id: idField('文章 id') }),
    output: helpDetailSchema,
  }),
  articleCate: defineEndpoint({
    path: '/index/articleCate',
    summary: '资讯分类',
    tags,
    access: 'public',
    input: noInput,
    output: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  articleList: defineEndpoint({
    path: '/index/articleList',
    summary: '资讯列表（分页，可按分类）',
    tags,
    access: 'public',
    input: z.object({ cate_id: idField('分类 id').optional(), ...pageInput }),
    output: pageSchema(articleItemSchema),
  }),
  articleDetail: defineEndpoint({
    path: '/index/articleDetail',
    summary: '资讯详情（计一次阅读）',
    tags,
    access: 'public',
    input: z.object({ id: idField('文章 id') }),
    output: articleDetailSchema,
  }),
  agreement: defineEndpoint({
    path: '/index/agreement',
    summary: '协议与固定页面',
    tags,
    access: 'public',
    input: z.object({ slug: z.enum(PAGE_SLUGS, { error: '协议不存在' }) }),
    output: fixedPageSchema,
  }),
};
