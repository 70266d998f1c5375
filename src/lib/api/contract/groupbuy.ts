import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, fen, fenField, idField, idInput, intField, isoTime, pageInput, pageSchema, reasonField } from '../fields';
import { CAMPAIGN_STATES, GROUP_BUY_KINDS, GROUP_BUY_LIMITS, GROUP_BUY_TEXTS, GROUP_STATUSES } from '../../rules/groupbuy';
import { REASON_LIMITS } from '../../rules/growth-console';

/* 拼团 (modules/groupbuy): sellers' campaigns, groups opened and joined by members, their orders. */

const tags = ['拼团'];

const itemSchema = z.object({
  kind: z.enum(GROUP_BUY_KINDS),
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  price: fen().describe('原价'),
});

export const campaignSchema = z.object({
  id: z.number().int(),
  item: itemSchema,
  price: fen().describe('拼团价'),
  size: z.number().int().describe('成团人数'),
  limit_hours: z.number().int().describe('每个团的时限（小时）'),
  starts_at: isoTime(),
  ends_at: isoTime(),
  state: z.enum(CAMPAIGN_STATES),
  opened: z.number().int().describe('已开团数'),
  formed: z.number().int().describe('已成团数'),
  editable: bit().describe('尚无人开团时可修改'),
});
export type GroupCampaign = z.output<typeof campaignSchema>;

const memberSchema = z.object({ name: z.string(), avatar: z.string(), leader: bit() });

export const groupSchema = z.object({
  id: z.number().int(),
  status: z.enum(GROUP_STATUSES),
  size: z.number().int(),
  paid: z.number().int().describe('已付款人数'),
  left: z.number().int().describe('还差人数'),
  free_slots: z.number().int().describe('可加入的名额（含待付款占位）'),
  price: fen(),
  expires_at: isoTime(),
  leader: z.object({ name: z.string(), avatar: z.string() }),
  members: z.array(memberSchema).describe('已付款的成员'),
});
export type GroupView = z.output<typeof groupSchema>;

export const myGroupSchema = z.object({
  group: groupSchema,
  item: itemSchema,
  order_id: z.number().int(),
  order_status: z.string(),
  link: z.string().describe('分享链接（站内路径）'),
});
export type MyGroup = z.output<typeof myGroupSchema>;

const createdSchema = z.object({
  id: z.number().int().describe('订单 id'),
  order_no: z.string(),
  pay_amount: fen(),
  group_id: z.number().int(),
});

const campaignFields = {
  kind: z.enum(GROUP_BUY_KINDS, { error: '请选择课程或班级' }),
  item_id: idField('课程或班级'),
  price: fenField('拼团价', { min: 1, max: 10_000_000, tooSmall: '请填写拼团价', tooBig: '拼团价最多 ¥100000' }),
  size: intField('成团人数', {
    min: GROUP_BUY_LIMITS.sizeMin,
    max: GROUP_BUY_LIMITS.sizeMax,
    column: 'smallint',
    msg: `成团人数为 ${GROUP_BUY_LIMITS.sizeMin}–${GROUP_BUY_LIMITS.sizeMax} 人`,
  }),
  limit_hours: intField('成团时限', {
    min: GROUP_BUY_LIMITS.hoursMin,
    max: GROUP_BUY_LIMITS.hoursMax,
    column: 'smallint',
    msg: `成团时限为 ${GROUP_BUY_LIMITS.hoursMin}–${GROUP_BUY_LIMITS.hoursMax} 小时`,
  }),
  starts_at: z
    .string({ error: '请选择开始时间' })
    .trim()
    .min(1, '请选择开始时间')
    .max(40, '开始时间不正确')
    .refine((s) => !Number.isNaN(Date.parse(s)), '开始时间不正确'),
  ends_at: z
    .string({ error: '请选择结束时间' })
    .trim()
    .min(1, '请选择结束时间')
    .max(40, '结束时间不正确')
    .refine((s) => !Number.isNaN(Date.parse(s)), '结束时间不正确'),
};

