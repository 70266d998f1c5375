import { useEffect, useRef, useState } from 'react';
import { attachPlayer, type PlaySource } from '~/lib/live/player';

/** The live picture: plays `src` while given one; says so when the signal drops. */
export default function LiveVideo(props: { src: PlaySource; muted?: boolean; controls?: boolean; testId?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState('');
  const key = `${props.src.flv ?? ''}|${props.src.hls ?? ''}`;
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    setError('');
    let gone = false;
    let player: { destroy(): void } | null = null;
    void attachPlayer(video, props.src, (t) => !gone && setError(t)).then((p) => (gone ? p.destroy() : (player = p)));
    return () => {
      gone = true;
      player?.destroy();
    };
    // The source's URLs are the identity of the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // React sets `muted` only at mount: a sound toggle (the phone's player) sets the element's property.
  const muted = props.muted ?? false;
  useEffect(() => {
    if (ref.current) ref.current.muted = muted;
  }, [muted]);
  return (
    <div className="relative h-full w-full bg-black">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a live camera feed has no caption track */}
      <video
        ref={ref}
        className="h-full w-full"
        controls={props.controls ?? true}
        autoPlay
        playsInline
        muted={muted}
        data-testid={props.testId ?? 'live-video'}
      />
      {error && (
        <p className="absolute inset-x-0 top-1/2 -translate-y-1/2 text-center text-sm text-white/85" role="status">
          {error}，正在等待主播恢复…
        </p>
      )}
    </div>
  );
}
