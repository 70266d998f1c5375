import { z } from 'zod';
import { defineEndpoint, noInput } from '../define';
import { bit, fen, idField, intChoice, isoTime, pageInput, pageSchema } from '../fields';

const tags = ['目录'];

/** Optional free-text filter (city, style). */
const textFilter = (max: number) => z.string().trim().max(max).optional();

export const idName = z.object({ id: z.number().int(), name: z.string() });
export type IdName = z.output<typeof idName>;

/** Who sells a course: a coach or a shop (the shop's page type is `mechant`, SPEC §2). */
export const courseOwnerSchema = z.object({
  type: z.enum(['coach', 'mechant']),
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
});

/** A course card (lists, search, homepages). */
export const courseItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  price: fen(),
  is_free: bit(),
  level: z.string(),
  sales: z.number().int(),
  label_ids: z.array(z.number().int()),
  lesson_count: z.number().int(),
  owner: courseOwnerSchema,
});
export type CourseItem = z.output<typeof courseItemSchema>;

/** A lesson; `video` is '' unless it is a free preview or the viewer may watch everything. */
export const lessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  duration: z.number().int().describe('秒'),
  is_free: bit(),
  video: z.string(),
});
export type Lesson = z.output<typeof lessonSchema>;

/** A course with its lessons, as the page renders it. */
export const courseDetailSchema = courseItemSchema.extend({
  intro: z.string().describe('已净化的 HTML'),
  views: z.number().int(),
  labels: z.array(idName),
  can_watch_all: bit(),
  vip_free: bit().describe('1 为VIP免费：有效VIP会员可观看全部课时'),
  on_sale: bit().describe('0 为已下架：只有讲师和已购学员能看到课时视频'),
  owner_detail: z.object({ title: z.string(), fans_count: z.number().int(), user_id: z.number().int() }),
  lessons: z.array(lessonSchema),
});
export type CourseDetail = z.output<typeof courseDetailSchema>;

/** An offline class card. */
export const classItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  style: z.string(),
  city: z.string(),
  venue: z.string(),
  address: z.string(),
  schedule: z.string(),
  starts_at: isoTime(),
  ends_at: isoTime(),
  capacity: z.number().int(),
  enrolled: z.number().int(),
  seats_left: z.number().int(),
  price: fen(),
  coach: z.object({ id: z.number().int(), name: z.string(), avatar: z.string() }),
});
export type ClassItem = z.output<typeof classItemSchema>;

export const classDetailSchema = classItemSchema.extend({
  intro: z.string().describe('已净化的 HTML'),
  coach_title: z.string(),
  coach_user_id: z.number().int(),
});
export type ClassDetail = z.output<typeof classDetailSchema>;

/** A coach card (SPEC §3 "Coach or shop info": id, uid, nick_name, head) plus the profile. */
export const coachCardSchema = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  nick_name: z.string(),
  head: z.string(),
  cover: z.string(),
  title: z.string(),
  styles: z.array(z.string()),
  years: z.number().int(),
  city: z.string(),
  intro: z.string(),
  fans_count: z.number().int(),
});
export type CoachCard = z.output<typeof coachCardSchema>;

export const trainingFiltersSchema = z.object({
  coach_cities: z.array(z.string()),
  coach_styles: z.array(z.string()),
  class_cities: z.array(z.string()),
  class_styles: z.array(z.string()),
});
export type TrainingFilters = z.output<typeof trainingFiltersSchema>;

export const courseSorts = ['new', 'hot', 'price_asc', 'price_desc'] as const;
export type CourseSort = (typeof courseSorts)[number];
export const classSorts = ['soon', 'new', 'price_asc', 'price_desc'] as const;
export type ClassSort = (typeof classSorts)[number];

/** Courses, lessons, classes and coaches (SPEC §7 "Live and content" lists). */
export const trainingApi = {
  labels: defineEndpoint({ path: '/course/label', summary: '课程标签', tags, access: 'public', input: noInput, output: z.array(idName) }),
  courseList: defineEndpoint({
    path: '/public/courseList',
    summary: '课程列表（标签、免费/付费、排序、分页）',
    tags,
    access: 'public',
    input: z.object({
      label_id: idField('标签 id').optional(),
      price: z.enum(['all', 'free', 'paid'], { error: '价格筛选不正确' }).default('all'),
      sort: z.enum(courseSorts, { error: '排序方式不正确' }).default('new'),
      coach_id: idField('教练 id').optional(),
      shop_id: idField('店铺 id').optional(),
      recommend: intChoice([0, 1], 'recommend 只能是 0 或 1').optional().describe('1 仅推荐'),
      ...pageInput,
    }),
    output: pageSchema(courseItemSchema),
  }),
  ownerCourses: defineEndpoint({
    path: '/course/list',
    summary: '某位教练或某个店铺的课程',
    tags,
    access: 'public',
    input: z
      .object({ coach_id: idField('教练 id').optional(), shop_id: idField('店铺 id').optional(), ...pageInput })
      .refine((v) => v.coach_id || v.shop_id, '请指定教练或店铺'),
    output: pageSchema(courseItemSchema),
  }),
  courseDetail: defineEndpoint({
    path: '/course/detail',
    summary: '课程详情与课时（视频仅对试看课时和有权观看者给出）',
    tags,
    access: 'public',
    input: z.object({ id: idField('课程 id') }),
    output: courseDetailSchema.extend({ is_favorite: bit() }),
  }),
  classList: defineEndpoint({
    path: '/class/list',
    summary: '班级列表（拳种、城市、排序、分页）',
    tags,
    access: 'public',
    input: z.object({
      style: textFilter(16),
      city: textFilter(16),
      coach_id: idField('教练 id').optional(),
      sort: z.enum(classSorts, { error: '排序方式不正确' }).default('soon'),
      ...pageInput,
    }),
    output: pageSchema(classItemSchema),
  }),
  classDetail: defineEndpoint({
    path: '/class/detail',
    summary: '班级详情（日程、地点、名额与余位）',
    tags,
    access: 'public',
    input: z.object({ id: idField('班级 id') }),
    output: classDetailSchema.extend({ is_favorite: bit() }),
  }),
  coachList: defineEndpoint({
    path: '/coach/list',
    summary: '教练列表（拳种、城市、分页）',
    tags,
    access: 'public',
    input: z.object({ style: textFilter(16), city: textFilter(16), ...pageInput }),
    output: pageSchema(coachCardSchema),
  }),
  filters: defineEndpoint({
    path: '/public/trainingFilters',
    summary: '教练和班级的城市、拳种筛选项',
    tags,
    access: 'public',
    input: noInput,
    output: trainingFiltersSchema,
  }),
};
