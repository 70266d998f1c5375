import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { pageInput, pageSchema } from '../../http/envelope';
import { idField } from '../../http/fields';
import { claimableCoupons, claimCoupon, myCoupons } from './coupon.service';

const anyObj = z.record(z.string(), z.unknown());

/** 优惠券：领券中心、领取、我的优惠券 */
export function registerCoupons(api: OpenAPIHono<AppEnv>): void {
  const tags = ['交易'];
  endpoint(
    api,
    { path: '/public/couponCenter', summary: '领券中心：可领取的优惠券', tags, access: 'public', output: z.array(anyObj) },
    ({ user }) => claimableCoupons(user?.id ?? null) as never,
  );
  endpoint(
    api,
    {
      path: '/member/couponClaim',
      summary: '领取优惠券',
      tags,
      access: 'member',
      input: z.object({ id: idField('优惠券 id') }),
      output: anyObj,
      okMsg: '领取成功',
    },
    ({ input, user }) => claimCoupon(user.id, input.id),
  );
  endpoint(
    api,
    {
      path: '/member/couponList',
      summary: '我的优惠券（未使用/已使用/已过期）',
      tags,
      access: 'member',
      input: z.object({ ...pageInput, status: z.enum(['unused', 'used', 'expired']).default('unused') }),
      output: pageSchema(anyObj),
    },
    ({ input, user }) => myCoupons(user.id, input.status, input.page, input.limit) as never,
  );
}
