import { describe, expect, it } from 'vitest';
import {
  createTechniquePlayer,
  FRAME_S,
  frameStep,
  LOOP_MESSAGES,
  NO_LOOP,
  onTime,
  parsePrefs,
  percentOf,
  PREFS_KEY,
  restartsLeft,
  seekBy,
  setA,
  setB,
  setRepeat,
  shortcutFor,
  SPEEDS,
  videoTransform,
  type Loop,
  type Media,
} from '~/lib/stores/technique-player';

/** A <video> stand-in: time moves only when told, events fire on demand. */
function fakeVideo(duration = 6) {
  const listeners = new Map<string, Set<() => void>>();
  const v = {
    currentTime: 0,
    duration,
    paused: true,
    playbackRate: 1,
    defaultPlaybackRate: 1,
    preservesPitch: false,
    play() {
      v.paused = false;
      v.emit('play');
    },
    pause() {
      v.paused = true;
      v.emit('pause');
    },
    addEventListener: (t: string, fn: () => void) => listeners.set(t, (listeners.get(t) ?? new Set()).add(fn)),
    removeEventListener: (t: string, fn: () => void) => listeners.get(t)?.delete(fn),
    emit: (t: string) => listeners.get(t)?.forEach((fn) => fn()),
    /** Plays on to `t` as playback does (a timeupdate). */
    playTo(t: number) {
      v.currentTime = t;
      v.emit('timeupdate');
    },
  };
  return v satisfies Media;
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, val: string) => void data.set(k, val), data };
}

const loop = (a: number, b: number, repeat = 3): Loop => ({ a, b, repeat, used: 0 });

describe('speed, frame, seek and mirror rules', () => {
  it('offers 0.25× to 2× in order', () => expect([...SPEEDS]).toEqual([0.25, 0.5, 0.75, 1, 1.25, 1.5, 2]));

  it('steps one 1/25 s frame and stays inside the video', () => {
    expect(FRAME_S).toBeCloseTo(0.04);
    expect(frameStep(1, 1, 6)).toBeCloseTo(1.04);
    expect(frameStep(1, -1, 6)).toBeCloseTo(0.96);
    expect(frameStep(0.01, -1, 6)).toBe(0);
    expect(frameStep(5.99, 1, 6)).toBe(6);
    // Before the metadata (no duration yet) only the start bounds it.
    expect(frameStep(2, 1, Number.NaN)).toBeCloseTo(2.04);
  });

  it('seeks 5 s, clamped to the video', () => {
    expect(seekBy(3, -1, 6)).toBe(0);
    expect(seekBy(3, 1, 6)).toBe(6);
    expect(seekBy(10, -1, 60)).toBe(5);
  });

  it('mirrors the video with scaleX(-1), or leaves it alone', () => {
    expect(videoTransform(true)).toBe('scaleX(-1)');
    expect(videoTransform(false)).toBeUndefined();
  });

  it('reads remembered choices, refusing unknown speeds and broken JSON', () => {
    expect(parsePrefs(JSON.stringify({ speed: 0.5, mirror: true }))).toEqual({ speed: 0.5, mirror: true });
    expect(parsePrefs(JSON.stringify({ speed: 3, mirror: 'yes' }))).toEqual({ speed: 1, mirror: false });
    expect(parsePrefs('{oops')).toEqual({ speed: 1, mirror: false });
    expect(parsePrefs(null)).toEqual({ speed: 1, mirror: false });
  });

  it('places times on the bar in percent', () => {
    expect(percentOf(1.5, 6)).toBe(25);
    expect(percentOf(9, 6)).toBe(100);
    expect(percentOf(1, Number.NaN)).toBe(0);
  });
});

describe('the A-B loop', () => {
  it('refuses B without A, and B at or before A, in Chinese', () => {
    expect(setB(NO_LOOP, 2).error).toBe(LOOP_MESSAGES.noA);
    const a = setA(NO_LOOP, 2);
    expect(setB(a, 2)).toEqual({ loop: a, error: LOOP_MESSAGES.bBeforeA });
    expect(setB(a, 1).error).toMatch(/B 点必须在 A 点之后/);
    expect(setB(a, 3)).toEqual({ loop: { ...a, b: 3, used: 0 } });
  });

  it('drops B when A moves to or past it, keeps it otherwise', () => {
    expect(setA(loop(1, 3), 4).b).toBeNull();
    expect(setA(loop(1, 3), 2).b).toBe(3);
  });

  it('restarts at A when playback reaches B, as many times as the count, then plays on', () => {
    let l = loop(1, 2, 3);
    const seeks: (number | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const r = onTime(l, 1.8, 2.05);
      l = r.loop;
      seeks.push(r.seekTo);
    }
    expect(seeks).toEqual([1, 1, 1, null]);
    expect(restartsLeft(l)).toBe(0);
    // A new count starts the loop again.
    expect(onTime(setRepeat(l, 1), 1.9, 2.1).seekTo).toBe(1);
  });

  it('loops for ever on ∞', () => {
    let l = loop(1, 2, Infinity);
    for (let i = 0; i < 50; i++) {
      const r = onTime(l, 1.9, 2.1);
      expect(r.seekTo).toBe(1);
      l = r.loop;
    }
    expect(restartsLeft(l)).toBe(Infinity);
  });

  it('leaves seeks past B and playback outside the loop alone', () => {
    expect(onTime(loop(1, 2), 1.5, 4).seekTo).toBeNull();
    expect(onTime(loop(1, 2), 0.2, 0.4).seekTo).toBeNull();
    expect(onTime(loop(1, 2), 2.5, 2.7).seekTo).toBeNull();
    expect(onTime({ ...NO_LOOP, a: 1 }, 1.9, 2.1).seekTo).toBeNull();
  });
});

