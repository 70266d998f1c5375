import { atom } from 'nanostores';
import { api } from '../api/client';
import type { Lesson } from '../api/contract/catalogue-training';
import type { LessonProgress } from '../api/contract/study';
import { $session } from './session';

/** A member's progress in one lesson (/api/course/myProgress). */
export type { LessonProgress };

/** While playing, progress is reported at most this often (and always on pause and at the end). */
export const REPORT_EVERY_MS = 10_000;

/** A lesson without a video URL is locked for this viewer (not a preview, not bought). */
export const isLocked = (l: Lesson): boolean => !l.video;

/** What 开始试看 plays: the first lesson the viewer may watch. */
export const firstPlayable = (lessons: readonly Lesson[]): Lesson | null => lessons.find((l) => !isLocked(l)) ?? null;

/**
 * What 开始学习 plays: the first lesson the viewer may watch and has not finished (where a returning
 * member left off), else the first they may watch.
 */
export function nextToStudy(lessons: readonly Lesson[], progress: ReadonlyMap<number, LessonProgress>): Lesson | null {
  return lessons.find((l) => !isLocked(l) && progress.get(l.id)?.finished !== 1) ?? firstPlayable(lessons);
}

/** Every lesson plays for this viewer (a free course, a buyer, the owner): 开始学习 instead of 立即购买. */
export const allUnlocked = (lessons: readonly Lesson[]): boolean => lessons.length > 0 && lessons.every((l) => !isLocked(l));

/** Where to start a lesson: where the member left off, unless it was finished. */
export function resumeAt(p: LessonProgress | undefined): number {
  return p && !p.finished && p.position > 0 ? p.position : 0;
}

/** Progress after a report: the furthest position reached; finished stays finished. */
export function mergeProgress(
  all: ReadonlyMap<number, LessonProgress>,
  lessonId: number,
  position: number,
  finished: 0 | 1,
): Map<number, LessonProgress> {
  const next = new Map(all);
  const old = next.get(lessonId);
  next.set(lessonId, {
    lesson_id: lessonId,
    position: Math.max(position, old?.position ?? 0),
    finished: finished === 1 || old?.finished === 1 ? 1 : 0,
  });
  return next;
}

/**
 * The course player's state: the lessons (the page's guest view, then the logged-in viewer's,
 * which may unlock more) and the member's progress, reported back while watching.
 */
export function createLessonPlayer(courseId: number, lessons: Lesson[], now: () => number = Date.now) {
  const $lessons = atom<Lesson[]>(lessons);
  const $progress = atom<Map<number, LessonProgress>>(new Map());
  let lastSent = 0;

  /** The viewer whose access was last asked for, and that request (one per viewer). */
  let viewer: { token: string; done: Promise<void> } | null = null;

  /** The viewer's own access and progress (logged-in viewers; failures keep the guest view). */
  function loadForViewer(): Promise<void> {
    const token = $session.get()?.token;
    if (!token) return Promise.resolve();
    if (viewer?.token === token) return viewer.done;
    const done = Promise.all([
      api('/course/detail', { id: courseId })
        .then((d) => $lessons.set(d.lessons))
        .catch(() => undefined),
      api('/course/myProgress', { course_id: courseId })
        .then((rows) => $progress.set(new Map(rows.map((r) => [r.lesson_id, r]))))
        .catch(() => undefined),
    ]).then(() => undefined);
    viewer = { token, done };
    return done;
  }

  /**
   * Lesson `id` if this viewer may play it, once their own access is known: a buyer who clicks a
   * lesson while the page still shows the guest view (locked) gets it played, not ignored. Null
   * when it stays locked.
   */
  async function playable(id: number): Promise<Lesson | null> {
    await loadForViewer();
    const l = $lessons.get().find((x) => x.id === id);
    return l && !isLocked(l) ? l : null;
  }

  /**
   * Fresh lesson URLs (uploaded videos are signed for a limited time: a page left open for hours
   * holds expired ones). Answers the refreshed lesson `id`, or null when it cannot be played now.
   */
  async function refreshLesson(id: number): Promise<Lesson | null> {
    const d = await api('/course/detail', { id: courseId }).catch(() => null);
    if (!d) return null;
    $lessons.set(d.lessons);
    const l = d.lessons.find((x) => x.id === id);
    return l && !isLocked(l) ? l : null;
  }

  /** Whether a report is due: always when forced (pause, end), else once per REPORT_EVERY_MS. */
  function due(force: boolean): boolean {
    const t = now();
    if (!force && t - lastSent < REPORT_EVERY_MS) return false;
    lastSent = t;
    return true;
  }

  /**
   * Tells the server how far the member got in `lesson` (signed-in viewers only). Answers false
   * when nothing was sent; a failed report is dropped (the next one carries the position again).
   */
  async function report(lesson: Lesson, seconds: number, ended: boolean, force = ended): Promise<boolean> {
    if (!$session.get() || !due(force)) return false;
    const position = Math.floor(seconds);
    try {
      const r = await api('/course/progress', { lesson_id: lesson.id, position, ended });
      $progress.set(mergeProgress($progress.get(), lesson.id, position, r.finished));
      return true;
    } catch {
      return false;
    }
  }

  return {
    $lessons,
    $progress,
    loadForViewer,
    playable,
    refreshLesson,
    report,
    resumeAt: (l: Lesson) => resumeAt($progress.get().get(l.id)),
  };
}
