import { z } from 'zod';
import {
  APPLICATION_KINDS,
  APPLICATION_STATES,
  APPLY_LIMITS as L,
  APPLY_TEXTS as A,
  EXAMINE_STATUSES,
  REAL_NAME_RE,
  examineMessage,
  isCreditCode,
  isIdNumber,
  type ApplicationKind,
  type ExamineStatusValue,
} from '../../rules/applications';
import { defineEndpoint, noInput } from '../define';
import { fen, idField, isoTime, phoneField } from '../fields';

const tags = ['身份入驻'];

const required = (msg: string, max = 200, maxMsg = msg) => z.string({ error: msg }).trim().min(1, msg).max(max, maxMsg);
/** An uploaded image's path (the server checks it is one of ours; documents: the applicant's own from /member/uploadDocument). */
const image = (msg: string) => z.string({ error: msg }).trim().min(1, msg).max(300, A.badImage);
const agree = z.literal(true, { error: A.agree });

export const examineStatusSchema = z
  .union(EXAMINE_STATUSES.map((s) => z.literal(s)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>, ...z.ZodLiteral<ExamineStatusValue>[]])
  .describe(
    '1 可申请；2 审核中；3 已通过待入驻（缴费）；4 未通过，可修改后重新提交；5 已入驻；6 已是另一种身份（教练/店主只能二选一）；7 另一种身份的申请审核中或待入驻。只有 1 和 4 可进入申请页，其余显示 msg',
  );

const examineMsg = (kind: ApplicationKind) => (status: ExamineStatusValue) => examineMessage(kind, status);

/* ---------- the forms ---------- */

export const coachApplyInput = z.object({
  real_name: required(A.realName, 20).regex(REAL_NAME_RE, A.realNameBad),
  id_number: z
    .string({ error: A.idNumber })
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isIdNumber(v), A.idNumberBad)
    .describe('18 位身份证号；重新提交时留空表示沿用上次提交的号码'),
  id_front: image(A.idFront),
  id_back: image(A.idBack),
  phone: phoneField,
  province: required(A.province, 16),
  city: required(A.city, 16),
  label_ids: z.array(idField('拳种'), { error: A.labels }).min(1, A.labels).max(L.labelsMax, A.labelsMax),
  intro: z.string({ error: A.intro }).trim().min(L.introMin, A.intro).max(L.intro, A.introMax),
  certificates: z.array(image(A.badImage), { error: A.badImage }).max(L.certificatesMax, A.certificatesMax).default([]),
  agree,
});

export const shopApplyInput = z.object({
  shop_name: required(A.shopName, L.shopName, A.shopNameMax),
  logo: image(A.logo),
  licence_no: z
    .string({ error: A.licenceNo })
    .trim()
    .toUpperCase()
    .min(1, A.licenceNo)
    .refine((v) => isCreditCode(v), A.licenceNoBad),
  licence_image: image(A.licenceImage),
  province: required(A.province, 16),
  city: required(A.city, 16),
  district: required(A.district, 16),
  address: required(A.address, L.address, A.addressMax),
  contact_name: required(A.contactName, L.contactName, A.contactNameMax),
  contact_phone: phoneField,
  agree,
});

/** What a coach applicant answered (the ID number only as its mask). */
export const coachAnswersSchema = z.object({
  real_name: z.string(),
  id_number_mask: z.string(),
  id_front: z.string(),
  id_back: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  label_ids: z.array(z.number().int()),
  labels: z.array(z.string()),
  intro: z.string(),
  certificates: z.array(z.string()),
});
export type CoachAnswers = z.output<typeof coachAnswersSchema>;

export const shopAnswersSchema = z.object({
  shop_name: z.string(),
  logo: z.string(),
  licence_no: z.string(),
  licence_image: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
});
export type ShopAnswers = z.output<typeof shopAnswersSchema>;

/** The member's own view of an application. */
export const myApplicationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPLICATION_KINDS),
  status: z.enum(APPLICATION_STATES),
  status_text: z.string(),
  refuse_reason: z.string(),
  review_note: z.string(),
  fee: fen().describe('入驻时实际缴纳的入驻费（未入驻为 0）'),
  created_at: isoTime(),
  reviewed_at: isoTime().nullable(),
  settled_at: isoTime().nullable(),
});
export type MyApplication = z.output<typeof myApplicationSchema>;

