import { api } from '../api/client';
import type { ApiOutput } from '../api/types';
import type {
  ClassSaveBody,
  CoachClass,
  CoachClassItem,
  CoachCourse,
  CoachCourseItem,
  CoachLesson,
  ClassStudent,
  VideoInfo,
} from '../api/contract/seller-content';
import { COURSE_LIMITS, SC_TEXTS, CLASS_LIMITS, LESSON_LIMITS, fenToYuan, yuanToFen, type CourseLevel } from '../rules/seller-content';
import { check } from './action';
import { createPagedList } from './paged';

/*
 * Coach content authoring in the browser: forms as typed, their checks before sending,
 * and the calls. Islands render these and run them through useAction.
 */

export type { ClassStudent, CoachClass, CoachClassItem, CoachCourse, CoachCourseItem, CoachLesson, VideoInfo };
export type CourseFilter = 'all' | 'on' | 'off';

/* ---------------- courses ---------------- */

export const createCoachCourses = (filter: CourseFilter = 'all') =>
  createPagedList<CoachCourseItem, CourseFilter>((status, page) => api('/coach/courseList', { status, page, limit: 10 }), filter);

export interface CourseForm {
  id?: number;
  title: string;
  cover: string;
  label_ids: number[];
  level: CourseLevel;
  /** 'free' or 'paid'; the price is typed in yuan. */
  charge: 'free' | 'paid';
  price: string;
  summary: string;
  intro: string;
  /** VIP免费 (modules/vip): active VIP members watch every lesson without buying. */
  vip_free: boolean;
}

export const emptyCourseForm = (): CourseForm => ({
  title: '',
  cover: '',
  label_ids: [],
  level: '入门',
  charge: 'paid',
  price: '',
  summary: '',
  intro: '',
  vip_free: false,
});

export function courseForm(c: CoachCourse): CourseForm {
  return {
    id: c.id,
    title: c.title,
    cover: c.cover,
    label_ids: c.label_ids,
    level: c.level as CourseLevel,
    charge: c.price > 0 ? 'paid' : 'free',
    price: c.price > 0 ? fenToYuan(c.price) : '',
    summary: c.summary,
    intro: c.intro,
    vip_free: c.vip_free === 1,
  };
}

/** Checks the form the way the server will and answers the body to send. */
export function courseBody(f: CourseForm) {
  const title = f.title.trim();
  check(title ? null : SC_TEXTS.title);
  check(title.length > COURSE_LIMITS.title ? SC_TEXTS.titleLong(COURSE_LIMITS.title) : null);
  check(f.cover ? null : SC_TEXTS.cover);
  check(f.label_ids.length > COURSE_LIMITS.labels ? SC_TEXTS.labels : null);
  check(f.summary.trim().length > COURSE_LIMITS.summary ? SC_TEXTS.summaryLong : null);
  let price = 0;
  if (f.charge === 'paid') {
    const fen = yuanToFen(f.price);
    check(fen === null ? SC_TEXTS.price : null);
    check(fen === 0 ? SC_TEXTS.priceZero : null);
    check((fen ?? 0) > COURSE_LIMITS.priceMax ? SC_TEXTS.priceMax : null);
    price = fen ?? 0;
  }
  return {
    ...(f.id ? { id: f.id } : {}),
    title,
    cover: f.cover,
    label_ids: f.label_ids,
    level: f.level,
    price,
    summary: f.summary.trim(),
    intro: f.intro,
    vip_free: f.charge === 'paid' && f.vip_free ? 1 : 0,
  };
}

export const loadCourse = (id: number) => api('/coach/courseInfo', { id });
export const saveCourse = (f: CourseForm) => api('/coach/courseSave', courseBody(f));
export const setCourseOnSale = (id: number, on: boolean) => api('/coach/courseStatus', { id, status: on ? 1 : 0 });
export const deleteCourse = (id: number) => api('/coach/courseDelete', { id });
export const loadLabels = () => api('/course/label');

/* ---------------- lessons ---------------- */

export type LessonListData = ApiOutput<'/coach/lessonList'>;
export const loadLessons = (courseId: number) => api('/coach/lessonList', { course_id: courseId });

/** The ids in their new order after moving one lesson up (-1) or down (+1); null at the ends. */
export function moved(ids: number[], id: number, by: -1 | 1): number[] | null {
  const i = ids.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= ids.length) return null;
  return ids.map((x, k) => (k === i ? ids[j] : k === j ? ids[i] : x) ?? x);
}

export const sortLessons = (courseId: number, ids: number[]) => api('/coach/lessonSort', { course_id: courseId, ids });
export const deleteLesson = (id: number) => api('/coach/lessonDelete', { id });
export const loadLesson = (id: number) => api('/coach/lessonInfo', { id });

