import { z } from 'zod';
import { ORDER_KINDS, ORDER_STATUSES } from '../../rules/order-status';
import { PHONE_RE } from '../../rules/phone';
import { APPLICATION_STATES, PROVIDER_LIMITS, PROVIDER_TEXTS as P, TEAM_STATES } from '../../rules/provider';
import { defineEndpoint, noInput } from '../define';
import { fen, idField, isoTime, pageInput, pageSchema } from '../fields';
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

const tags = ['服务商'];

const sized = (required: string, tooLong: string, max: number, min = 1, tooShort = required) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => [...v].length >= min, tooShort)
    .refine((v) => [...v].length <= max, tooLong);

/** The application and profile fields, with the same limits and texts as the form (rules/provider.ts). */
const profileFields = {
  name: sized(P.nameRequired, P.nameLength, PROVIDER_LIMITS.name, 2, P.nameLength),
  contact: sized(P.contactRequired, P.contactLength, PROVIDER_LIMITS.contact),
  phone: z.string({ error: P.phoneRequired }).trim().min(1, P.phoneRequired).regex(PHONE_RE, P.phoneInvalid),
  city: sized(P.cityRequired, P.cityLength, PROVIDER_LIMITS.city),
  intro: sized(P.introRequired, P.introLength, PROVIDER_LIMITS.intro, 10, P.introRequired),
};

const applicationForm = z.object({
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  city: z.string(),
  intro: z.string(),
  licence: z.string().describe('营业执照或身份证明照片（存储路径，私密证件）'),
});

export const supplierStatusSchema = z.object({
  state: z.enum(APPLICATION_STATES).describe('none 未申请，pending 审核中，approved 已通过，refused 未通过（可修改后重新提交）'),
  state_text: z.string(),
  refuse_reason: z.string(),
  review_note: z.string(),
  form: applicationForm.nullable().describe('最近一次申请的内容（用于修改后重新提交）'),
  licence_url: z.string().describe('执照照片的临时查看地址（签名，约 5–10 分钟内有效；没有时为空）'),
  submitted_at: isoTime().nullable(),
  decided_at: isoTime().nullable(),
  service_id: z.number().int().describe('服务商 id（users.service_id），0 = 还不是服务商'),
});
export type SupplierStatus = z.output<typeof supplierStatusSchema>;

export const providerInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  contact: z.string(),
  phone: z.string(),
  city: z.string(),
  intro: z.string(),
  commission_bp: z.number().int().describe('服务商分成（基点，按订单实付金额计）'),
});
export type ProviderInfo = z.output<typeof providerInfoSchema>;

export const providerOverviewSchema = z.object({
  provider: providerInfoSchema,
  team_size: z.number().int(),
  invited: z.number().int().describe('待对方回复的邀请数'),
  month_orders: z.number().int().describe('本月（北京时间）团队课程、班级已付款订单数'),
  month_sales: fen().describe('本月团队课程、班级销售额（实付）'),
  month_commission: fen().describe('本月服务商佣金（已扣除退款）'),
  balance: fen(),
  pending: fen(),
  frozen: fen(),
  withdrawn: fen(),
});
export type ProviderOverview = z.output<typeof providerOverviewSchema>;

export const teamMemberSchema = z.object({
  id: z.number().int(),
  coach_id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  title: z.string(),
  phone: z.string().describe('脱敏手机号'),
  status: z.enum(TEAM_STATES),
  status_text: z.string(),
  courses: z.number().int().describe('在售课程数'),
  created_at: isoTime(),
  joined_at: isoTime().nullable(),
});
export type TeamMember = z.output<typeof teamMemberSchema>;

export const teamCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  coach_name: z.string(),
  price: fen(),
  sales: z.number().int(),
  lessons: z.number().int(),
  on_sale: z.boolean(),
});
export type TeamCourse = z.output<typeof teamCourseSchema>;

const commissionState = z
  .enum(['none', 'pending', 'settled', 'refunded'])
  .describe('none 无佣金，pending 待结算，settled 已结算，refunded 已退款扣回');

export const providerOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  kind: z.enum(ORDER_KINDS),
  title: z.string(),
  cover: z.string(),
  coach_name: z.string(),
  buyer: z.string().describe('买家昵称'),
  pay_amount: fen(),
  status: z.enum(ORDER_STATUSES),
  status_text: z.string(),
  commission: fen(),
  commission_state: commissionState,
  created_at: isoTime(),
  paid_at: isoTime().nullable(),
});
export type ProviderOrder = z.output<typeof providerOrderSchema>;

export const providerOrderDetailSchema = providerOrderSchema.extend({
  items: z.array(z.object({ title: z.string(), cover: z.string(), price: fen(), num: z.number().int() })),
  commission_bp: z.number().int().describe('服务商当前的分成比例（基点）；本单实际佣金见 commission'),
  ledger: z.array(sellerLedgerEntrySchema).describe('该订单在服务商账户的资金记录'),
});
export type ProviderOrderDetail = z.output<typeof providerOrderDetailSchema>;

export const providerLedgerDetailSchema = z.object({
  entry: sellerLedgerEntrySchema,
  order: providerOrderSchema.nullable().describe('引起这笔资金变动的订单（提现等为 null）'),
  withdrawal: withdrawalSchema.nullable(),
});

