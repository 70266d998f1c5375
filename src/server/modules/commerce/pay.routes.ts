import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { idField } from '../../http/fields';
import { log } from '../../log';
import { payProvider, payProviders, type ProviderName } from '../../providers/pay';
import { payWithCoins } from './order.service';
import {
  applyPaidNotice,
  paymentStatus,
  payOrderOnline,
  sandboxConfirm,
  sandboxInfo,
  TOPUP_MAX,
  TOPUP_MIN,
  topUp,
} from './payment.service';
import { walletSummary } from './wallet.service';

const anyObj = z.record(z.string(), z.unknown());
const providerField = z.enum(['sandbox', 'wechat', 'alipay'], { error: '请选择支付方式' });

/** 支付：功夫币、网关、充值、沙箱收银台与网关通知 */
export function registerPaying(api: OpenAPIHono<AppEnv>): void {
  const tags = ['交易'];
  endpoint(
    api,
    {
      path: '/pay/methods',
      summary: '可用的支付方式与功夫币余额',
      tags,
      access: 'member',
      output: z.object({ coins: z.number(), providers: z.array(z.object({ name: z.string(), label: z.string() })) }),
    },
    async ({ user }) => ({
      coins: (await walletSummary(user.id)).coins,
      providers: payProviders().map((p) => ({ name: p.name, label: p.label })),
    }),
  );
  endpoint(
    api,
    {
      path: '/order/payCoins',
      summary: '功夫币支付（需支付密码）',
      tags,
      access: 'member',
      input: z.object({
        id: idField('订单 id'),
        pay_password: z.string({ error: '请输入支付密码' }).min(1, '请输入支付密码').max(6, '支付密码错误'),
      }),
      output: z.object({ order_no: z.string(), status: z.string(), balance: z.number() }),
      okMsg: '支付成功',
    },
    ({ input, user }) => payWithCoins(user.id, input.id, input.pay_password),
  );
  endpoint(
    api,
    {
      path: '/pay/order',
      summary: '在线支付订单：返回跳转地址或二维码',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id'), provider: providerField }),
      output: anyObj,
    },
    ({ input, user }) => payOrderOnline(user.id, input.id, input.provider) as never,
  );
  endpoint(
    api,
    {
      path: '/pay/topup',
      summary: '功夫币充值（1 功夫币 = 1 元）',
      tags,
      access: 'member',
      input: z.object({
        coins: z.coerce
          .number({ error: '请输入充值数量' })
          .int('充值数量须为整数')
          .min(TOPUP_MIN, `至少充值 ${TOPUP_MIN} 个`)
          .max(TOPUP_MAX, `单次最多充值 ${TOPUP_MAX} 个`),
        provider: providerField,
      }),
      output: anyObj,
    },
    ({ input, user }) => topUp(user.id, input.coins, input.provider) as never,
  );
  endpoint(
    api,
    {
      path: '/pay/status',
      summary: '支付单状态',
      tags,
      access: 'member',
      input: z.object({ pay_no: z.string().min(1).max(32) }),
      output: anyObj,
    },
    ({ input, user }) => paymentStatus(user.id, input.pay_no) as never,
  );
  endpoint(
    api,
    {
      path: '/pay/sandbox/info',
      summary: '沙箱收银台：支付单信息（仅付款人本人）',
      tags,
      access: 'member',
      input: z.object({ pay_no: z.string().min(1).max(32) }),
      output: anyObj,
    },
    ({ input, user }) => sandboxInfo(user.id, input.pay_no) as never,
  );
  endpoint(
    api,
    {
      path: '/pay/sandbox/confirm',
      summary: '沙箱收银台：确认付款（仅付款人本人；网关随即发送签名通知）',
      tags,
      access: 'member',
      input: z.object({ pay_no: z.string().min(1).max(32) }),
      output: anyObj,
      okMsg: '付款成功',
    },
    ({ input, user }) => sandboxConfirm(user.id, input.pay_no, (req) => Promise.resolve(api.fetch(req))) as never,
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
    const outcome = await applyPaidNotice(name as ProviderName, notice);
    log.info('payment notify', { provider: name, pay_no: notice.payNo, outcome });
    return gateway.ack(outcome !== 'rejected');
  });
}
