import { useEffect, useRef, useState } from 'react';
import { untypedApi } from '~/lib/api/client';
import { durationText } from '~/lib/format';
import { img } from '~/lib/media';
import { useSession } from '../chrome/useSession';

interface Progress {
  lesson_id: number;
  position: number;
  finished: number;
}

interface Lesson {
  id: number;
  title: string;
  duration: number;
  is_free: number;
  video: string;
}

/**
 * The course player: free previews play for everyone; the rest unlock for those the server gives
 * the videos to (the owner now, buyers with the commerce flow). The list comes from the server
 * HTML; a logged-in viewer's own access and progress are fetched after mount, and watching
 * reports progress back (for /my/course).
 */
export default function LessonPlayer(props: { courseId: number; cover: string; lessons: Lesson[]; buyHref: string; price: number }) {
  const { ready, user } = useSession();
  const [lessons, setLessons] = useState(props.lessons);
  const [current, setCurrent] = useState<Lesson | null>(null);
  const [progress, setProgress] = useState<Map<number, Progress>>(new Map());
  const video = useRef<HTMLVideoElement>(null);
  const lastSent = useRef(0);

  useEffect(() => {
    if (!ready || !user) return;
    untypedApi<{ lessons: Lesson[] }>('/course/detail', { id: props.courseId })
      .then((d) => setLessons(d.lessons))
      .catch(() => {});
    untypedApi<Progress[]>('/course/myProgress', { course_id: props.courseId })
      .then((rows) => setProgress(new Map(rows.map((r) => [r.lesson_id, r]))))
      .catch(() => {});
  }, [ready, user, props.courseId]);

  useEffect(() => {
    const v = video.current;
    if (!current || !v) return;
    // Resume where the member left off unless the lesson was finished.
    const p = progress.get(current.id);
    if (p && !p.finished && p.position > 0) v.currentTime = p.position;
    void v.play().catch(() => {});
    // Progress is read once per lesson switch on purpose (not on every report).
  }, [current]);

  /** Tells the server how far the member got (signed-in viewers; every 10 s while playing, on pause and at the end). */
  function report(ended: boolean, force = ended) {
    const v = video.current;
    if (!user || !current || !v) return;
    const now = Date.now();
    if (!force && now - lastSent.current < 10_000) return;
    lastSent.current = now;
    const position = Math.floor(v.currentTime);
    untypedApi<{ finished: number }>('/course/progress', { lesson_id: current.id, position, ended })
      .then((r) =>
        setProgress((m) => {
          const next = new Map(m);
          const old = next.get(current.id);
          next.set(current.id, {
            lesson_id: current.id,
            position: Math.max(position, old?.position ?? 0),
            finished: r.finished || old?.finished || 0,
          });
          return next;
        }),
      )
      .catch(() => {});
  }

  const locked = (l: Lesson) => !l.video;
  return (
    <div className="flex gap-5" data-testid="lesson-player">
      <div className="relative aspect-video w-[640px] shrink-0 overflow-hidden rounded-lg bg-black">
        {current ? (
          <video
            ref={video}
            key={current.id}
            src={current.video}
            controls
            playsInline
            className="h-full w-full"
            aria-label={`正在播放：${current.title}`}
            onTimeUpdate={() => report(false)}
            onPause={() => report(false, true)}
            onEnded={() => report(true)}
          />
        ) : (
          <>
            <img src={img(props.cover)} width={640} height={360} alt="" className="h-full w-full object-cover opacity-35" />
            <button
              type="button"
              className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-white"
              onClick={() => setCurrent(lessons.find((l) => !locked(l)) ?? null)}
              disabled={!lessons.some((l) => !locked(l))}
            >
              <span className="i-ri-play-circle-fill text-7xl" />
              <span className="rounded-full bg-black/50 px-4 py-1 text-sm">
                {lessons.some((l) => !locked(l)) ? '开始试看' : '购买后观看'}
              </span>
            </button>
          </>
        )}
      </div>
      <ol className="flex max-h-[360px] flex-1 flex-col overflow-y-auto rounded-lg border border-line" aria-label="课时列表">
        {lessons.map((l) => (
          <li key={l.id} className="border-b border-line last:border-0">
            <button
              type="button"
              onClick={() => (locked(l) ? undefined : setCurrent(l))}
              aria-current={current?.id === l.id ? 'true' : undefined}
              className={`flex w-full items-center gap-2 px-4 py-3 text-left text-sm ${current?.id === l.id ? 'bg-brand-light text-brand' : locked(l) ? 'cursor-default text-ink-mute' : 'text-ink hover:bg-page'}`}
            >
              <span className={locked(l) ? 'i-ri-lock-line' : 'i-ri-play-circle-line'} />
              <span className="flex-1 truncate">{l.title}</span>
              {progress.get(l.id)?.finished ? <span className="i-ri-checkbox-circle-fill text-[#52c41a]" aria-label="已学完" /> : null}
              {l.is_free === 1 && props.price > 0 && <span className="rounded bg-[#e8f7e0] px-1.5 text-xs text-[#52c41a]">试看</span>}
              <span className="text-xs text-ink-mute">{durationText(l.duration)}</span>
            </button>
          </li>
        ))}
        {lessons.some(locked) && (
          <li className="mt-auto p-3">
            <a href={props.buyHref} className="gf-btn-primary w-full">
              购买课程，解锁全部课时
            </a>
          </li>
        )}
      </ol>
    </div>
  );
}
