import type { OpenAPIHono } from '@hono/zod-openapi';
import { contentApi } from '~/lib/api/contract/content';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import {
  articleCategoryList,
  articleDetail,
  articlePage,
  helpArticleGroups,
  helpCategory,
  helpDetail,
  pageBySlug,
} from './content.service';

/** The record, or the 404 refusal with `msg`. */
function found<T>(row: T | null, msg: string): T {
  if (row === null) throw notFound(msg);
  return row;
}

/** News, help centre and agreements (SPEC §2 "Articles and help", "Agreements"). */
export function registerContent(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, contentApi.helpArticleGroup, ({ input }) => helpArticleGroups(input.limit));
  endpoint(api, contentApi.helpCate, async ({ input }) => found(await helpCategory(input.id), '帮助分类不存在'));
  endpoint(api, contentApi.helpDetail, async ({ input }) => found(await helpDetail(input.id), '帮助文章不存在'));
  endpoint(api, contentApi.articleCate, () => articleCategoryList());
  endpoint(api, contentApi.articleList, ({ input }) => articlePage({ cateId: input.cate_id, page: input.page, limit: input.limit }));
  endpoint(api, contentApi.articleDetail, async ({ input }) => found(await articleDetail(input.id, true), '文章不存在或已下架'));
  endpoint(api, contentApi.agreement, async ({ input }) => found(await pageBySlug(input.slug), '协议不存在'));
}
