import { z } from 'zod';
import { WITHDRAWAL_STATUSES } from '../../rules/bank';
import { DISPUTE_STATUSES, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS, SHOP_CANCEL_QUEUE_STATUSES } from '../../rules/operations';
import { CANCEL_APPLICATION_STATES } from '../../rules/shop-cancel';
import { defineEndpoint, noOutput } from '../define';
import { dayField, fen, idField, idInput, intField, isoTime, pageInput, pageSchema, reasonField, textField } from '../fields';

const tags = ['运营后台'];

const reportDay = (label: string) => dayField(`${label}格式不正确`, { formatMsg: `${label}格式不正确，应为 2026-05-01` });

// ---------------------------------------------------------------------------------------------
// Withdrawals

export const adminWithdrawalSchema = z.object({
  id: z.number().int(),
  owner_kind: z.string().describe('coach | shop | provider | member（推广佣金）'),
  owner_kind_text: z.string(),
  owner_name: z.string(),
  user_id: z.number().int(),
  user_phone: z.string(),
  amount: fen(),
  status: z.enum(WITHDRAWAL_STATUSES),
  status_text: z.string(),
  bank_name: z.string(),
  holder_name: z.string(),
  card_mask: z.string(),
  transfer_ref: z.string().describe('打款流水号（已打款时）'),
  refuse_reason: z.string(),
  balance: fen().describe('卖家当前可提现余额'),
  created_at: isoTime(),
  decided_at: isoTime().nullable(),
});
export type AdminWithdrawal = z.output<typeof adminWithdrawalSchema>;

// ---------------------------------------------------------------------------------------------
// Shop cancellations

export const adminShopCancelSchema = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  user_id: z.number().int(),
  user_phone: z.string(),
  reason: z.string(),
  status: z.enum(CANCEL_APPLICATION_STATES),
  status_text: z.string(),
  refuse_reason: z.string(),
  off_goods: z.number().int(),
  off_courses: z.number().int(),
  problem: z.string().describe('现在批准会被拒绝的原因（有未完成订单或账户余额）；空 = 可以批准'),
  created_at: isoTime(),
  decided_at: isoTime().nullable(),
});
export type AdminShopCancel = z.output<typeof adminShopCancelSchema>;

// ---------------------------------------------------------------------------------------------
// Refund disputes

export const adminDisputeSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  order_kind: z.string(),
  order_status_text: z.string(),
  pay_amount: fen(),
  pay_method: z.string(),
  items: z.string().describe('订单内容摘要'),
  buyer_id: z.number().int(),
  buyer_name: z.string(),
  seller_name: z.string(),
  refund_reason: z.string().describe('买家的退款原因'),
  refusal: z.string().describe('卖家的拒绝原因'),
  reason: z.string().describe('买家申请仲裁的理由'),
  status: z.enum(DISPUTE_STATUSES),
  status_text: z.string(),
  decision_note: z.string(),
  created_at: isoTime(),
  decided_at: isoTime().nullable(),
});
export type AdminDispute = z.output<typeof adminDisputeSchema>;

export const memberDisputeSchema = z.object({
  can_dispute: z.boolean().describe('现在可以申请平台仲裁'),
  dispute: z
    .object({
      id: z.number().int(),
      reason: z.string(),
      status: z.enum(DISPUTE_STATUSES),
      status_text: z.string(),
      decision_note: z.string(),
      created_at: isoTime(),
    })
    .nullable(),
});

// ---------------------------------------------------------------------------------------------
// Content reports

export const adminReportSchema = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGETS),
  target_type_text: z.string(),
  target_id: z.number().int(),
  target_title: z.string(),
  target_href: z.string().describe('站内查看地址；空 = 无页面'),
  can_take_down: z.boolean(),
  reason: z.enum(REPORT_REASONS),
  reason_text: z.string(),
  detail: z.string(),
  reporter_id: z.number().int(),
  reporter_name: z.string(),
  same_target_open: z.number().int().describe('同一内容的待处理举报数'),
  status: z.enum(REPORT_STATUSES),
  status_text: z.string(),
  decision_note: z.string(),
  created_at: isoTime(),
  decided_at: isoTime().nullable(),
});
export type AdminReport = z.output<typeof adminReportSchema>;

