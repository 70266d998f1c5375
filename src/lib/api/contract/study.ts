import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, decimalValue, flagField, idField, intField, isoTime, pageInput, pageSchema } from '../fields';
import { PROGRESS_LIMITS } from '../../rules/learn';

const tags = ['交易'];

/** A course the member bought, with how far they got. */
export const myCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  lesson_count: z.number().int(),
  finished_count: z.number().int(),
  progress: z.number().int().min(0).max(100).describe('已学完课时的百分比'),
  watched_percent: z.number().int().min(0).max(100).describe('实际看过的时长占课程总时长的百分比'),
  study_s: z.number().int().describe('学习时长（秒）'),
  last_lesson: z.string().describe('上次学习的课时，未开始为空'),
  last_studied_at: isoTime().nullable(),
  bought_at: isoTime(),
});
export type MyCourse = z.output<typeof myCourseSchema>;

/** Where an enrolled class stands. */
export const CLASS_PHASES = ['未开课', '上课中', '已结课', '退款中'] as const;

/** A class the member enrolled in (one per paid order). */
export const myClassSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  coach: z.string(),
  schedule: z.string(),
  venue: z.string(),
  address: z.string(),
  starts_at: isoTime(),
  ends_at: isoTime(),
  phase: z.enum(CLASS_PHASES),
});
export type MyClass = z.output<typeof myClassSchema>;

/** A member's progress in one lesson. */
export const lessonProgressSchema = z.object({
  lesson_id: z.number().int(),
  position: z.number().int().describe('上次停下的位置（秒），再次打开从这里继续'),
  finished: bit(),
  watched_s: z.number().int().describe('实际播放过的秒数（去重，拖动跳过的不算）'),
  percent: z.number().int().min(0).max(100).describe('看过的百分比'),
  study_s: z.number().int().describe('在该课时的学习时长（秒）'),
});
export type LessonProgress = z.output<typeof lessonProgressSchema>;

/** 学习动态: my courses and classes, and the player's lesson progress. */
export const studyApi = {
  myCourses: defineEndpoint({
    path: '/member/myCourse',
    summary: '我的课程（学习进度）',
    tags,
    access: 'member',
    input: z.object({ ...pageInput }),
    output: pageSchema(myCourseSchema),
  }),
  myClasses: defineEndpoint({
    path: '/member/myClass',
    summary: '我的班级',
    tags,
    access: 'member',
    input: z.object({ ...pageInput }),
    output: pageSchema(myClassSchema),
  }),
  progress: defineEndpoint({
    path: '/course/progress',
    summary: '上报学习进度：自上次上报以来实际连续播放的区间和当前位置（看完不会变回未看完）',
    tags,
    access: 'member',
    input: z.object({
      lesson_id: idField('课时 id'),
      position: intField('播放位置', { max: PROGRESS_LIMITS.maxSeconds }),
      ranges: z
        .array(z.tuple([decimalValue('播放区间', 0, PROGRESS_LIMITS.maxSeconds), decimalValue('播放区间', 0, PROGRESS_LIMITS.maxSeconds)]))
        .max(PROGRESS_LIMITS.perReport, `一次最多上报 ${PROGRESS_LIMITS.perReport} 段播放区间`)
        .default([])
        .describe('自上次上报以来连续播放过的区间 [开始, 结束]（秒），拖动跳过的不算'),
      study_s: intField('学习时长', { max: PROGRESS_LIMITS.studyClaimMax })
        .optional()
        .describe('自上次上报以来播放所用的时间（秒）；服务器按实际经过的时间封顶'),
      ended: flagField('ended').default(false).describe('旧客户端的“已播完”标记，不再单独决定是否学完'),
    }),
    output: z.object({
      lesson_id: z.number().int(),
      finished: bit(),
      position: z.number().int(),
      watched_s: z.number().int(),
      percent: z.number().int(),
      study_s: z.number().int(),
    }),
  }),
  courseProgress: defineEndpoint({
    path: '/course/myProgress',
    summary: '某课程各课时的学习进度',
    tags,
    access: 'member',
    input: z.object({ course_id: idField('课程 id') }),
    output: z.array(lessonProgressSchema),
  }),
};
