import type { OpenAPIHono } from '@hono/zod-openapi';
import { mallApi } from '~/lib/api/contract/catalogue-shop';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { agentGoodsPage, assertAgent, categoryList, goodsDetail, goodsPage, shopPage } from './shop.service';
import { isFavourite } from './social.service';
import { viewerId } from './viewer';

/** The mall: categories, goods with SKUs, shops, agent goods. */
export function registerMall(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, mallApi.categories, () => categoryList());
  endpoint(api, mallApi.goodsList, ({ input }) =>
    goodsPage({
      categoryId: input.category_id,
      shopId: input.shop_id,
      q: input.q || undefined,
      minPrice: input.min_price,
      maxPrice: input.max_price,
      sort: input.sort,
      page: input.page,
      limit: input.limit,
    }),
  );
  endpoint(api, mallApi.goodsDetail, async ({ input, c }) => {
    const me = await viewerId(c);
    return { ...(await goodsDetail(input.id)), is_favorite: await isFavourite(me, 'goods', input.id) };
  });
  endpoint(api, mallApi.shopList, ({ input }) => shopPage({ page: input.page, limit: input.limit }));
  endpoint(api, mallApi.agentGoods, async ({ input }) => {
    await assertAgent(input.type, input.id);
    return agentGoodsPage(input.type, input.id, input.page, input.limit);
  });
}
