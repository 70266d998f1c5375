import type { OpenAPIHono } from '@hono/zod-openapi';
import { sellerShopApi as A } from '~/lib/api/contract/seller-shop';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { agentCoursesPage, agentMarket, agentMine, agentPick, agentShow, courseOffer } from './agency.service';
import { goodsManage, goodsManageInfo, goodsSave, goodsStatus } from './goods-manage.service';
import { assertAgent } from '../catalogue/shop.service';
import { homeClasses, homeCourses, homeInfo } from './home.service';
import {
  bannerDelete,
  bannerList,
  bannerSave,
  bannerSort,
  coachSetInfo,
  coachSetInfoSave,
  shopSetInfo,
  shopSetInfoSave,
} from './settings.service';

/** Seller settings, banners, goods management, agency and the owner's homepage. */
export function registerSellerShop(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, A.shopSetInfo, ({ user }) => shopSetInfo(user.id));
  endpoint(api, A.shopSetInfoSave, ({ user, input }) => shopSetInfoSave(user.id, input));
  endpoint(api, A.coachSetInfo, ({ user }) => coachSetInfo(user.id));
  endpoint(api, A.coachSetInfoSave, ({ user, input }) => coachSetInfoSave(user.id, input));
  endpoint(api, A.bannerList, ({ user }) => bannerList(user));
  endpoint(api, A.bannerSave, ({ user, input }) => bannerSave(user, input));
  endpoint(api, A.bannerDelete, ({ user, input }) => bannerDelete(user, input.id));
  endpoint(api, A.bannerSort, ({ user, input }) => bannerSort(user, input.ids));
  endpoint(api, A.goodsManage, ({ user, input }) => goodsManage(user.id, input));
  endpoint(api, A.goodsManageInfo, ({ user, input }) => goodsManageInfo(user.id, input.id));
  endpoint(api, A.goodsSave, ({ user, input }) => goodsSave(user.id, input));
  endpoint(api, A.goodsStatus, ({ user, input }) => goodsStatus(user.id, input.id, input.status));
  endpoint(api, A.agentMarket, ({ user, input }) => agentMarket(user, input.kind, input.q, input.page, input.limit));
  endpoint(api, A.agentMine, ({ user, input }) => agentMine(user, input.kind, input.page, input.limit));
  endpoint(api, A.agentPick, ({ user, input }) => agentPick(user, input.kind, input.id, input.status));
  endpoint(api, A.agentShow, ({ user, input }) => agentShow(user, input.kind, input.id, input.shown));
  endpoint(api, A.courseOffer, ({ user, input }) => courseOffer(user, input.course_id, input.rate_bp));
  endpoint(api, A.homeInfo, ({ user }) => homeInfo(user));
  endpoint(api, A.homeCourses, ({ user, input }) => homeCourses(user, input.page, input.limit));
  endpoint(api, A.homeClasses, ({ user, input }) => homeClasses(user.id, input.page, input.limit));
  endpoint(api, A.agentCourses, async ({ input }) => {
    await assertAgent(input.type, input.id);
    return agentCoursesPage(input.type, input.id, input.page, input.limit);
  });
}
