import { z } from 'zod';
import { defineEndpoint, noInput, noOutput } from '../define';
import {
  bit,
  bitField,
  dayField,
  fen,
  fenField,
  flagField,
  idField,
  intChoice,
  intField,
  isoTime,
  pageInput,
  pageSchema,
  textField,
} from '../fields';
import { CLASS_LIMITS, COURSE_LEVELS, COURSE_LIMITS, LESSON_LIMITS, SC_TEXTS } from '../../rules/seller-content';

const tags = ['教练内容'];

const title = (max: number) => z.string({ error: SC_TEXTS.title }).trim().min(1, SC_TEXTS.title).max(max, SC_TEXTS.titleLong(max));
const money = (max: number) => fenField('价格', { max, msg: SC_TEXTS.price, tooBig: SC_TEXTS.priceMax }).describe('分；0 为免费');
const saleStatus = intChoice([0, 1], '状态只能是 0（下架）或 1（上架）');
const day = (msg: string) => dayField(msg).describe('日期 YYYY-MM-DD（北京时间）');

/* ---------------- courses ---------------- */

export const coachCourseItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  price: fen(),
  level: z.string(),
  status: bit().describe('1 已上架，0 未上架'),
  lesson_count: z.number().int(),
  sales: z.number().int(),
  buyers: z.number().int().describe('已购学员数（有学员的课程不能删除）'),
  created_at: isoTime(),
});
export type CoachCourseItem = z.output<typeof coachCourseItemSchema>;

export const coachCourseSchema = coachCourseItemSchema.extend({
  summary: z.string(),
  intro: z.string().describe('净化后的富文本'),
  label_ids: z.array(z.number().int()),
  vip_free: bit().describe('1 为VIP免费：有效VIP会员可免费观看全部课时'),
});
export type CoachCourse = z.output<typeof coachCourseSchema>;

export const courseSaveSchema = z.object({
  id: idField('课程 id').optional(),
  title: title(COURSE_LIMITS.title),
  cover: z.string({ error: SC_TEXTS.cover }).trim().min(1, SC_TEXTS.cover).max(300, SC_TEXTS.coverBad),
  label_ids: z.array(idField('标签')).max(COURSE_LIMITS.labels, SC_TEXTS.labels).default([]),
  level: z.enum(COURSE_LEVELS, { error: SC_TEXTS.level }),
  price: money(COURSE_LIMITS.priceMax),
  summary: textField('简介', COURSE_LIMITS.summary).default(''),
  intro: z.string({ error: SC_TEXTS.introLong }).max(COURSE_LIMITS.intro, SC_TEXTS.introLong).default(''),
  vip_free: bitField('VIP免费').optional().describe('1 为VIP免费（收费课程）；不传则不变'),
});
export type CourseSaveBody = z.input<typeof courseSaveSchema>;
export type CourseSaveInput = z.output<typeof courseSaveSchema>;

/* ---------------- videos ---------------- */

export const videoSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('上传时的文件名'),
  mime: z.string(),
  size: z.number().int().describe('字节'),
  status: z.enum(['processing', 'ready', 'raw', 'failed']),
  status_text: z.string(),
  processed: bit().describe('1 为已用 ffmpeg 转成 H.264/AAC MP4'),
  duration: z.number().int().describe('秒；未转码时为 0'),
  width: z.number().int(),
  height: z.number().int(),
  poster: z.string(),
  path: z.string().describe('播放地址；转码中为空'),
  error: z.string(),
  created_at: isoTime(),
});
export type VideoInfo = z.output<typeof videoSchema>;

/* ---------------- lessons ---------------- */

export const coachLessonSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  sort: z.number().int(),
  is_free: bit().describe('1 为免费试看'),
  duration: z.number().int(),
  video_id: z.number().int().nullable(),
  video: z.string().describe('播放地址（空 = 未上传或转码中）'),
  video_status: z.enum(['none', 'processing', 'ready', 'raw', 'failed']),
});
export type CoachLesson = z.output<typeof coachLessonSchema>;

const courseHead = z.object({ id: z.number().int(), title: z.string(), status: bit(), cover: z.string() });

export const lessonSaveSchema = z.object({
  course_id: idField('课程 id'),
  id: idField('课时 id').optional(),
  title: title(LESSON_LIMITS.title),
  sort: intField('顺序', { max: LESSON_LIMITS.sortMax, msg: SC_TEXTS.lessonOrder }).optional().describe('顺序（从 0 起）；省略时排在最后'),
  is_free: flagField('is_free').default(false),
  video_id: idField('视频 id').nullable().default(null),
});
export type LessonSaveBody = z.input<typeof lessonSaveSchema>;

/* ---------------- classes ---------------- */