// ---------------------------------------------------------------------------------------------
// Members

export const adminMemberSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  nick_name: z.string(),
  avatar: z.string(),
  identity: z.number().int(),
  identity_text: z.string(),
  service_id: z.number().int(),
  status: z.number().int().describe('1 正常，0 已禁用'),
  disabled_reason: z.string(),
  coins: z.number().int(),
  created_at: isoTime(),
});
export type AdminMember = z.output<typeof adminMemberSchema>;

export const adminSellerAccountSchema = z.object({
  id: z.number().int(),
  owner_kind: z.string(),
  owner_kind_text: z.string(),
  owner_name: z.string(),
  pending: fen(),
  balance: fen(),
  frozen: fen(),
  withdrawn: fen(),
});

export const adminMemberOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  kind: z.string(),
  status_text: z.string(),
  pay_amount: fen(),
  pay_method: z.string(),
  items: z.string(),
  created_at: isoTime(),
});

export const adminCoinRowSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason_text: z.string(),
  note: z.string(),
  created_at: isoTime(),
});

export const adminSellerRowSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  reason_text: z.string(),
  pending_delta: z.number().int(),
  balance_delta: z.number().int(),
  frozen_delta: z.number().int(),
  withdrawn_delta: z.number().int(),
  note: z.string(),
  created_at: isoTime(),
});

// ---------------------------------------------------------------------------------------------
// Stats

export const statsDaySchema = z.object({
  date: z.string(),
  gmv: fen().describe('当日支付订单的实付金额合计'),
  orders: z.number().int().describe('当日支付的订单数'),
  new_members: z.number().int(),
  active_sellers: z.number().int().describe('当日有支付订单的教练与店铺数'),
});

const memberIdPage = z.object({ id: idField('会员编号'), ...pageInput });

