import { z } from 'zod';
import { defineEndpoint, noInput, noOutput } from '../define';
import { idField, intField, isoTime, pageInput, pageSchema, textField } from '../fields';
import { CHAPTER_LIMITS, LEARN_TEXTS, NOTE_LIMITS, PROGRESS_LIMITS } from '../../rules/learn';

const tags = ['学习'];

/** A 招式 marked on a lesson's timeline (seconds). */
export const chapterSchema = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  name: z.string(),
  start_s: z.number().int(),
  end_s: z.number().int().nullable().describe('为空时到下一个招式开始（或课时结束）'),
  note: z.string(),
});
export type Chapter = z.output<typeof chapterSchema>;

const second = (label: string) => intField(label, { max: PROGRESS_LIMITS.maxSeconds });

export const chapterSaveSchema = z.object({
  id: idField('招式 id').optional().describe('修改时传'),
  lesson_id: idField('课时 id'),
  name: textField('招式名称', CHAPTER_LIMITS.name).min(1, LEARN_TEXTS.chapterName),
  start_s: second('开始时间'),
  end_s: second('结束时间').nullable().default(null),
  note: textField('说明', CHAPTER_LIMITS.note).default(''),
});
export type ChapterSaveBody = z.input<typeof chapterSaveSchema>;
export type ChapterInput = z.output<typeof chapterSaveSchema>;

/** A private note at a moment of a lesson. */
export const noteSchema = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  course_id: z.number().int(),
  at_s: z.number().int(),
  body: z.string(),
  updated_at: isoTime(),
});
export type Note = z.output<typeof noteSchema>;

/** A note in 我的笔记, with where it belongs. */
export const myNoteSchema = noteSchema.extend({ course_title: z.string(), lesson_title: z.string() });
export type MyNote = z.output<typeof myNoteSchema>;

/** 学习动态: study time per day (Beijing days, oldest first) and the totals of the last 7 and 30 days. */
export const studyStatsSchema = z.object({
  today_s: z.number().int(),
  week_s: z.number().int(),
  month_s: z.number().int(),
  total_s: z.number().int(),
  days: z.array(z.object({ day: z.string(), seconds: z.number().int() })),
});
export type StudyStats = z.output<typeof studyStatsSchema>;

/** One learner of a seller's course as the coach sees them (no phone, no real name). */
export const studentSchema = z.object({
  nickname: z.string(),
  avatar: z.string(),
  bought_at: isoTime(),
  finished_count: z.number().int(),
  watched_percent: z.number().int(),
  study_s: z.number().int(),
  last_studied_at: isoTime().nullable(),
});
export type Student = z.output<typeof studentSchema>;

/** 招式 chapters, notes, 学习动态 and a seller's learners (SPEC §5 courses, the learning tools). */
export const learnApi = {
  courseChapters: defineEndpoint({
    path: '/learn/courseChapters',
    summary: '课程各课时的招式（公开，与课时标题一样可见）',
    tags,
    access: 'public',
    input: z.object({ course_id: idField('课程 id') }),
    output: z.array(chapterSchema),
  }),
  chapterList: defineEndpoint({
    path: '/learn/chapterList',
    summary: '我的课时的招式（编辑用）',
    tags,
    access: 'seller',
    input: z.object({ lesson_id: idField('课时 id') }),
    output: z.object({ duration: z.number().int(), list: z.array(chapterSchema) }),
  }),
  chapterSave: defineEndpoint({
    path: '/learn/chapterSave',
    summary: '新增或修改招式（按开始时间排序）',
    tags,
    access: 'seller',
    input: chapterSaveSchema,
    output: chapterSchema,
    okMsg: '已保存',
  }),
  chapterDelete: defineEndpoint({
    path: '/learn/chapterDelete',
    summary: '删除招式',
    tags,
    access: 'seller',
    input: z.object({ id: idField('招式 id') }),
    output: noOutput,
    okMsg: '已删除',
  }),
  notes: defineEndpoint({
    path: '/learn/notes',
    summary: '我在某课时的笔记（按时间）',
    tags,
    access: 'member',
    input: z.object({ lesson_id: idField('课时 id') }),
    output: z.array(noteSchema),
  }),
  noteSave: defineEndpoint({
    path: '/learn/noteSave',
    summary: '记笔记或修改笔记',
    tags,
    access: 'member',
    input: z.object({
      id: idField('笔记 id').optional(),
      lesson_id: idField('课时 id'),
      at_s: second('笔记时间'),
      body: textField('笔记', NOTE_LIMITS.body).min(1, LEARN_TEXTS.noteBody),
    }),
    output: noteSchema,
    okMsg: '已保存',
  }),
  noteDelete: defineEndpoint({
    path: '/learn/noteDelete',
    summary: '删除笔记',
    tags,
    access: 'member',
    input: z.object({ id: idField('笔记 id') }),
    output: noOutput,
    okMsg: '已删除',
  }),
  myNotes: defineEndpoint({
    path: '/learn/myNotes',
    summary: '我的笔记（所有课程，最新在前）',
    tags,
    access: 'member',
    input: z.object({ ...pageInput }),
    output: pageSchema(myNoteSchema),
  }),
  studyStats: defineEndpoint({
    path: '/learn/studyStats',
    summary: '学习动态：近 7 天、30 天的学习时长',
    tags,
    access: 'member',
    input: noInput,
    output: studyStatsSchema,
  }),
  courseStudents: defineEndpoint({
    path: '/learn/courseStudents',
    summary: '我的课程的学员及其学习进度、学习时长',
    tags,
    access: 'seller',
    input: z.object({ course_id: idField('课程 id'), ...pageInput }),
    output: pageSchema(studentSchema).extend({
      course: z.object({ id: z.number().int(), title: z.string(), lesson_count: z.number().int() }),
    }),
  }),
};
