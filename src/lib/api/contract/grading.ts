import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, fen, fenField, idField, idInput, intField, isoTime, pageInput, pageSchema, textField } from '../fields';
import { CANDIDATE_STATUSES, DUAN_MAX, DUAN_MIN, GRADING_LIMITS, GRADING_MODES, GRADING_TEXTS } from '../../rules/grading';

/* 考评: sessions published by 考评员, booked and paid like a class seat; results and 段位证书 (learning module). */

const tags = ['段位考评'];

export const GRADING_STATES = ['open', 'full', 'started', 'cancelled', 'finished'] as const;

export const gradingSessionSchema = z.object({
  id: z.number().int(),
  label_id: z.number().int(),
  style: z.string().describe('拳种（课程标签）'),
  duan: z.number().int(),
  mode: z.enum(GRADING_MODES),
  place: z.string(),
  starts_at: isoTime(),
  seats: z.number().int(),
  booked: z.number().int(),
  seats_left: z.number().int(),
  price: fen(),
  intro: z.string(),
  state: z.enum(GRADING_STATES).describe('open 可报名 / full 名额已满 / started 已开始 / cancelled 已取消 / finished 已结束'),
  examiner: z.object({ id: z.number().int(), name: z.string(), avatar: z.string() }),
});
export type GradingSession = z.output<typeof gradingSessionSchema>;

/** An online 考评's grading video as it plays: signed URLs, for the candidate and the examiner only. */
export const gradingVideoSchema = z.object({
  url: z.string().describe('签名地址（私有视频）'),
  poster: z.string(),
  duration_s: z.number().int(),
  at: isoTime().describe('提交时间'),
});
export type GradingVideo = z.output<typeof gradingVideoSchema>;

export const gradingDetailSchema = gradingSessionSchema.extend({
  mine: z
    .object({
      order_id: z.number().int(),
      order_status: z.string(),
      result: z.enum(CANDIDATE_STATUSES).nullable(),
      cert_no: z.string(),
      video: gradingVideoSchema.nullable().describe('线上考评：自己提交的考评视频'),
    })
    .nullable()
    .describe('当前登录会员在该考评的订单与结果（未登录或未报名为 null）'),
});
export type GradingDetail = z.output<typeof gradingDetailSchema>;

export const candidateSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('公开昵称（从不返回实名或证件号）'),
  avatar: z.string(),
  status: z.enum(CANDIDATE_STATUSES),
  note: z.string(),
  judged_at: isoTime().nullable(),
  cert_no: z.string(),
  video: gradingVideoSchema.nullable().describe('线上考评：考生提交的考评视频（仅考评员可见）'),
});
export type GradingCandidate = z.output<typeof candidateSchema>;

export const certificateSchema = z.object({
  no: z.string(),
  holder: z.string(),
  style: z.string(),
  duan: z.number().int(),
  examiner: z.string(),
  issued_at: isoTime(),
  revoked_at: isoTime().nullable(),
  revoke_reason: z.string(),
  url: z.string().describe('证书页的完整地址（二维码内容）'),
  mine: bit().describe('当前登录会员是否为持证人'),
});
export type Certificate = z.output<typeof certificateSchema>;

export const adminCertificateSchema = certificateSchema.omit({ mine: true, url: true }).extend({
  id: z.number().int(),
  user_id: z.number().int(),
  member: z.string(),
});
export type AdminCertificate = z.output<typeof adminCertificateSchema>;

const duanField = intField('段位', {
  min: DUAN_MIN,
  max: DUAN_MAX,
  column: 'smallint',
  tooSmall: '段位为一段至九段',
  tooBig: '段位为一段至九段',
});

const sessionFields = {
  label_id: idField('拳种'),
  duan: duanField,
  mode: z.enum(GRADING_MODES, { error: '请选择考评方式' }),
  place: textField('考评地点', GRADING_LIMITS.placeMax).default(''),
  starts_at: z
    .string({ error: '请选择考评时间' })
    .trim()
    .min(1, '请选择考评时间')
    .refine((s) => !Number.isNaN(Date.parse(s)), '考评时间不正确'),
  seats: intField('名额', {
    min: GRADING_LIMITS.seatsMin,
    max: GRADING_LIMITS.seatsMax,
    tooSmall: `名额至少 ${GRADING_LIMITS.seatsMin} 个`,
    tooBig: `名额最多 ${GRADING_LIMITS.seatsMax} 个`,
  }),
  price: fenField('报名费', { min: 0, max: GRADING_LIMITS.priceMax, tooBig: '报名费最多 ¥100000' }),
  intro: textField('考评说明', GRADING_LIMITS.introMax).default(''),
};

