import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lesson } from '~/lib/api/contract/catalogue-training';
import { createLessonPlayer, isLocked, nextToStudy } from '~/lib/stores/lesson-player';
import { useSession } from '../chrome/useSession';

/**
 * What both course players (the desktop LessonPlayer, the mobile one) do around the <video>: the
 * viewer's own access and progress once signed in, resume where they left off, one fresh signed URL
 * after a load error, progress reports while watching. The views differ only in layout.
 */
export function useLessonPlayer(courseId: number, initial: Lesson[]) {
  const { ready, user } = useSession();
  const [player] = useState(() => createLessonPlayer(courseId, initial));
  const lessons = useStore(player.$lessons);
  const progress = useStore(player.$progress);
  const [current, setCurrent] = useState<Lesson | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  // The lesson whose URL was already refreshed once after a load error (no endless retry).
  const retried = useRef<number | null>(null);

  useEffect(() => {
    if (ready && user) void player.loadForViewer();
  }, [ready, user, player]);

  // `?lesson=<id>` (links from 我的作业 to a lesson's assignment) opens that lesson once the
  // viewer's access is known; a lesson still locked for them leaves the page as it is.
  const asked = useRef(false);
  useEffect(() => {
    if (!ready || asked.current) return;
    asked.current = true;
    const id = Number(new URLSearchParams(window.location.search).get('lesson'));
    if (Number.isSafeInteger(id) && id > 0) void player.playable(id).then((l) => l && setCurrent(l));
  }, [ready, player]);

  useEffect(() => {
    const v = video.current;
    if (!current || !v) return;
    // Resume where the member left off unless the lesson was finished (read once per lesson switch).
    const at = player.resumeAt(current);
    if (at > 0) v.currentTime = at;
    void v.play().catch(() => {});
  }, [current, player]);

  /** A video that fails to load may carry an expired signed URL: fetch a fresh one once. */
  async function recover() {
    if (!current || retried.current === current.id) return;
    retried.current = current.id;
    const fresh = await player.refreshLesson(current.id);
    if (fresh && fresh.video !== current.video) setCurrent(fresh);
  }

  /** Reports progress (signed-in viewers; every 10 s while playing, on pause and at the end). */
  function report(ended: boolean, force = ended) {
    const v = video.current;
    if (current && v) void player.report(current, v.currentTime, ended, force);
  }

  /** Plays a lesson; a locked one may be the viewer's own once their access arrives (a buyer back from paying). */
  function pick(l: Lesson) {
    if (isLocked(l)) void player.playable(l.id).then((p) => p && setCurrent(p));
    else setCurrent(l);
  }

  return {
    lessons,
    progress,
    current,
    video,
    pick,
    /** 开始试看 / 开始学习: the first lesson this viewer may watch and has not finished. */
    start: () => setCurrent(nextToStudy(lessons, progress)),
    /** Props for the <video> element of the current lesson. */
    events: {
      onTimeUpdate: () => report(false),
      onPause: () => report(false, true),
      onEnded: () => report(true),
      onError: () => void recover(),
    },
  };
}
