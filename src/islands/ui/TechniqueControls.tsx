import { useEffect, useRef, useState, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import {
  createTechniquePlayer,
  percentOf,
  REPEATS,
  repeatLabel,
  shortcutFor,
  SPEEDS,
  speedLabel,
  videoTransform,
  type Focus,
  type TechniquePlayer,
} from '~/lib/stores/technique-player';
import { TechniqueHelp } from './TechniqueHelp';
import { chapterTicks, type ChapterMark } from '~/lib/rules/learn';

/**
 * One technique player for a video island: the store, the style its <video> takes (mirrored or not),
 * and whether it shows the browser's own controls: not while mirrored, since they would flip with the
 * picture (a timeline running right to left) — the controls below play, pause and seek then.
 */
export function useTechniquePlayer() {
  const [player] = useState(createTechniquePlayer);
  const mirror = useStore(player.$mirror);
  return { player, videoStyle: { transform: videoTransform(mirror) }, nativeControls: !mirror };
}

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

function focusOf(root: HTMLElement | null): Focus {
  const el = document.activeElement;
  if (!el || el === document.body) return 'none';
  if (el.matches(TYPING)) return 'typing';
  return root?.contains(el) ? 'player' : 'control';
}

const fmt = (t: number) => `${t.toFixed(1)}s`;

/**
 * The technique controls under a video (SPEC §2): speed, frame steps, 左右镜像 and the A-B loop with
 * its repeat count, with A and B on a bar of their own. `phone` makes every control a ≥ 44 px touch
 * target and leaves out the keyboard; on desktop the shortcuts work while the player holds the focus
 * or nothing else that takes keys does. `mediaKey` changes when the <video> element does.
 */
export function TechniqueControls(props: {
  player: TechniquePlayer;
  video: RefObject<HTMLVideoElement | null>;
  mediaKey: string | number;
  root: RefObject<HTMLElement | null>;
  phone?: boolean;
  /** 招式 of the lesson: ticks on the bar; a tap on one plays and loops it. */
  chapters?: readonly ChapterMark[];
}) {
  const { player, video, mediaKey, root, phone, chapters = [] } = props;
  const speed = useStore(player.$speed);
  const mirror = useStore(player.$mirror);
  const loop = useStore(player.$loop);
  const message = useStore(player.$message);
  const { t, duration } = useStore(player.$time);
  const help = useStore(player.$help);
  const paused = useStore(player.$paused);
  const helpBtn = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const v = video.current;
    return v ? player.attach(v) : undefined;
  }, [player, video, mediaKey]);

  useEffect(() => {
    if (phone) return;
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(e, focusOf(root.current));
      if (!action) return;
      e.preventDefault();
      player.run(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [player, root, phone]);

  const btn = phone
    ? 'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg bg-white/10 px-2 text-sm text-white active:bg-white/20 disabled:opacity-50'
    : 'inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded-md px-1.5 text-[13px] text-ink hover:bg-page hover:text-brand disabled:(opacity-50 hover:bg-transparent)';
  const on = phone ? 'bg-brand! text-white' : 'bg-brand-light! text-brand';
  const sel = phone
    ? 'min-h-11 rounded-lg border-0 bg-white/10 px-2 text-sm text-white'
    : 'h-8 rounded-md border border-line bg-white px-1 text-[13px] text-ink';
  const active = loop.a !== null && loop.b !== null;

  return (
    <div
      className={phone ? 'relative bg-shade px-2 pb-2 pt-1' : 'relative rounded-b-lg border-x border-b border-line bg-white px-2 py-1.5'}
      data-testid="technique-controls"
    >
      <div className={`relative mb-1.5 mt-1 h-1.5 rounded-full ${phone ? 'bg-white/20' : 'bg-line-strong'}`} data-testid="technique-bar">
        <input
          type="range"
          min={0}
          max={Number.isFinite(duration) && duration > 0 ? duration : 0}
          step={0.04}
          value={t}
          onChange={(e) => player.seek(Number(e.target.value))}
          aria-label="播放进度"
          aria-valuetext={`${fmt(t)} / ${fmt(Number.isFinite(duration) ? duration : 0)}`}
          className="absolute inset-x-0 -inset-y-2 z-10 m-0 w-full cursor-pointer opacity-0"
        />
        {active && (
          <span
            className="absolute inset-y-0 bg-brand-accent/50"
            style={{ left: `${percentOf(loop.a ?? 0, duration)}%`, right: `${100 - percentOf(loop.b ?? 0, duration)}%` }}
          />
        )}
        <span className="absolute inset-y-0 left-0 rounded-full bg-brand" style={{ width: `${percentOf(t, duration)}%` }} />
        {chapterTicks(chapters, duration).map((c) =>
          // A tick on a 6 px bar is no touch target: phones tap the 招式 list under the player instead
          // (ChapterList), so there the tick only marks the moment and the bar scrubs through it.
          phone ? (
            <span
              key={c.id}
              className="pointer-events-none absolute -top-1 h-3.5 w-0.5 -translate-x-1/2 rounded bg-white"
              style={{ left: `${c.at}%` }}
              title={c.name}
              aria-hidden="true"
              data-testid="chapter-tick"
            />
          ) : (
            <button
              key={c.id}
              type="button"
              className="absolute -top-1.5 z-20 flex h-4.5 w-2 -translate-x-1/2 justify-center bg-transparent p-0"
              style={{ left: `${c.at}%` }}
              onClick={() => player.playChapter(chapters, c.id)}
              title={c.name}
              aria-label={`招式：${c.name}`}
              data-testid="chapter-tick"
            >
              <span className="block h-full w-0.5 rounded bg-brand-dark" aria-hidden="true" />
            </button>
          ),
        )}
        {loop.a !== null && <Marker name="A" at={percentOf(loop.a, duration)} />}
        {loop.b !== null && <Marker name="B" at={percentOf(loop.b, duration)} />}
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <button type="button" className={btn} onClick={() => player.run('playPause')} aria-label={paused ? '播放' : '暂停'}>
          <span className={`${paused ? 'i-ri-play-fill' : 'i-ri-pause-fill'} text-base`} aria-hidden="true" />
        </button>
        <label className={`flex items-center gap-1 text-[13px] ${phone ? 'text-white' : 'text-ink-soft'}`}>
          倍速
          <select className={sel} value={speed} onChange={(e) => player.setSpeed(Number(e.target.value))} aria-label="播放倍速">
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {speedLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={btn} onClick={() => player.run('frameBack')} aria-label="后退一帧" title="后退一帧">
          <span className="i-ri-skip-back-mini-line text-base" aria-hidden="true" />
        </button>
        <button type="button" className={btn} onClick={() => player.run('frameForward')} aria-label="前进一帧" title="前进一帧">
          <span className="i-ri-skip-forward-mini-line text-base" aria-hidden="true" />
        </button>
        <button type="button" className={`${btn} ${mirror ? on : ''}`} onClick={player.toggleMirror} aria-pressed={mirror}>
          <span className="i-ri-contrast-2-line" aria-hidden="true" />
          镜像
        </button>
        <button type="button" className={`${btn} ${loop.a !== null ? on : ''}`} onClick={() => player.run('setA')} aria-label="设置 A 点">
          A{loop.a !== null && !phone ? ` ${fmt(loop.a)}` : ''}
        </button>
        <button type="button" className={`${btn} ${loop.b !== null ? on : ''}`} onClick={() => player.run('setB')} aria-label="设置 B 点">
          B{loop.b !== null && !phone ? ` ${fmt(loop.b)}` : ''}
        </button>
        <label className={`flex items-center gap-1 text-[13px] ${phone ? 'text-white' : 'text-ink-soft'}`}>
          重复
          <select
            className={sel}
            value={String(loop.repeat)}
            onChange={(e) => player.setRepeat(Number(e.target.value))}
            aria-label="循环次数"
          >
            {REPEATS.map((n) => (
              <option key={n} value={String(n)}>
                {repeatLabel(n)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={`${btn} ${active ? on : ''}`}
          onClick={player.clearLoop}
          disabled={!active}
          aria-pressed={active}
          title={active ? '点击清除循环' : '先设置 A 点和 B 点'}
        >
          <span className="i-ri-repeat-line" aria-hidden="true" />
          {active ? '清除循环' : 'A-B 循环'}
        </button>
        {!phone && (
          <button
            ref={helpBtn}
            type="button"
            className={`${btn} ml-auto`}
            onClick={() => player.run('help')}
            aria-label="快捷键说明"
            aria-expanded={help}
            aria-haspopup="dialog"
          >
            ?
          </button>
        )}
      </div>
      {message && (
        <p role="alert" className={`mt-1 text-[13px] ${phone ? 'text-warning-edge' : 'text-danger'}`}>
          {message}
        </p>
      )}
      {!phone && help && <TechniqueHelp onClose={() => (player.closeHelp(), helpBtn.current?.focus())} />}
    </div>
  );
}

function Marker(props: { name: string; at: number }) {
  return (
    <span
      className="absolute -top-1 flex h-3.5 w-3.5 -translate-x-1/2 items-center justify-center rounded-full bg-brand-dark text-[9px] font-600 text-white"
      style={{ left: `${props.at}%` }}
      data-testid={`loop-${props.name}`}
    >
      {props.name}
    </span>
  );
}
