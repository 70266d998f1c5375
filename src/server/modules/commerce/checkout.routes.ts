import type { OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { SHARE_COOKIE } from '~/lib/rules/promotion';
import { checkoutApi } from '~/lib/api/contract/checkout';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { refuse } from '../../http/errors';
import { cartLines } from './cart.service';
import { createClassOrder, createCourseOrder, createGoodsOrder, previewGoodsOrder, previewOneItem } from './order.service';

/** 结算：预览与下单 */
export function registerCheckout(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, checkoutApi.previewGoods, async ({ input, user }) => {
    const items = input.cart_ids ? await cartLines(user.id, input.cart_ids) : input.items;
    if (!items?.length) throw refuse('请选择商品');
    return previewGoodsOrder(user.id, { items, coupon_id: input.coupon_id });
  });
  endpoint(api, checkoutApi.previewItem, ({ input, user }) => previewOneItem(user.id, input.kind, input.id, input.coupon_id));
  // The 分销 attribution cookie rides along to the order.created event (commerce knows no sharer).
  endpoint(api, checkoutApi.createGoods, ({ input, user, c }) => createGoodsOrder(user.id, input, getCookie(c, SHARE_COOKIE) ?? null));
  endpoint(api, checkoutApi.createCourse, ({ input, user, c }) =>
    createCourseOrder(user.id, input.course_id, input.coupon_id, input.agent, getCookie(c, SHARE_COOKIE) ?? null),
  );
  endpoint(api, checkoutApi.createClass, ({ input, user, c }) =>
    createClassOrder(user.id, input.class_id, input.coupon_id, getCookie(c, SHARE_COOKIE) ?? null),
  );
}
