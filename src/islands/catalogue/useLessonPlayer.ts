import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lesson } from '~/lib/api/contract/catalogue-training';
import { timeParam } from '~/lib/rules/learn';
import { createLessonPlayer, isLocked, nextToStudy } from '~/lib/stores/lesson-player';
import { useSession } from '../chrome/useSession';

/**
 * What both course players (the desktop LessonPlayer, the mobile one) do around the <video>: the
 * viewer's own access and progress once signed in, the lessons' 招式, resume where they left off (or
 * at `?lesson=&t=`, a note's link), one fresh signed URL after a load error, and reports of what was
 * actually played (every 10 s while playing, on pause, at the end and when the page goes away).
 */
export function useLessonPlayer(courseId: number, initial: Lesson[]) {
  const { ready, user } = useSession();
  const [player] = useState(() => createLessonPlayer(courseId, initial));
  const lessons = useStore(player.$lessons);
  const progress = useStore(player.$progress);
  const chapters = useStore(player.$chapters);
  const [current, setCurrent] = useState<Lesson | null>(null);
  /** Where the current lesson was resumed from (the "从 mm:ss 继续" hint), 0 when it started at the top. */
  const [resumedAt, setResumedAt] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  // The lesson whose URL was already refreshed once after a load error (no endless retry).
  const retried = useRef<number | null>(null);
  // The lesson a link opens and the time it asks for (`t=`; none: resume as usual), used once.
  const startAt = useRef<{ lesson: number; t: number | null } | null>(null);

  useEffect(() => void player.loadChapters(), [player]);

  useEffect(() => {
    if (ready && user) void player.loadForViewer();
  }, [ready, user, player]);

  // A link to a lesson at a moment (我的笔记): open it there once the viewer's access is known.
  useEffect(() => {
    if (!ready) return;
    const q = new URLSearchParams(window.location.search);
    const id = Number(q.get('lesson'));
    if (!Number.isInteger(id) || id <= 0) return;
    startAt.current = { lesson: id, t: timeParam(q.get('t')) };
    void player.playable(id).then((l) => l && setCurrent(l));
  }, [ready, player]);

  useEffect(() => {
    const v = video.current;
    if (!current || !v) return;
    const asked = startAt.current?.lesson === current.id ? startAt.current.t : null;
    startAt.current = null;
    // Resume where the member left off unless the lesson was finished (read once per lesson switch).
    const at = asked ?? player.resumeAt(current);
    setResumedAt(asked === null ? at : 0);
    if (at > 0) v.currentTime = at;
    void v.play().catch(() => {});
  }, [current, player]);

  /** Reports progress (signed-in viewers): every 10 s while playing, on pause, at the end, on leaving. */
  function report(ended: boolean, force = ended, leaving = false) {
    const v = video.current;
    if (current && v) void player.report(current, v.currentTime, ended, force, leaving);
  }

  useEffect(() => {
    const leave = () => {
      player.played.pause();
      report(false, true, true);
    };
    const hidden = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
    };
  });

  /** A video that fails to load may carry an expired signed URL: fetch a fresh one once. */
  async function recover() {
    if (!current || retried.current === current.id) return;
    retried.current = current.id;
    const fresh = await player.refreshLesson(current.id);
    if (fresh && fresh.video !== current.video) setCurrent(fresh);
  }

  /** Switches lessons; what the last one played is reported first (it belongs to that lesson). */
  function open(l: Lesson) {
    if (current && current.id !== l.id) {
      player.played.pause();
      report(false, true);
    }
    setCurrent(l);
  }

  /** Plays a lesson; a locked one may be the viewer's own once their access arrives (a buyer back from paying). */
  function pick(l: Lesson) {
    if (isLocked(l)) void player.playable(l.id).then((p) => p && open(p));
    else open(l);
  }

  return {
    lessons,
    progress,
    current,
    video,
    pick,
    /** The current lesson's 招式, by start. */
    chapters: current ? (chapters.get(current.id) ?? []) : [],
    /** All lessons' 招式 (the lesson list shows how many each has). */
    chaptersOf: (id: number) => chapters.get(id) ?? [],
    resumedAt,
    /** 从头播放: drops the resume point for this viewing. */
    restart: () => {
      const v = video.current;
      if (v) v.currentTime = 0;
      setResumedAt(0);
    },
    /** 开始试看 / 开始学习: the first lesson this viewer may watch and has not finished. */
    start: () => {
      const l = nextToStudy(lessons, progress);
      if (l) open(l);
    },
    /** Props for the <video> element of the current lesson. */
    events: {
      onPlay: () => player.played.play(),
      onSeeking: () => player.played.seeking(),
      onTimeUpdate: () => {
        const v = video.current;
        if (v && !v.paused && !v.seeking) player.played.time(v.currentTime);
        report(false);
      },
      onPause: () => (player.played.pause(), report(false, true)),
      onEnded: () => (player.played.pause(), report(true)),
      onError: () => void recover(),
    },
  };
}
