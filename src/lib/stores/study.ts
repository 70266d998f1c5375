import { api } from '../api/client';
import type { MyClass, MyCourse } from '../api/contract/study';
import { formatDate, formatDateTime } from '../format';
import { createPagedList } from './paged';

export type { MyClass, MyCourse };

export const STUDY_LIMIT = 10;

/** /my/course: the courses the member bought, with progress, paged. */
export const createMyCourses = () =>
  createPagedList<MyCourse, null>((_, page) => api('/member/myCourse', { page, limit: STUDY_LIMIT }), null);

/** /my/class: the classes the member enrolled in, paged. */
export const createMyClasses = () =>
  createPagedList<MyClass, null>((_, page) => api('/member/myClass', { page, limit: STUDY_LIMIT }), null);

/** The line under a course: where the member left off, or when it was bought. */
export function courseStatus(c: Pick<MyCourse, 'last_lesson' | 'last_studied_at' | 'bought_at'>): string {
  return c.last_studied_at
    ? `上次学习：${c.last_lesson}（${formatDateTime(c.last_studied_at)}）`
    : `购买于 ${formatDate(c.bought_at)}，还没有开始学习`;
}
