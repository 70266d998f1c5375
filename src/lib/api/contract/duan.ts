import { z } from 'zod';
import { defineEndpoint, noOutput } from '../define';
import { bit, bitField, fen, flagField, idField, intChoice, isoTime, pageInput, pageSchema, textField } from '../fields';
import { DUAN_KINDS, DUAN_NAME_MAX, EXAMINER_NOTE_MAX } from '../../rules/duan';

const tags = ['段位'];
const adminTags = ['运营后台·段位'];
/** Who curates the requirements (the catalogue's people) and who qualifies examiners (the reviewers). */
const curators = ['content'] as const;
const qualifiers = ['reviewer'] as const;

const duanField = intChoice([1, 2, 3, 4, 5, 6, 7, 8, 9], '段位须为 1 至 9');
const keywordField = textField('关键字', 32).default('');

/** A requirement as the console lists it. */
export const duanRequirementSchema = z.object({
  id: z.number().int(),
  duan: z.number().int(),
  kind: z.enum(DUAN_KINDS),
  ref_id: z.number().int(),
  name: z.string(),
  /** What it points at now (a course, 课时 or 作业 title), '' when that record is gone. */
  ref_title: z.string(),
  course_id: z.number().int().nullable(),
  sort: z.number().int(),
});
export type DuanRequirement = z.output<typeof duanRequirementSchema>;

/** Something a requirement can point at, for the pickers. */
export const duanRefSchema = z.object({ id: z.number().int(), title: z.string(), sub: z.string() });
export type DuanRef = z.output<typeof duanRefSchema>;

export const examinerSchema = z.object({
  coach_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  max_duan: z.number().int(),
  note: z.string(),
  status: bit(),
  created_at: isoTime(),
});
export type Examiner = z.output<typeof examinerSchema>;

export const examinerCandidateSchema = z.object({
  coach_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  styles: z.array(z.string()),
  examiner: bit(),
});
export type ExaminerCandidate = z.output<typeof examinerCandidateSchema>;

/** One requirement on a member's path, with whether they have done it. */
export const pathRequirementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DUAN_KINDS),
  name: z.string(),
  course_id: z.number().int().nullable(),
  done: z.boolean(),
});
export type PathRequirement = z.output<typeof pathRequirementSchema>;

export const pathLevelSchema = z.object({
  duan: z.number().int(),
  state: z.enum(['held', 'next', 'later']),
  requirements: z.array(pathRequirementSchema),
  done: z.number().int(),
  percent: z.number().int().min(0).max(100),
});
export type PathLevel = z.output<typeof pathLevelSchema>;

export const gradingSlotSchema = z.object({
  id: z.number().int(),
  duan: z.number().int(),
  coach: z.string(),
  mode: z.string(),
  place: z.string(),
  starts_at: isoTime(),
  seats_left: z.number().int(),
  price: fen(),
});
export type GradingSlot = z.output<typeof gradingSlotSchema>;

export const myCertificateSchema = z.object({
  no: z.string(),
  style: z.string(),
  duan: z.number().int(),
  issued_at: isoTime(),
  revoked: z.boolean(),
});
export type MyCertificate = z.output<typeof myCertificateSchema>;

export const duanPathSchema = z.object({
  styles: z.array(z.object({ id: z.number().int(), name: z.string(), mine: z.boolean() })),
  /** The style shown (0 when there is none to show). */
  label_id: z.number().int(),
  style: z.string(),
  /** The highest 段 held in this style (0 = none yet). */
  current: z.number().int(),
  /** Whether the style has any requirement defined. */
  published: z.boolean(),
  levels: z.array(pathLevelSchema),
  /** Upcoming open grading sessions of this style for the next 段 with seats left. */
  gradings: z.array(gradingSlotSchema),
  certificates: z.array(myCertificateSchema),
});
export type DuanPath = z.output<typeof duanPathSchema>;