/** Signed URLs of an application's verification documents (they are private files). */
export const docUrlsSchema = z
  .record(z.string(), z.string())
  .describe('证件照片（身份证、证书、营业执照）的临时查看地址：存储路径 → 签名地址，约 5–10 分钟内有效');

export const failInfoSchema = <T extends z.ZodType>(answers: T) =>
  z.object({
    id: z.number().int(),
    reason: z.string().describe('拒绝原因'),
    reviewed_at: isoTime().nullable(),
    answers,
    doc_urls: docUrlsSchema,
  });

export const identityApplicationSchema = z.object({
  kind: z.enum(APPLICATION_KINDS),
  status: examineStatusSchema,
  msg: z.string(),
  fee: fen().describe('当前入驻费（配置 coach_settle_fee / shop_settle_fee）'),
  coins: z.number().int().describe('功夫币余额'),
  has_pay_password: z.boolean(),
  application: myApplicationSchema.nullable().describe('最近一次申请'),
});
export type IdentityApplication = z.output<typeof identityApplicationSchema>;

export const settleInput = z.object({
  pay_password: z.string({ error: A.payPwRequired }).max(64, '支付密码不正确').default('').describe('入驻费大于 0 时必填（功夫币支付）'),
});

export const settledSchema = z.object({
  identity: z.number().int().describe('1 店主，2 教练'),
  service_id: z.number().int(),
  fee: fen(),
  coins_paid: z.number().int(),
  balance: z.number().int().describe('支付后的功夫币余额'),
  href: z.string().describe('管理后台首页'),
});
export type Settled = z.output<typeof settledSchema>;

/** SPEC §4/§7 registration calls of coaches and shop owners (suppliers: /api/public/supplierSettle, elsewhere). */
export const applicationApi = {
  coachStatus: defineEndpoint({
    path: '/member/coachExamineStatus',
    summary: '教练入驻审核状态（data 为状态值，msg 为说明）',
    tags,
    access: 'member',
    input: noInput,
    output: examineStatusSchema,
    okMsg: examineMsg('coach'),
  }),
  shopStatus: defineEndpoint({
    path: '/member/shopExamineStatus',
    summary: '店主入驻审核状态（data 为状态值，msg 为说明）',
    tags,
    access: 'member',
    input: noInput,
    output: examineStatusSchema,
    okMsg: examineMsg('shop'),
  }),
  registerCoach: defineEndpoint({
    path: '/registerCoach',
    summary: '提交教练入驻申请（状态 1 或 4 时可提交；身份证号加密保存）',
    tags,
    access: 'member',
    input: coachApplyInput,
    output: myApplicationSchema,
    okMsg: A.submitted,
  }),
  registerShop: defineEndpoint({
    path: '/registerShop',
    summary: '提交店主入驻申请（状态 1 或 4 时可提交）',
    tags,
    access: 'member',
    input: shopApplyInput,
    output: myApplicationSchema,
    okMsg: A.submitted,
  }),
  coachFailInfo: defineEndpoint({
    path: '/member/coachFailInfo',
    summary: '教练入驻被拒：拒绝原因与上次填写的资料（用于修改后重新提交）',
    tags,
    access: 'member',
    input: noInput,
    output: failInfoSchema(coachAnswersSchema),
  }),
  shopFailInfo: defineEndpoint({
    path: '/member/shopFailInfo',
    summary: '店主入驻被拒：拒绝原因与上次填写的资料',
    tags,
    access: 'member',
    input: noInput,
    output: failInfoSchema(shopAnswersSchema),
  }),
  info: defineEndpoint({
    path: '/member/identityApplication',
    summary: '入驻进度：状态、最近一次申请、入驻费与功夫币余额（完成入驻页使用）',
    tags,
    access: 'member',
    input: z.object({ type: z.enum(APPLICATION_KINDS, { error: '入驻类型只能是 coach 或 shop' }) }),
    output: identityApplicationSchema,
  }),
  settledCoach: defineEndpoint({
    path: '/member/settledCoach',
    summary: '完成教练入驻：审核通过后缴纳入驻费（功夫币，费用为 0 时免费），开通教练身份',
    tags,
    access: 'member',
    input: settleInput,
    output: settledSchema,
    okMsg: A.settled('教练'),
  }),
  settledShop: defineEndpoint({
    path: '/member/settledShop',
    summary: '完成店主入驻：审核通过后缴纳入驻费，开通店铺',
    tags,
    access: 'member',
    input: settleInput,
    output: settledSchema,
    okMsg: A.settled('店主'),
  }),
};
