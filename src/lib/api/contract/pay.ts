import { z } from 'zod';
import { defineEndpoint, noInput } from '../define';
import { fen, idField, intField } from '../fields';
import { ORDER_STATUSES } from '../../rules/order-status';
import { PAY_PROVIDERS, PAY_TEXTS, PAYMENT_PURPOSES, PAYMENT_STATUSES, TOPUP_MAX, TOPUP_MIN } from '../../rules/payment';

const tags = ['交易'];

const providerField = z.enum(PAY_PROVIDERS, { error: PAY_TEXTS.pickProvider });
const payNoField = z.string({ error: '支付单号不正确' }).trim().min(1, '支付单号不正确').max(32, '支付单号不正确');

/** A gateway the member may pay with now. */
export const payProviderSchema = z.object({ name: z.enum(PAY_PROVIDERS), label: z.string() });
export type PayProviderOption = z.output<typeof payProviderSchema>;

/** Where a started gateway payment goes next: a page to open, or (WeChat Native) a QR code to scan. */
export const startedPaymentSchema = z.object({
  pay_no: z.string(),
  redirect: z.string().describe('跳转地址；扫码支付时为空'),
  qr_image: z.string().describe('二维码图片（data URL）；跳转支付时为空'),
});
export type StartedPayment = z.output<typeof startedPaymentSchema>;

/** The member's view of one gateway payment (the QR dialog polls it). */
export const paymentStatusSchema = z.object({
  pay_no: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  purpose: z.enum(PAYMENT_PURPOSES),
  order_id: z.number().int().nullable().describe('充值为 null'),
  return_url: z.string().describe('付款后回到的站内地址'),
});
export type PaymentStatusView = z.output<typeof paymentStatusSchema>;

/** What the sandbox cashier shows. */
export const sandboxInfoSchema = z.object({
  pay_no: z.string(),
  amount: fen(),
  subject: z.string().describe('付款内容'),
  status: z.enum(PAYMENT_STATUSES),
  return_url: z.string(),
});
export type SandboxInfo = z.output<typeof sandboxInfoSchema>;

/** Paying: coins, gateways, top-ups and the sandbox cashier. The gateways' notify endpoint is not a contract (it answers in each gateway's format). */
export const payApi = {
  methods: defineEndpoint({
    path: '/pay/methods',
    summary: '可用的支付方式与功夫币余额',
    tags,
    access: 'member',
    input: noInput,
    output: z.object({ coins: z.number().int().describe('功夫币余额（个）'), providers: z.array(payProviderSchema) }),
  }),
  payCoins: defineEndpoint({
    path: '/order/payCoins',
    summary: '功夫币支付（需支付密码）',
    tags,
    access: 'member',
    input: z.object({
      id: idField('订单 id'),
      pay_password: z.string({ error: '请输入支付密码' }).min(1, '请输入支付密码').max(6, '支付密码错误'),
    }),
    output: z.object({
      order_no: z.string(),
      status: z.enum(ORDER_STATUSES),
      balance: z.number().int().describe('支付后的功夫币余额（个）'),
    }),
    okMsg: '支付成功',
  }),
  payOrder: defineEndpoint({
    path: '/pay/order',
    summary: '在线支付订单：返回跳转地址或二维码',
    tags,
    access: 'member',
    input: z.object({ id: idField('订单 id'), provider: providerField }),
    output: startedPaymentSchema,
  }),
  topUp: defineEndpoint({
    path: '/pay/topup',
    summary: '功夫币充值（1 功夫币 = 1 元）',
    tags,
    access: 'member',
    input: z.object({
      coins: intField('充值数量', {
        min: TOPUP_MIN,
        max: TOPUP_MAX,
        msg: '请输入充值数量',
        notInt: '充值数量须为整数',
        tooSmall: PAY_TEXTS.topUpMin,
        tooBig: PAY_TEXTS.topUpMax,
      }),
      provider: providerField,
      return_to: z
        .string()
        .max(300, '返回地址无效')
        .optional()
        .describe('付款后返回的本站页面（如订单的支付页）；其他站点的地址一律忽略，回到功夫币明细'),
    }),
    output: startedPaymentSchema,
  }),
  status: defineEndpoint({
    path: '/pay/status',
    summary: '支付单状态',
    tags,
    access: 'member',
    input: z.object({ pay_no: payNoField }),
    output: paymentStatusSchema,
  }),
  sandboxInfo: defineEndpoint({
    path: '/pay/sandbox/info',
    summary: '沙箱收银台：支付单信息（仅付款人本人）',
    tags,
    access: 'member',
    input: z.object({ pay_no: payNoField }),
    output: sandboxInfoSchema,
  }),
  sandboxConfirm: defineEndpoint({
    path: '/pay/sandbox/confirm',
    summary: '沙箱收银台：确认付款（仅付款人本人；网关随即发送签名通知）',
    tags,
    access: 'member',
    input: z.object({ pay_no: payNoField }),
    output: z.object({ status: z.enum(PAYMENT_STATUSES), return_url: z.string() }),
    okMsg: '付款成功',
  }),
};