export const gradingApi = {
  list: defineEndpoint({
    path: '/public/gradingList',
    summary: '即将开始的段位考评（可按拳种、段位筛选）',
    tags,
    access: 'public',
    input: z.object({ label_id: idField('拳种').optional(), duan: duanField.optional(), ...pageInput }),
    output: pageSchema(gradingSessionSchema).extend({ styles: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  detail: defineEndpoint({
    path: '/public/grading',
    summary: '考评详情：剩余名额、状态；登录时含自己的报名',
    tags,
    access: 'public',
    input: idInput('考评'),
    output: gradingDetailSchema,
  }),
  book: defineEndpoint({
    path: '/member/gradingBook',
    summary: '报名考评：下单并占用名额（与班级名额同一订单与支付流程），免费考评直接报名成功',
    tags,
    access: 'member',
    input: idInput('考评'),
    output: z.object({ id: z.number().int(), order_no: z.string(), pay_amount: fen(), status: z.enum(['unpaid', 'paid']) }),
  }),
  video: defineEndpoint({
    path: '/member/gradingVideo',
    summary: '线上考评：考生提交（或在出结果前更换）自己上传的考评视频',
    tags,
    access: 'member',
    input: z.object({ id: idField('考评'), video_id: idField('考评视频') }),
    output: gradingVideoSchema,
    okMsg: GRADING_TEXTS.videoSaved,
  }),
  cert: defineEndpoint({
    path: '/public/cert',
    summary: '段位证书（公开验证页的数据）；已撤销的证书仍返回，并注明撤销时间与原因',
    tags,
    access: 'public',
    input: z.object({ no: z.string({ error: '证书编号不正确' }).trim().max(24, '证书编号不正确') }),
    output: certificateSchema,
  }),
  holder: defineEndpoint({
    path: '/member/certHolder',
    summary: '持证人修改证书上显示的名字',
    tags,
    access: 'member',
    input: z.object({
      no: z.string({ error: '证书编号不正确' }).trim().max(24, '证书编号不正确'),
      holder: textField('证书署名', GRADING_LIMITS.holderMax).min(1, '请填写证书上显示的名字'),
    }),
    output: z.null(),
    okMsg: GRADING_TEXTS.holderSaved,
  }),
};

export const coachGradingApi = {
  mine: defineEndpoint({
    path: '/coach/gradingMine',
    summary: '考评员的考评列表与可选拳种；不是考评员时 examiner 为 null',
    tags,
    access: 'coach',
    input: z.object({}),
    output: z.object({
      examiner: z.object({ max_duan: z.number().int() }).nullable(),
      styles: z.array(z.object({ id: z.number().int(), name: z.string() })),
      list: z.array(gradingSessionSchema),
    }),
  }),
  add: defineEndpoint({
    path: '/coach/gradingAdd',
    summary: '发布考评（段位不高于考评员的最高段位，时间在将来）',
    tags,
    access: 'coach',
    input: z.object(sessionFields),
    output: gradingSessionSchema,
    okMsg: GRADING_TEXTS.published,
  }),
  edit: defineEndpoint({
    path: '/coach/gradingEdit',
    summary: '修改考评（仅无人报名时）',
    tags,
    access: 'coach',
    input: z.object({ id: idField('考评'), ...sessionFields }),
    output: gradingSessionSchema,
    okMsg: GRADING_TEXTS.saved,
  }),
  cancel: defineEndpoint({
    path: '/coach/gradingCancel',
    summary: '取消考评：每位已付款考生经正常退款流程退款一次',
    tags,
    access: 'coach',
    input: idInput('考评'),
    output: z.object({ refunded: z.number().int(), pending: z.number().int() }),
    okMsg: GRADING_TEXTS.cancelled,
  }),
  candidates: defineEndpoint({
    path: '/coach/gradingCandidates',
    summary: '考评的考生（公开昵称）与结果',
    tags,
    access: 'coach',
    input: idInput('考评'),
    output: z.object({ session: gradingSessionSchema, list: z.array(candidateSchema) }),
  }),
  judge: defineEndpoint({
    path: '/coach/gradingJudge',
    summary: '录入考生结果（考评开始后）：通过即颁发段位证书',
    tags,
    access: 'coach',
    input: z.object({
      id: idField('考生'),
      result: z.enum(['passed', 'failed'], { error: '请选择通过或未通过' }),
      note: textField('评语', GRADING_LIMITS.noteMax).default(''),
    }),
    output: candidateSchema,
    okMsg: GRADING_TEXTS.resultSaved,
  }),
};

const content = ['content'] as const;

export const adminCertificateApi = {
  list: defineEndpoint({
    path: '/admin/certificates',
    summary: '段位证书列表（按编号、会员、拳种查找）',
    tags: ['运营后台·段位'],
    access: 'operator',
    staff: content,
    input: z.object({
      no: textField('证书编号', 24).optional(),
      member: textField('会员', 32).optional(),
      label_id: idField('拳种').optional(),
      ...pageInput,
    }),
    output: pageSchema(adminCertificateSchema),
  }),
  revoke: defineEndpoint({
    path: '/admin/certificateRevoke',
    summary: '撤销段位证书（证书页随即显示撤销时间与原因）',
    tags: ['运营后台·段位'],
    access: 'operator',
    staff: content,
    input: z.object({
      id: idField('证书'),
      reason: z
        .string({ error: '请填写撤销原因' })
        .trim()
        .min(2, '撤销原因至少 2 个字')
        .max(GRADING_LIMITS.reasonMax, `撤销原因最多 ${GRADING_LIMITS.reasonMax} 个字`),
    }),
    output: z.null(),
    okMsg: GRADING_TEXTS.revoked,
  }),
};

/**
 * Test-rig endpoint: registered only where the SMS outbox API is (e2e rigs), so it is not part of
 * `contracts`. Moves an open session's start a minute into the past, so a browser test that booked a
 * seat can record a result at once instead of waiting for the start.
 */
export const gradingRigApi = {
  started: defineEndpoint({
    path: '/dev/gradingStarted',
    summary: '（仅测试环境）让某场考评的开始时间移到一分钟前',
    tags: ['测试'],
    access: 'public',
    input: idInput('考评'),
    output: z.object({ moved: z.number().int() }),
  }),
};

/** Parsed inputs the services take. */
export type GradingListInput = z.output<typeof gradingApi.list.input>;
export type GradingFields = z.output<typeof coachGradingApi.add.input>;
export type GradingEditInput = z.output<typeof coachGradingApi.edit.input>;
export type CertListInput = z.output<typeof adminCertificateApi.list.input>;
