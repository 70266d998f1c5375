import { z } from 'zod';
import { defineEndpoint, noOutput } from '../define';
import { bit, bitField, idField, idInput, intField, isoTime, pageInput, pageSchema, textField } from '../fields';
import { POINTS_CONFIG_FIELDS, POINTS_ITEM_KINDS, POINTS_REASONS, type PointsConfig } from '../../rules/points';

/** 签到 and 积分: the member's points, sign-in and shop; the console's points shop and settings (SPEC §13). */

const tags = ['签到积分'];
const adminTags = ['运营后台·营销'];
const finance = ['finance'] as const;

const reasonEnum = z.enum(POINTS_REASONS);
const kindEnum = z.enum(POINTS_ITEM_KINDS);
const statusEnum = z.enum(['done', 'pending', 'shipped']);
const monthField = z
  .string({ error: '月份不正确' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份不正确');

const n = () => z.number().int();
export const pointsConfigSchema = z.object({
  signin: n(),
  streak_step: n(),
  streak_cap: n(),
  first_order: n(),
  review: n(),
  homework: n(),
  expire_years: n(),
}) satisfies z.ZodType<PointsConfig>;

export const pointsSummarySchema = z.object({
  balance: z.number().int(),
  /** Asia/Shanghai day 'YYYY-MM-DD'. */
  today: z.string(),
  signed_today: bit(),
  /** The current streak (0 once a day was missed). */
  streak: z.number().int(),
  /** What signing in today gives (or gave). */
  today_points: z.number().int(),
  tomorrow_points: z.number().int(),
  /** Points that will expire at the end of `expire_day` (0 when none or never). */
  expiring: z.number().int(),
  expire_day: z.string().nullable(),
  rules: pointsConfigSchema,
});
export type PointsSummary = z.output<typeof pointsSummarySchema>;

export const pointsLedgerRowSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: reasonEnum,
  reason_text: z.string(),
  note: z.string(),
  created_at: isoTime(),
});
export type PointsLedgerRow = z.output<typeof pointsLedgerRowSchema>;

export const pointsItemSchema = z.object({
  id: z.number().int(),
  kind: kindEnum,
  title: z.string(),
  /** What it is: the coupon's rule, or the goods' specs. */
  detail: z.string(),
  cover: z.string(),
  points: z.number().int(),
  left: z.number().int(),
  per_member: z.number().int(),
  /** How many the caller already redeemed. */
  mine: z.number().int(),
});
export type PointsItem = z.output<typeof pointsItemSchema>;

export const redemptionSchema = z.object({
  id: z.number().int(),
  kind: kindEnum,
  title: z.string(),
  points: z.number().int(),
  status: statusEnum,
  address: z.string(),
  express_company: z.string(),
  express_no: z.string(),
  created_at: isoTime(),
});
export type Redemption = z.output<typeof redemptionSchema>;

const configShape = Object.fromEntries(POINTS_CONFIG_FIELDS.map((f) => [f.key, intField(f.label, { max: f.max })])) as {
  [K in keyof PointsConfig]: ReturnType<typeof intField>;
};
export const pointsConfigInput = z.object(configShape);

export const adminPointsItemSchema = z.object({
  id: z.number().int(),
  kind: kindEnum,
  title: z.string(),
  detail: z.string(),
  coupon_template_id: z.number().int().nullable(),
  course_id: z.number().int().nullable().describe('课程优惠券限定的课程（取自其优惠券模板）'),
  sku_id: z.number().int().nullable(),
  points: z.number().int(),
  stock: z.number().int(),
  redeemed: z.number().int(),
  per_member: z.number().int(),
  status: bit(),
  created_at: isoTime(),
});
export type AdminPointsItem = z.output<typeof adminPointsItemSchema>;

export const adminRedemptionSchema = redemptionSchema.extend({ user_id: z.number().int(), nick: z.string(), phone: z.string() });
export type AdminRedemption = z.output<typeof adminRedemptionSchema>;