export const sellerGroupBuyApi = {
  list: defineEndpoint({
    path: '/seller/groupBuyList',
    summary: '卖家的拼团活动（新建在前）',
    tags,
    access: 'seller',
    input: z.object({ ...pageInput }),
    output: pageSchema(campaignSchema),
  }),
  items: defineEndpoint({
    path: '/seller/groupBuyItems',
    summary: '可设置拼团的在售课程与班级（教练：课程和班级；店主：店铺的课程）',
    tags,
    access: 'seller',
    input: z.object({}),
    output: z.object({ list: z.array(itemSchema) }),
  }),
  save: defineEndpoint({
    path: '/seller/groupBuySave',
    summary: '新建或修改拼团活动（修改仅在尚无人开团时）',
    tags,
    access: 'seller',
    input: z.object({ id: idField('拼团活动').optional(), ...campaignFields }),
    output: campaignSchema,
    okMsg: GROUP_BUY_TEXTS.saved,
  }),
  stop: defineEndpoint({
    path: '/seller/groupBuyStop',
    summary: '停止拼团活动：不再开新团，进行中的团继续到截止时间',
    tags,
    access: 'seller',
    input: idInput('拼团活动'),
    output: campaignSchema,
    okMsg: GROUP_BUY_TEXTS.stoppedOk,
  }),
};

export const groupBuyApi = {
  forItem: defineEndpoint({
    path: '/public/groupBuy',
    summary: '课程或班级的拼团：进行中的活动与可加入的团；group 指定时一并返回该团（分享链接）',
    tags,
    access: 'public',
    input: z.object({
      kind: z.enum(GROUP_BUY_KINDS, { error: '类型不正确' }),
      id: idField('课程或班级'),
      group: idField('团').optional(),
    }),
    output: z.object({
      campaign: campaignSchema.nullable(),
      groups: z.array(groupSchema),
      shared: groupSchema.nullable().describe('分享链接指向的团（不论状态）'),
      own: bit().describe('登录者是该课程或班级的卖家（不能开团或参团）'),
    }),
  }),
  open: defineEndpoint({
    path: '/member/groupBuyOpen',
    summary: '开团：以拼团价下单（占用一个名额；班级同时占座），付款后计入成团人数',
    tags,
    access: 'member',
    input: z.object({ campaign_id: idField('拼团活动') }),
    output: createdSchema,
  }),
  join: defineEndpoint({
    path: '/member/groupBuyJoin',
    summary: '参团：以拼团价下单并占用该团一个名额（名额满时拒绝）',
    tags,
    access: 'member',
    input: z.object({ group_id: idField('团') }),
    output: createdSchema,
  }),
  mine: defineEndpoint({
    path: '/member/groupBuyMine',
    summary: '我的拼团（新的在前）',
    tags,
    access: 'member',
    input: z.object({ ...pageInput }),
    output: pageSchema(myGroupSchema),
  }),
};

/** The console's row: the campaign with its seller and how its groups went. */
export const adminCampaignSchema = campaignSchema.extend({
  seller_type: z.enum(['coach', 'shop']),
  seller_name: z.string(),
  failed: z.number().int().describe('未成团数'),
});
export type AdminGroupCampaign = z.output<typeof adminCampaignSchema>;

/** 拼团监管 (console, content operators): every seller's campaigns, and the platform's stop. */
export const adminGroupBuyApi = {
  list: defineEndpoint({
    path: '/admin/groupBuy/list',
    summary: '拼团监管：所有卖家的拼团活动（新建在前，按状态筛选）',
    tags,
    access: 'operator',
    staff: ['content'],
    input: z.object({ ...pageInput, state: z.enum(['all', ...CAMPAIGN_STATES], { error: '状态不正确' }).default('all') }),
    output: pageSchema(adminCampaignSchema),
  }),
  stop: defineEndpoint({
    path: '/admin/groupBuy/stop',
    summary: '平台停止拼团活动：不再开新团，进行中的团继续到截止时间；原因通知卖家',
    tags,
    access: 'operator',
    staff: ['content'],
    input: z.object({ id: idField('拼团活动'), reason: reasonField('停止原因', REASON_LIMITS.min, REASON_LIMITS.max) }),
    output: adminCampaignSchema,
    okMsg: '已停止并通知卖家',
  }),
};
