import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, dayField, idField, isoTime, pageInput, pageSchema, textField } from '../fields';
import { HOMEWORK_LIMITS, HOMEWORK_STATUSES, HOMEWORK_TEXTS } from '../../rules/homework';

const tags = ['作业'];

/** An assignment as both its owner and its learners see it. */
export const assignmentSchema = z.object({
  id: z.number().int(),
  /** lesson: set on a lesson of `course_id`; class: set on `class_id`. */
  target: z.enum(['lesson', 'class']),
  course_id: z.number().int().nullable(),
  lesson_id: z.number().int().nullable(),
  class_id: z.number().int().nullable(),
  /** The course and lesson title (一 · 二), or the class title. */
  target_title: z.string(),
  title: z.string(),
  body: z.string(),
  /** The end of the due day (Beijing), or null for no due date. */
  due_at: isoTime().nullable(),
  /** 1 open, 0 withdrawn. */
  status: bit(),
  created_at: isoTime(),
});
export type HomeworkAssignment = z.output<typeof assignmentSchema>;

/** An assignment on the seller's lesson or class editor, with how many learners handed in. */
export const sellerAssignmentSchema = assignmentSchema.extend({
  submissions: z.number().int(),
  unreviewed: z.number().int(),
});
export type SellerAssignment = z.output<typeof sellerAssignmentSchema>;

/** One attempt of a learner, as the learner sees it. */
export const myAttemptSchema = z.object({
  id: z.number().int(),
  attempt: z.number().int(),
  status: z.enum(HOMEWORK_STATUSES),
  score: z.number().int().nullable(),
  /** 合格 | 需改进 ('' until reviewed). */
  verdict: z.string(),
  note: z.string(),
  poster: z.string(),
  created_at: isoTime(),
  reviewed_at: isoTime().nullable(),
});
export type MyAttempt = z.output<typeof myAttemptSchema>;

/** An assignment with the caller's attempts and whether another may be handed in now. */
export const myAssignmentSchema = assignmentSchema.extend({
  attempts: z.array(myAttemptSchema),
  /** 1 when the caller may hand in (another) attempt now; else `blocked` says why. */
  can_submit: bit(),
  blocked: z.string(),
  /** Where the lesson or class is (the course player or the class page). */
  href: z.string(),
});
export type MyAssignment = z.output<typeof myAssignmentSchema>;

/** A row of the coach's 作业点评 queue: the learner's public name only, never a real name. */
export const queueRowSchema = z.object({
  id: z.number().int(),
  assignment_id: z.number().int(),
  assignment_title: z.string(),
  target_title: z.string(),
  learner: z.object({ id: z.number().int(), nick: z.string(), avatar: z.string() }),
  attempt: z.number().int(),
  note: z.string(),
  poster: z.string(),
  duration_s: z.number().int(),
  status: z.enum(HOMEWORK_STATUSES),
  score: z.number().int().nullable(),
  verdict: z.string(),
  created_at: isoTime(),
});
export type QueueRow = z.output<typeof queueRowSchema>;

const target = z
  .object({ lesson_id: idField('课时').optional(), class_id: idField('班级').optional() })
  .refine((v) => (v.lesson_id === undefined) !== (v.class_id === undefined), '请选择一个课时或一个班级');

const fields = {
  title: textField('作业标题', HOMEWORK_LIMITS.titleMax).min(1, HOMEWORK_TEXTS.titleEmpty),
  body: textField('作业要求', HOMEWORK_LIMITS.bodyMax).default(''),
  /** YYYY-MM-DD (Beijing), due at its end; '' = no due date. */
  due_day: dayField('截止日期不正确', { allowEmpty: true }).default(''),
};

