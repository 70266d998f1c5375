import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { pageInput, pageSchema } from '../../http/envelope';
import { idField } from '../../http/fields';
import { cancelOrder } from './order.service';
import {
  confirmReceived,
  myOrders,
  orderDetail,
  requestRefund,
  sellerOrderDetail,
  shipOrder,
  withdrawRefund,
} from './order-lifecycle.service';

const anyObj = z.record(z.string(), z.unknown());
const orderKind = z.enum(['goods', 'course', 'class'], { error: '订单类型不正确' });

/** 下单之后：我的订单、详情、取消、收货、退款、卖家查看与发货 */
export function registerOrders(api: OpenAPIHono<AppEnv>): void {
  const tags = ['交易'];
  endpoint(
    api,
    {
      path: '/order/list',
      summary: '我的订单（按类型、状态分页）',
      tags,
      access: 'member',
      input: z.object({
        ...pageInput,
        kind: orderKind,
        tab: z.enum(['all', 'unpaid', 'paid', 'shipped', 'done', 'refund', 'closed']).default('all'),
      }),
      output: pageSchema(anyObj),
    },
    ({ input, user }) => myOrders(user.id, input.kind, input.tab, input.page, input.limit) as never,
  );
  endpoint(
    api,
    {
      path: '/order/detail',
      summary: '订单详情（本人订单）',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id') }),
      output: anyObj,
    },
    ({ input, user }) => orderDetail(user.id, input.id) as never,
  );
  endpoint(
    api,
    {
      path: '/order/cancel',
      summary: '取消未支付订单（库存、名额、优惠券退回）',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id') }),
      output: z.null(),
      okMsg: '订单已取消',
    },
    async ({ input, user }) => {
      await cancelOrder(user.id, input.id);
      return null;
    },
  );
  endpoint(
    api,
    {
      path: '/order/receive',
      summary: '确认收货',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id') }),
      output: z.null(),
      okMsg: '已确认收货',
    },
    async ({ input, user }) => {
      await confirmReceived(user.id, input.id);
      return null;
    },
  );
  endpoint(
    api,
    {
      path: '/order/refund',
      summary: '申请退款（由卖家处理）',
      tags,
      access: 'member',
      input: z.object({
        id: idField('订单 id'),
        reason: z.string({ error: '请填写退款原因' }).trim().min(2, '请填写退款原因').max(200, '退款原因最多 200 字'),
      }),
      output: z.null(),
      okMsg: '退款申请已提交',
    },
    async ({ input, user }) => {
      await requestRefund(user.id, input.id, input.reason);
      return null;
    },
  );
  endpoint(
    api,
    {
      path: '/order/refundCancel',
      summary: '撤销退款申请',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id') }),
      output: z.null(),
      okMsg: '已撤销退款申请',
    },
    async ({ input, user }) => {
      await withdrawRefund(user.id, input.id);
      return null;
    },
  );
  endpoint(
    api,
    {
      path: '/order/shopDetail',
      summary: '卖家查看订单',
      tags,
      access: 'member',
      input: z.object({ id: idField('订单 id') }),
      output: anyObj,
    },
    ({ input, user }) => sellerOrderDetail(user.id, input.id) as never,
  );
  endpoint(
    api,
    {
      path: '/order/ship',
      summary: '卖家发货',
      tags,
      access: 'member',
      input: z.object({
        id: idField('订单 id'),
        express_company: z.string({ error: '请填写快递公司' }).trim().min(2, '请填写快递公司').max(20, '快递公司最多 20 个字'),
        express_no: z
          .string({ error: '请填写快递单号' })
          .trim()
          .regex(/^[A-Za-z0-9]{6,32}$/, '快递单号为 6-32 位字母或数字'),
      }),
      output: z.null(),
      okMsg: '已发货',
    },
    async ({ input, user }) => {
      await shipOrder(user.id, input.id, input.express_company, input.express_no);
      return null;
    },
  );
}