export const coachClassItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  city: z.string(),
  venue: z.string(),
  schedule: z.string(),
  starts_at: isoTime(),
  ends_at: isoTime(),
  enrol_ends_at: isoTime().nullable(),
  capacity: z.number().int(),
  enrolled: z.number().int(),
  price: fen(),
  status: bit(),
});
export type CoachClassItem = z.output<typeof coachClassItemSchema>;

export const coachClassSchema = coachClassItemSchema.extend({
  style: z.string(),
  address: z.string(),
  intro: z.string(),
  start_day: z.string().describe('YYYY-MM-DD'),
  end_day: z.string(),
  enrol_end_day: z.string().describe('YYYY-MM-DD；空为开班前均可报名'),
});
export type CoachClass = z.output<typeof coachClassSchema>;

export const classSaveSchema = z.object({
  id: idField('班级 id').optional(),
  title: title(CLASS_LIMITS.title),
  cover: z.string({ error: SC_TEXTS.cover }).trim().min(1, SC_TEXTS.cover).max(300, SC_TEXTS.coverBad),
  city: z.string({ error: SC_TEXTS.city }).trim().min(1, SC_TEXTS.city).max(CLASS_LIMITS.city, `城市最多 ${CLASS_LIMITS.city} 个字`),
  venue: z.string({ error: SC_TEXTS.venue }).trim().min(1, SC_TEXTS.venue).max(CLASS_LIMITS.venue, `场馆最多 ${CLASS_LIMITS.venue} 个字`),
  address: textField('地址', CLASS_LIMITS.address).default(''),
  style: textField('拳种', CLASS_LIMITS.style).default(''),
  schedule: z
    .string({ error: SC_TEXTS.schedule })
    .trim()
    .min(1, SC_TEXTS.schedule)
    .max(CLASS_LIMITS.schedule, `时间安排最多 ${CLASS_LIMITS.schedule} 个字`),
  start_day: day(SC_TEXTS.startsAt),
  end_day: day(SC_TEXTS.endsAt),
  enrol_end_day: z.union([day(SC_TEXTS.deadline), z.literal('')]).default(''),
  capacity: intField('名额', { min: 1, max: CLASS_LIMITS.seatsMax, msg: SC_TEXTS.seats }),
  price: money(CLASS_LIMITS.priceMax),
  intro: z.string({ error: SC_TEXTS.introLong }).max(CLASS_LIMITS.intro, SC_TEXTS.introLong).default(''),
});
export type ClassSaveBody = z.input<typeof classSaveSchema>;
export type ClassSaveInput = z.output<typeof classSaveSchema>;

export const classStudentSchema = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  name: z.string().describe('学员昵称'),
  phone: z.string().describe('脱敏手机号'),
  amount: fen(),
  status: z.string(),
  status_text: z.string(),
  paid_at: isoTime().nullable(),
});
export type ClassStudent = z.output<typeof classStudentSchema>;

/* ---------------- upload voucher ---------------- */

export const voucherSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('local'),
    upload_url: z.string().describe('tus 上传地址（POST 创建）'),
    voucher: z.string().describe('短期签名凭证，放在请求头 Upload-Voucher'),
    expires_at: isoTime(),
    max_bytes: z.number().int(),
    types: z.array(z.string()),
    ffmpeg: bit().describe('1 为服务器会转码'),
  }),
  z.object({
    provider: z.literal('tencent'),
    signature: z.string().describe('腾讯云点播客户端上传签名'),
    expires_at: isoTime(),
  }),
]);
export type UploadVoucher = z.output<typeof voucherSchema>;

