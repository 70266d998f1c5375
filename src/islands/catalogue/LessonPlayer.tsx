import { useRef } from 'react';
import type { Lesson } from '~/lib/api/contract/catalogue-training';
import { durationText } from '~/lib/format';
import { img } from '~/lib/media';
import { isLocked } from '~/lib/stores/lesson-player';
import { TechniqueControls, useTechniquePlayer } from '~/islands/ui/TechniqueControls';
import { useLessonPlayer } from './useLessonPlayer';
import { LessonHomework } from '../learning/LessonHomework';
import { ChapterList, ResumeHint } from '../learning/ChapterList';
import { LessonNotes } from '../learning/LessonNotes';

/**
 * The course player: free previews play for everyone; the rest unlock for those the server gives
 * the videos to (the owner now, buyers with the commerce flow). The list comes from the server
 * HTML; a logged-in viewer's own access and progress are fetched after mount, and watching
 * reports progress back (for /my/course).
 */
export default function LessonPlayer(props: { courseId: number; cover: string; lessons: Lesson[]; buyHref: string; price: number }) {
  const { lessons, progress, current, video, pick, start, events, chapters, chaptersOf, resumedAt, restart } = useLessonPlayer(
    props.courseId,
    props.lessons,
  );

  const { player, videoStyle, nativeControls } = useTechniquePlayer();
  const stage = useRef<HTMLDivElement>(null);
  const locked = isLocked;
  return (
    <div id="lesson-player" className="flex items-start gap-5" data-testid="lesson-player">
      <div ref={stage} className="w-[640px] shrink-0">
        <div className={`relative aspect-video w-full overflow-hidden bg-black ${current ? 'rounded-t-lg' : 'rounded-lg'}`}>
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
              {/* The poster stays clear (it carries the course title); the call to play sits on a scrim below that title. */}
              <img src={img(props.cover)} width={640} height={360} alt="" className="h-full w-full object-cover" />
              <span className="pointer-events-none absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-black/65 to-transparent" />
              <button
                type="button"
                className="group absolute inset-0 flex items-end p-5 text-white disabled:cursor-not-allowed"
                onClick={start}
                disabled={!lessons.some((l) => !locked(l))}
              >
                {lessons.some((l) => !locked(l)) ? (
                  <span className="flex h-11 items-center gap-2 rounded-full bg-white pl-1.5 pr-5 text-[15px] font-600 text-ink shadow-[0_4px_14px_rgba(0,0,0,.3)] transition-colors group-hover:text-brand-dark">
                    <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-white">
                      <span className="i-ri-play-fill text-xl" />
                    </span>
                    开始试看
                  </span>
                ) : (
                  <span className="flex h-11 items-center gap-1.5 rounded-full bg-black/55 px-5 text-[15px]">
                    <span className="i-ri-lock-line text-lg" />
                    购买后观看
                  </span>
                )}
              </button>
            </>
          )}
        </div>
        {current && <TechniqueControls player={player} video={video} mediaKey={current.id} root={stage} chapters={chapters} />}
        {current && <ResumeHint at={resumedAt} onRestart={restart} />}
        {current && <ChapterList player={player} chapters={chapters} />}
        {current && <LessonHomework lessonId={current.id} />}
        {current && <LessonNotes key={current.id} player={player} lessonId={current.id} />}
      </div>
      <ol className="flex max-h-[360px] flex-1 flex-col overflow-y-auto rounded-lg border border-line" aria-label="课时列表">
        {lessons.map((l) => (
          <li key={l.id} className="border-b border-line last:border-0">
            <button
              type="button"
              onClick={() => pick(l)}
              aria-current={current?.id === l.id ? 'true' : undefined}
              className={`flex w-full items-center gap-2 px-4 py-3 text-left text-sm ${current?.id === l.id ? 'bg-brand-light text-brand' : locked(l) ? 'cursor-default text-ink-mute' : 'text-ink hover:bg-page'}`}
            >
              <span className={locked(l) ? 'i-ri-lock-line' : 'i-ri-play-circle-line'} />
              <span className="flex-1 truncate">{l.title}</span>
              {chaptersOf(l.id).length > 0 && <span className="text-xs text-ink-mute">{chaptersOf(l.id).length} 招</span>}
              {progress.get(l.id)?.finished ? (
                <span className="i-ri-checkbox-circle-fill text-success" aria-label="已学完" />
              ) : (progress.get(l.id)?.percent ?? 0) > 0 ? (
                <span className="text-xs text-brand">已看 {progress.get(l.id)?.percent}%</span>
              ) : null}
              {l.is_free === 1 && props.price > 0 && <span className="rounded bg-success-tint px-1.5 text-xs text-success">试看</span>}
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
