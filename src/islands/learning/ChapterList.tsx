import { useStore } from '@nanostores/react';
import { chapterAt, clock, type ChapterMark } from '~/lib/rules/learn';
import type { TechniquePlayer } from '~/lib/stores/technique-player';

/**
 * The lesson's 招式 beside or below the player: one tap jumps to the move and loops its span (with
 * the speed and mirror the learner chose). The one playing is marked.
 */
export function ChapterList(props: { player: TechniquePlayer; chapters: readonly ChapterMark[]; phone?: boolean }) {
  const { t } = useStore(props.player.$time);
  if (!props.chapters.length) return null;
  const now = chapterAt(props.chapters, t);
  return (
    <section className={props.phone ? 'bg-white px-3 py-2' : 'mt-3'} aria-labelledby="chapters-title">
      <h2 id="chapters-title" className="mb-2 text-[15px] font-600 text-ink">
        招式 <span className="text-sm font-400 text-ink-mute">点一下即跳到该招式并循环练习</span>
      </h2>
      <ol className="flex flex-wrap gap-2" data-testid="chapter-list">
        {props.chapters.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => props.player.playChapter(props.chapters, c.id)}
              aria-current={now?.id === c.id ? 'true' : undefined}
              title={c.note || c.name}
              className={`flex items-center gap-1.5 rounded-full border px-3 text-sm ${props.phone ? 'min-h-11' : 'h-8'} ${now?.id === c.id ? 'border-brand bg-brand-light text-brand' : 'border-line bg-white text-ink hover:border-brand hover:text-brand'}`}
            >
              <span className="text-xs text-ink-mute">{clock(c.start_s)}</span>
              {c.name}
            </button>
          </li>
        ))}
      </ol>
      {now?.note && <p className="mt-2 text-sm text-ink-soft">要领：{now.note}</p>}
    </section>
  );
}

/** "从 mm:ss 继续" after a lesson resumed where the member left off, with a way back to the top. */
export function ResumeHint(props: { at: number; onRestart: () => void; phone?: boolean }) {
  if (props.at <= 0) return null;
  return (
    <p
      className={`flex items-center gap-2 text-sm ${props.phone ? 'bg-shade px-3 py-2 text-white' : 'mt-2 rounded bg-page px-3 py-1.5 text-ink-soft'}`}
      data-testid="resume-hint"
    >
      <span className="i-ri-history-line" aria-hidden="true" />从 {clock(props.at)} 继续
      <button type="button" className={`text-brand ${props.phone ? 'min-h-11 px-2' : ''}`} onClick={props.onRestart}>
        从头播放
      </button>
    </p>
  );
}