/** 作业: assignments on lessons and classes, learners' practice videos, the coach's review queue. */
export const homeworkApi = {
  sellerList: defineEndpoint({
    path: '/seller/homework/assignments',
    summary: '我的课时或班级上布置的作业（含已撤回），附提交数与待点评数',
    tags,
    access: 'seller',
    input: target,
    output: z.array(sellerAssignmentSchema),
  }),
  assign: defineEndpoint({
    path: '/seller/homework/assign',
    summary: '在自己的课时或班级上布置作业：标题、要求、可选截止日期',
    tags,
    access: 'seller',
    input: z
      .object({ lesson_id: idField('课时').optional(), class_id: idField('班级').optional(), ...fields })
      .refine((v) => (v.lesson_id === undefined) !== (v.class_id === undefined), '请选择一个课时或一个班级'),
    output: sellerAssignmentSchema,
    okMsg: HOMEWORK_TEXTS.assigned,
  }),
  edit: defineEndpoint({
    path: '/seller/homework/edit',
    summary: '修改自己布置的作业（撤回的不能再改）',
    tags,
    access: 'seller',
    input: z.object({ id: idField('作业'), ...fields }),
    output: sellerAssignmentSchema,
    okMsg: HOMEWORK_TEXTS.saved,
  }),
  withdraw: defineEndpoint({
    path: '/seller/homework/withdraw',
    summary: '撤回作业：学员不能再提交，已交的视频保留',
    tags,
    access: 'seller',
    input: z.object({ id: idField('作业') }),
    output: sellerAssignmentSchema,
    okMsg: HOMEWORK_TEXTS.withdrawn,
  }),
  queue: defineEndpoint({
    path: '/seller/homework/queue',
    summary: '作业点评队列：待点评（先交先评）或已点评（最新在前），可按课程或班级筛选',
    tags,
    access: 'seller',
    input: z.object({
      status: z.enum(HOMEWORK_STATUSES).default('new'),
      course_id: idField('课程').optional(),
      class_id: idField('班级').optional(),
      ...pageInput,
    }),
    output: pageSchema(queueRowSchema).extend({
      /** Courses and classes with assignments, for the filter. */
      targets: z.array(z.object({ kind: z.enum(['course', 'class']), id: z.number().int(), title: z.string() })),
      unreviewed: z.number().int(),
    }),
  }),
  unreviewed: defineEndpoint({
    path: '/seller/homework/unreviewed',
    summary: '待点评的作业数（后台菜单角标）',
    tags,
    access: 'seller',
    input: z.object({}),
    output: z.object({ count: z.number().int() }),
  }),
  on: defineEndpoint({
    path: '/member/homework/on',
    summary: '课时或班级上的作业，附我的提交',
    tags,
    access: 'member',
    input: target,
    output: z.array(myAssignmentSchema),
  }),
  mine: defineEndpoint({
    path: '/member/homework/mine',
    summary: '我的作业：已购课程与已报名班级上的作业及状态（未提交 / 待点评 / 已点评）',
    tags,
    access: 'member',
    input: z.object({ ...pageInput }),
    output: pageSchema(myAssignmentSchema),
  }),
  submit: defineEndpoint({
    path: '/member/homework/submit',
    summary: '提交作业：已上传的练习视频与可选留言；每个作业最多提交 5 次',
    tags,
    access: 'member',
    input: z.object({
      assignment_id: idField('作业'),
      video_id: idField('视频'),
      note: textField('留言', HOMEWORK_LIMITS.noteMax).default(''),
    }),
    output: myAttemptSchema,
    okMsg: HOMEWORK_TEXTS.submitted,
  }),
  video: defineEndpoint({
    path: '/member/homework/video',
    summary: '作业视频的签名播放地址（仅学员本人与课程或班级的教练/店主）',
    tags,
    access: 'member',
    input: z.object({ id: idField('作业提交') }),
    output: z.object({ video: z.string(), poster: z.string(), duration_s: z.number().int() }),
  }),
  staffVideo: defineEndpoint({
    path: '/admin/homework/video',
    summary: '被举报的作业视频（处理举报的运营人员查看）',
    tags,
    access: 'operator',
    staff: ['content', 'support'],
    input: z.object({ id: idField('作业提交') }),
    output: z.object({
      video: z.string(),
      poster: z.string(),
      duration_s: z.number().int(),
      title: z.string(),
      learner: z.string(),
      note: z.string(),
    }),
  }),
};
