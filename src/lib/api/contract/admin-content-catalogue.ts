import { z } from 'zod';
import { defineEndpoint, noOutput } from '../define';
import {
  bit,
  bitField,
  fen,
  fenField,
  idField,
  idInput,
  intField,
  isoTime,
  pageInput,
  pageSchema,
  reasonField,
  textField,
} from '../fields';
import { content, idsInput, okId, required, tags } from './admin-content-fields';
import { CATALOGUE_KINDS } from '../../rules/admin-content';
import { COUPON_SCOPES } from './coupon';

/** The console's catalogue oversight: platform coupons, course labels, taking courses and goods off sale. */

export const adminCouponSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  amount: fen(),
  threshold: fen(),
  scope: z.enum(COUPON_SCOPES),
  shop_id: z.number().int().nullable(),
  shop_name: z.string(),
  course_id: z.number().int().nullable().describe('限定的课程（积分商城的课程优惠券）'),
  course_title: z.string(),
  valid_days: z.number().int(),
  starts_at: isoTime(),
  ends_at: isoTime(),
  total: z.number().int(),
  claimed: z.number().int(),
  per_user: z.number().int(),
  status: bit(),
  editable: z.boolean().describe('尚无人领取时才能修改'),
});
export type AdminCoupon = z.output<typeof adminCouponSchema>;

export const adminLabelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  status: bit(),
  courses: z.number().int(),
});
export type AdminLabel = z.output<typeof adminLabelSchema>;

export const catalogueRowSchema = z.object({
  kind: z.enum(CATALOGUE_KINDS),
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  owner_type: z.enum(['coach', 'shop']),
  owner_name: z.string(),
  owner_phone: z.string(),
  price: fen().nullable(),
  status: bit().describe('1 在售/营业，0 下架/关闭'),
  hold: z.object({ reason: z.string(), at: isoTime() }).nullable().describe('平台下架（暂停）记录'),
  created_at: isoTime(),
  path: z.string(),
});
export type CatalogueRow = z.output<typeof catalogueRowSchema>;

export const adminCatalogueApi = {
  coupons: defineEndpoint({
    path: '/admin/coupons',
    summary: '优惠券模板',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({ ...pageInput, status: z.enum(['all', 'on', 'off'], { error: '状态不正确' }).default('all') }),
    output: pageSchema(adminCouponSchema),
  }),
  couponSave: defineEndpoint({
    path: '/admin/couponSave',
    summary: '新建优惠券模板，或修改尚无人领取的模板（已领取的券永不改变）',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: z.object({
      id: idField('模板').optional(),
      title: required('券名称', 32),
      amount: fenField('减免金额', {
        min: 1,
        max: 10_000_000,
        notInt: '减免金额须为整数分',
        tooSmall: '减免金额至少 1 分',
        tooBig: '减免金额太大',
      }),
      threshold: fenField('使用门槛', { max: 100_000_000, notInt: '使用门槛须为整数分', tooBig: '使用门槛太大' }),
      scope: z.enum(COUPON_SCOPES, { error: '适用范围不正确' }),
      shop_id: idField('店铺').optional(),
      valid_days: intField('有效天数', {
        max: 3650,
        notInt: '有效天数须为整数',
        tooSmall: '有效天数不能小于 0',
        tooBig: '有效天数最多 3650',
      }),
      starts_at: z.string({ error: '请选择开始领取时间' }).refine((s) => !Number.isNaN(Date.parse(s)), '开始领取时间不正确'),
      ends_at: z.string({ error: '请选择截止时间' }).refine((s) => !Number.isNaN(Date.parse(s)), '截止时间不正确'),
      total: intField('发放总量', {
        min: 1,
        max: 10_000_000,
        notInt: '发放总量须为整数',
        tooSmall: '发放总量至少 1 张',
        tooBig: '发放总量太大',
      }),
      per_user: intField('每人限领', {
        min: 1,
        max: 100,
        notInt: '每人限领须为整数',
        tooSmall: '每人限领至少 1 张',
        tooBig: '每人限领最多 100 张',
      }),
    }),
    output: okId,
    okMsg: '已保存',
  }),
  couponStop: defineEndpoint({
    path: '/admin/couponStop',
    summary: '停止发放（已领取的券照常可用）',
    tags,
    access: 'operator',
    staff: ['finance'],
    input: idInput(),
    output: noOutput,
    okMsg: '已停止发放',
  }),

  // ── labels ──
  labels: defineEndpoint({
    path: '/admin/labels',
    summary: '课程标签（含隐藏的）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ ...pageInput, limit: pageInput.limit.default(50) }),
    output: pageSchema(adminLabelSchema),
  }),
  labelSave: defineEndpoint({
    path: '/admin/labelSave',
    summary: '新增或重命名课程标签',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ id: idField('标签').optional(), name: required('标签名称', 16) }),
    output: okId,
    okMsg: '已保存',
  }),
  labelStatus: defineEndpoint({
    path: '/admin/labelStatus',
    summary: '显示或隐藏课程标签（已用该标签的课程不受影响）',
    tags,
    access: 'operator',
    staff: content,
    input: z.object({ id: idField('标签'), status: bitField('显示状态') }),
    output: noOutput,
    okMsg: '已更新',
  }),
  labelSort: defineEndpoint({
    path: '/admin/labelSort',
    summary: '课程标签排序（完整的 id 顺序）',
    tags,
    access: 'operator',
    staff: content,
    input: idsInput('标签'),
    output: noOutput,
    okMsg: '排序已保存',
  }),

  // ── catalogue oversight (content, reviewer) ──
  catalogue: defineEndpoint({
    path: '/admin/catalogue',
    summary: '在售监管：课程、班级、商品、店铺（关键字、所有者、状态筛选）',
    tags,
    access: 'operator',
    staff: ['content', 'reviewer'],
    input: z.object({
      ...pageInput,
      kind: z.enum(CATALOGUE_KINDS, { error: '类型不正确' }).default('course'),
      keyword: textField('关键字', 40).default(''),
      owner: textField('所有者', 32).default('').describe('教练/店铺名称或手机号'),
      status: z.enum(['all', 'on', 'off', 'held'], { error: '状态不正确' }).default('all'),
    }),
    output: pageSchema(catalogueRowSchema),
  }),
  catalogueOff: defineEndpoint({
    path: '/admin/catalogueOff',
    summary: '平台下架（店铺为暂停营业），原因通知所有者；所有者不能自行恢复',
    tags,
    access: 'operator',
    staff: ['content', 'reviewer'],
    input: z.object({ kind: z.enum(CATALOGUE_KINDS, { error: '类型不正确' }), id: idField(), reason: reasonField('下架原因') }),
    output: noOutput,
    okMsg: '已下架并通知所有者',
  }),
  catalogueOn: defineEndpoint({
    path: '/admin/catalogueOn',
    summary: '解除平台下架，恢复上架（店铺恢复营业及随之下架的商品、课程）',
    tags,
    access: 'operator',
    staff: ['content', 'reviewer'],
    input: z.object({ kind: z.enum(CATALOGUE_KINDS, { error: '类型不正确' }), id: idField(), note: textField('备注', 200).default('') }),
    output: noOutput,
    okMsg: '已恢复上架',
  }),
};
