import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { LiveRoomStore } from '~/lib/stores/live-room';

/** The barrage crossing the picture (top 45 %), each line once; the desktop stage and the phone's player. */
export default function BarrageLane(props: { store: LiveRoomStore; className?: string }) {
  const barrage = useStore(props.store.$barrage);
  const [gone, setGone] = useState<Set<string>>(() => new Set());
  return (
    <div
      className={`pointer-events-none absolute inset-x-0 top-2 h-[45%] overflow-hidden ${props.className ?? ''}`}
      aria-hidden="true"
      data-testid="barrage-lane"
    >
      {barrage
        .filter((b) => !gone.has(b.id))
        .map((b) => (
          <span
            key={b.id}
            className={`absolute whitespace-nowrap text-[18px] font-600 [animation:gf-barrage_9s_linear_forwards] [text-shadow:0_0_3px_black] ${b.self ? 'text-brand-accent' : 'text-white'}`}
            style={{ top: `${b.lane * 25}%` }}
            onAnimationEnd={() => setGone((s) => new Set(s).add(b.id))}
            data-testid="barrage-item"
          >
            {b.text}
          </span>
        ))}
    </div>
  );
}
