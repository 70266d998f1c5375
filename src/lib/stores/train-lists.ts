import { api } from '../api/client';
import type { ClassSort, CourseSort } from '../api/contract/catalogue-training';
import type { CirclePost } from '../api/contract/circle';
import type { Page } from './paged';

/*
 * The mobile site's training lists (/m/list, the tabs of /m/anchor): the same public API the desktop
 * lists and homepages read, one page at a time for the infinite lists (src/lib/stores/infinite.ts).
 * The pages render the first page on the server with the same limit, so page 2 follows on exactly.
 */

/** Items per page of every mobile training list (the server's first page uses it too). */
export const M_LIST_LIMIT = 10;

export type TrainListKind = 'course' | 'class' | 'coach' | 'article';

export interface CourseFilter {
  label_id?: number | undefined;
  price: 'all' | 'free' | 'paid';
  sort: CourseSort;
}
export interface ClassFilter {
  style?: string | undefined;
  city?: string | undefined;
  sort: ClassSort;
}
export interface CoachFilter {
  style?: string | undefined;
  city?: string | undefined;
}
export interface ArticleFilter {
  cate_id?: number | undefined;
}

/** The sorts of each list as the desktop lists name them. */
export const COURSE_SORTS: readonly (readonly [CourseSort, string])[] = [
  ['new', '最新'],
  ['hot', '最热'],
  ['price_asc', '价格从低到高'],
  ['price_desc', '价格从高到低'],
];
export const CLASS_SORTS: readonly (readonly [ClassSort, string])[] = [
  ['soon', '即将开班'],
  ['new', '最新发布'],
  ['price_asc', '价格从低到高'],
  ['price_desc', '价格从高到低'],
];
export const COURSE_PRICES = [
  ['all', '全部价格'],
  ['free', '免费'],
  ['paid', '付费'],
] as const;

export const fetchCourses = (q: CourseFilter, page: number) => api('/public/courseList', { ...q, page, limit: M_LIST_LIMIT });
export const fetchClasses = (q: ClassFilter, page: number) => api('/class/list', { ...q, page, limit: M_LIST_LIMIT });
export const fetchCoaches = (q: CoachFilter, page: number) => api('/coach/list', { ...q, page, limit: M_LIST_LIMIT });
export const fetchArticles = (q: ArticleFilter, page: number) => api('/index/articleList', { ...q, page, limit: M_LIST_LIMIT });

/** A coach's or shop's homepage lists (the owner as the API names it: coach or shop). */
export interface Owner {
  type: 'coach' | 'shop';
  id: number;
}
export const fetchOwnerCourses = (o: Owner, page: number) =>
  api('/course/list', { ...(o.type === 'coach' ? { coach_id: o.id } : { shop_id: o.id }), page, limit: M_LIST_LIMIT });
export const fetchAgentCourses = (o: Owner, page: number) =>
  api('/public/businessAgentCourses', { type: o.type, id: o.id, page, limit: M_LIST_LIMIT });
export const fetchOwnerClasses = (o: Owner, page: number) =>
  api('/class/list', { coach_id: o.id, sort: 'soon', page, limit: M_LIST_LIMIT });
export const fetchOwnerGoods = (o: Owner, page: number) => api('/goods/list', { shop_id: o.id, page, limit: M_LIST_LIMIT });
export const fetchAgentGoods = (o: Owner, page: number) =>
  api('/public/businessAgentGoods', { type: o.type, id: o.id, page, limit: M_LIST_LIMIT });

/**
 * A cursor-paged feed (功夫圈) as numbered pages for the infinite list: page n continues from the
 * cursor page n-1 answered; the total grows by one while the feed says there is more.
 */
export function cursorPages<T>(load: (cursor: number | undefined) => Promise<{ list: T[]; next_cursor: number | null }>) {
  const cursors = new Map<number, number | undefined>([[1, undefined]]);
  const seen = new Map<number, number>([[0, 0]]);
  return async (page: number): Promise<Page<T>> => {
    if (!cursors.has(page)) throw new Error('page out of order');
    const r = await load(cursors.get(page));
    const count = (seen.get(page - 1) ?? 0) + r.list.length;
    seen.set(page, count);
    if (r.next_cursor !== null) cursors.set(page + 1, r.next_cursor);
    return { list: r.list, page, limit: M_LIST_LIMIT, total: r.next_cursor === null ? count : count + 1 };
  };
}

/** The 功夫圈 posts of one author (a coach's or shop owner's user id), newest first. */
export const authorPosts = (userId: number) =>
  cursorPages<CirclePost>((cursor) =>
    api('/index/friendCircleList', { tab: 'new', user_id: userId, limit: M_LIST_LIMIT, ...(cursor === undefined ? {} : { cursor }) }),
  );
