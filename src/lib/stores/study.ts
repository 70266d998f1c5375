import { api } from '../api/client';
import type { MyClass, MyCourse } from '../api/contract/study';
import { formatDate, formatDateTime } from '../format';
import { createPagedList } from './paged';

export type { MyClass, MyCourse };

export const STUDY_LIMIT = 10;

/** One page of the member's bought courses with progress (paged on the desktop, infinite on the phone). */
export const fetchMyCourses = (_: null, page: number) => api('/member/myCourse', { page, limit: STUDY_LIMIT });
/** One page of the classes the member enrolled in. */
export const fetchMyClasses = (_: null, page: number) => api('/member/myClass', { page, limit: STUDY_LIMIT });

/** /my/course: the courses the member bought, with progress, paged. */
export const createMyCourses = () => createPagedList<MyCourse, null>(fetchMyCourses, null);

/** /my/class: the classes the member enrolled in, paged. */
export const createMyClasses = () => createPagedList<MyClass, null>(fetchMyClasses, null);

/** The line under a course: where the member left off, or when it was bought. */
export function courseStatus(c: Pick<MyCourse, 'last_lesson' | 'last_studied_at' | 'bought_at'>): string {
  return c.last_studied_at
    ? `上次学习：${c.last_lesson}（${formatDateTime(c.last_studied_at)}）`
    : `购买于 ${formatDate(c.bought_at)}，还没有开始学习`;
}
