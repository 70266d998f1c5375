import { z } from 'zod';
import { CANCEL_APPLICATION_STATES, CANCEL_REASON_MAX, SHOP_CANCEL_TEXTS } from '../../rules/shop-cancel';
import { defineEndpoint, noInput } from '../define';
import { fen, isoTime } from '../fields';

const tags = ['店铺设置'];

export const cancelApplicationSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  status: z.enum(CANCEL_APPLICATION_STATES),
  status_text: z.string(),
  refuse_reason: z.string(),
  off_goods: z.number().int().describe('审核期间下架的商品数'),
  off_courses: z.number().int().describe('审核期间下架的课程数'),
  created_at: isoTime(),
  decided_at: isoTime().nullable(),
});
export type CancelApplication = z.output<typeof cancelApplicationSchema>;

export const cancelStatusSchema = z.object({
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('1 正常营业（无审核中的注销申请）；2 注销审核中；3 已注销'),
  status_text: z.string(),
  application: cancelApplicationSchema.nullable().describe('最近一次注销申请'),
});
export type CancelStatus = z.output<typeof cancelStatusSchema>;

export const cancelConditionsSchema = z.object({
  unfinished_orders: z.number().int().describe('未完成订单数（待付款、待发货、待收货、已收货未完成、退款中）'),
  balance: fen(),
  pending: fen(),
  frozen: fen(),
  ok: z.boolean(),
  problem: z.string().describe('不满足时的原因'),
});

/** SPEC §2/§6 shop cancellation; the operator decides in the operator console. */
export const shopCancelApi = {
  status: defineEndpoint({
    path: '/shop/applyCancelStatus',
    summary: '店铺注销状态：1 正常营业，2 注销审核中，3 已注销（头部“店铺管理”入口在 identity=1 且状态为 1 时显示）；没有店铺的用户为 1',
    tags,
    access: 'member',
    input: noInput,
    output: cancelStatusSchema,
  }),
  info: defineEndpoint({
    path: '/shop/applyCancelInfo',
    summary: '注销页：状态、申请条件与申请记录',
    tags,
    access: 'shop',
    input: noInput,
    output: cancelStatusSchema.extend({ conditions: cancelConditionsSchema, history: z.array(cancelApplicationSchema) }),
  }),
  apply: defineEndpoint({
    path: '/shop/applyCancel',
    summary: '申请注销店铺（无未完成订单、账户资金已全部提现）；审核期间商品与课程下架',
    tags,
    access: 'shop',
    input: z.object({
      reason: z
        .string({ error: SHOP_CANCEL_TEXTS.reasonRequired })
        .trim()
        .min(1, SHOP_CANCEL_TEXTS.reasonRequired)
        .max(CANCEL_REASON_MAX, SHOP_CANCEL_TEXTS.reasonTooLong),
    }),
    output: cancelStatusSchema,
    okMsg: SHOP_CANCEL_TEXTS.applied,
  }),
  withdraw: defineEndpoint({
    path: '/shop/applyCancelWithdraw',
    summary: '撤回审核中的注销申请（下架的商品与课程恢复上架）',
    tags,
    access: 'shop',
    input: noInput,
    output: cancelStatusSchema,
    okMsg: SHOP_CANCEL_TEXTS.withdrawn,
  }),
};
