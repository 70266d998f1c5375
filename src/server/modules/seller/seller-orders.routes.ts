import type { OpenAPIHono } from '@hono/zod-openapi';
import { sellerOrderApi } from '~/lib/api/contract/seller-orders';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { log } from '../../log';
import { payProvider } from '../../providers/pay';
import { exportSellerOrders, sellerOrderList } from './orders.service';
import { applyRefundNotice, approveRefund, refuseRefund } from './refund.service';

/** 卖家订单：列表、按月导出、退款审核，以及网关的退款结果通知 */
export function registerSellerOrders(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, sellerOrderApi.list, ({ input, user }) => sellerOrderList(user.id, input));
  endpoint(api, sellerOrderApi.exportCsv, ({ input, user }) => exportSellerOrders(user.id, input));
  endpoint(api, sellerOrderApi.refundAgree, ({ input, user }) =>
    approveRefund(user.id, input.id, (req) => Promise.resolve(api.fetch(req))),
  );
  endpoint(api, sellerOrderApi.refundRefuse, async ({ input, user }) => {
    await refuseRefund(user.id, input.id, input.reason);
    return null;
  });
  // Gateways post refund results here in their own formats and expect their own answers.
  api.post('/pay/refund-notify/:provider', async (c) => {
    const name = c.req.param('provider');
    const gateway = payProvider(name);
    if (!gateway) return c.text('FAIL', 404);
    const notice = gateway.readRefundNotify(c.req.raw.headers, await c.req.text());
    if (!notice) {
      log.warn('refund notify refused', { provider: name });
      return gateway.ack(false);
    }
    const outcome = await applyRefundNotice(gateway.name, notice);
    log.info('refund notify', { provider: name, refund_no: notice.refundNo, outcome });
    return gateway.ack(outcome !== 'rejected');
  });
}
