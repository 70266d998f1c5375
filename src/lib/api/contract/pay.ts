import { z } from 'zod';
import { defineEndpoint } from '../define';
import { fen, idField, intField } from '../fields';
import { ORDER_STATUSES } from '../../rules/order-status';
import { PAY_PROVIDERS, PAY_SCENES, PAY_TEXTS, PAYMENT_PURPOSES, PAYMENT_STATUSES, TOPUP_MAX, TOPUP_MIN } from '../../rules/payment';

const tags = ['交易'];

const providerField = z.enum(PAY_PROVIDERS, { error: PAY_TEXTS.pickProvider });
const payNoField = z.string({ error: '支付单号不正确' }).trim().min(1, '支付单号不正确').max(32, '支付单号不正确');

/** A gateway the member may pay with now. */
export const payProviderSchema = z.object({ name: z.enum(PAY_PROVIDERS), label: z.string() });
export type PayProviderOption = z.output<typeof payProviderSchema>;

const sceneField = z.enum(PAY_SCENES, { error: '支付场景不正确' }).default('pc').describe('pc 电脑，h5 手机浏览器，wechat 微信内');

/** What WeixinJSBridge's getBrandWCPayRequest takes (WeChat's own field names). */
export const wechatJsapiSchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type WechatJsapi = z.output<typeof wechatJsapiSchema>;

/**
 * Where a started gateway payment goes next: a page to open, (WeChat Native) a QR code to scan, or
 * (WeChat JSAPI, inside WeChat) the parameters for WeChat's own cashier.
 */
export const startedPaymentSchema = z.object({
  pay_no: z.string(),
  redirect: z.string().describe('跳转地址；扫码支付时为空'),
  qr_image: z.string().describe('二维码图片（data URL）；跳转支付时为空'),
  jsapi: wechatJsapiSchema.nullable().describe('微信内支付（JSAPI）的调起参数；其他方式为 null'),
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
    input: z.object({ scene: sceneField }),
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
    input: z.object({
      id: idField('订单 id'),
      provider: providerField,
      scene: sceneField,
      code: z.string().trim().max(256).optional().describe('微信内支付：公众号 snsapi_base 授权返回的 code（换取付款人 openid）'),
    }),
    output: startedPaymentSchema,
  }),
  wxOpenidUrl: defineEndpoint({
    path: '/pay/wxOpenidUrl',
    summary: '微信内支付：公众号静默授权地址（snsapi_base，返回支付页并带 code）',
    tags,
    access: 'member',
    input: z
      .object({
        id: idField('订单 id').optional(),
        topup: intField('充值数量', { min: TOPUP_MIN, max: TOPUP_MAX, msg: '请输入充值数量' })
          .optional()
          .describe('功夫币充值（手机钱包页）：授权后返回钱包页'),
      })
      .refine((v) => v.id !== undefined || v.topup !== undefined, { message: '订单不存在' }),
    output: z.object({ url: z.string() }),
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
      scene: sceneField,
      code: z.string().trim().max(256).optional().describe('微信内支付：公众号 snsapi_base 授权返回的 code（换取付款人 openid）'),
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
