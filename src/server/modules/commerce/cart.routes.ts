import type { OpenAPIHono } from '@hono/zod-openapi';
import { cartApi } from '~/lib/api/contract/cart';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { cartAdd, cartCount, cartList, cartRemove, cartSetNum } from './cart.service';

/** 购物车 */
export function registerCart(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, cartApi.list, ({ user }) => cartList(user.id));
  endpoint(api, cartApi.count, async ({ user }) => ({ count: await cartCount(user.id) }));
  endpoint(api, cartApi.add, ({ input, user }) => cartAdd(user.id, input.sku_id, input.num));
  endpoint(api, cartApi.update, ({ input, user }) => cartSetNum(user.id, input.id, input.num));
  endpoint(api, cartApi.remove, async ({ input, user }) => ({ removed: await cartRemove(user.id, input.ids) }));
}
