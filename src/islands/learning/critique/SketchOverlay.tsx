import type { PointerEvent } from 'react';
import type { CritiquePoint, CritiqueShape } from '~/lib/rules/critique';
import { angleDegrees, arrowPath, COLOUR_CLASS, normalise } from '~/lib/stores/critique';

const p = (n: number) => Math.round(n * 10_000) / 10_000;

/** One shape in the 0..1 frame space (the overlay stretches over the frame, strokes keep their width). */
function Shape(props: { shape: CritiqueShape; aspect: number }) {
  const { shape, aspect } = props;
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 3,
    vectorEffect: 'non-scaling-stroke' as const,
    strokeLinecap: 'round' as const,
  };
  const cls = COLOUR_CLASS[shape.colour].text;
  switch (shape.kind) {
    case 'line':
      return (
        <path className={cls} data-shape="line" d={`M${p(shape.a[0])} ${p(shape.a[1])}L${p(shape.b[0])} ${p(shape.b[1])}`} {...common} />
      );
    case 'arrow':
      return <path className={cls} data-shape="arrow" d={arrowPath(shape.a, shape.b)} {...common} />;
    case 'circle':
      // r is a fraction of the width; in height fractions that is r × aspect.
      return (
        <ellipse className={cls} data-shape="circle" cx={shape.c[0]} cy={shape.c[1]} rx={shape.r} ry={p(shape.r * aspect)} {...common} />
      );
    case 'angle':
      return (
        <path
          className={cls}
          data-shape="angle"
          d={`M${p(shape.a[0])} ${p(shape.a[1])}L${p(shape.vertex[0])} ${p(shape.vertex[1])}L${p(shape.b[0])} ${p(shape.b[1])}`}
          {...common}
        />
      );
  }
}

/**
 * The drawing over a frame: an SVG with viewBox 0..1 stretched over the video, so a shape lands on
 * the same spot at any size. With `onPoint` it takes clicks and taps (pointer events: mouse, pen,
 * touch) as frame fractions; otherwise it lets clicks through to the video.
 */
export function SketchOverlay(props: {
  shapes: readonly CritiqueShape[];
  /** Clicks of the shape being drawn, shown as dots. */
  points?: readonly CritiquePoint[];
  aspect: number;
  /** The picture is shown mirrored: the drawing flips with it, and clicks are read back unmirrored. */
  mirror?: boolean;
  onPoint?: ((pt: CritiquePoint) => void) | undefined;
  label: string;
}) {
  const { shapes, points = [], aspect, onPoint, mirror = false } = props;
  const down = (e: PointerEvent<SVGSVGElement>) => {
    if (!onPoint) return;
    e.preventDefault();
    const [x, y] = normalise(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect());
    onPoint([mirror ? p(1 - x) : x, y]);
  };
  return (
    <div className={`absolute inset-0 ${onPoint ? 'cursor-crosshair touch-none' : 'pointer-events-none'}`}>
      <svg
        viewBox="0 0 1 1"
        preserveAspectRatio="none"
        className="h-full w-full"
        role="img"
        aria-label={props.label}
        data-testid="critique-sketch"
        onPointerDown={down}
      >
        <g transform={mirror ? 'translate(1 0) scale(-1 1)' : undefined}>
          {shapes.map((s, i) => (
            <Shape key={i} shape={s} aspect={aspect} />
          ))}
          {points.map((pt, i) => (
            <ellipse key={`p${i}`} cx={pt[0]} cy={pt[1]} rx={0.006} ry={p(0.006 * aspect)} className="text-white" fill="currentColor" />
          ))}
        </g>
      </svg>
      {/* Degrees as HTML so the text is not stretched with the frame. */}
      {shapes.map((s, i) =>
        s.kind === 'angle' ? (
          <span
            key={`d${i}`}
            className={`pointer-events-none absolute -translate-x-1/2 -translate-y-full rounded bg-shade/70 px-1 text-xs font-600 ${COLOUR_CLASS[s.colour].text}`}
            style={{ left: `${(mirror ? 1 - s.vertex[0] : s.vertex[0]) * 100}%`, top: `${s.vertex[1] * 100}%` }}
            data-testid="critique-angle"
          >
            {angleDegrees(s.a, s.vertex, s.b, aspect)}°
          </span>
        ) : null,
      )}
    </div>
  );
}
