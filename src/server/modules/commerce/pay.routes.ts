import type { OpenAPIHono } from '@hono/zod-openapi';
import { payApi } from '~/lib/api/contract/pay';
import { sessionMeta, type AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { log } from '../../log';
import { payProvider, payProviders } from '../../providers/pay';
import { payWithCoins } from './coin-pay.service';
import { applyRefundNotice } from './refund.service';
import { applyPaidNotice, paymentStatus, payOrderOnline, sandboxConfirm, sandboxInfo, topUp, wechatOpenidUrl } from './payment.service';
import { walletBalance } from '../../ledger/coins';

/** 支付：功夫币、网关、充值、沙箱收银台与网关通知（支付与退款） */
export function registerPaying(api: OpenAPIHono<AppEnv>): void {
  endpoint(api, payApi.methods, async ({ user, input }) => ({
    coins: await walletBalance(user.id),
    providers: payProviders(input.scene).map((p) => ({ name: p.name, label: p.label })),
  }));
  endpoint(api, payApi.payCoins, ({ input, user }) => payWithCoins(user.id, input.id, input.pay_password));
  endpoint(api, payApi.payOrder, ({ input, user, c }) =>
    payOrderOnline(user.id, input.id, input.provider, { scene: input.scene, clientIp: sessionMeta(c).ip, code: input.code }),
  );
  endpoint(api, payApi.wxOpenidUrl, ({ input }) => wechatOpenidUrl(input));
  endpoint(api, payApi.topUp, ({ input, user, c }) =>
    topUp(user.id, input.coins, input.provider, input.return_to, { scene: input.scene, clientIp: sessionMeta(c).ip, code: input.code }),
  );
  endpoint(api, payApi.status, ({ input, user }) => paymentStatus(user.id, input.pay_no));
  endpoint(api, payApi.sandboxInfo, ({ input, user }) => sandboxInfo(user.id, input.pay_no));
  endpoint(api, payApi.sandboxConfirm, ({ input, user }) =>
    sandboxConfirm(user.id, input.pay_no, (req) => Promise.resolve(api.fetch(req))),
  );
  // Gateways call this with their own formats and expect their own answers (not our envelope).
  api.post('/pay/notify/:provider', async (c) => {
    const name = c.req.param('provider');
    const gateway = payProvider(name);
    if (!gateway) return c.text('FAIL', 404);
    const body = await c.req.text();
    const notice = gateway.readNotify(c.req.raw.headers, body);
    if (!notice) {
      log.warn('payment notify refused', { provider: name });
      return gateway.ack(false);
    }
    const outcome = await applyPaidNotice(gateway.name, notice);
    log.info('payment notify', { provider: name, pay_no: notice.payNo, outcome });
    return gateway.ack(outcome !== 'rejected');
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