/** 段位: requirements and examiners in the console; a member's path. */
export const duanApi = {
  requirements: defineEndpoint({
    path: '/admin/duanRequirements',
    summary: '某拳种九个段位的要求',
    tags: adminTags,
    access: 'operator',
    staff: curators,
    input: z.object({ label_id: idField('拳种') }),
    output: z.object({ list: z.array(duanRequirementSchema) }),
  }),
  styles: defineEndpoint({
    path: '/admin/duanStyles',
    summary: '拳种（课程标签）及各自已定的要求数',
    tags: adminTags,
    access: 'operator',
    staff: curators,
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ id: z.number().int(), name: z.string(), requirements: z.number().int() })) }),
  }),
  refs: defineEndpoint({
    path: '/admin/duanRefs',
    summary: '选择要求的对象：按关键字找课程、某课程的课时或作业',
    tags: adminTags,
    access: 'operator',
    staff: curators,
    input: z.object({
      kind: z.enum(DUAN_KINDS, { error: '要求类型不正确' }),
      keyword: keywordField,
      course_id: idField('课程').optional(),
    }),
    output: z.object({ list: z.array(duanRefSchema) }),
  }),
  requirementAdd: defineEndpoint({
    path: '/admin/duanRequirementAdd',
    summary: '为某拳种某段位新增一项要求',
    tags: adminTags,
    access: 'operator',
    staff: curators,
    input: z.object({
      label_id: idField('拳种'),
      duan: duanField,
      kind: z.enum(DUAN_KINDS, { error: '要求类型不正确' }),
      ref_id: idField('要求对象'),
      name: textField('要求名称', DUAN_NAME_MAX).min(1, '请填写要求名称'),
    }),
    output: z.object({ id: z.number().int() }),
    okMsg: '要求已添加',
  }),
  requirementDelete: defineEndpoint({
    path: '/admin/duanRequirementDelete',
    summary: '删除一项段位要求',
    tags: adminTags,
    access: 'operator',
    staff: curators,
    input: z.object({ id: idField('要求') }),
    output: noOutput,
    okMsg: '要求已删除',
  }),
  requirementSort: defineEndpoint({
    path: '/admin/duanRequirementSort',
    summary: '调整某段位要求的顺序（完整的 id 顺序）',
    tags: adminTags,
    access: 'operator',
    staff: curators,
    input: z.object({
      label_id: idField('拳种'),
      duan: duanField,
      ids: z.array(idField('要求')).min(1, '请提供排序').max(100, '一次最多 100 项'),
    }),
    output: noOutput,
    okMsg: '顺序已保存',
  }),
  examiners: defineEndpoint({
    path: '/admin/examiners',
    summary: '考评员列表',
    tags: adminTags,
    access: 'operator',
    staff: qualifiers,
    input: z.object({ ...pageInput, limit: pageInput.limit.default(20) }),
    output: pageSchema(examinerSchema),
  }),
  examinerCoaches: defineEndpoint({
    path: '/admin/examinerCoaches',
    summary: '按姓名或手机号找教练（设为考评员）',
    tags: adminTags,
    access: 'operator',
    staff: qualifiers,
    input: z.object({ keyword: textField('关键字', 32).min(1, '请输入教练姓名或手机号') }),
    output: z.object({ list: z.array(examinerCandidateSchema) }),
  }),
  examinerSave: defineEndpoint({
    path: '/admin/examinerSave',
    summary: '设为考评员，或修改最高可考段位与备注',
    tags: adminTags,
    access: 'operator',
    staff: qualifiers,
    input: z.object({
      coach_id: idField('教练'),
      max_duan: duanField,
      note: textField('备注', EXAMINER_NOTE_MAX).default(''),
      create: flagField('create').default(false).describe('true 为新设考评员（已是则拒绝）'),
    }),
    output: noOutput,
    okMsg: '已保存',
  }),
  examinerStatus: defineEndpoint({
    path: '/admin/examinerStatus',
    summary: '停用或启用考评员',
    tags: adminTags,
    access: 'operator',
    staff: qualifiers,
    input: z.object({ coach_id: idField('教练'), status: bitField('状态') }),
    output: noOutput,
    okMsg: '已更新',
  }),
  path: defineEndpoint({
    path: '/member/duanPath',
    summary: '我的段位之路：某拳种的九段、下一段的要求完成情况、考评安排和证书',
    tags,
    access: 'member',
    input: z.object({ label_id: idField('拳种').optional() }),
    output: duanPathSchema,
  }),
};
