import { atom } from 'nanostores';
import { chapterSpan, type ChapterMark } from '../rules/learn';

/*
 * The technique player of the course, lesson and playback screens (SPEC §2): slow motion with the pitch kept,
 * frame steps, a mirrored picture and an A-B loop with a repeat count, shared by the desktop
 * course player, the phone's and the live playbacks. The rules are pure functions; the store
 * drives one <video> (or anything shaped like it) through `attach`.
 */

/** The speeds offered, slowest first. */
export const SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** One frame at 25 fps: what `,` and `.` step by. */
export const FRAME_S = 1 / 25;
/** What ←/→ seek by. */
export const SEEK_S = 5;
/** How many times the loop restarts at A; Infinity is ∞ (until cleared). */
export const REPEATS = [1, 3, 5, 10, Infinity] as const;
/** Where speed and mirror are remembered (per browser, across lessons). */
export const PREFS_KEY = 'gf:technique-player';

export const repeatLabel = (n: number): string => (n === Infinity ? '∞' : `${n} 次`);
export const speedLabel = (s: number): string => `${s}×`;

export const clamp = (t: number, duration: number): number =>
  Math.min(Math.max(t, 0), Number.isFinite(duration) && duration > 0 ? duration : Math.max(t, 0));

/** The time one frame forward (+1) or back (-1), kept inside the video. */
export const frameStep = (t: number, dir: 1 | -1, duration: number): number => clamp(t + dir * FRAME_S, duration);

/** The time after a ←/→ seek, kept inside the video. */
export const seekBy = (t: number, dir: 1 | -1, duration: number): number => clamp(t + dir * SEEK_S, duration);

/** The video's transform: mirrored left-right (左右镜像) or none. Only the video, never the controls. */
export const videoTransform = (mirror: boolean): string | undefined => (mirror ? 'scaleX(-1)' : undefined);

export interface Prefs {
  speed: number;
  mirror: boolean;
}
export const DEFAULT_PREFS: Prefs = { speed: 1, mirror: false };

