import { z } from 'zod';
import { PROMOTION_STATUSES, PROMOTION_TEXTS as P, RATE_KINDS, SHARE_CODE_RE, SHARE_KINDS, WINDOW_DAYS_MAX } from '../../rules/promotion';
import { defineEndpoint, noInput } from '../define';
import { fen, idField, intField, isoTime, pageInput, pageSchema } from '../fields';
import {
  addCardInput,
  bankCardSchema,
  financeSummarySchema,
  incomeDaySchema,
  ledgerInput,
  sellerLedgerEntrySchema,
  withdrawInput,
  withdrawalSchema,
} from './seller-finance';

const tags = ['分销'];
const shareKind = z.enum(SHARE_KINDS, { error: '分享类型不正确' });
const bp = (label: string) => intField(label, { max: 10_000, column: 'smallint', msg: P.rateInvalid });

export const promotionLimitsSchema = z.object({
  min_bp: z.number().int().describe('卖家可设的最低佣金比例（基点，100 = 1%）'),
  max_bp: z.number().int().describe('卖家可设的最高佣金比例（基点）'),
  window_days: z.number().int().describe('归因窗口（天）：点击后多少天内下单算推广'),
});
export type PromotionLimits = z.output<typeof promotionLimitsSchema>;

export const shareLinkSchema = z.object({
  code: z.string(),
  url: z.string().describe('站内路径，带 ?share='),
  title: z.string(),
  cover: z.string(),
  price: fen(),
  rate_bp: z.number().int().describe('当前佣金比例，0 = 该商品未开启分销'),
  commission: fen().describe('好友按现价购买时你可得的佣金'),
  window_days: z.number().int(),
  rule: z.string(),
});
export type ShareLink = z.output<typeof shareLinkSchema>;

export const promotionItemSchema = z.object({
  kind: shareKind,
  item_id: z.number().int(),
  title: z.string(),
  url: z.string(),
  clicks: z.number().int(),
  last_at: isoTime(),
});
export type PromotionItem = z.output<typeof promotionItemSchema>;

export const promotionOrderSchema = z.object({
  order_no: z.string(),
  title: z.string(),
  buyer: z.string().describe('买家昵称（部分隐藏）'),
  pay_amount: fen(),
  commission: fen().describe('已结算的为实际入账金额，其余为预计金额'),
  reversed: fen(),
  status: z.enum(PROMOTION_STATUSES),
  status_text: z.string(),
  created_at: isoTime(),
});
export type PromotionOrder = z.output<typeof promotionOrderSchema>;

export const sellerRateItemSchema = z.object({
  item_id: z.number().int(),
  title: z.string(),
  price: fen(),
  rate_bp: z.number().int().nullable().describe('该商品自己的比例；null = 按店铺默认'),
});
export type SellerRateItem = z.output<typeof sellerRateItemSchema>;

