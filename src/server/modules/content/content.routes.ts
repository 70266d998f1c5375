import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { pageInput, pageSchema } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { idField } from '../../http/fields';
import {
  PAGE_SLUGS,
  articleCategoryList,
  articleDetail,
  articlePage,
  helpArticleGroups,
  helpCategory,
  helpDetail,
  pageBySlug,
} from './content.service';

const articleItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  author: z.string(),
  views: z.number().int(),
  cate_id: z.number().int(),
  cate_name: z.string(),
  published_at: z.string(),
});
const link = z.object({ id: z.number().int(), title: z.string() });

/** News, help centre and agreements (SPEC §2 "Articles and help", "Agreements"). */
export function registerContent(api: OpenAPIHono<AppEnv>): void {
  endpoint(
    api,
    {
      path: '/index/helpArticleGroup',
      summary: '帮助分组及其文章标题',
      tags: ['内容'],
      access: 'public',
      input: z.object({ limit: z.coerce.number().int().min(1).max(20, '每组最多 20 篇').default(5) }),
      output: z.array(z.object({ id: z.number().int(), name: z.string(), total: z.number().int(), articles_limit: z.array(link) })),
    },
    ({ input }) => helpArticleGroups(input.limit),
  );

  endpoint(
    api,
    {
      path: '/index/helpCate',
      summary: '帮助分类及其全部文章',
      tags: ['内容'],
      access: 'public',
      input: z.object({ id: idField('分类 id') }),
      output: z.object({ id: z.number().int(), name: z.string(), list: z.array(link.extend({ updated_at: z.string() })) }),
    },
    async ({ input }) => (await helpCategory(input.id)) ?? Promise.reject(notFound('帮助分类不存在')),
  );

  endpoint(
    api,
    {
      path: '/index/helpDetail',
      summary: '帮助文章详情',
      tags: ['内容'],
      access: 'public',
      input: z.object({ id: idField('文章 id') }),
      output: z.object({
        id: z.number().int(),
        title: z.string(),
        content: z.string(),
        updated_at: z.string(),
        group_id: z.number().int(),
        group_name: z.string(),
      }),
    },
    async ({ input }) => (await helpDetail(input.id)) ?? Promise.reject(notFound('帮助文章不存在')),
  );

  endpoint(
    api,
    {
      path: '/index/articleCate',
      summary: '资讯分类',
      tags: ['内容'],
      access: 'public',
      output: z.array(z.object({ id: z.number().int(), name: z.string() })),
    },
    () => articleCategoryList(),
  );

  endpoint(
    api,
    {
      path: '/index/articleList',
      summary: '资讯列表（分页，可按分类）',
      tags: ['内容'],
      access: 'public',
      input: z.object({ cate_id: idField('分类 id').optional(), ...pageInput }),
      output: pageSchema(articleItem),
    },
    ({ input }) => articlePage({ cateId: input.cate_id, page: input.page, limit: input.limit }),
  );

  endpoint(
    api,
    {
      path: '/index/articleDetail',
      summary: '资讯详情（计一次阅读）',
      tags: ['内容'],
      access: 'public',
      input: z.object({ id: idField('文章 id') }),
      output: articleItem.extend({ content: z.string(), prev: link.nullable(), next: link.nullable() }),
    },
    async ({ input }) => (await articleDetail(input.id, true)) ?? Promise.reject(notFound('文章不存在或已下架')),
  );

  endpoint(
    api,
    {
      path: '/index/agreement',
      summary: '协议与固定页面',
      tags: ['内容'],
      access: 'public',
      input: z.object({ slug: z.enum(PAGE_SLUGS, { error: '协议不存在' }) }),
      output: z.object({ slug: z.string(), title: z.string(), content: z.string(), updated_at: z.string() }),
    },
    async ({ input }) => (await pageBySlug(input.slug)) ?? Promise.reject(notFound('协议不存在')),
  );
}
