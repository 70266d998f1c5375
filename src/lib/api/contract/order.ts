import { z } from 'zod';
import { defineEndpoint, noOutput } from '../define';
import { bit, fen, idField, isoTime, pageInput, pageSchema } from '../fields';
import {
  EXPRESS_NO_RE,
  EXPRESS_NO_TEXT,
  ORDER_KINDS,
  ORDER_LIMITS,
  ORDER_STATUSES,
  ORDER_TABS,
  PAY_METHODS,
} from '../../rules/order-status';

const tags = ['交易'];
const orderId = z.object({ id: idField('订单 id') });

/** One bought line, as it was priced when ordered; exactly one of the four ids is set. */
export const orderItemSchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int().nullable(),
  sku_id: z.number().int().nullable(),
  course_id: z.number().int().nullable(),
  class_id: z.number().int().nullable(),
  title: z.string(),
  specs: z.string(),
  cover: z.string(),
  price: fen(),
  num: z.number().int(),
});
export type OrderItem = z.output<typeof orderItemSchema>;

/** Who sells it: a shop (goods, shop courses) or a coach. */
export const orderSellerSchema = z.object({
  type: z.enum(['coach', 'mechant']),
  id: z.number().int().nullable(),
  name: z.string(),
});

/** An order as the member's list shows it. */
export const orderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  status_text: z.string(),
  items_total: fen(),
  freight: fen(),
  discount: fen(),
  pay_amount: fen(),
  pay_coins: z.number().int().describe('用功夫币支付需要的个数'),
  pay_method: z.enum(PAY_METHODS),
  created_at: isoTime(),
  paid_at: isoTime().nullable(),
  expires_at: isoTime().describe('未支付订单的自动关闭时间'),
  shipped_at: isoTime().nullable(),
  received_at: isoTime().nullable(),
  completed_at: isoTime().nullable(),
  refund_reason: z.string(),
  refund_refusal: z.string().describe('卖家拒绝退款的原因（最近一次）'),
  express_company: z.string(),
  express_no: z.string(),
  can_refund: bit().describe('1 为可申请退款'),
  can_review: bit().optional().describe('买家视图：1 为已完成且还有未评价的商品/课程/班级'),
  items: z.array(orderItemSchema),
  seller: orderSellerSchema,
});
export type Order = z.output<typeof orderSchema>;

/** The delivery address copied into a goods order when it was placed. */
export const orderAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
});
export type OrderAddress = z.output<typeof orderAddressSchema>;

/** One of the member's orders in full. */
export const orderDetailSchema = orderSchema.extend({
  address: orderAddressSchema.nullable().describe('商品订单的收货地址；课程、班级为 null'),
  remark: z.string(),
});
export type OrderDetail = z.output<typeof orderDetailSchema>;

/** An order as its seller sees it. */
export const sellerOrderSchema = orderDetailSchema.extend({
  buyer: z.object({ nick_name: z.string(), phone: z.string().describe('脱敏手机号') }),
  can_ship: bit().describe('1 为待发货的商品订单'),
  can_decide: bit().describe('1 为买家申请了退款、等待卖家同意或拒绝（网关退款失败后可再次同意）'),
  refund_state: z.enum(['', 'pending', 'done', 'failed']).describe('卖家同意后的退款进度：pending 等待网关确认，failed 网关拒绝'),
  refund_failure: z.string().describe('网关拒绝退款的原因'),
});
export type SellerOrder = z.output<typeof sellerOrderSchema>;

/** After checkout: the member's orders and their next steps, and the seller's view with shipping. */
export const orderApi = {
  list: defineEndpoint({
    path: '/order/list',
    summary: '我的订单（按类型、状态分页）',
    tags,
    access: 'member',
    input: z.object({
      ...pageInput,
      kind: z.enum(ORDER_KINDS, { error: '订单类型不正确' }),
      tab: z.enum(ORDER_TABS, { error: '订单状态不正确' }).default('all'),
    }),
    output: pageSchema(orderSchema),
  }),
  detail: defineEndpoint({
    path: '/order/detail',
    summary: '订单详情（本人订单）',
    tags,
    access: 'member',
    input: orderId,
    output: orderDetailSchema,
  }),
  cancel: defineEndpoint({
    path: '/order/cancel',
    summary: '取消未支付订单（库存、名额、优惠券退回）',
    tags,
    access: 'member',
    input: orderId,
    output: noOutput,
    okMsg: '订单已取消',
  }),
  receive: defineEndpoint({
    path: '/order/receive',
    summary: '确认收货',
    tags,
    access: 'member',
    input: orderId,
    output: noOutput,
    okMsg: '已确认收货',
  }),
  refund: defineEndpoint({
    path: '/order/refund',
    summary: '申请退款（由卖家处理）',
    tags,
    access: 'member',
    input: z.object({
      id: idField('订单 id'),
      reason: z
        .string({ error: '请填写退款原因' })
        .trim()
        .min(2, '请填写退款原因')
        .max(ORDER_LIMITS.refundReason, `退款原因最多 ${ORDER_LIMITS.refundReason} 字`),
    }),
    output: noOutput,
    okMsg: '退款申请已提交',
  }),
  refundCancel: defineEndpoint({
    path: '/order/refundCancel',
    summary: '撤销退款申请',
    tags,
    access: 'member',
    input: orderId,
    output: noOutput,
    okMsg: '已撤销退款申请',
  }),
  shopDetail: defineEndpoint({
    path: '/order/shopDetail',
    summary: '卖家查看订单',
    tags,
    access: 'member',
    input: orderId,
    output: sellerOrderSchema,
  }),
  ship: defineEndpoint({
    path: '/order/ship',
    summary: '卖家发货',
    tags,
    access: 'member',
    input: z.object({
      id: idField('订单 id'),
      express_company: z.string({ error: '请填写快递公司' }).trim().min(2, '请填写快递公司').max(20, '快递公司最多 20 个字'),
      express_no: z.string({ error: '请填写快递单号' }).trim().regex(EXPRESS_NO_RE, EXPRESS_NO_TEXT),
    }),
    output: noOutput,
    okMsg: '已发货',
  }),
};

/**
 * Test-rig endpoint: registered only on a rig (SMS_OUTBOX_API with the log SMS provider, like
 * `verifyRigApi`), so it is not part of `contracts`; Playwright calls it through its own requests.
 */
export const orderRigApi = {
  settleNow: defineEndpoint({
    path: '/dev/orderSettleNow',
    summary: '（仅测试环境）把自己的一笔已付课程 / 班级订单的付款时间移到退款期之前，并立即运行结算任务',
    tags: ['测试'],
    access: 'member',
    input: z.object({ id: idField('订单') }),
    output: z.object({ status: z.string() }),
  }),
};
