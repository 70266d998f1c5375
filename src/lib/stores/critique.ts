import { atom } from 'nanostores';
import {
  CRITIQUE_LIMITS,
  PASS_SCORE,
  type CritiqueColour,
  type CritiqueMark,
  type CritiquePoint,
  type CritiqueShape,
  type CritiqueShapeKind,
  type Verdict,
} from '../rules/critique';

/**
 * The coach's critique tools and the learner's playback of them, as plain functions and stores (the islands
 * only render and call). Points are fractions of the video frame (lib/rules/critique.ts).
 */

/** What each drawing tool is called on the toolbar. */
export const TOOL_LABELS: Record<CritiqueShapeKind, string> = { line: '直线', arrow: '箭头', circle: '圆', angle: '角度' };
export const COLOUR_LABELS: Record<CritiqueColour, string> = { red: '红', yellow: '黄', green: '绿', blue: '蓝', white: '白' };
/** How many clicks each tool takes: two ends, centre and rim, or a, vertex, b. */
export const CLICKS: Record<CritiqueShapeKind, number> = { line: 2, arrow: 2, circle: 2, angle: 3 };
/** A mark's drawing shows while playback is this close to its time (seconds). */
export const SHOW_WITHIN_S = 0.5;

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** A pointer's place over the frame as a point of the drawing (clamped to the frame, 4 decimals kept). */
export function normalise(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): CritiquePoint {
  if (box.width <= 0 || box.height <= 0) return [0, 0];
  return [round4(clamp01((clientX - box.left) / box.width)), round4(clamp01((clientY - box.top) / box.height))];
}

/**
 * The angle at `vertex` between the rays to `a` and `b`, in whole degrees (0–180). `aspect` is the frame's
 * width over its height: the points are fractions, so on a 16:9 frame a step in x is longer than one in y.
 */
export function angleDegrees(a: CritiquePoint, vertex: CritiquePoint, b: CritiquePoint, aspect = 16 / 9): number {
  const ux = (a[0] - vertex[0]) * aspect;
  const uy = a[1] - vertex[1];
  const vx = (b[0] - vertex[0]) * aspect;
  const vy = b[1] - vertex[1];
  const lu = Math.hypot(ux, uy);
  const lv = Math.hypot(vx, vy);
  if (lu === 0 || lv === 0) return 0;
  const cos = Math.min(1, Math.max(-1, (ux * vx + uy * vy) / (lu * lv)));
  return Math.round((Math.acos(cos) * 180) / Math.PI);
}

/** The shape the clicks so far make with `tool`, once there are enough of them; null before. */
export function shapeFrom(
  tool: CritiqueShapeKind,
  points: readonly CritiquePoint[],
  colour: CritiqueColour,
  aspect = 16 / 9,
): CritiqueShape | null {
  if (points.length < CLICKS[tool]) return null;
  const [p, q, r] = points as [CritiquePoint, CritiquePoint, CritiquePoint];
  switch (tool) {
    case 'line':
    case 'arrow':
      return { kind: tool, a: p, b: q, colour };
    case 'circle':
      // The radius is a fraction of the width; a fraction of the height is 1/aspect of that.
      return { kind: 'circle', c: p, r: round4(Math.min(1, Math.hypot(q[0] - p[0], (q[1] - p[1]) / aspect))), colour };
    case 'angle':
      return { kind: 'angle', a: p, vertex: q, b: r, colour };
  }
}

function distToSegment(p: CritiquePoint, a: CritiquePoint, b: CritiquePoint): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Whether a click at `p` touches `shape` (within `tolerance` of a frame fraction): picks a shape to delete. */
export function hitShape(shape: CritiqueShape, p: CritiquePoint, tolerance = 0.02, aspect = 16 / 9): boolean {
  switch (shape.kind) {
    case 'line':
    case 'arrow':
      return distToSegment(p, shape.a, shape.b) <= tolerance;
    case 'circle':
      return Math.abs(Math.hypot(p[0] - shape.c[0], (p[1] - shape.c[1]) / aspect) - shape.r) <= tolerance;
    case 'angle':
      return distToSegment(p, shape.vertex, shape.a) <= tolerance || distToSegment(p, shape.vertex, shape.b) <= tolerance;
  }
}