/** The coach's courses, lessons, lesson videos and offline classes. Every call sees only the caller's own. */
export const sellerContentApi = {
  courseList: defineEndpoint({
    path: '/coach/courseList',
    summary: '我的课程（含未上架）',
    tags,
    access: 'coach',
    input: z.object({ ...pageInput, status: z.enum(['all', 'on', 'off']).default('all') }),
    output: pageSchema(coachCourseItemSchema),
  }),
  courseInfo: defineEndpoint({
    path: '/coach/courseInfo',
    summary: '我的一门课程（编辑用）',
    tags,
    access: 'coach',
    input: z.object({ id: idField('课程 id') }),
    output: coachCourseSchema,
  }),
  courseSave: defineEndpoint({
    path: '/coach/courseSave',
    summary: '新建或修改课程；新课程为未上架，添加课时后自行上架',
    tags,
    access: 'coach',
    input: courseSaveSchema,
    output: z.object({ id: z.number().int() }),
    okMsg: '保存成功',
  }),
  courseStatus: defineEndpoint({
    path: '/coach/courseStatus',
    summary: '课程上架 / 下架',
    tags,
    access: 'coach',
    input: z.object({ id: idField('课程 id'), status: saleStatus }),
    output: z.object({ id: z.number().int(), status: bit() }),
    okMsg: '操作成功',
  }),
  courseDelete: defineEndpoint({
    path: '/coach/courseDelete',
    summary: '删除课程（仅限无人购买的课程）',
    tags,
    access: 'coach',
    input: z.object({ id: idField('课程 id') }),
    output: noOutput,
    okMsg: '删除成功',
  }),
  lessonList: defineEndpoint({
    path: '/coach/lessonList',
    summary: '课程的课时（按顺序）',
    tags,
    access: 'coach',
    input: z.object({ course_id: idField('课程 id') }),
    output: z.object({ course: courseHead, list: z.array(coachLessonSchema) }),
  }),
  lessonInfo: defineEndpoint({
    path: '/coach/lessonInfo',
    summary: '一个课时（编辑用）',
    tags,
    access: 'coach',
    input: z.object({ id: idField('课时 id') }),
    output: coachLessonSchema.extend({ course: courseHead, video_info: videoSchema.nullable() }),
  }),
  lessonSave: defineEndpoint({
    path: '/coach/lessonSave',
    summary: '新建或修改课时',
    tags,
    access: 'coach',
    input: lessonSaveSchema,
    output: z.object({ id: z.number().int() }),
    okMsg: '保存成功',
  }),
  lessonDelete: defineEndpoint({
    path: '/coach/lessonDelete',
    summary: '删除课时',
    tags,
    access: 'coach',
    input: z.object({ id: idField('课时 id') }),
    output: noOutput,
    okMsg: '删除成功',
  }),
  lessonSort: defineEndpoint({
    path: '/coach/lessonSort',
    summary: '调整课时顺序（提交该课程全部课时 id 的新顺序）',
    tags,
    access: 'coach',
    input: z.object({
      course_id: idField('课程 id'),
      ids: z.array(idField('课时 id')).min(1, SC_TEXTS.sortList).max(LESSON_LIMITS.perCourse, SC_TEXTS.sortList),
    }),
    output: noOutput,
    okMsg: '顺序已保存',
  }),
  videoInfo: defineEndpoint({
    path: '/coach/videoInfo',
    summary: '课时的视频：处理状态、时长、封面帧、大小',
    tags,
    access: 'coach',
    input: z.object({ id: idField('课时 id') }),
    output: z.object({
      lesson: coachLessonSchema
        .pick({ id: true, title: true, course_id: true, video: true, video_status: true, duration: true })
        .extend({ course_title: z.string() }),
      video: videoSchema.nullable().describe('上传记录；课时直接引用站内文件（如演示视频）时为 null，见 lesson.video'),
      ffmpeg: bit().describe('1 为服务器装有 ffmpeg'),
    }),
  }),
  videoStatus: defineEndpoint({
    path: '/coach/videoStatus',
    summary: '刚上传的视频的处理状态（上传后轮询）',
    tags,
    access: 'coach',
    input: z.object({ id: idField('视频 id') }),
    output: videoSchema,
  }),
  voucher: defineEndpoint({
    path: '/public/updateVideoVoucher',
    summary: '视频上传凭证（SPEC §7）：本站 tus 上传地址与短期签名；VOD_PROVIDER=tencent 时为腾讯云点播签名',
    tags,
    access: 'coach',
    input: noInput,
    output: voucherSchema,
  }),
  classList: defineEndpoint({
    path: '/coach/classList',
    summary: '我的线下班级',
    tags,
    access: 'coach',
    input: z.object({ ...pageInput }),
    output: pageSchema(coachClassItemSchema),
  }),
  classInfo: defineEndpoint({
    path: '/coach/classInfo',
    summary: '我的一个班级（编辑用）',
    tags,
    access: 'coach',
    input: z.object({ id: idField('班级 id') }),
    output: coachClassSchema,
  }),
  classSave: defineEndpoint({
    path: '/coach/classSave',
    summary: '新建或修改班级；名额不能少于已报名人数',
    tags,
    access: 'coach',
    input: classSaveSchema,
    output: z.object({ id: z.number().int() }),
    okMsg: '保存成功',
  }),
  classStatus: defineEndpoint({
    path: '/coach/classStatus',
    summary: '班级上架 / 下架（已报名的学员不受影响）',
    tags,
    access: 'coach',
    input: z.object({ id: idField('班级 id'), status: saleStatus }),
    output: z.object({ id: z.number().int(), status: bit() }),
    okMsg: '操作成功',
  }),
  classStudents: defineEndpoint({
    path: '/coach/classStudents',
    summary: '班级的报名学员',
    tags,
    access: 'coach',
    input: z.object({ id: idField('班级 id'), ...pageInput }),
    output: z.object({
      class: z.object({ id: z.number().int(), title: z.string(), enrolled: z.number().int(), capacity: z.number().int() }),
      list: z.array(classStudentSchema),
      total: z.number().int(),
      page: z.number().int(),
      limit: z.number().int(),
    }),
  }),
};
