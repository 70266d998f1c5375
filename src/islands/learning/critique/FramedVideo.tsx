import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { TechniqueControls, useTechniquePlayer } from '~/islands/ui/TechniqueControls';

export type FramedPlayer = ReturnType<typeof useTechniquePlayer>;

/**
 * A video with the technique controls under it, its frame sized to the clip's own shape (a phone's
 * upright clip is not letterboxed), so a drawing laid over the frame (`overlay`, given the frame's
 * width over height and whether it is mirrored) covers exactly the picture.
 */
export function FramedVideo(props: {
  tech: FramedPlayer;
  video: RefObject<HTMLVideoElement | null>;
  src: string;
  poster?: string;
  label: string;
  testId: string;
  phone?: boolean;
  /** Native controls off while something is drawn over the frame (the controls below play and seek). */
  bare?: boolean;
  overlay?: (aspect: number, mirror: boolean) => ReactNode;
  onAspect?: (aspect: number) => void;
}) {
  const { tech, video, src } = props;
  const root = useRef<HTMLDivElement>(null);
  const [aspect, setAspect] = useState(16 / 9);
  const mirror = Boolean(tech.videoStyle.transform);
  return (
    <div ref={root} data-testid={props.testId}>
      <div className={`flex aspect-video w-full justify-center overflow-hidden bg-black ${props.phone ? '' : 'rounded-t-lg'}`}>
        <div className="relative h-full max-w-full" style={{ aspectRatio: String(aspect) }}>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- practice clips and lessons carry no caption files */}
          <video
            ref={video}
            src={src}
            poster={props.poster || undefined}
            controls={tech.nativeControls && !props.bare}
            playsInline
            preload="metadata"
            className="h-full w-full"
            style={tech.videoStyle}
            aria-label={props.label}
            onLoadedMetadata={(e) => {
              const v = e.currentTarget;
              if (v.videoWidth > 0 && v.videoHeight > 0) {
                setAspect(v.videoWidth / v.videoHeight);
                props.onAspect?.(v.videoWidth / v.videoHeight);
              }
            }}
          />
          {props.overlay?.(aspect, mirror)}
        </div>
      </div>
      <TechniqueControls player={tech.player} video={video} mediaKey={src} root={root} phone={props.phone ?? false} />
    </div>
  );
}
