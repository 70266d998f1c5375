import { useEffect, useRef, useState } from 'react';
import { api } from '~/lib/api/client';
import { durationText } from '~/lib/format';
import { img } from '~/lib/media';
import { useSession } from '../chrome/useSession';

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
 * HTML; a logged-in viewer's own access is fetched after mount.
 */
export default function LessonPlayer(props: { courseId: number; cover: string; lessons: Lesson[]; buyHref: string; price: number }) {
  const { ready, user } = useSession();
  const [lessons, setLessons] = useState(props.lessons);
  const [current, setCurrent] = useState<Lesson | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!ready || !user) return;
    api<{ lessons: Lesson[] }>('/course/detail', { id: props.courseId })
      .then((d) => setLessons(d.lessons))
      .catch(() => {});
  }, [ready, user, props.courseId]);

  useEffect(() => {
    if (current && video.current) void video.current.play().catch(() => {});
  }, [current]);

  const locked = (l: Lesson) => !l.video;
  return (
    <div className="flex gap-5" data-testid="lesson-player">
      <div className="relative aspect-video w-[640px] shrink-0 overflow-hidden rounded-lg bg-black">
        {current ? (
          <video ref={video} key={current.id} src={current.video} controls playsInline className="h-full w-full" aria-label={`正在播放：${current.title}`} />
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
              <span className="rounded-full bg-black/50 px-4 py-1 text-sm">{lessons.some((l) => !locked(l)) ? '开始试看' : '购买后观看'}</span>
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
              {l.is_free === 1 && props.price > 0 && <span className="rounded bg-[#e8f7e0] px-1.5 text-xs text-[#52c41a]">试看</span>}
              <span className="text-xs text-ink-mute">{durationText(l.duration)}</span>
            </button>
          </li>
        ))}
        {lessons.some(locked) && (
          <li className="mt-auto p-3">
            <a href={props.buyHref} className="gf-btn-primary w-full">购买课程，解锁全部课时</a>
          </li>
        )}
      </ol>
    </div>
  );
}
