import { z } from 'zod';
import { APPLICATION_KINDS, APPLICATION_STATES, APPLY_LIMITS as L, APPLY_TEXTS as A } from '../../rules/applications';
import { defineEndpoint } from '../define';
import { fen, idField, isoTime, pageInput, pageSchema, textField } from '../fields';
import { coachAnswersSchema, docUrlsSchema, shopAnswersSchema } from './applications';

const tags = ['运营后台：入驻审核'];
const staff = ['reviewer'] as const;

export const reviewItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPLICATION_KINDS),
  status: z.enum(APPLICATION_STATES),
  status_text: z.string(),
  title: z.string().describe('真实姓名或店铺名称'),
  user_id: z.number().int(),
  nick_name: z.string(),
  phone: z.string().describe('申请人手机号（脱敏）'),
  created_at: isoTime(),
  reviewed_at: isoTime().nullable(),
});
export type ReviewItem = z.output<typeof reviewItemSchema>;

export const reviewDetailSchema = reviewItemSchema.extend({
  refuse_reason: z.string(),
  review_note: z.string(),
  fee: fen(),
  settled_at: isoTime().nullable(),
  coach: coachAnswersSchema.nullable(),
  shop: shopAnswersSchema.nullable(),
  doc_urls: docUrlsSchema,
});
export type ReviewDetail = z.output<typeof reviewDetailSchema>;

const counts = z.object(
  Object.fromEntries(APPLICATION_STATES.map((s) => [s, z.number().int()])) as Record<(typeof APPLICATION_STATES)[number], z.ZodNumber>,
);

/** The console's coach and shop application queue; provider applications are /admin/providers. */
export const adminApplicationApi = {
  list: defineEndpoint({
    path: '/admin/applications/list',
    summary: '入驻申请列表（教练/店主），按状态筛选，附各状态数量',
    tags,
    access: 'operator',
    staff,
    input: z.object({
      kind: z.enum(APPLICATION_KINDS, { error: '申请类型只能是 coach 或 shop' }),
      status: z.enum([...APPLICATION_STATES, 'all'], { error: '状态不正确' }).default('all'),
      q: textField('搜索关键字', 32).default(''),
      ...pageInput,
    }),
    output: pageSchema(reviewItemSchema).extend({ counts }),
  }),
  detail: defineEndpoint({
    path: '/admin/applications/detail',
    summary: '入驻申请详情（身份证号仅显示脱敏号码；证件照片为临时签名地址）',
    tags,
    access: 'operator',
    staff,
    input: z.object({ id: idField('申请编号') }),
    output: reviewDetailSchema,
  }),
  approve: defineEndpoint({
    path: '/admin/applications/approve',
    summary: '通过入驻申请（可附备注），申请人收到通知后完成入驻',
    tags,
    access: 'operator',
    staff,
    input: z.object({ id: idField('申请编号'), note: textField('审核备注', L.note).default('') }),
    output: reviewDetailSchema,
    okMsg: '已通过，已通知申请人',
  }),
  refuse: defineEndpoint({
    path: '/admin/applications/refuse',
    summary: '拒绝入驻申请（须填写原因，原因会通知申请人）',
    tags,
    access: 'operator',
    staff,
    input: z.object({
      id: idField('申请编号'),
      reason: z.string({ error: A.reason }).trim().min(1, A.reason).max(L.reason, A.reasonMax),
    }),
    output: reviewDetailSchema,
    okMsg: '已拒绝，已通知申请人',
  }),
  revealId: defineEndpoint({
    path: '/admin/applications/revealId',
    summary: '查看完整身份证号（超级管理员与审核岗；每次查看都写入操作日志）',
    tags,
    access: 'operator',
    staff,
    input: z.object({ id: idField('申请编号') }),
    output: z.object({ id_number: z.string() }),
  }),
};
