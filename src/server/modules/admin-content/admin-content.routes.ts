import type { OpenAPIHono } from '@hono/zod-openapi';
import { count, eq } from 'drizzle-orm';
import { adminContentApi as A } from '~/lib/api/contract/admin-content';
import { db } from '../../db';
import { articles } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { registerQueue } from '../../console/queues';
import { storeImage } from '../upload/upload.routes';
import * as C from './content.admin';
import { catalogueList, putBackOnSale, takeOffSale } from './catalogue.admin';
import * as S from './site.admin';

/** The console's content, configuration and catalogue pages. */
export function registerAdminContent(api: OpenAPIHono<AppEnv>): void {
  const bodyLimitKb = 4096;
  endpoint(api, { ...A.upload, bodyLimitKb }, ({ input, staff }) => storeImage(input.image, input.type, `staff${staff.id}`));

  endpoint(api, A.articleCates, ({ input }) => C.articleCates(input.page, input.limit));
  endpoint(api, A.articleCateSave, ({ input, staff, c }) => C.saveArticleCate({ staff, c }, input));
  endpoint(api, A.articleCateDelete, ({ input, staff, c }) => C.deleteArticleCate({ staff, c }, input.id));
  endpoint(api, A.articles, ({ input }) => C.adminArticles({ ...input, cateId: input.cate_id }));
  endpoint(api, A.articleInfo, ({ input }) => C.adminArticle(input.id));
  endpoint(api, { ...A.articleSave, bodyLimitKb: 512 }, ({ input, staff, c }) => C.saveArticle({ staff, c }, input));
  endpoint(api, A.articleStatus, ({ input, staff, c }) => C.setArticleStatus({ staff, c }, input.id, input.status));
  endpoint(api, A.articleDelete, ({ input, staff, c }) => C.deleteArticle({ staff, c }, input.id));

  endpoint(api, A.helpGroups, ({ input }) => C.adminHelpGroups(input.page, input.limit));
  endpoint(api, A.helpGroupSave, ({ input, staff, c }) => C.saveHelpGroup({ staff, c }, input));
  endpoint(api, A.helpGroupDelete, ({ input, staff, c }) => C.deleteHelpGroup({ staff, c }, input.id));
  endpoint(api, A.helpArticles, ({ input }) => C.adminHelpArticles({ page: input.page, limit: input.limit, groupId: input.group_id }));
  endpoint(api, A.helpArticleInfo, ({ input }) => C.adminHelpArticle(input.id));
  endpoint(api, { ...A.helpArticleSave, bodyLimitKb: 512 }, ({ input, staff, c }) => C.saveHelpArticle({ staff, c }, input));
  endpoint(api, A.helpArticleDelete, ({ input, staff, c }) => C.deleteHelpArticle({ staff, c }, input.id));
  endpoint(api, A.helpSort, ({ input, staff, c }) => C.sortHelp({ staff, c }, input));

  endpoint(api, A.pages, ({ input }) => C.adminPages(input.page, input.limit));
  endpoint(api, A.pageInfo, ({ input }) => C.adminPage(input.slug));
  endpoint(api, { ...A.pageSave, bodyLimitKb: 512 }, ({ input, staff, c }) => C.savePageAdmin({ staff, c }, input));

  endpoint(api, A.announcements, ({ input }) => S.adminAnnouncements(input.page, input.limit));
  endpoint(api, { ...A.announcementSave, bodyLimitKb: 256 }, ({ input, staff, c }) => S.publishAnnouncement({ staff, c }, input));
  endpoint(api, A.announcementWithdraw, ({ input, staff, c }) => S.withdrawAnnouncement({ staff, c }, input.id));

  endpoint(api, A.adverts, ({ input }) => S.adminAdverts(input));
  endpoint(api, A.advertSave, ({ input, staff, c }) => S.saveAdvert({ staff, c }, input));
  endpoint(api, A.advertStatus, ({ input, staff, c }) => S.setAdvertStatus({ staff, c }, input.id, input.status));
  endpoint(api, A.advertDelete, ({ input, staff, c }) => S.deleteAdvert({ staff, c }, input.id));

  endpoint(api, A.config, ({ input, staff, c }) => S.adminConfig({ staff, c }, input.page, input.limit));
  endpoint(api, A.configSave, ({ input, staff, c }) => S.saveConfig({ staff, c }, input.key, input.value));

  endpoint(api, A.coupons, ({ input }) => S.adminCoupons(input));
  endpoint(api, A.couponSave, ({ input, staff, c }) => S.saveCoupon({ staff, c }, input));
  endpoint(api, A.couponStop, ({ input, staff, c }) => S.stopCoupon({ staff, c }, input.id));

  endpoint(api, A.labels, ({ input }) => S.adminLabels(input.page, input.limit));
  endpoint(api, A.labelSave, ({ input, staff, c }) => S.saveLabel({ staff, c }, input));
  endpoint(api, A.labelStatus, ({ input, staff, c }) => S.setLabelStatus({ staff, c }, input.id, input.status));
  endpoint(api, A.labelSort, ({ input, staff, c }) => S.sortLabels({ staff, c }, input.ids));

  endpoint(api, A.catalogue, ({ input }) => catalogueList(input.kind, input));
  endpoint(api, A.catalogueOff, ({ input, staff, c }) => takeOffSale({ staff, c }, input.kind, input.id, input.reason));
  endpoint(api, A.catalogueOn, ({ input, staff, c }) => putBackOnSale({ staff, c }, input.kind, input.id, input.note));

  // Drafts waiting to be published: the content team's to-do on the dashboard.
  registerQueue({
    key: 'article-drafts',
    label: '待发布资讯草稿',
    href: '/admin/articles?status=draft',
    roles: ['content'],
    count: async () => (await db().select({ n: count() }).from(articles).where(eq(articles.status, 0)))[0]?.n ?? 0,
  });
}
