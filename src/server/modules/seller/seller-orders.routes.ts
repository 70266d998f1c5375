import type { OpenAPIHono } from '@hono/zod-openapi';
import { sellerOrderApi } from '~/lib/api/contract/seller-orders';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { exportSellerOrders, sellerOrderList, sellerToday } from './orders.service';
import { approveRefund, refuseRefund } from '../commerce/refund.service';

/** 卖家订单：列表、按月导出、退款审核（退款本身归 commerce/refund.service.ts） */
export function registerSellerOrders(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, sellerOrderApi.today, ({ input, user }) => sellerToday(user, input.area));
  endpoint(api, sellerOrderApi.list, ({ input, user }) => sellerOrderList(user.id, input));
  endpoint(api, sellerOrderApi.exportCsv, ({ input, user }) => exportSellerOrders(user.id, input));
  endpoint(api, sellerOrderApi.refundAgree, ({ input, user }) =>
    approveRefund(user.id, input.id, (req) => Promise.resolve(api.fetch(req))),
  );
  endpoint(api, sellerOrderApi.refundRefuse, async ({ input, user }) => {
    await refuseRefund(user.id, input.id, input.reason);
    return null;
  });
}