export interface LessonForm {
  course_id: number;
  id?: number;
  title: string;
  /** 1-based position as typed ('' = last). */
  order: string;
  is_free: boolean;
  video_id: number | null;
}

export function lessonBody(f: LessonForm) {
  const title = f.title.trim();
  check(title ? null : SC_TEXTS.title);
  check(title.length > LESSON_LIMITS.title ? SC_TEXTS.titleLong(LESSON_LIMITS.title) : null);
  const order = f.order.trim();
  check(order && !/^\d{1,4}$/.test(order) ? SC_TEXTS.lessonOrder : null);
  check(order && Number(order) < 1 ? SC_TEXTS.lessonOrder : null);
  return {
    course_id: f.course_id,
    ...(f.id ? { id: f.id } : {}),
    title,
    ...(order ? { sort: Number(order) - 1 } : {}),
    is_free: f.is_free,
    video_id: f.video_id,
  };
}

export const saveLesson = (f: LessonForm) => api('/coach/lessonSave', lessonBody(f));
export const loadLessonVideo = (lessonId: number) => api('/coach/videoInfo', { id: lessonId });
export const loadVideo = (videoId: number) => api('/coach/videoStatus', { id: videoId });

/* ---------------- classes ---------------- */

export const createCoachClasses = () =>
  createPagedList<CoachClassItem, null>((_q, page) => api('/coach/classList', { page, limit: 10 }), null);

export interface ClassForm {
  id?: number;
  title: string;
  cover: string;
  city: string;
  venue: string;
  address: string;
  style: string;
  schedule: string;
  start_day: string;
  end_day: string;
  enrol_end_day: string;
  capacity: string;
  price: string;
  intro: string;
  /** Enrolled so far (0 for a new class): seats may not go below it. */
  enrolled: number;
}

export const emptyClassForm = (): ClassForm => ({
  title: '',
  cover: '',
  city: '',
  venue: '',
  address: '',
  style: '',
  schedule: '',
  start_day: '',
  end_day: '',
  enrol_end_day: '',
  capacity: '',
  price: '',
  intro: '',
  enrolled: 0,
});

export function classForm(k: CoachClass): ClassForm {
  return {
    id: k.id,
    title: k.title,
    cover: k.cover,
    city: k.city,
    venue: k.venue,
    address: k.address,
    style: k.style,
    schedule: k.schedule,
    start_day: k.start_day,
    end_day: k.end_day,
    enrol_end_day: k.enrol_end_day,
    capacity: String(k.capacity),
    price: k.price ? fenToYuan(k.price) : '0',
    intro: k.intro,
    enrolled: k.enrolled,
  };
}

export function classBody(f: ClassForm): ClassSaveBody {
  const req = (v: string, msg: string) => {
    check(v.trim() ? null : msg);
    return v.trim();
  };
  const title = req(f.title, SC_TEXTS.title);
  check(f.cover ? null : SC_TEXTS.cover);
  const city = req(f.city, SC_TEXTS.city);
  const venue = req(f.venue, SC_TEXTS.venue);
  const schedule = req(f.schedule, SC_TEXTS.schedule);
  check(f.start_day ? null : SC_TEXTS.startsAt);
  check(f.end_day ? null : SC_TEXTS.endsAt);
  check(f.end_day < f.start_day ? SC_TEXTS.endsAt : null);
  check(f.enrol_end_day && f.enrol_end_day > f.end_day ? SC_TEXTS.deadline : null);
  const capacity = Number(f.capacity);
  check(/^\d+$/.test(f.capacity.trim()) && capacity >= 1 && capacity <= CLASS_LIMITS.seatsMax ? null : SC_TEXTS.seats);
  check(capacity < f.enrolled ? SC_TEXTS.seatsBelow(f.enrolled) : null);
  const price = yuanToFen(f.price || '0');
  check(price === null ? SC_TEXTS.price : null);
  check((price ?? 0) > CLASS_LIMITS.priceMax ? SC_TEXTS.priceMax : null);
  return {
    ...(f.id ? { id: f.id } : {}),
    title,
    cover: f.cover,
    city,
    venue,
    address: f.address.trim(),
    style: f.style.trim(),
    schedule,
    start_day: f.start_day,
    end_day: f.end_day,
    enrol_end_day: f.enrol_end_day,
    capacity,
    price: price ?? 0,
    intro: f.intro,
  };
}

export const loadClass = (id: number) => api('/coach/classInfo', { id });
export const saveClass = (f: ClassForm) => api('/coach/classSave', classBody(f));
export const setClassOnSale = (id: number, on: boolean) => api('/coach/classStatus', { id, status: on ? 1 : 0 });
export const loadStudents = (id: number, page: number) => api('/coach/classStudents', { id, page, limit: 10 });