/** 分销: share links and clicks, the member's 推广中心 and commission money, sellers' rates and the operator's limits. */
export const promotionApi = {
  click: defineEndpoint({
    path: '/public/promotion/click',
    summary: '通过分享链接进入商品页：记录点击并设置归因 Cookie（最后一次点击为准）',
    tags,
    access: 'public',
    input: z.object({
      code: z.string({ error: '分享码不正确' }).regex(SHARE_CODE_RE, '分享码不正确'),
      kind: shareKind,
      id: idField('商品'),
    }),
    output: z.object({ recorded: z.boolean() }),
  }),
  link: defineEndpoint({
    path: '/member/promotion/link',
    summary: '我的分享链接、海报信息与可得佣金',
    tags,
    access: 'member',
    input: z.object({ kind: shareKind, id: idField('商品') }),
    output: shareLinkSchema,
  }),
  summary: defineEndpoint({
    path: '/member/promotion/summary',
    summary: '推广中心概况：点击、订单、佣金（待结算 / 已结算 / 已退回）与余额',
    tags,
    access: 'member',
    input: noInput,
    output: z.object({
      code: z.string(),
      clicks: z.number().int(),
      orders: z.number().int(),
      pending: fen(),
      settled: fen(),
      reversed: fen(),
      balance: fen(),
      frozen: fen(),
      withdrawn: fen(),
      window_days: z.number().int(),
      rule: z.string(),
    }),
  }),
  items: defineEndpoint({
    path: '/member/promotion/links',
    summary: '我分享过的链接及点击数，最近点击在前',
    tags,
    access: 'member',
    input: z.object(pageInput),
    output: pageSchema(promotionItemSchema),
  }),
  orders: defineEndpoint({
    path: '/member/promotion/orders',
    summary: '通过我的链接下的订单与佣金',
    tags,
    access: 'member',
    input: z.object(pageInput),
    output: pageSchema(promotionOrderSchema),
  }),
  // Commission money: the seller finance endpoints on the member's own account (owner_kind 'member').
  finance: defineEndpoint({
    path: '/member/promotion/finance',
    summary: '推广佣金账户概况',
    tags,
    access: 'member',
    input: noInput,
    output: financeSummarySchema,
  }),
  income: defineEndpoint({
    path: '/member/promotion/incomeChart',
    summary: '最近 30 天每日推广佣金',
    tags,
    access: 'member',
    input: noInput,
    output: z.object({ days: z.array(incomeDaySchema), total: fen() }),
  }),
  ledger: defineEndpoint({
    path: '/member/promotion/ledger',
    summary: '推广佣金流水',
    tags,
    access: 'member',
    input: ledgerInput,
    output: pageSchema(sellerLedgerEntrySchema),
  }),
  withdrawals: defineEndpoint({
    path: '/member/promotion/withdrawals',
    summary: '推广佣金提现记录',
    tags,
    access: 'member',
    input: z.object(pageInput),
    output: pageSchema(withdrawalSchema),
  }),
  withdraw: defineEndpoint({
    path: '/member/promotion/withdraw',
    summary: '推广佣金申请提现（需支付密码）',
    tags,
    access: 'member',
    input: withdrawInput,
    output: withdrawalSchema,
    okMsg: '提现申请已提交',
  }),
  cards: defineEndpoint({
    path: '/member/promotion/bankCards',
    summary: '推广佣金提现银行卡',
    tags,
    access: 'member',
    input: noInput,
    output: z.object({ list: z.array(bankCardSchema), max: z.number().int() }),
  }),
  addCard: defineEndpoint({
    path: '/member/promotion/bankCardAdd',
    summary: '添加提现银行卡（短信验证码 type=bank_card）',
    tags,
    access: 'member',
    input: addCardInput,
    output: bankCardSchema,
    okMsg: '银行卡已添加',
  }),
  deleteCard: defineEndpoint({
    path: '/member/promotion/bankCardDelete',
    summary: '删除提现银行卡',
    tags,
    access: 'member',
    input: z.object({ id: idField('银行卡') }),
    output: z.null(),
    okMsg: '银行卡已删除',
  }),
};

/** The seller's 分销佣金 (/coach/marketing, /mechant/marketing). */
export const sellerPromotionApi = {
  settings: defineEndpoint({
    path: '/seller/promotion/settings',
    summary: '分销佣金：平台限制与店铺默认比例',
    tags,
    access: 'seller',
    input: noInput,
    output: promotionLimitsSchema.extend({ default_bp: z.number().int().describe('店铺默认比例，0 = 未开启') }),
  }),
  items: defineEndpoint({
    path: '/seller/promotion/items',
    summary: '我的课程 / 班级 / 商品及各自的佣金比例',
    tags,
    access: 'seller',
    input: z.object({ ...pageInput, kind: shareKind }),
    output: pageSchema(sellerRateItemSchema),
  }),
  save: defineEndpoint({
    path: '/seller/promotion/rateSave',
    summary: '设置佣金比例（kind=all 为店铺默认，item_id 填 0）；rate_bp=0 取消',
    tags,
    access: 'seller',
    input: z.object({
      kind: z.enum(RATE_KINDS, { error: '类型不正确' }),
      item_id: intField('商品', { msg: P.itemNotFound }).default(0),
      rate_bp: bp('佣金比例'),
    }),
    output: z.null(),
    okMsg: '已保存',
  }),
};

/** The operator's 分销设置 (/admin/marketing). */
export const adminPromotionApi = {
  settings: defineEndpoint({
    path: '/admin/promotion/settings',
    summary: '分销设置：佣金比例上下限与归因窗口',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: noInput,
    output: promotionLimitsSchema,
  }),
  save: defineEndpoint({
    path: '/admin/promotion/settingsSave',
    summary: '保存分销设置（只影响之后设置的比例与之后的订单）',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({
      min_bp: intField('最低比例', { min: 1, max: 10_000, column: 'smallint', msg: P.rateInvalid }),
      max_bp: intField('最高比例', { min: 1, max: 10_000, column: 'smallint', msg: P.rateInvalid }),
      window_days: intField('归因窗口', {
        min: 1,
        max: WINDOW_DAYS_MAX,
        column: 'smallint',
        msg: `归因窗口需在 1 ~ ${WINDOW_DAYS_MAX} 天之间`,
      }),
    }),
    output: z.null(),
    okMsg: '已保存',
  }),
};
