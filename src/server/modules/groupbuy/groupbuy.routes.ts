import type { OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { SHARE_COOKIE } from '~/lib/rules/promotion';
import { adminGroupBuyApi, groupBuyApi, sellerGroupBuyApi } from '~/lib/api/contract/groupbuy';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { saveCampaign, sellerCampaigns, sellerItems, stopCampaign } from './campaign.service';
import { adminCampaigns, adminStopCampaign } from './groupbuy.admin';
import { groupsForItem, joinGroup, myGroups, openGroup } from './group.service';

/** 拼团 (groupbuy README). Group orders are wired into commerce in hooks.ts; failing groups run in jobs.ts. */
export function registerGroupBuy(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, sellerGroupBuyApi.list, ({ user, input }) => sellerCampaigns(user.id, input.page, input.limit));
  endpoint(api, sellerGroupBuyApi.items, ({ user }) => sellerItems(user.id));
  endpoint(api, sellerGroupBuyApi.save, ({ user, input }) => saveCampaign(user.id, input));
  endpoint(api, sellerGroupBuyApi.stop, ({ user, input }) => stopCampaign(user.id, input.id));

  endpoint(api, groupBuyApi.forItem, ({ input, user }) => groupsForItem(input.kind, input.id, input.group, user?.id ?? null));
  // The 分销 attribution cookie rides along to commerce's order.created, as on an ordinary checkout.
  endpoint(api, groupBuyApi.open, ({ user, input, c }) => openGroup(user.id, input.campaign_id, getCookie(c, SHARE_COOKIE) ?? null));
  endpoint(api, groupBuyApi.join, ({ user, input, c }) => joinGroup(user.id, input.group_id, getCookie(c, SHARE_COOKIE) ?? null));
  endpoint(api, adminGroupBuyApi.list, ({ input }) => adminCampaigns(input));
  endpoint(api, adminGroupBuyApi.stop, ({ input, staff, c }) => adminStopCampaign({ staff, c }, input.id, input.reason));

  endpoint(api, groupBuyApi.mine, ({ user, input }) => myGroups(user.id, input.page, input.limit));
}