/** Remembered choices from storage; anything unknown or broken falls back to the defaults. */
export function parsePrefs(raw: string | null): Prefs {
  try {
    const p = JSON.parse(raw ?? 'null') as Partial<Prefs> | null;
    return {
      speed: SPEEDS.includes(p?.speed as (typeof SPEEDS)[number]) ? (p?.speed as number) : 1,
      mirror: p?.mirror === true,
    };
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

/** The A-B loop: A and B in seconds, the repeat count and how many restarts were used. */
export interface Loop {
  a: number | null;
  b: number | null;
  repeat: number;
  used: number;
}
export const NO_LOOP: Loop = { a: null, b: null, repeat: 3, used: 0 };

export const LOOP_MESSAGES = {
  bBeforeA: 'B 点必须在 A 点之后，请在 A 点之后再设置 B 点',
  noA: '请先设置 A 点',
} as const;

/** Sets A; a B at or before the new A is dropped. The count starts again. */
export function setA(loop: Loop, t: number): Loop {
  return { ...loop, a: t, b: loop.b !== null && loop.b > t ? loop.b : null, used: 0 };
}

/** Sets B, which must come after A: else the loop stays as it was and the message says why. */
export function setB(loop: Loop, t: number): { loop: Loop; error?: string } {
  if (loop.a === null) return { loop, error: LOOP_MESSAGES.noA };
  if (t <= loop.a) return { loop, error: LOOP_MESSAGES.bBeforeA };
  return { loop: { ...loop, b: t, used: 0 } };
}

export const setRepeat = (loop: Loop, repeat: number): Loop => ({ ...loop, repeat, used: 0 });

/** A and B both set. */
export const loopActive = (loop: Loop): loop is Loop & { a: number; b: number } => loop.a !== null && loop.b !== null;

/** Restarts left (Infinity for ∞); 0 once the count is used up and the video plays on. */
export const restartsLeft = (loop: Loop): number => (loopActive(loop) ? Math.max(loop.repeat - loop.used, 0) : 0);

/**
 * What playing from `prev` to `t` does to the loop: reaching B while restarts are left goes back to
 * A and uses one. Only playback crosses B (a step of at most a second inside the loop); a seek past
 * B, or a start after it, plays on.
 */
export function onTime(loop: Loop, prev: number, t: number): { loop: Loop; seekTo: number | null } {
  if (!loopActive(loop) || restartsLeft(loop) === 0) return { loop, seekTo: null };
  const crossed = prev >= loop.a - FRAME_S && prev < loop.b && t >= loop.b && t - prev <= 1;
  if (!crossed) return { loop, seekTo: null };
  return { loop: { ...loop, used: loop.used + 1 }, seekTo: loop.a };
}

/** The position of time `t` on the progress bar, in percent. */
export const percentOf = (t: number, duration: number): number =>
  Number.isFinite(duration) && duration > 0 ? Math.min(Math.max((t / duration) * 100, 0), 100) : 0;

export type Action = 'playPause' | 'back' | 'forward' | 'frameBack' | 'frameForward' | 'setA' | 'setB' | 'mirror' | 'help';

/** The desktop shortcuts, in the order the help lists them. */
export const SHORTCUTS: readonly { keys: string; label: string; action: Action }[] = [
  { keys: '空格', label: '播放 / 暂停', action: 'playPause' },
  { keys: '←', label: '后退 5 秒', action: 'back' },
  { keys: '→', label: '前进 5 秒', action: 'forward' },
  { keys: ',', label: '后退一帧', action: 'frameBack' },
  { keys: '.', label: '前进一帧', action: 'frameForward' },
  { keys: '[', label: '设置 A 点', action: 'setA' },
  { keys: ']', label: '设置 B 点', action: 'setB' },
  { keys: 'M', label: '左右镜像', action: 'mirror' },
  { keys: '?', label: '显示快捷键', action: 'help' },
];

const KEY_ACTIONS: Record<string, Action> = {
  ' ': 'playPause',
  ArrowLeft: 'back',
  ArrowRight: 'forward',
  ',': 'frameBack',
  '.': 'frameForward',
  '[': 'setA',
  ']': 'setB',
  m: 'mirror',
  M: 'mirror',
  '?': 'help',
};

/**
 * Where the keyboard focus is: inside the player, nowhere (the page), in a field one types into,
 * or on another control of the page (a link or button with its own use of space and arrows).
 */
export type Focus = 'player' | 'none' | 'typing' | 'control';

/** The action of a key press, or null when it is not ours to take. */
export function shortcutFor(e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }, focus: Focus): Action | null {
  if (e.ctrlKey || e.metaKey || e.altKey || focus === 'typing') return null;
  const action = KEY_ACTIONS[e.key] ?? null;
  if (focus === 'control' && (action === 'playPause' || action === 'back' || action === 'forward')) return null;
  return action;
}

/** What the store needs of a <video>. */
export interface Media {
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  playbackRate: number;
  defaultPlaybackRate: number;
  preservesPitch: boolean;
  play(): Promise<void> | void;
  pause(): void;
  addEventListener(type: string, fn: () => void): void;
  removeEventListener(type: string, fn: () => void): void;
}

/** Storage as the browser has it (injected in tests). */
export type PrefsStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): PrefsStorage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** One technique player: its choices, loop and the media it drives. */
export function createTechniquePlayer(storage: () => PrefsStorage | null = browserStorage) {
  const $speed = atom<number>(DEFAULT_PREFS.speed);
  const $mirror = atom<boolean>(DEFAULT_PREFS.mirror);
  const $loop = atom<Loop>(NO_LOOP);
  const $message = atom<string>('');
  const $time = atom<{ t: number; duration: number }>({ t: 0, duration: 0 });
  const $paused = atom<boolean>(true);
  const $help = atom<boolean>(false);
  let media: Media | null = null;
  let prev = 0;

  function save() {
    try {
      storage()?.setItem(PREFS_KEY, JSON.stringify({ speed: $speed.get(), mirror: $mirror.get() } satisfies Prefs));
    } catch {
      // Storage full or refused (private mode): the choice holds for this page only.
    }
  }

  function applyRate() {
    if (!media) return;
    media.preservesPitch = true;
    // The default too: loading a source (a fresh signed URL, a playback's stream) resets the rate to it.
    media.defaultPlaybackRate = $speed.get();
    media.playbackRate = $speed.get();
  }

  function tick() {
    if (!media) return;
    const t = media.currentTime;
    const r = onTime($loop.get(), prev, t);
    prev = t;
    $time.set({ t, duration: media.duration });
    $paused.set(media.paused);
    if (r.seekTo !== null) {
      $loop.set(r.loop);
      media.currentTime = r.seekTo;
      prev = r.seekTo;
    }
  }

  const onSeeked = () => {
    if (media) prev = media.currentTime;
    tick();
  };
  const listeners: [string, () => void][] = [
    ['timeupdate', tick],
    ['seeked', onSeeked],
    ['play', tick],
    ['pause', tick],
    ['loadedmetadata', () => (applyRate(), tick())],
  ];

  /** Drives `m` (a new lesson's video starts with a fresh loop); answers the detach. */
  function attach(m: Media): () => void {
    const prefs = parsePrefs(storage()?.getItem(PREFS_KEY) ?? null);
    $speed.set(prefs.speed);
    $mirror.set(prefs.mirror);
    $loop.set(NO_LOOP);
    $message.set('');
    media = m;
    prev = m.currentTime;
    applyRate();
    for (const [type, fn] of listeners) m.addEventListener(type, fn);
    tick();
    return () => {
      for (const [type, fn] of listeners) m.removeEventListener(type, fn);
      if (media === m) media = null;
    };
  }

  function setSpeed(s: number) {
    if (!SPEEDS.includes(s as (typeof SPEEDS)[number])) return;
    $speed.set(s);
    applyRate();
    save();
  }

  function toggleMirror() {
    $mirror.set(!$mirror.get());
    save();
  }

  function playPause() {
    if (!media) return;
    if (media.paused) void Promise.resolve(media.play()).catch(() => {});
    else media.pause();
  }

  function seek(t: number) {
    if (!media) return;
    media.currentTime = t;
    prev = t;
    tick();
  }

  /** One frame forward or back; a playing video is paused first. */
  function frame(dir: 1 | -1) {
    if (!media) return;
    if (!media.paused) media.pause();
    seek(frameStep(media.currentTime, dir, media.duration));
  }

  function markA() {
    if (!media) return;
    $loop.set(setA($loop.get(), media.currentTime));
    $message.set('');
  }

  function markB() {
    if (!media) return;
    const r = setB($loop.get(), media.currentTime);
    $loop.set(r.loop);
    $message.set(r.error ?? '');
  }

  /**
   * One tap on a 招式: jump to its start and loop its span (its end, else the next one's start, else
   * the video's end), playing. Answers false when the chapter has no span to loop.
   */
  function playChapter(chapters: readonly ChapterMark[], id: number): boolean {
    if (!media) return false;
    const span = chapterSpan(chapters, id, media.duration);
    if (!span) return false;
    $loop.set({ ...$loop.get(), a: span.a, b: span.b, used: 0 });
    $message.set('');
    seek(span.a);
    if (media.paused) void Promise.resolve(media.play()).catch(() => {});
    return true;
  }

  const actions: Record<Action, () => void> = {
    playPause,
    back: () => media && seek(seekBy(media.currentTime, -1, media.duration)),
    forward: () => media && seek(seekBy(media.currentTime, 1, media.duration)),
    frameBack: () => frame(-1),
    frameForward: () => frame(1),
    setA: markA,
    setB: markB,
    mirror: toggleMirror,
    help: () => $help.set(!$help.get()),
  };

  return {
    $speed,
    $mirror,
    $loop,
    $message,
    $time,
    $paused,
    $help,
    attach,
    setSpeed,
    toggleMirror,
    /** Seeks to `t` seconds (the controls' own progress bar). */
    seek: (t: number) => media && seek(Math.min(Math.max(0, t), Number.isFinite(media.duration) ? media.duration : t)),
    setRepeat: (n: number) => $loop.set(setRepeat($loop.get(), n)),
    clearLoop: () => ($loop.set({ ...NO_LOOP, repeat: $loop.get().repeat }), $message.set('')),
    closeHelp: () => $help.set(false),
    playChapter,
    run: (a: Action) => actions[a](),
  };
}

export type TechniquePlayer = ReturnType<typeof createTechniquePlayer>;