/** The console's queues and member operations and the member side of disputes and reports. */
export const operationsApi = {
  withdrawals: defineEndpoint({
    path: '/admin/withdrawals',
    summary: '提现审核队列（教练、店铺、服务商），按状态筛选',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({ ...pageInput, status: z.enum(WITHDRAWAL_STATUSES).or(z.literal('')).default('pending') }),
    output: pageSchema(adminWithdrawalSchema),
  }),
  withdrawalCard: defineEndpoint({
    path: '/admin/withdrawal/cardNumber',
    summary: '查看提现银行卡的完整卡号（写入操作日志）',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: idInput('编号'),
    output: z.object({ card_no: z.string() }),
  }),
  withdrawalPay: defineEndpoint({
    path: '/admin/withdrawal/pay',
    summary: '确认已打款：填写银行转账流水号；冻结金额转为已提现，通知卖家',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({
      id: idField('提现编号'),
      reference: z
        .string({ error: '请填写转账流水号' })
        .trim()
        .min(4, '转账流水号至少 4 位')
        .max(64, '转账流水号最多 64 位')
        .regex(/^[0-9A-Za-z-]+$/, '转账流水号只能包含字母、数字和短横线'),
    }),
    output: adminWithdrawalSchema,
    okMsg: '已标记为已打款',
  }),
  withdrawalRefuse: defineEndpoint({
    path: '/admin/withdrawal/refuse',
    summary: '退回提现申请：金额回到卖家可提现余额，通知卖家原因',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({ id: idField('提现编号'), reason: reasonField('退回原因') }),
    output: adminWithdrawalSchema,
    okMsg: '已退回，金额已回到卖家余额',
  }),

  shopCancels: defineEndpoint({
    path: '/admin/shopCancels',
    summary: '店铺注销申请队列',
    tags,
    access: 'operator',
    staff: ['reviewer'],
    input: z.object({ ...pageInput, status: z.enum(SHOP_CANCEL_QUEUE_STATUSES).or(z.literal('')).default('pending') }),
    output: pageSchema(adminShopCancelSchema),
  }),
  shopCancelApprove: defineEndpoint({
    path: '/admin/shopCancel/approve',
    summary: '批准注销：店铺关闭，店主变回普通会员，通知店主',
    tags,
    access: 'operator',
    staff: ['reviewer'],
    input: z.object({ id: idField('申请编号'), note: textField('备注', 200).default('') }),
    output: adminShopCancelSchema,
    okMsg: '已批准注销',
  }),
  shopCancelRefuse: defineEndpoint({
    path: '/admin/shopCancel/refuse',
    summary: '驳回注销：商品与课程恢复上架，通知店主原因',
    tags,
    access: 'operator',
    staff: ['reviewer'],
    input: z.object({ id: idField('申请编号'), reason: reasonField('驳回原因') }),
    output: adminShopCancelSchema,
    okMsg: '已驳回',
  }),

  disputes: defineEndpoint({
    path: '/admin/refundDisputes',
    summary: '退款仲裁队列：订单、买家退款原因、卖家拒绝原因与仲裁理由',
    tags,
    access: 'operator',
    staff: ['support'],
    input: z.object({ ...pageInput, status: z.enum(DISPUTE_STATUSES).or(z.literal('')).default('open') }),
    output: pageSchema(adminDisputeSchema),
  }),
  disputeGrant: defineEndpoint({
    path: '/admin/refundDispute/grant',
    summary: '仲裁：同意退款（按原支付方式退回，卖家收入冲回），通知买卖双方',
    tags,
    access: 'operator',
    staff: ['support'],
    input: z.object({ id: idField('仲裁编号'), note: reasonField('仲裁说明') }),
    output: adminDisputeSchema,
    okMsg: '已同意退款',
  }),
  disputeUphold: defineEndpoint({
    path: '/admin/refundDispute/uphold',
    summary: '仲裁：维持卖家的拒绝，通知买卖双方',
    tags,
    access: 'operator',
    staff: ['support'],
    input: z.object({ id: idField('仲裁编号'), note: reasonField('仲裁说明') }),
    output: adminDisputeSchema,
    okMsg: '已维持卖家的拒绝',
  }),

  reports: defineEndpoint({
    path: '/admin/contentReports',
    summary: '内容举报队列',
    tags,
    access: 'operator',
    staff: ['content', 'support'],
    input: z.object({
      ...pageInput,
      status: z.enum(REPORT_STATUSES).or(z.literal('')).default('open'),
      target_type: z.enum(REPORT_TARGETS).or(z.literal('')).default(''),
    }),
    output: pageSchema(adminReportSchema),
  }),
  reportDismiss: defineEndpoint({
    path: '/admin/contentReport/dismiss',
    summary: '驳回举报（内容无问题），告知举报人',
    tags,
    access: 'operator',
    staff: ['content', 'support'],
    input: z.object({ id: idField('举报编号'), note: reasonField('处理说明') }),
    output: adminReportSchema,
    okMsg: '已驳回举报',
  }),
  reportTakedown: defineEndpoint({
    path: '/admin/contentReport/takedown',
    summary: '下架被举报的商品、课程或班级（通知所有者原因），同一内容的其他待处理举报一并结案，告知举报人',
    tags,
    access: 'operator',
    staff: ['content', 'support'],
    input: z.object({ id: idField('举报编号'), note: reasonField('下架原因') }),
    output: adminReportSchema,
    okMsg: '已下架',
  }),

  members: defineEndpoint({
    path: '/admin/members',
    summary: '会员搜索：手机号、昵称或会员编号',
    tags,
    access: 'operator',
    staff: ['support', 'finance'],
    input: z.object({ ...pageInput, key: textField('关键字', 32).default('') }),
    output: pageSchema(adminMemberSchema),
  }),
  member: defineEndpoint({
    path: '/admin/member',
    summary: '会员详情：资料、功夫币余额、卖家账户',
    tags,
    access: 'operator',
    staff: ['support', 'finance'],
    input: idInput('编号'),
    output: z.object({ member: adminMemberSchema, seller_accounts: z.array(adminSellerAccountSchema) }),
  }),
  memberOrders: defineEndpoint({
    path: '/admin/member/orders',
    summary: '会员的订单（买家身份）',
    tags,
    access: 'operator',
    staff: ['support', 'finance'],
    input: memberIdPage,
    output: pageSchema(adminMemberOrderSchema),
  }),
  memberCoins: defineEndpoint({
    path: '/admin/member/coinLedger',
    summary: '会员的功夫币流水',
    tags,
    access: 'operator',
    staff: ['support', 'finance'],
    input: memberIdPage,
    output: pageSchema(adminCoinRowSchema),
  }),
  memberSellerLedger: defineEndpoint({
    path: '/admin/member/sellerLedger',
    summary: '会员卖家账户（教练、店铺）的资金流水',
    tags,
    access: 'operator',
    staff: ['support', 'finance'],
    input: memberIdPage,
    output: pageSchema(adminSellerRowSchema),
  }),
  memberDisable: defineEndpoint({
    path: '/admin/member/disable',
    summary: '禁用会员：立即结束其全部登录，登录时提示原因',
    tags,
    access: 'operator',
    staff: ['support'],
    input: z.object({ id: idField('会员编号'), reason: reasonField('禁用原因') }),
    output: adminMemberSchema,
    okMsg: '已禁用该账号',
  }),
  memberEnable: defineEndpoint({
    path: '/admin/member/enable',
    summary: '解除禁用',
    tags,
    access: 'operator',
    staff: ['support'],
    input: z.object({ id: idField('会员编号'), note: reasonField('解除说明') }),
    output: adminMemberSchema,
    okMsg: '已解除禁用',
  }),
  memberCoinsAdjust: defineEndpoint({
    path: '/admin/member/adjustCoins',
    summary: '调整功夫币：写入一条流水（原因必填），余额不会小于 0；balance_was 为页面看到的余额，防止重复提交',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({
      id: idField('会员编号'),
      delta: intField('调整数量', {
        min: -1_000_000,
        max: 1_000_000,
        msg: '调整数量须为整数',
        tooSmall: '单次最多调整 1000000 个',
        tooBig: '单次最多调整 1000000 个',
      }).refine((v) => v !== 0, '调整数量不能为 0'),
      balance_was: intField('余额'),
      reason: reasonField('调整原因'),
    }),
    output: adminMemberSchema,
    okMsg: '功夫币已调整',
  }),

  stats: defineEndpoint({
    path: '/admin/stats',
    summary: '经营报表：按日（北京时间）的成交额、支付订单数、新增会员、动销卖家；区间最长 366 天',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({ from: reportDay('开始日期'), to: reportDay('结束日期') }),
    output: z.object({
      days: z.array(statsDaySchema),
      totals: z.object({ gmv: fen(), orders: z.number().int(), new_members: z.number().int() }),
    }),
  }),

  memberDispute: defineEndpoint({
    path: '/member/refundDispute',
    summary: '卖家拒绝退款后申请平台仲裁（每个订单一次）',
    tags: ['订单'],
    access: 'member',
    input: z.object({ order_id: idField('订单编号'), reason: reasonField('申请理由', 5) }),
    output: memberDisputeSchema,
    okMsg: '已提交平台仲裁，处理结果会通知你',
  }),
  memberDisputeInfo: defineEndpoint({
    path: '/member/refundDisputeInfo',
    summary: '订单的平台仲裁状态',
    tags: ['订单'],
    access: 'member',
    input: z.object({ order_id: idField('订单编号') }),
    output: memberDisputeSchema,
  }),
  report: defineEndpoint({
    path: '/member/report',
    summary: '举报内容（商品、课程、班级、教练与店铺主页；功夫圈动态、评论、聊天消息上线后同样适用）',
    tags: ['举报'],
    access: 'member',
    input: z.object({
      target_type: z.enum(REPORT_TARGETS, { error: '举报对象不正确' }),
      target_id: idField('举报对象'),
      reason: z.enum(REPORT_REASONS, { error: '请选择举报原因' }),
      detail: textField('补充说明', 500).default(''),
    }),
    output: noOutput,
    okMsg: '举报已提交，平台处理后会通知你',
  }),
};
