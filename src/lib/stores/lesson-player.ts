import { atom } from 'nanostores';
import { api, apiKeepalive } from '../api/client';
import type { Lesson } from '../api/contract/catalogue-training';
import type { LessonProgress } from '../api/contract/study';
import type { Chapter } from '../api/contract/learn';
import { $session } from './session';
import { createRangeTracker } from './play-ranges';

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

/** Progress after a report: the server's answer for the lesson; finished stays finished. */
export function mergeProgress(all: ReadonlyMap<number, LessonProgress>, answer: LessonProgress): Map<number, LessonProgress> {
  const next = new Map(all);
  const old = next.get(answer.lesson_id);
  next.set(answer.lesson_id, { ...answer, finished: answer.finished === 1 || old?.finished === 1 ? 1 : 0 });
  return next;
}

/**
 * The course player's state: the lessons (the page's guest view, then the logged-in viewer's,
 * which may unlock more) and the member's progress, reported back while watching.
 */
/**
 * Courses this viewer may watch in full, known once a player asked the server: the course page's cached header
 * offers 立即购买 to everyone, and turns it into 开始学习 for a buyer (or the course's own seller).
 */
export const $watchableCourses = atom<ReadonlySet<number>>(new Set());

export function createLessonPlayer(courseId: number, lessons: Lesson[], now: () => number = Date.now) {
  const $lessons = atom<Lesson[]>(lessons);
  const $progress = atom<Map<number, LessonProgress>>(new Map());
  /** 招式 by lesson (public: guests see the moves of a paid lesson, not its video). */
  const $chapters = atom<Map<number, Chapter[]>>(new Map());

  /** The course's 招式; a failure leaves the player without them. */
  async function loadChapters(): Promise<void> {
    const rows = await api('/learn/courseChapters', { course_id: courseId }).catch(() => null);
    if (!rows) return;
    const byLesson = new Map<number, Chapter[]>();
    for (const c of rows) byLesson.set(c.lesson_id, [...(byLesson.get(c.lesson_id) ?? []), c]);
    $chapters.set(byLesson);
  }
  let lastSent = 0;
  /** What the <video> played since the last report (fed by the player's media events). */
  const played = createRangeTracker(now);

  /** The viewer whose access was last asked for, and that request (one per viewer). */
  let viewer: { token: string; done: Promise<void> } | null = null;

  /** The viewer's own access and progress (logged-in viewers; failures keep the guest view). */
  function loadForViewer(): Promise<void> {
    const token = $session.get()?.token;
    if (!token) return Promise.resolve();
    if (viewer?.token === token) return viewer.done;
    const done = Promise.all([
      api('/course/detail', { id: courseId })
        .then((d) => {
          $lessons.set(d.lessons);
          if (d.can_watch_all) $watchableCourses.set(new Set([...$watchableCourses.get(), courseId]));
        })
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
   * Tells the server what the member played of `lesson` since the last report and where they are
   * (signed-in viewers only). Answers false when nothing was sent; what a failed report carried is
   * kept for the next one. `leaving` (pagehide) sends with keepalive so it outlives the page.
   */
  async function report(lesson: Lesson, seconds: number, ended: boolean, force = ended, leaving = false): Promise<boolean> {
    if (!$session.get() || !due(force)) return false;
    const position = Math.floor(seconds);
    const claim = played.take();
    const body = { lesson_id: lesson.id, position, ended, ranges: claim.ranges, study_s: claim.study_s };
    try {
      const r = await (leaving ? apiKeepalive('/course/progress', body) : api('/course/progress', body));
      $progress.set(mergeProgress($progress.get(), r));
      return true;
    } catch {
      played.restore(claim);
      return false;
    }
  }

  return {
    $lessons,
    $progress,
    $chapters,
    loadChapters,
    loadForViewer,
    playable,
    refreshLesson,
    report,
    played,
    resumeAt: (l: Lesson) => resumeAt($progress.get().get(l.id)),
  };
}
