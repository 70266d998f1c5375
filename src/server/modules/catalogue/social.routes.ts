import type { OpenAPIHono } from '@hono/zod-openapi';
import { socialApi } from '~/lib/api/contract/catalogue-social';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { refuse } from '../../http/errors';
import { coachInfo, fansPage, favouritePage, focusPage, setFavourite, setFollow, shopInfo } from './social.service';
import { viewerId } from './viewer';

/** Coach and shop profiles, follow, favourites and the member's lists of them (the homepages: server/profiles). */
export function registerSocial(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, socialApi.coachInfo, async ({ input, c }) => coachInfo(input.coach_id, await viewerId(c)));
  endpoint(api, socialApi.shopInfo, async ({ input, c }) => shopInfo(input.shop_id, await viewerId(c)));

  endpoint(api, socialApi.follow, ({ input, user }) => {
    // The contract lets exactly one of the two through.
    if (input.coach_id) return setFollow(user.id, 'coach', input.coach_id, input.status);
    if (input.shop_id) return setFollow(user.id, 'shop', input.shop_id, input.status);
    throw refuse('请指定一位教练或一个店铺');
  });
  endpoint(api, socialApi.favourite, ({ input, user }) => setFavourite(user.id, input.type, input.id, input.status));
  endpoint(api, socialApi.favouriteList, ({ input, user }) => favouritePage(user.id, input.type, input.page, input.limit));
  endpoint(api, socialApi.focusList, ({ input, user }) => focusPage(user.id, input.page, input.limit));
  endpoint(api, socialApi.fansList, ({ input, user }) => fansPage(user.id, input.page, input.limit));
}
