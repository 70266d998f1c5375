import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, bitField, fen, fenField, idField, isoTime, pageInput, pageSchema } from '../fields';
import { VIP_PLAN_CODES, VIP_PRICE_MAX, VIP_TEXTS } from '../../rules/vip';

/* VIP membership (modules/vip): plans priced by the operator, bought through the one order and payment code. */

const tags = ['VIP会员'];

export const vipPlanSchema = z.object({
  id: z.number().int(),
  code: z.enum(VIP_PLAN_CODES),
  name: z.string(),
  days: z.number().int(),
  price: fen(),
});
export type VipPlan = z.output<typeof vipPlanSchema>;

export const adminVipPlanSchema = vipPlanSchema.extend({
  enabled: bit(),
  updated_at: isoTime(),
});
export type AdminVipPlan = z.output<typeof adminVipPlanSchema>;

export const vipStatusSchema = z.object({
  active: bit(),
  started_at: isoTime().nullable(),
  ends_at: isoTime().nullable().describe('会员到期时间；已过期时仍返回上次的到期时间'),
  plans: z.array(vipPlanSchema),
  unpaid_order_id: z.number().int().describe('待支付的会员订单，0 为无'),
});
export type VipStatus = z.output<typeof vipStatusSchema>;

export const vipGrantSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  plan: z.string(),
  days: z.number().int(),
  starts_at: isoTime(),
  ends_at: isoTime(),
  created_at: isoTime(),
});
export type VipGrant = z.output<typeof vipGrantSchema>;

export const vipApi = {
  plans: defineEndpoint({
    path: '/public/vipPlans',
    summary: '在售的VIP会员套餐（月度、年度），价格由平台设定',
    tags,
    access: 'public',
    input: z.object({}),
    output: z.array(vipPlanSchema),
  }),
  status: defineEndpoint({
    path: '/member/vip',
    summary: '我的VIP：是否有效、到期时间、可购买的套餐',
    tags,
    access: 'member',
    input: z.object({}),
    output: vipStatusSchema,
  }),
  history: defineEndpoint({
    path: '/member/vipHistory',
    summary: '我的VIP开通记录（每笔已支付的会员订单延长的时段），最新在前',
    tags,
    access: 'member',
    input: z.object(pageInput),
    output: pageSchema(vipGrantSchema),
  }),
  buy: defineEndpoint({
    path: '/member/vipBuy',
    summary: '购买或续费VIP：生成会员订单，与课程同一支付流程（功夫币或在线支付）；支付后会员期从当前到期时间（已过期则从现在）起顺延',
    tags,
    access: 'member',
    input: z.object({ plan_id: idField('会员套餐') }),
    output: z.object({ id: z.number().int(), order_no: z.string(), pay_amount: fen(), status: z.literal('unpaid') }),
  }),
  adminPlans: defineEndpoint({
    path: '/admin/vipPlans',
    summary: 'VIP套餐（含停售的）与当前有效会员数',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({}),
    output: z.object({ list: z.array(adminVipPlanSchema), active_members: z.number().int() }),
  }),
  adminPlanSave: defineEndpoint({
    path: '/admin/vipPlanSave',
    summary: '修改VIP套餐的价格（分）与是否在售；已下的订单按下单时的价格支付',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({
      id: idField('会员套餐'),
      price: fenField('价格', {
        min: 1,
        max: VIP_PRICE_MAX,
        notInt: '价格须为整数分',
        tooSmall: '价格至少 0.01 元',
        tooBig: '价格最多 100000 元',
      }),
      enabled: bitField('是否在售'),
    }),
    output: adminVipPlanSchema,
    okMsg: VIP_TEXTS.saved,
  }),
};