export const pointsApi = {
  summary: defineEndpoint({
    path: '/member/points',
    summary: '我的积分：余额、今日签到、连续天数、即将过期与规则',
    tags,
    access: 'member',
    input: z.object({}),
    output: pointsSummarySchema,
  }),
  signin: defineEndpoint({
    path: '/member/points/signin',
    summary: '每日签到（同一天只记一次，以北京时间为准）',
    tags,
    access: 'member',
    input: z.object({}),
    output: z.object({ points: z.number().int(), streak: z.number().int(), balance: z.number().int() }),
  }),
  calendar: defineEndpoint({
    path: '/member/points/calendar',
    summary: '某月已签到的日期',
    tags,
    access: 'member',
    input: z.object({ month: monthField }),
    output: z.object({ month: z.string(), days: z.array(z.string()) }),
  }),
  ledger: defineEndpoint({
    path: '/member/points/ledger',
    summary: '积分明细，最新在前',
    tags,
    access: 'member',
    input: z.object({ ...pageInput }),
    output: pageSchema(pointsLedgerRowSchema),
  }),
  items: defineEndpoint({
    path: '/member/points/items',
    summary: '积分商城在售商品',
    tags,
    access: 'member',
    input: z.object({ ...pageInput, limit: pageInput.limit.default(20) }),
    output: pageSchema(pointsItemSchema),
  }),
  redeem: defineEndpoint({
    path: '/member/points/redeem',
    summary: '兑换积分商品（实物须选收货地址）',
    tags,
    access: 'member',
    input: z.object({ id: idField('商品'), address_id: idField('收货地址').optional() }),
    output: z.object({ id: z.number().int(), status: statusEnum, balance: z.number().int() }),
    okMsg: '兑换成功',
  }),
  redemptions: defineEndpoint({
    path: '/member/points/redemptions',
    summary: '我的兑换记录',
    tags,
    access: 'member',
    input: z.object({ ...pageInput }),
    output: pageSchema(redemptionSchema),
  }),
};

export const adminPointsApi = {
  config: defineEndpoint({
    path: '/admin/points/config',
    summary: '积分规则：签到、连续签到加成、首单、评价、作业、有效期',
    tags: adminTags,
    access: 'operator',
    staff: finance,
    input: z.object({}),
    output: pointsConfigSchema,
  }),
  configSave: defineEndpoint({
    path: '/admin/points/configSave',
    summary: '修改积分规则',
    tags: adminTags,
    access: 'operator',
    staff: finance,
    input: pointsConfigInput,
    output: noOutput,
    okMsg: '已保存',
  }),
  items: defineEndpoint({
    path: '/admin/points/items',
    summary: '积分商城商品（含已下架）',
    tags: adminTags,
    access: 'operator',
    staff: finance,
    input: z.object({ ...pageInput, limit: pageInput.limit.default(20) }),
    output: pageSchema(adminPointsItemSchema),
  }),
  itemSave: defineEndpoint({
    path: '/admin/points/itemSave',
    summary: '新建或修改积分商品（库存为剩余可兑数量）',
    tags: adminTags,
    access: 'operator',
    staff: finance,
    input: z.object({
      id: idField('商品').optional(),
      kind: z.enum(POINTS_ITEM_KINDS, { error: '请选择类型' }),
      title: textField('名称', 32).min(1, '请填写名称'),
      coupon_template_id: idField('优惠券模板').optional(),
      course_id: idField('课程').optional().describe('课程优惠券限定的课程（须在售）；所选模板随之限定为该课程'),
      sku_id: idField('商品规格').optional(),
      points: intField('所需积分', { min: 1, max: 10_000_000 }),
      stock: intField('库存', { max: 1_000_000 }),
      per_member: intField('每人限兑', { min: 1, max: 1000 }),
    }),
    output: z.object({ id: z.number().int() }),
    okMsg: '已保存',
  }),
  itemStatus: defineEndpoint({
    path: '/admin/points/itemStatus',
    summary: '上架或下架积分商品',
    tags: adminTags,
    access: 'operator',
    staff: finance,
    input: z.object({ id: idField('商品'), status: bitField('状态') }),
    output: noOutput,
    okMsg: '已更新',
  }),
  redemptions: defineEndpoint({
    path: '/admin/points/redemptions',
    summary: '兑换记录（可只看待发货）',
    tags: adminTags,
    access: 'operator',
    staff: finance,
    input: z.object({ ...pageInput, pending: bitField('只看待发货').default(0) }),
    output: pageSchema(adminRedemptionSchema),
  }),
  ship: defineEndpoint({
    path: '/admin/points/ship',
    summary: '实物兑换发货（填写快递公司和单号）',
    tags: adminTags,
    access: 'operator',
    staff: finance,
    input: z.object({
      id: idField('兑换记录'),
      company: textField('快递公司', 32).min(1, '请填写快递公司'),
      no: textField('快递单号', 40).min(1, '请填写快递单号'),
    }),
    output: noOutput,
    okMsg: '已发货',
  }),
  memberLedger: defineEndpoint({
    path: '/admin/points/memberLedger',
    summary: '某会员的积分余额与明细',
    tags: adminTags,
    access: 'operator',
    staff: finance,
    input: z.object({ ...idInput('会员').shape, ...pageInput }),
    output: pageSchema(pointsLedgerRowSchema).extend({ balance: z.number().int(), nick: z.string() }),
  }),
};
