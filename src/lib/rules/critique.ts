/**
 * A coach's critique of a homework clip, as stored (homework_submissions.marks) and drawn back: comments
 * pinned to a moment, and drawings on the paused frame at that moment as vector shapes. Points are
 * fractions of the video frame (0–1 from the top-left), so a drawing lands on the same spot whatever size
 * the clip is shown at. Zod-free: islands, the contract and the schema share it.
 */

/** [x, y] as fractions of the frame's width and height. */
export type CritiquePoint = [number, number];

export const CRITIQUE_COLOURS = ['red', 'yellow', 'green', 'blue', 'white'] as const;
export type CritiqueColour = (typeof CRITIQUE_COLOURS)[number];

export type CritiqueShape =
  | { kind: 'line'; a: CritiquePoint; b: CritiquePoint; colour: CritiqueColour }
  | { kind: 'arrow'; a: CritiquePoint; b: CritiquePoint; colour: CritiqueColour }
  /** A circle around `c`; `r` is a fraction of the frame's width. */
  | { kind: 'circle'; c: CritiquePoint; r: number; colour: CritiqueColour }
  /** An angle marker: the angle at `vertex` between the rays to `a` and `b` (shown in degrees). */
  | { kind: 'angle'; a: CritiquePoint; vertex: CritiquePoint; b: CritiquePoint; colour: CritiqueColour };

export type CritiqueShapeKind = CritiqueShape['kind'];
export const CRITIQUE_SHAPE_KINDS = ['line', 'arrow', 'circle', 'angle'] as const satisfies readonly CritiqueShapeKind[];

/** One pinned moment of a critique: a comment, drawings on the frame there, or both. */
export interface CritiqueMark {
  /** Seconds into the learner's clip (tenths kept). */
  at: number;
  text: string;
  shapes: CritiqueShape[];
}

export const CRITIQUE_LIMITS = {
  marks: 50,
  shapesPerMark: 20,
  textMax: 200,
  summaryMax: 500,
  /** The longest recorded voice comment, seconds. */
  voiceMaxS: 120,
} as const;

/** 合格 at or above this score unless the coach picks otherwise. */
export const PASS_SCORE = 60;
export const VERDICTS = ['合格', '需改进'] as const;
export type Verdict = (typeof VERDICTS)[number];
