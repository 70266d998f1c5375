import { useRef, type ReactNode } from 'react';
import type { Lesson } from '~/lib/api/contract/catalogue-training';
import { durationText } from '~/lib/format';
import { allUnlocked, isLocked } from '~/lib/stores/lesson-player';
import { useLessonPlayer } from '~/islands/catalogue/useLessonPlayer';
import { TechniqueControls, useTechniquePlayer } from '~/islands/ui/TechniqueControls';
import { LessonHomework } from '~/islands/learning/LessonHomework';
import FavouriteAction from './FavouriteAction';
import { ChapterList, ResumeHint } from '~/islands/learning/ChapterList';
import { LessonNotes } from '~/islands/learning/LessonNotes';

/**
 * /m/course/detail's player: the video full width at the top (inline, never the phone's own full
 * screen until asked: playsinline), the page's head (children), the lessons below, and the fixed
 * action bar — 收藏 and 立即购买, or 开始学习 once every lesson plays for this viewer (a free
 * course, a buyer, the owner). Free previews play for guests; the same hook as the desktop player.
 */
export default function CoursePlayer(props: {
  courseId: number;
  cover: string;
  lessons: Lesson[];
  price: number;
  onSale: boolean;
  buyHref: string;
  children?: ReactNode;
}) {
  const { lessons, progress, current, video, pick, start, events, chapters, resumedAt, restart } = useLessonPlayer(
    props.courseId,
    props.lessons,
  );
  const stage = useRef<HTMLDivElement>(null);
  const { player, videoStyle, nativeControls } = useTechniquePlayer();
  const canStart = lessons.some((l) => !isLocked(l));
  const open = allUnlocked(lessons);

  function startHere() {
    stage.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    start();
  }

  return (
    <div data-testid="m-lesson-player">
      <div ref={stage} className="relative aspect-video w-full scroll-mt-12 overflow-hidden bg-black">
        {current ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- lessons carry no caption files yet (no data to point a <track> at)
          <video
            ref={video}
            key={current.id}
            src={current.video}
            controls={nativeControls}
            playsInline
            className="h-full w-full"
            style={videoStyle}
            aria-label={`正在播放：${current.title}`}
            {...events}
          />
        ) : (
          <>
            <img src={props.cover} width={750} height={422} alt="" fetchPriority="high" className="h-full w-full object-cover" />
            <span className="pointer-events-none absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-black/65 to-transparent" />
            <button
              type="button"
              className="absolute inset-0 flex items-end p-3 text-white disabled:cursor-not-allowed"
              onClick={start}
              disabled={!canStart}
            >
              {canStart ? (
                <span className="flex h-11 items-center gap-2 rounded-full bg-white pl-1.5 pr-4 text-[15px] font-600 text-ink">
                  <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-white">
                    <span className="i-ri-play-fill text-xl" aria-hidden="true" />
                  </span>
                  {props.price > 0 && !open ? '开始试看' : '开始学习'}
                </span>
              ) : (
                <span className="flex h-11 items-center gap-1.5 rounded-full bg-black/55 px-4 text-[15px]">
                  <span className="i-ri-lock-line text-lg" aria-hidden="true" />
                  购买后观看
                </span>
              )}
            </button>
          </>
        )}
      </div>
      {current && <TechniqueControls player={player} video={video} mediaKey={current.id} root={stage} phone chapters={chapters} />}
      {current && <ResumeHint at={resumedAt} onRestart={restart} phone />}
      {current && <ChapterList player={player} chapters={chapters} phone />}
      {current && <LessonHomework lessonId={current.id} phone />}
      {props.children}
      {current && <LessonNotes key={current.id} player={player} lessonId={current.id} phone />}
      <section className="mt-2 bg-white" aria-labelledby="m-lessons-title">
        <h2 id="m-lessons-title" className="flex h-11 items-center px-3 text-base font-600">
          课时
          <span className="ml-1 text-sm font-400 text-ink-mute">({lessons.length})</span>
        </h2>
        <ol aria-label="课时列表" className="border-t border-line">
          {lessons.map((l, i) => {
            const locked = isLocked(l);
            const on = current?.id === l.id;
            return (
              <li key={l.id} className="border-b border-line last:border-0">
                <button
                  type="button"
                  onClick={() => pick(l)}
                  aria-current={on ? 'true' : undefined}
                  className={`flex min-h-12 w-full items-center gap-2 px-3 py-2 text-left text-sm ${on ? 'bg-brand-light text-brand' : locked ? 'text-ink-mute' : 'text-ink'}`}
                >
                  <span className="w-5 shrink-0 text-center text-xs text-ink-mute">{i + 1}</span>
                  <span
                    className={`shrink-0 ${locked ? 'i-ri-lock-line' : on ? 'i-ri-volume-up-line' : 'i-ri-play-circle-line'}`}
                    aria-hidden="true"
                  />
                  <span className="min-w-0 flex-1 truncate">{l.title}</span>
                  {progress.get(l.id)?.finished ? (
                    <span className="i-ri-checkbox-circle-fill shrink-0 text-success" aria-label="已学完" />
                  ) : (progress.get(l.id)?.percent ?? 0) > 0 ? (
                    <span className="shrink-0 text-xs text-brand">已看 {progress.get(l.id)?.percent}%</span>
                  ) : null}
                  {l.is_free === 1 && props.price > 0 && (
                    <span className="shrink-0 rounded bg-success-tint px-1.5 text-xs text-success">试看</span>
                  )}
                  <span className="shrink-0 text-xs text-ink-mute">{durationText(l.duration)}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </section>
      <div className="gf-m-actions" data-testid="m-course-actions">
        <FavouriteAction type="course" id={props.courseId} />
        {open || props.price === 0 ? (
          <button type="button" className="gf-m-btn-primary flex-1" onClick={startHere} disabled={!canStart}>
            开始学习
          </button>
        ) : props.onSale ? (
          <a href={props.buyHref} className="gf-m-btn-primary flex-1" data-testid="m-buy">
            立即购买
          </a>
        ) : (
          <span className="gf-m-btn flex-1 bg-surface-grey text-ink-mute" aria-disabled="true">
            已下架
          </span>
        )}
      </div>
    </div>
  );
}
