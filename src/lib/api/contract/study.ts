import { z } from 'zod';
import { defineEndpoint } from '../define';
import { bit, flagField, idField, intField, isoTime, pageInput, pageSchema } from '../fields';

const tags = ['交易'];

/** A course the member bought, with how far they got. */
export const myCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  lesson_count: z.number().int(),
  finished_count: z.number().int(),
  progress: z.number().int().min(0).max(100).describe('已学完课时的百分比'),
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
  position: z.number().int().describe('看到的最远位置（秒）'),
  finished: bit(),
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
    summary: '记录课时学习进度（只增不减，看完不会变回未看完）',
    tags,
    access: 'member',
    input: z.object({
      lesson_id: idField('课时 id'),
      position: intField('播放位置', { max: 86_400 }),
      ended: flagField('ended').default(false),
    }),
    output: z.object({ lesson_id: z.number().int(), finished: bit() }),
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