/** /account/regprovider: a member applies; the operator reviews (see admin-providers.ts). */
export const supplierApi = {
  settle: defineEndpoint({
    path: '/public/supplierSettle',
    summary: '提交服务商入驻申请（无需审核状态检查；须登录，审核通过后成为服务商）',
    tags,
    access: 'member',
    input: z.object({
      ...profileFields,
      licence: z
        .string({ error: P.licenceRequired })
        .trim()
        .min(1, P.licenceRequired)
        .max(300, P.badImage)
        .describe('/member/uploadDocument 上传的本人证件照片路径'),
      agree: z.literal(true, { error: P.agreeRequired }),
    }),
    output: supplierStatusSchema,
    okMsg: '申请已提交，请等待审核',
  }),
  status: defineEndpoint({
    path: '/member/supplierStatus',
    summary: '我的服务商入驻申请状态（被拒绝时含原因）',
    tags,
    access: 'member',
    input: noInput,
    output: supplierStatusSchema,
  }),
};

/** /my/service_identity/*: the provider's own area. Everything is the caller's provider, from the session. */
export const providerApi = {
  overview: defineEndpoint({
    path: '/provider/overview',
    summary: '服务商概况：团队人数、本月销售额与佣金、余额',
    tags,
    access: 'provider',
    input: noInput,
    output: providerOverviewSchema,
  }),
  info: defineEndpoint({
    path: '/provider/info',
    summary: '服务商资料',
    tags,
    access: 'provider',
    input: noInput,
    output: providerInfoSchema,
  }),
  infoSave: defineEndpoint({
    path: '/provider/infoSave',
    summary: '修改服务商资料',
    tags,
    access: 'provider',
    input: z.object({ ...profileFields, logo: z.string().trim().max(300, P.badImage).default('') }),
    output: providerInfoSchema,
    okMsg: '保存成功',
  }),
  team: defineEndpoint({
    path: '/provider/team',
    summary: '教练列表（已加入与邀请中）',
    tags,
    access: 'provider',
    input: z.object({ ...pageInput, status: z.enum(['all', 'active', 'invited'], { error: '状态不正确' }).default('all') }),
    output: pageSchema(teamMemberSchema),
  }),
  invite: defineEndpoint({
    path: '/provider/invite',
    summary: '按手机号邀请教练加入团队（教练在消息中同意或拒绝）',
    tags,
    access: 'provider',
    input: z.object({
      phone: z.string({ error: '请输入教练手机号' }).trim().min(1, '请输入教练手机号').regex(PHONE_RE, '手机号格式不正确'),
    }),
    output: teamMemberSchema,
    okMsg: '邀请已发送，等待教练同意',
  }),
  remove: defineEndpoint({
    path: '/provider/teamRemove',
    summary: '将教练移出团队（之后的订单不再计佣）',
    tags,
    access: 'provider',
    input: z.object({ id: idField('团队成员') }),
    output: z.null(),
    okMsg: '已移出团队',
  }),
  courses: defineEndpoint({
    path: '/provider/courses',
    summary: '团队教练的课程',
    tags,
    access: 'provider',
    input: z.object(pageInput),
    output: pageSchema(teamCourseSchema),
  }),
  orders: defineEndpoint({
    path: '/provider/orders',
    summary: '团队课程与班级订单（含服务商佣金）',
    tags,
    access: 'provider',
    input: z.object({ ...pageInput, kind: z.enum(['all', 'course', 'class'], { error: '订单类型不正确' }).default('all') }),
    output: pageSchema(providerOrderSchema),
  }),
  orderDetail: defineEndpoint({
    path: '/provider/orderDetail',
    summary: '团队订单详情',
    tags,
    access: 'provider',
    input: z.object({ id: idField('订单') }),
    output: providerOrderDetailSchema,
  }),
  ledgerDetail: defineEndpoint({
    path: '/provider/ledgerDetail',
    summary: '一条资金记录的详情',
    tags,
    access: 'provider',
    input: z.object({ id: idField('资金记录') }),
    output: providerLedgerDetailSchema,
  }),
  // Finance: the seller areas' finance, on the provider's own account (owner_kind 'provider').
  summary: defineEndpoint({
    path: '/provider/finance',
    summary: '服务商资金概况',
    tags,
    access: 'provider',
    input: noInput,
    output: financeSummarySchema,
  }),
  income: defineEndpoint({
    path: '/provider/incomeChart',
    summary: '最近 30 天每日佣金',
    tags,
    access: 'provider',
    input: noInput,
    output: z.object({ days: z.array(incomeDaySchema), total: fen() }),
  }),
  ledger: defineEndpoint({
    path: '/provider/ledger',
    summary: '服务商资金流水',
    tags,
    access: 'provider',
    input: ledgerInput,
    output: pageSchema(sellerLedgerEntrySchema),
  }),
  withdrawals: defineEndpoint({
    path: '/provider/withdrawals',
    summary: '服务商提现记录',
    tags,
    access: 'provider',
    input: z.object(pageInput),
    output: pageSchema(withdrawalSchema),
  }),
  withdraw: defineEndpoint({
    path: '/provider/withdraw',
    summary: '服务商申请提现（需支付密码）',
    tags,
    access: 'provider',
    input: withdrawInput,
    output: withdrawalSchema,
    okMsg: '提现申请已提交',
  }),
  cards: defineEndpoint({
    path: '/provider/bankCards',
    summary: '服务商银行卡',
    tags,
    access: 'provider',
    input: noInput,
    output: z.object({ list: z.array(bankCardSchema), max: z.number().int() }),
  }),
  addCard: defineEndpoint({
    path: '/provider/bankCardAdd',
    summary: '服务商添加银行卡（短信验证码 type=bank_card）',
    tags,
    access: 'provider',
    input: addCardInput,
    output: bankCardSchema,
    okMsg: '银行卡已添加',
  }),
  deleteCard: defineEndpoint({
    path: '/provider/bankCardDelete',
    summary: '服务商删除银行卡',
    tags,
    access: 'provider',
    input: z.object({ id: idField('银行卡') }),
    output: z.null(),
    okMsg: '银行卡已删除',
  }),
};
