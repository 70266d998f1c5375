import { z } from 'zod';
import { defineEndpoint, noOutput } from '../define';
import { bit, fen, idField, pageInput, pageSchema } from '../fields';
import { sellerOrderSchema } from './order';
import { MONTH_RE, SELLER_ORDER_KINDS, SELLER_ORDER_LIMITS, SELLER_ORDER_TABS, SELLER_ORDER_TEXTS } from '../../rules/seller-orders';

const tags = ['卖家订单'];

/** Which area's orders: the coach's or the shop's (a user may in principle hold both). */
const area = z.enum(['coach', 'mechant'], { error: '管理区域不正确' });

/** An order in a seller's list: the seller's view plus what the seller may do with it now. */
export const sellerListOrderSchema = sellerOrderSchema.extend({
  agent: bit().describe('1 为本人代理售出的订单（只读，由货主发货和处理退款）'),
  agent_income: z.number().int().describe('代理佣金（分），仅代理订单'),
  income: z.number().int().describe('本人从该订单所得（分）：卖家所得或代理佣金；未支付为 0'),
});
export type SellerListOrder = z.output<typeof sellerListOrderSchema>;

/** The seller's order lists, the month's CSV and the refund decisions. */
export const sellerOrderApi = {
  today: defineEndpoint({
    path: '/seller/today',
    summary: '今日概况（手机版卖家页）：今日付款订单与销售额、今日收入、待发货订单数（北京时间）',
    tags,
    access: 'seller',
    input: z.object({ area }),
    output: z.object({
      date: z.string().describe('YYYY-MM-DD（北京时间）'),
      orders: z.number().int().describe('今日付款的本人订单数（不含代理）'),
      sales: fen().describe('今日付款的本人订单实付合计'),
      income: fen().describe('今日收入：销售、代理佣金与直播打赏（与收入图表同口径）'),
      refund: fen().describe('今日退款扣回'),
      to_ship: z.number().int().describe('已付款待发货的本人商品订单数'),
    }),
  }),
  list: defineEndpoint({
    path: '/seller/orders',
    summary: '卖家订单列表（按类型、状态分页，可按订单号、买家昵称或手机号搜索）',
    tags,
    access: 'seller',
    input: z.object({
      ...pageInput,
      area,
      kind: z.enum(SELLER_ORDER_KINDS, { error: '订单类型不正确' }).default('all'),
      tab: z.enum(SELLER_ORDER_TABS, { error: '订单状态不正确' }).default('all'),
      key: z
        .string({ error: '搜索词须为文字' })
        .trim()
        .max(SELLER_ORDER_LIMITS.key, `搜索词最多 ${SELLER_ORDER_LIMITS.key} 个字`)
        .default(''),
    }),
    output: pageSchema(sellerListOrderSchema),
  }),
  exportCsv: defineEndpoint({
    path: '/seller/orders/export',
    summary: '导出某月订单（CSV，UTF-8 带 BOM，Excel 可直接打开）',
    tags,
    access: 'seller',
    input: z.object({
      area,
      kind: z.enum(SELLER_ORDER_KINDS, { error: '订单类型不正确' }).default('all'),
      month: z.string({ error: SELLER_ORDER_TEXTS.month }).trim().regex(MONTH_RE, SELLER_ORDER_TEXTS.month),
    }),
    output: z.object({
      filename: z.string(),
      rows: z.number().int().describe('导出的订单数'),
      truncated: bit().describe(`1 为超过 ${SELLER_ORDER_LIMITS.exportRows} 条，只导出了前 ${SELLER_ORDER_LIMITS.exportRows} 条`),
      csv: z.string().describe('CSV 文本，以 UTF-8 BOM 开头'),
    }),
  }),
  refundAgree: defineEndpoint({
    path: '/seller/order/refundAgree',
    summary: '同意退款：功夫币原路退回，网关支付原路退款；库存、名额、课程权限、优惠券与卖家收入随之退回',
    tags,
    access: 'seller',
    input: z.object({ id: idField('订单 id') }),
    output: z.object({ status: z.enum(['refunded', 'refunding']).describe('refunding 为已提交网关退款、等待确认') }),
  }),
  refundRefuse: defineEndpoint({
    path: '/seller/order/refundRefuse',
    summary: '拒绝退款（须填写原因），订单回到申请前的状态',
    tags,
    access: 'seller',
    input: z.object({
      id: idField('订单 id'),
      reason: z
        .string({ error: SELLER_ORDER_TEXTS.refuseReason })
        .trim()
        .min(1, SELLER_ORDER_TEXTS.refuseReason)
        .min(2, SELLER_ORDER_TEXTS.refuseReasonShort)
        .max(SELLER_ORDER_LIMITS.refuseReason, `拒绝原因最多 ${SELLER_ORDER_LIMITS.refuseReason} 个字`),
    }),
    output: noOutput,
    okMsg: SELLER_ORDER_TEXTS.refused,
  }),
};
