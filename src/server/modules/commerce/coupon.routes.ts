import type { OpenAPIHono } from '@hono/zod-openapi';
import { couponApi } from '~/lib/api/contract/coupon';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { claimableCoupons, claimCoupon, myCoupons } from './coupon.service';

/** 优惠券：领券中心、领取、我的优惠券 */
export function registerCoupons(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, couponApi.center, ({ user }) => claimableCoupons(user?.id ?? null));
  endpoint(api, couponApi.claim, ({ input, user }) => claimCoupon(user.id, input.id));
  endpoint(api, couponApi.mine, ({ input, user }) => myCoupons(user.id, input.status, input.page, input.limit));
}
