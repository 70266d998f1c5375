import { mergeRanges, type Range } from '../rules/learn';

/** The longest step between two time updates that still counts as playing on (2× speed, a slow tick). */
export const CONTINUOUS_STEP_S = 2;

/**
 * What the player actually played since its last report: continuous stretches of playback (a seek,
 * a frame step, the A-B loop jumping back all start a new stretch and count nothing themselves) and
 * the wall time spent playing. The server trusts neither blindly (it caps both by its own clock);
 * this is what an honest player claims.
 */
export function createRangeTracker(now: () => number = Date.now) {
  let cur: Range | null = null;
  let done: Range[] = [];
  let playingSince: number | null = null;
  let playedMs = 0;

  function flush() {
    if (cur && cur[1] > cur[0]) done.push(cur);
    cur = null;
  }

  return {
    /** A time update at `t` seconds while playing. */
    time(t: number) {
      if (cur && t >= cur[1] && t - cur[1] <= CONTINUOUS_STEP_S) cur[1] = t;
      else {
        flush();
        cur = [t, t];
      }
    },
    /** A seek starts (the loop, a frame step, the bar): the stretch so far ends here. */
    seeking() {
      flush();
    },
    play() {
      if (playingSince === null) playingSince = now();
    },
    pause() {
      flush();
      if (playingSince !== null) playedMs += now() - playingSince;
      playingSince = null;
    },
    /** The stretches and wall seconds since the last take; a stretch in progress goes on from where it is. */
    take(): { ranges: Range[]; study_s: number } {
      const ranges = mergeRanges([...done, ...(cur && cur[1] > cur[0] ? [cur] : [])]);
      done = [];
      if (cur) cur = [cur[1], cur[1]];
      const t = now();
      const ms = playedMs + (playingSince !== null ? t - playingSince : 0);
      playedMs = 0;
      if (playingSince !== null) playingSince = t;
      return { ranges, study_s: Math.round(ms / 1000) };
    },
    /** Puts back what a failed report carried, so the next one sends it. */
    restore(r: { ranges: Range[]; study_s: number }) {
      done = [...r.ranges, ...done];
      playedMs += r.study_s * 1000;
    },
  };
}
export type RangeTracker = ReturnType<typeof createRangeTracker>;
