import { useEffect, useRef, useState } from 'react';
import type { Playback } from '~/lib/api/contract/live-playback';
import { attachVod } from '~/lib/live/player';
import { img } from '~/lib/media';
import { TechniqueControls, useTechniquePlayer } from '~/islands/ui/TechniqueControls';

/** A playback's player (/live/playback/[id], and /m/live/playback with `phone`), with the technique controls under it. */
export default function PlaybackPlayer(props: { playback: Pick<Playback, 'url' | 'format' | 'cover'>; phone?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const { player, videoStyle, nativeControls } = useTechniquePlayer();
  const [error, setError] = useState('');
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let gone = false;
    let player: { destroy(): void } | null = null;
    void attachVod(video, props.playback, (t) => !gone && setError(t)).then((p) => (gone ? p.destroy() : (player = p)));
    return () => {
      gone = true;
      player?.destroy();
    };
  }, [props.playback]);
  return (
    <div ref={root}>
      <div className={`relative aspect-video overflow-hidden bg-black ${props.phone ? '' : 'rounded-t-lg'}`}>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- recorded live broadcasts have no caption track */}
        <video
          ref={ref}
          className="h-full w-full"
          style={videoStyle}
          controls={nativeControls}
          playsInline
          poster={props.playback.cover ? img(props.playback.cover) : undefined}
          data-testid="playback-video"
        />
        {error && (
          <p className="absolute inset-x-0 top-1/2 -translate-y-1/2 text-center text-sm text-white/85" role="alert">
            {error}
          </p>
        )}
      </div>
      <TechniqueControls player={player} video={ref} mediaKey={props.playback.url} root={root} phone={props.phone === true} />
    </div>
  );
}
