import type { OpenAPIHono } from '@hono/zod-openapi';
import { orderApi, orderRigApi } from '~/lib/api/contract/order';
import { env } from '../../env';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { cancelOrder } from './order.service';
import {
  confirmReceived,
  myOrders,
  orderDetail,
  requestRefund,
  sellerOrderDetail,
  shipOrder,
  settleNowForRig,
  withdrawRefund,
} from './order-lifecycle.service';

/** 下单之后：我的订单、详情、取消、收货、退款、卖家查看与发货 */
export function registerOrders(api: OpenAPIHono<AppEnv>): void {
  // Rig-only (the flag verify's /dev endpoints use): browser tests move one order's clock instead of waiting 7 days.
  if (env().SMS_OUTBOX_API && env().SMS_PROVIDER === 'log')
    endpoint(api, orderRigApi.settleNow, ({ input, user }) => settleNowForRig(user.id, input.id));
  endpoint(api, orderApi.list, ({ input, user }) => myOrders(user.id, input.kind, input.tab, input.page, input.limit));
  endpoint(api, orderApi.detail, ({ input, user }) => orderDetail(user.id, input.id));
  endpoint(api, orderApi.cancel, async ({ input, user }) => {
    await cancelOrder(user.id, input.id);
    return null;
  });
  endpoint(api, orderApi.receive, async ({ input, user }) => {
    await confirmReceived(user.id, input.id);
    return null;
  });
  endpoint(api, orderApi.refund, async ({ input, user }) => {
    await requestRefund(user.id, input.id, input.reason);
    return null;
  });
  endpoint(api, orderApi.refundCancel, async ({ input, user }) => {
    await withdrawRefund(user.id, input.id);
    return null;
  });
  endpoint(api, orderApi.shopDetail, ({ input, user }) => sellerOrderDetail(user.id, input.id));
  endpoint(api, orderApi.ship, async ({ input, user }) => {
    await shipOrder(user.id, input.id, input.express_company, input.express_no);
    return null;
  });
}
