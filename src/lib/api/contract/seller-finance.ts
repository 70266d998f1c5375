import { z } from 'zod';
import { BANK_CODES, BANK_TEXTS, SELLER_REASONS, WITHDRAWAL_STATUSES, cardDigits, cardNoError, holderError } from '../../rules/bank';
import { defineEndpoint, noInput } from '../define';
import { dayField, fen, fenField, idField, isoTime, pageInput, pageSchema } from '../fields';
import { smsCodeField } from './verify';

const tags = ['卖家财务'];

/** A day in China time, `2026-05-01`; '' = no bound. */
const dayFilter = (label: string) => dayField(`${label}格式不正确`, { allowEmpty: true }).default('');

/** The seller's money (fen): what may be withdrawn, what is still settling, held, and paid out. */
export const financeSummarySchema = z.object({
  owner_kind: z.enum(['coach', 'shop', 'provider', 'member']),
  balance: fen().describe('可提现余额'),
  pending: fen().describe('待结算（订单未完成或仍在退款期内）'),
  frozen: fen().describe('提现中（已申请、待打款）'),
  withdrawn: fen().describe('累计已提现'),
  min_withdraw: fen().describe('单笔最低提现金额'),
  has_pay_password: z.boolean(),
  cards: z.number().int().describe('已添加的银行卡张数'),
  pending_withdrawal: z.number().int().nullable().describe('处理中的提现 id，没有为 null'),
});
export type FinanceSummary = z.output<typeof financeSummarySchema>;

export const incomeDaySchema = z.object({
  date: z.string().describe('YYYY-MM-DD（北京时间）'),
  income: fen().describe('当日收入：销售、代理佣金与直播打赏'),
  refund: fen().describe('当日退款扣回（正数）'),
});
export type IncomeDay = z.output<typeof incomeDaySchema>;

export const sellerLedgerEntrySchema = z.object({
  id: z.number().int(),
  reason: z.enum(SELLER_REASONS),
  reason_text: z.string(),
  pending_delta: fen(),
  balance_delta: fen(),
  frozen_delta: fen(),
  withdrawn_delta: fen(),
  pending_after: fen(),
  balance_after: fen(),
  note: z.string(),
  created_at: isoTime(),
});
export type SellerLedgerEntry = z.output<typeof sellerLedgerEntrySchema>;

export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: fen(),
  status: z.enum(WITHDRAWAL_STATUSES),
  status_text: z.string(),
  bank_name: z.string(),
  card_mask: z.string(),
  holder_name: z.string(),
  refuse_reason: z.string(),
  created_at: isoTime(),
  decided_at: isoTime().nullable(),
});
export type Withdrawal = z.output<typeof withdrawalSchema>;

export const bankCardSchema = z.object({
  id: z.number().int(),
  holder_name: z.string(),
  bank_code: z.enum(BANK_CODES),
  bank_name: z.string(),
  card_mask: z.string().describe('如 6222 **** **** 1234，卡号从不完整返回'),
  in_use: z.boolean().describe('有处理中的提现使用这张卡（不能删除）'),
  created_at: isoTime(),
});
export type BankCard = z.output<typeof bankCardSchema>;

const cardNoField = z
  .string({ error: BANK_TEXTS.cardRequired })
  .max(40, BANK_TEXTS.cardLength)
  .transform(cardDigits)
  .superRefine((v, ctx) => {
    const bad = cardNoError(v);
    if (bad) ctx.addIssue({ code: 'custom', message: bad });
  });

const holderField = z
  .string({ error: BANK_TEXTS.holderRequired })
  .trim()
  .superRefine((v, ctx) => {
    const bad = holderError(v);
    if (bad) ctx.addIssue({ code: 'custom', message: bad });
  });

/** Shared by the seller and provider finance endpoints. */
export const ledgerInput = z
  .object({
    ...pageInput,
    reason: z.union([z.enum(SELLER_REASONS), z.literal('')], { error: '流水类型不正确' }).default(''),
    from: dayFilter('开始日期'),
    to: dayFilter('结束日期'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: '开始日期不能晚于结束日期' });

export const withdrawInput = z.object({
  card_id: idField('银行卡'),
  amount: fenField('提现金额', {
    min: 1,
    max: 2_000_000_000,
    msg: BANK_TEXTS.amountRequired,
    notInt: BANK_TEXTS.amountInvalid,
    tooBig: BANK_TEXTS.amountTooLarge,
  }),
  pay_password: z.string({ error: BANK_TEXTS.payPwRequired }).min(1, BANK_TEXTS.payPwRequired).max(6, '支付密码错误'),
});

export const addCardInput = z.object({
  holder_name: holderField,
  bank_code: z.enum(BANK_CODES, { error: BANK_TEXTS.bankRequired }),
  card_no: cardNoField,
  yzm: smsCodeField,
});

/**
 * The finance pages of both seller areas (`/coach/finance…`, `/mechant/finance…`). The account is the
 * caller's own: a coach's coach account, a shop owner's shop account — never an id from the body.
 */
export const sellerFinanceApi = {
  summary: defineEndpoint({
    path: '/seller/finance',
    summary: '卖家财务概况：可提现、待结算、提现中、已提现',
    tags,
    access: 'seller',
    input: noInput,
    output: financeSummarySchema,
  }),
  income: defineEndpoint({
    path: '/seller/incomeChart',
    summary: '最近 30 天每日收入（北京时间按天）',
    tags,
    access: 'seller',
    input: noInput,
    output: z.object({ days: z.array(incomeDaySchema), total: fen() }),
  }),
  ledger: defineEndpoint({
    path: '/seller/ledger',
    summary: '卖家资金流水（可按类型、日期筛选）',
    tags,
    access: 'seller',
    input: ledgerInput,
    output: pageSchema(sellerLedgerEntrySchema),
  }),
  withdrawals: defineEndpoint({
    path: '/seller/withdrawals',
    summary: '提现记录',
    tags,
    access: 'seller',
    input: z.object(pageInput),
    output: pageSchema(withdrawalSchema),
  }),
  withdraw: defineEndpoint({
    path: '/seller/withdraw',
    summary: '申请提现（从可提现余额到银行卡，需支付密码）',
    tags,
    access: 'seller',
    input: withdrawInput,
    output: withdrawalSchema,
    okMsg: '提现申请已提交',
  }),
  cards: defineEndpoint({
    path: '/seller/bankCards',
    summary: '我的银行卡（卡号脱敏）',
    tags,
    access: 'seller',
    input: noInput,
    output: z.object({ list: z.array(bankCardSchema), max: z.number().int() }),
  }),
  addCard: defineEndpoint({
    path: '/seller/bankCardAdd',
    summary: '添加银行卡（需发往本人手机的短信验证码，type=bank_card）',
    tags,
    access: 'seller',
    input: addCardInput,
    output: bankCardSchema,
    okMsg: '银行卡已添加',
  }),
  deleteCard: defineEndpoint({
    path: '/seller/bankCardDelete',
    summary: '删除银行卡（有处理中的提现时不能删除）',
    tags,
    access: 'seller',
    input: z.object({ id: idField('银行卡') }),
    output: z.null(),
    okMsg: '银行卡已删除',
  }),
};