/** The two short strokes of an arrow's head at `b` (frame fractions), as an SVG path. */
export function arrowPath(a: CritiquePoint, b: CritiquePoint, head = 0.03): string {
  const ang = Math.atan2(b[1] - a[1], b[0] - a[0]);
  const wing = (d: number): CritiquePoint => [b[0] - head * Math.cos(ang + d), b[1] - head * Math.sin(ang + d)];
  const [l, r] = [wing(Math.PI / 6), wing(-Math.PI / 6)];
  const f = (n: number) => round4(n);
  return `M${f(a[0])} ${f(a[1])}L${f(b[0])} ${f(b[1])}M${f(l[0])} ${f(l[1])}L${f(b[0])} ${f(b[1])}L${f(r[0])} ${f(r[1])}`;
}

/** 合格 at or above PASS_SCORE, 需改进 below: the verdict a score suggests until the coach picks one. */
export const verdictFor = (score: number): Verdict => (score >= PASS_SCORE ? '合格' : '需改进');

/** The time of a mark as kept: tenths of a second, never negative. */
export const markTime = (t: number): number => Math.max(0, Math.round(t * 10) / 10);

/** The mark whose drawing shows at playback time `t`: the nearest within SHOW_WITHIN_S, else none. */
export function markAt(marks: readonly CritiqueMark[], t: number): number | null {
  let best: number | null = null;
  let bestD = Infinity;
  marks.forEach((m, i) => {
    const d = Math.abs(m.at - t);
    if (d <= SHOW_WITHIN_S && d < bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/** Marks in time order, as the list shows them and as they are saved. */
export const sortMarks = (marks: readonly CritiqueMark[]): CritiqueMark[] => [...marks].sort((a, b) => a.at - b.at);

/** "1:05.3" for a chip. */
export function timeChip(t: number): string {
  const m = Math.floor(t / 60);
  const s = t - m * 60;
  return `${m}:${s < 10 ? '0' : ''}${s.toFixed(1)}`;
}

// ── Synchronised pair (clip + reference lesson) ──

/**
 * The offset that keeps the reference in step: reference time minus clip time when the coach pressed
 * 以当前位置对齐 with both showing the same moment of the move.
 */
export const alignOffset = (clipT: number, refT: number): number => Math.round((refT - clipT) * 100) / 100;

/** Where the reference should be when the clip is at `clipT`: clip time plus the offset, within the reference. */
export function refTimeFor(clipT: number, offset: number, refDuration: number): number {
  const t = clipT + offset;
  const end = Number.isFinite(refDuration) && refDuration > 0 ? refDuration : Infinity;
  return Math.min(Math.max(0, t), end);
}

/** Whether the reference has drifted far enough from where it should be to seek it (small drift is left alone). */
export const needsResync = (refT: number, wanted: number, tolerance = 0.25): boolean => Math.abs(refT - wanted) > tolerance;

// ── The critique being written ──

export interface CritiqueDraft {
  marks: CritiqueMark[];
  score: number | null;
  verdict: Verdict | null;
  summary: string;
  voice: string;
  voiceUrl: string;
  voiceS: number;
}

export const EMPTY_DRAFT: CritiqueDraft = { marks: [], score: null, verdict: null, summary: '', voice: '', voiceUrl: '', voiceS: 0 };

export const CRITIQUE_T = {
  noScore: '请填写 0–100 的评分',
  emptyMark: '请写下评语或在画面上画出要点，再钉在此刻',
  tooManyMarks: `最多钉 ${CRITIQUE_LIMITS.marks} 处点评`,
  tooManyShapes: `每处最多画 ${CRITIQUE_LIMITS.shapesPerMark} 个图形`,
  pauseFirst: '请先暂停视频，再在画面上作图',
} as const;

/** A submit-ready score: a whole number 0–100, or the message to show. */
export function checkScore(raw: string): number | string {
  const s = raw.trim();
  if (!/^\d{1,3}$/.test(s)) return CRITIQUE_T.noScore;
  const n = Number(s);
  return n <= 100 ? n : CRITIQUE_T.noScore;
}

/**
 * Pins (or, with `editing`, replaces) a mark: the comment and the shapes at time `at`. Answers the new list,
 * or a message when there is nothing to pin or no room.
 */
export function pinMark(
  marks: readonly CritiqueMark[],
  mark: CritiqueMark,
  editing: number | null = null,
): { marks: CritiqueMark[] } | { error: string } {
  const text = mark.text.trim().slice(0, CRITIQUE_LIMITS.textMax);
  if (!text && mark.shapes.length === 0) return { error: CRITIQUE_T.emptyMark };
  if (mark.shapes.length > CRITIQUE_LIMITS.shapesPerMark) return { error: CRITIQUE_T.tooManyShapes };
  const next = { at: markTime(mark.at), text, shapes: mark.shapes };
  if (editing !== null && marks[editing]) return { marks: sortMarks(marks.map((m, i) => (i === editing ? next : m))) };
  if (marks.length >= CRITIQUE_LIMITS.marks) return { error: CRITIQUE_T.tooManyMarks };
  return { marks: sortMarks([...marks, next]) };
}

/** The drawing being made on the paused frame: the tool, colour, shapes so far and the clicks of the next one. */
export function createSketch() {
  const $tool = atom<CritiqueShapeKind>('arrow');
  const $colour = atom<CritiqueColour>('red');
  const $shapes = atom<CritiqueShape[]>([]);
  const $points = atom<CritiquePoint[]>([]);
  /** The frame's width over its height (the clip's own, once its metadata is in). */
  let aspect = 16 / 9;

  /** One click on the frame: adds a point, and a shape once the tool has its clicks. */
  function click(p: CritiquePoint): string | null {
    const tool = $tool.get();
    const points = [...$points.get(), p];
    const shape = shapeFrom(tool, points, $colour.get(), aspect);
    if (!shape) {
      $points.set(points);
      return null;
    }
    $points.set([]);
    if ($shapes.get().length >= CRITIQUE_LIMITS.shapesPerMark) return CRITIQUE_T.tooManyShapes;
    $shapes.set([...$shapes.get(), shape]);
    return null;
  }

  return {
    $tool,
    $colour,
    $shapes,
    $points,
    click,
    setTool: (t: CritiqueShapeKind) => ($tool.set(t), $points.set([])),
    setColour: (c: CritiqueColour) => $colour.set(c),
    setAspect: (a: number) => {
      if (Number.isFinite(a) && a > 0) aspect = a;
    },
    /** Takes back the unfinished shape's clicks first, then the last shape. */
    undo: () => ($points.get().length ? $points.set([]) : $shapes.set($shapes.get().slice(0, -1))),
    clear: () => ($shapes.set([]), $points.set([])),
    load: (shapes: readonly CritiqueShape[]) => ($shapes.set([...shapes]), $points.set([])),
  };
}
export type Sketch = ReturnType<typeof createSketch>;

/** Theme colours of the drawing colours: the shape's text colour (strokes use currentColor) and its swatch. */
export const COLOUR_CLASS: Record<CritiqueColour, { text: string; swatch: string }> = {
  red: { text: 'text-danger', swatch: 'bg-danger' },
  yellow: { text: 'text-warning', swatch: 'bg-warning' },
  green: { text: 'text-success', swatch: 'bg-success' },
  blue: { text: 'text-info', swatch: 'bg-info' },
  white: { text: 'text-white', swatch: 'bg-white' },
};
