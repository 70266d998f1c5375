import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, fen, flagField, idField, intField, isoTime, quantityField } from '../fields';
import { MAX_LINE_NUM } from '../../rules/cart';
import { ORDER_LIMITS, ORDER_STATUSES } from '../../rules/order-status';
import { couponTemplateSchema } from './coupon';

const tags = ['交易'];

/** One SKU and how many of it (a goods checkout). */
export const goodsLineSchema = z.object({ sku_id: idField('规格 id'), num: quantityField(MAX_LINE_NUM) });
export type GoodsLine = z.output<typeof goodsLineSchema>;

const goodsLines = z
  .array(goodsLineSchema, { error: '请选择商品' })
  .min(1, '请选择商品')
  .max(ORDER_LIMITS.goodsKinds, `一次最多 ${ORDER_LIMITS.goodsKinds} 种商品`);

/** The coupon to apply: a member's coupon id, 0 for none; left out, the best one is chosen. */
const couponChoice = intField('优惠券 id', { msg: '优惠券 id 不正确' }).optional();

/** A coupon the member holds that fits this checkout (`id` is the member's coupon). */
export const usableCouponSchema = couponTemplateSchema.extend({ valid_to: isoTime() });
export type UsableCoupon = z.output<typeof usableCouponSchema>;

/** What every confirm page prices on the server: the coupons that fit, the chosen one, the total. */
const pricing = {
  items_total: fen(),
  coupons: z.array(usableCouponSchema),
  coupon_id: z.number().int().describe('选用的优惠券，0 为不使用'),
  discount: fen(),
  pay_amount: fen().describe('应付金额'),
};

/** A goods line as priced now, with a warning when the stock is short. */
export const previewLineSchema = z.object({
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  specs: z.string(),
  price: fen(),
  num: z.number().int(),
  stock: z.number().int(),
  short: bit().describe('1 为库存不足'),
  member_price: bit().describe('1 为按会员价（有效VIP会员）'),
});
export type PreviewLine = z.output<typeof previewLineSchema>;

export const goodsPreviewSchema = z.object({
  shop: z.object({ id: z.number().int(), name: z.string() }),
  items: z.array(previewLineSchema),
  lines: z.array(z.object({ sku_id: z.number().int(), num: z.number().int() })).describe('下单时提交的 items'),
  freight: fen(),
  free_freight_from: fen().describe('满多少包邮'),
  ...pricing,
});
export type GoodsPreview = z.output<typeof goodsPreviewSchema>;

/** The course or class confirm page: which one it is decides the item's shape. */
export const itemPreviewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('course'),
    item: z.object({ id: z.number().int(), title: z.string(), cover: z.string(), price: fen(), level: z.string() }),
    ...pricing,
  }),
  z.object({
    kind: z.literal('class'),
    item: z.object({
      id: z.number().int(),
      title: z.string(),
      cover: z.string(),
      price: fen(),
      schedule: z.string(),
      venue: z.string(),
      seats_left: z.number().int(),
      starts_at: isoTime(),
    }),
    ...pricing,
  }),
]);
export type ItemPreview = z.output<typeof itemPreviewSchema>;

/** A new order: where to pay it. */
export const createdOrderSchema = z.object({ id: z.number().int(), order_no: z.string(), pay_amount: fen() });
export type CreatedOrder = z.output<typeof createdOrderSchema>;

/** The refusal's `data` when the member already has an order awaiting payment for this course or class. */
export interface PendingOrderRefusal {
  order_id: number;
}

/**
 * Checkout: the confirm pages' previews and order creation. A course or class already awaiting
 * payment is refused with code 100 and `data: { order_id }` (PendingOrderRefusal).
 */
/** The agent the buyer came from (`coach:12` / `shop:7`); anything else credits no agent. */
const agentRef = z.string().max(24).optional().describe('代理来源，如 coach:12（来自代理主页）');

export const checkoutApi = {
  previewGoods: defineEndpoint({
    path: '/order/previewGoods',
    summary: '商品结算预览：价格、运费、可用优惠券、应付',
    tags,
    access: 'member',
    input: z.object({
      items: goodsLines.optional(),
      cart_ids: z
        .array(idField('购物车 id'), { error: '请选择商品' })
        .min(1, '请选择商品')
        .max(ORDER_LIMITS.goodsKinds, `一次最多 ${ORDER_LIMITS.goodsKinds} 种商品`)
        .optional(),
      coupon_id: couponChoice,
    }),
    output: goodsPreviewSchema,
  }),
  previewItem: defineEndpoint({
    path: '/order/previewItem',
    summary: '课程/班级结算预览',
    tags,
    access: 'member',
    input: z.object({ kind: z.enum(['course', 'class'], { error: '订单类型不正确' }), id: idField(), coupon_id: couponChoice }),
    output: itemPreviewSchema,
  }),
  createGoods: defineEndpoint({
    path: '/order/createGoods',
    summary: '商品下单（同一店铺的 SKU；库存、优惠券在事务内占用）',
    tags,
    access: 'member',
    input: z.object({
      items: goodsLines,
      address_id: idField('地址 id'),
      remark: z.string({ error: '备注须为文字' }).trim().max(ORDER_LIMITS.remark, `备注最多 ${ORDER_LIMITS.remark} 字`).default(''),
      coupon_id: idField('优惠券 id').optional(),
      from_cart: flagField('from_cart').default(false),
      agent: agentRef,
    }),
    output: createdOrderSchema,
    okMsg: '下单成功',
  }),
  createCourse: defineEndpoint({
    path: '/order/createCourse',
    summary: '购买课程下单',
    tags,
    access: 'member',
    input: z.object({ course_id: idField('课程 id'), coupon_id: idField('优惠券 id').optional(), agent: agentRef }),
    output: createdOrderSchema,
    okMsg: '下单成功',
  }),
  createClass: defineEndpoint({
    path: '/order/createClass',
    summary: '报名班级下单（占用名额；免费班级直接报名成功）',
    tags,
    access: 'member',
    input: z.object({ class_id: idField('班级 id'), coupon_id: idField('优惠券 id').optional() }),
    output: createdOrderSchema.extend({ status: z.enum(ORDER_STATUSES).describe('免费班级为 paid') }),
    okMsg: '下单成功',
  }),
};
