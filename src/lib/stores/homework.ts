import { atom } from 'nanostores';
import { api } from '../api/client';
import type { MyAssignment, QueueRow } from '../api/contract/homework';
import { formatDate } from '../format';
import { HOMEWORK_STATE_TEXT, HOMEWORK_TEXTS, type HomeworkState, type HomeworkStatus } from '../rules/homework';
import type { VideoEndpoints } from './video-upload';
import { createPagedList } from './paged';
import { check } from './action';

/**
 * 作业 in the browser: the learner's cards and 我的作业, the coach's assignment editor and queue.
 * A practice video is the member's own uploaded video (the same member-video voucher and status as
 * a 功夫圈 video: the row belongs to the uploader and stays private under `videos/`).
 */
export const HOMEWORK_VIDEOS: VideoEndpoints = {
  voucher: () => api('/member/circleVideoVoucher', {}),
  status: (id) => api('/member/circleVideoStatus', { id }),
};

/** The learner's state on an assignment: the latest attempt decides (未提交 / 待点评 / 已点评). */
export function homeworkState(a: Pick<MyAssignment, 'attempts'>): HomeworkState {
  const last = a.attempts.at(-1);
  if (!last) return 'todo';
  return last.status === 'reviewed' ? 'reviewed' : 'new';
}

/** The state line of an assignment: 已点评 with the latest score and verdict. */
export function homeworkStateText(a: Pick<MyAssignment, 'attempts'>): string {
  const state = homeworkState(a);
  const last = a.attempts.at(-1);
  if (state !== 'reviewed' || !last) return HOMEWORK_STATE_TEXT[state];
  return [HOMEWORK_STATE_TEXT.reviewed, last.score !== null ? `${last.score} 分` : '', last.verdict].filter(Boolean).join(' · ');
}

/** "截止 2025-06-30" or "不限时". */
export const dueText = (dueAt: string | null): string => (dueAt ? `截止 ${formatDate(dueAt)}` : '不限截止时间');

/** The date input's value for an assignment's due time (its Beijing day), '' for none. */
export function dueDay(dueAt: string | null): string {
  if (!dueAt) return '';
  return new Date(new Date(dueAt).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** 我的作业, newest first. */
export const createMyHomework = () => createPagedList((_q: null, page) => api('/member/homework/mine', { page, limit: 10 }), null);

export interface QueueQuery {
  status: HomeworkStatus;
  /** '' = all, else 'course:<id>' or 'class:<id>'. */
  target: string;
}

const FIRST_QUERY: QueueQuery = { status: 'new', target: '' };

export interface QueueMeta {
  /** The courses and classes with assignments (the filter's options). */
  targets: { kind: 'course' | 'class'; id: number; title: string }[];
  unreviewed: number;
}

/** The coach's 作业点评 queue, by tab and course/class filter; `$meta` keeps the filter options and the 待点评 count. */
export function createHomeworkQueue() {
  const $meta = atom<QueueMeta>({ targets: [], unreviewed: 0 });
  const list = createPagedList(async (q: QueueQuery, page) => {
    const [kind, id] = q.target.split(':');
    const filter = kind === 'course' ? { course_id: Number(id) } : kind === 'class' ? { class_id: Number(id) } : {};
    const res = await api('/seller/homework/queue', { status: q.status, ...filter, page, limit: 10 });
    $meta.set({ targets: res.targets, unreviewed: res.unreviewed });
    return res;
  }, FIRST_QUERY);
  return { ...list, $meta };
}

export type { MyAssignment, QueueRow };

/** Hands in an uploaded practice video; throws InputError when none was uploaded yet. */
export async function submitHomework(assignmentId: number, videoId: number | null, note: string) {
  check(videoId ? null : HOMEWORK_TEXTS.videoMissing);
  return api('/member/homework/submit', { assignment_id: assignmentId, video_id: videoId ?? 0, note: note.trim() });
}

export interface AssignmentDraft {
  title: string;
  body: string;
  due_day: string;
}

/** Sets (no id) or edits an assignment on a lesson or class; throws InputError for an empty title. */
export async function saveAssignment(target: { lesson_id: number } | { class_id: number }, draft: AssignmentDraft, id?: number) {
  check(draft.title.trim() ? null : HOMEWORK_TEXTS.titleEmpty);
  const body = { title: draft.title.trim(), body: draft.body.trim(), due_day: draft.due_day };
  return id ? api('/seller/homework/edit', { id, ...body }) : api('/seller/homework/assign', { ...target, ...body });
}

export const withdrawAssignment = (id: number) => api('/seller/homework/withdraw', { id });
export const loadAssignments = (target: { lesson_id: number } | { class_id: number }) => api('/seller/homework/assignments', target);
export const loadHomeworkOn = (target: { lesson_id: number } | { class_id: number }) => api('/member/homework/on', target);