describe('shortcuts', () => {
  it('maps the keys to actions', () => {
    const keys = [' ', 'ArrowLeft', 'ArrowRight', ',', '.', '[', ']', 'm', 'M', '?'];
    expect(keys.map((key) => shortcutFor({ key }, 'player'))).toEqual([
      'playPause',
      'back',
      'forward',
      'frameBack',
      'frameForward',
      'setA',
      'setB',
      'mirror',
      'mirror',
      'help',
    ]);
    expect(shortcutFor({ key: 'x' }, 'none')).toBeNull();
  });

  it('never takes keys from a field, modifier shortcuts, or space and arrows from another control', () => {
    expect(shortcutFor({ key: 'm' }, 'typing')).toBeNull();
    expect(shortcutFor({ key: ' ' }, 'typing')).toBeNull();
    expect(shortcutFor({ key: 'm', ctrlKey: true }, 'player')).toBeNull();
    expect(shortcutFor({ key: '[', metaKey: true }, 'none')).toBeNull();
    expect(shortcutFor({ key: ' ' }, 'control')).toBeNull();
    expect(shortcutFor({ key: 'ArrowLeft' }, 'control')).toBeNull();
    expect(shortcutFor({ key: 'm' }, 'control')).toBe('mirror');
    expect(shortcutFor({ key: ' ' }, 'none')).toBe('playPause');
  });
});

describe('the store driving a video', () => {
  it('applies the remembered speed with pitch kept, and remembers speed and mirror', () => {
    const storage = memoryStorage({ [PREFS_KEY]: JSON.stringify({ speed: 0.75, mirror: true }) });
    const p = createTechniquePlayer(() => storage);
    const v = fakeVideo();
    p.attach(v);
    expect(v.playbackRate).toBe(0.75);
    expect(v.defaultPlaybackRate).toBe(0.75);
    expect(v.preservesPitch).toBe(true);
    expect(p.$mirror.get()).toBe(true);
    p.setSpeed(0.5);
    p.toggleMirror();
    expect(v.playbackRate).toBe(0.5);
    expect(JSON.parse(storage.data.get(PREFS_KEY) ?? '')).toEqual({ speed: 0.5, mirror: false });
    p.setSpeed(3);
    expect(v.playbackRate).toBe(0.5);
    // The next lesson's video starts with the remembered choices.
    const next = fakeVideo();
    createTechniquePlayer(() => storage).attach(next);
    expect(next.playbackRate).toBe(0.5);
  });

  it('pauses before a frame step and moves by one frame', () => {
    const p = createTechniquePlayer(() => memoryStorage());
    const v = fakeVideo();
    p.attach(v);
    v.play();
    v.playTo(2);
    p.run('frameForward');
    expect(v.paused).toBe(true);
    expect(v.currentTime).toBeCloseTo(2.04);
    p.run('frameBack');
    p.run('frameBack');
    expect(v.currentTime).toBeCloseTo(1.96);
  });

  it('loops A-B through timeupdates and says why a B is refused', () => {
    const p = createTechniquePlayer(() => memoryStorage());
    const v = fakeVideo();
    p.attach(v);
    v.playTo(1);
    p.run('setA');
    v.playTo(0.5);
    p.run('setB');
    expect(p.$message.get()).toBe(LOOP_MESSAGES.bBeforeA);
    v.playTo(2);
    p.run('setB');
    expect(p.$message.get()).toBe('');
    p.setRepeat(1);
    v.play();
    v.playTo(1.8);
    v.playTo(2.1);
    expect(v.currentTime).toBe(1);
    v.playTo(1.8);
    v.playTo(2.1);
    expect(v.currentTime).toBe(2.1);
    p.clearLoop();
    expect(p.$loop.get()).toMatchObject({ a: null, b: null });
  });

  it('toggles play and the help, and detaches', () => {
    const p = createTechniquePlayer(() => memoryStorage());
    const v = fakeVideo();
    const detach = p.attach(v);
    p.run('playPause');
    expect(v.paused).toBe(false);
    p.run('playPause');
    expect(v.paused).toBe(true);
    p.run('help');
    expect(p.$help.get()).toBe(true);
    detach();
    p.run('playPause');
    expect(v.paused).toBe(true);
  });
});
