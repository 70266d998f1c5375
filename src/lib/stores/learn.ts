import { api } from '../api/client';
import type { Chapter, ChapterSaveBody, Note } from '../api/contract/learn';
import { clock, LEARN_TEXTS } from '../rules/learn';

/*
 * Browser side of the learning tools: the coach's 招式 editor, a learner's notes under the player,
 * 我的笔记, 学习动态 and a seller's learners. Pure helpers are exported for the tests.
 */

/** Notes in time order (ties: the older first), as the list under the player shows them. */
export const sortNotes = (notes: readonly Note[]): Note[] => [...notes].sort((a, b) => a.at_s - b.at_s || a.id - b.id);

/** The list after saving `n` (new or changed). */
export const withNote = (notes: readonly Note[], n: Note): Note[] => sortNotes([...notes.filter((x) => x.id !== n.id), n]);

export const loadNotes = (lessonId: number) => api('/learn/notes', { lesson_id: lessonId }).then(sortNotes);
export const saveNote = (body: { id?: number; lesson_id: number; at_s: number; body: string }) => api('/learn/noteSave', body);
export const deleteNote = (id: number) => api('/learn/noteDelete', { id });
export const loadMyNotes = (page: number, limit = 10) => api('/learn/myNotes', { page, limit });
export const loadStudyStats = () => api('/learn/studyStats', {});
export const loadStudents = (courseId: number, page: number) => api('/learn/courseStudents', { course_id: courseId, page, limit: 20 });

/** The chapter editor's form: times as typed (mm:ss or seconds). */
export interface ChapterForm {
  id?: number;
  lesson_id: number;
  name: string;
  start: string;
  end: string;
  note: string;
}

export const emptyChapter = (lessonId: number): ChapterForm => ({ lesson_id: lessonId, name: '', start: '', end: '', note: '' });

export const chapterForm = (c: Chapter): ChapterForm => ({
  id: c.id,
  lesson_id: c.lesson_id,
  name: c.name,
  start: clock(c.start_s),
  end: c.end_s === null ? '' : clock(c.end_s),
  note: c.note,
});

/** Reads "1:05", "01:05", "1:02:03" or "65" as seconds; null when it is none of those. */
export function parseClock(v: string): number | null {
  const s = v.trim();
  if (!/^\d{1,5}(:\d{1,2}){0,2}$/.test(s)) return null;
  const parts = s.split(':').map(Number);
  if (parts.slice(1).some((p) => p >= 60)) return null;
  return parts.reduce((acc, p) => acc * 60 + p, 0);
}

/** The body the server takes, or the first thing wrong with the form (checked again by the server). */
export function chapterBody(f: ChapterForm, duration: number): { body: ChapterSaveBody } | { error: string } {
  if (!f.name.trim()) return { error: LEARN_TEXTS.chapterName };
  const start = parseClock(f.start);
  if (start === null) return { error: '开始时间格式为 分:秒，如 1:05' };
  const end = f.end.trim() ? parseClock(f.end) : null;
  if (f.end.trim() && end === null) return { error: '结束时间格式为 分:秒，如 1:20' };
  if (end !== null && end <= start) return { error: LEARN_TEXTS.chapterSpan };
  if (duration > 0 && (start >= duration || (end ?? 0) > duration)) return { error: LEARN_TEXTS.chapterBeyond };
  return {
    body: { ...(f.id ? { id: f.id } : {}), lesson_id: f.lesson_id, name: f.name.trim(), start_s: start, end_s: end, note: f.note.trim() },
  };
}

export const loadChapters = (lessonId: number) => api('/learn/chapterList', { lesson_id: lessonId });
export const saveChapter = (body: ChapterSaveBody) => api('/learn/chapterSave', body);
export const deleteChapter = (id: number) => api('/learn/chapterDelete', { id });
