import { useEffect, type RefObject } from 'react';
import { needsResync, refTimeFor } from '~/lib/stores/critique';
import type { TechniquePlayer } from '~/lib/stores/technique-player';

/**
 * Keeps the reference lesson in step with the learner's clip while `on`: play, pause, seeks and speed
 * are mirrored from the clip to the reference, `offset` seconds apart (set by 以当前位置对齐). The
 * reference's own controls still work while the toggle is off, to find the matching moment.
 */
export function useSyncedPair(opts: {
  on: boolean;
  offset: number;
  clip: RefObject<HTMLVideoElement | null>;
  reference: RefObject<HTMLVideoElement | null>;
  clipPlayer: TechniquePlayer;
  refPlayer: TechniquePlayer;
}) {
  const { on, offset, clip, reference, clipPlayer, refPlayer } = opts;
  useEffect(() => {
    const c = clip.current;
    const r = reference.current;
    if (!on || !c || !r) return;
    const follow = (force: boolean) => {
      const wanted = refTimeFor(c.currentTime, offset, r.duration);
      if (force || needsResync(r.currentTime, wanted)) refPlayer.seek(wanted);
    };
    const onPlay = () => {
      follow(true);
      void r.play().catch(() => {});
    };
    const onPause = () => {
      r.pause();
      follow(true);
    };
    const onSeeked = () => follow(true);
    const onTime = () => {
      if (!c.paused) follow(false);
    };
    const events: [string, () => void][] = [
      ['play', onPlay],
      ['pause', onPause],
      ['seeked', onSeeked],
      ['timeupdate', onTime],
    ];
    for (const [t, fn] of events) c.addEventListener(t, fn);
    // The clip's speed drives the reference's (its own choice comes back when the toggle is off).
    const unSpeed = clipPlayer.$speed.subscribe((s) => refPlayer.setSpeed(s));
    follow(true);
    if (c.paused) r.pause();
    else void r.play().catch(() => {});
    return () => {
      for (const [t, fn] of events) c.removeEventListener(t, fn);
      unSpeed();
    };
  }, [on, offset, clip, reference, clipPlayer, refPlayer]);
}
