import { describe, expect, it } from 'vitest';
import {
  alignOffset,
  angleDegrees,
  arrowPath,
  checkScore,
  createSketch,
  CRITIQUE_T,
  hitShape,
  markAt,
  needsResync,
  normalise,
  pinMark,
  refTimeFor,
  shapeFrom,
  timeChip,
  verdictFor,
} from '~/lib/stores/critique';
import type { CritiqueMark } from '~/lib/rules/critique';

describe('critique drawing', () => {
  it('measures the angle at the vertex in degrees, on the frame as seen', () => {
    // A square frame: a right angle stays a right angle.
    expect(angleDegrees([1, 0.5], [0.5, 0.5], [0.5, 0], 1)).toBe(90);
    expect(angleDegrees([1, 0.5], [0.5, 0.5], [0, 0.5], 1)).toBe(180);
    expect(angleDegrees([1, 0], [0.5, 0.5], [1, 0.5], 1)).toBe(45);
    // On 16:9 the same fractions are wider than tall: the angle to the diagonal is smaller.
    expect(angleDegrees([1, 0], [0.5, 0.5], [1, 0.5], 16 / 9)).toBe(29);
    expect(angleDegrees([0.5, 0.5], [0.5, 0.5], [1, 0.5])).toBe(0);
  });

  it('normalises a pointer to frame fractions, clamped to the frame', () => {
    const box = { left: 100, top: 50, width: 400, height: 200 };
    expect(normalise(300, 150, box)).toEqual([0.5, 0.5]);
    expect(normalise(50, 400, box)).toEqual([0, 1]);
    expect(normalise(100 + 400 / 3, 50, box)).toEqual([0.3333, 0]);
    expect(normalise(1, 1, { left: 0, top: 0, width: 0, height: 0 })).toEqual([0, 0]);
  });

  it('makes shapes from clicks and finds the one a click touches', () => {
    expect(shapeFrom('arrow', [[0.1, 0.1]], 'red')).toBeNull();
    const arrow = shapeFrom(
      'arrow',
      [
        [0.1, 0.1],
        [0.5, 0.1],
      ],
      'red',
    )!;
    expect(arrow).toEqual({ kind: 'arrow', a: [0.1, 0.1], b: [0.5, 0.1], colour: 'red' });
    expect(hitShape(arrow, [0.3, 0.11])).toBe(true);
    expect(hitShape(arrow, [0.3, 0.3])).toBe(false);
    expect(hitShape(arrow, [0.6, 0.1])).toBe(false);
    const circle = shapeFrom(
      'circle',
      [
        [0.5, 0.5],
        [0.6, 0.5],
      ],
      'blue',
      16 / 9,
    )!;
    expect(circle).toEqual({ kind: 'circle', c: [0.5, 0.5], r: 0.1, colour: 'blue' });
    expect(hitShape(circle, [0.4, 0.5])).toBe(true);
    expect(hitShape(circle, [0.5, 0.5])).toBe(false);
    const angle = shapeFrom(
      'angle',
      [
        [0.9, 0.5],
        [0.5, 0.5],
        [0.5, 0.1],
      ],
      'green',
    )!;
    expect(angle.kind).toBe('angle');
    expect(hitShape(angle, [0.7, 0.5])).toBe(true);
    expect(arrowPath([0, 0.5], [1, 0.5])).toMatch(/^M0 0\.5L1 0\.5M0\.97\d* 0\.48\d*L1 0\.5L0\.97\d* 0\.51\d*$/);
  });

  it('keeps the clicks of an unfinished shape apart, and undoes them first', () => {
    const s = createSketch();
    s.setTool('angle');
    expect(s.click([0.9, 0.5])).toBeNull();
    s.click([0.5, 0.5]);
    expect(s.$points.get()).toHaveLength(2);
    s.click([0.5, 0.1]);
    expect(s.$shapes.get()).toHaveLength(1);
    s.setTool('line');
    s.click([0.1, 0.1]);
    s.undo();
    expect([s.$points.get().length, s.$shapes.get().length]).toEqual([0, 1]);
    s.undo();
    expect(s.$shapes.get()).toEqual([]);
    for (let i = 0; i < 20; i++) {
      s.click([0, 0]);
      s.click([1, 1]);
    }
    s.click([0, 0]);
    expect(s.click([1, 1])).toBe(CRITIQUE_T.tooManyShapes);
    expect(s.$shapes.get()).toHaveLength(20);
  });
});

describe('critique marks and playback', () => {
  const marks: CritiqueMark[] = [
    { at: 2, text: 'a', shapes: [] },
    { at: 2.8, text: 'b', shapes: [] },
    { at: 10, text: 'c', shapes: [] },
  ];
  it('shows the nearest mark within half a second of playback', () => {
    expect(markAt(marks, 1.4)).toBeNull();
    expect(markAt(marks, 1.6)).toBe(0);
    expect(markAt(marks, 2.5)).toBe(1);
    expect(markAt(marks, 9.5)).toBe(2);
    expect(markAt(marks, 10.6)).toBeNull();
  });

  it('pins a mark in time order and refuses an empty one', () => {
    expect(pinMark(marks, { at: 5.04, text: '  ', shapes: [] })).toEqual({ error: CRITIQUE_T.emptyMark });
    const r = pinMark(marks, { at: 5.04, text: ' 重心 ', shapes: [] });
    expect('marks' in r && r.marks.map((m) => [m.at, m.text])).toEqual([
      [2, 'a'],
      [2.8, 'b'],
      [5, '重心'],
      [10, 'c'],
    ]);
    const edited = pinMark(marks, { at: 11, text: 'z', shapes: [] }, 0);
    expect('marks' in edited && edited.marks.map((m) => m.text)).toEqual(['b', 'c', 'z']);
    const full = Array.from({ length: 50 }, (_, i) => ({ at: i, text: 'x', shapes: [] }));
    expect(pinMark(full, { at: 1, text: 'y', shapes: [] })).toEqual({ error: CRITIQUE_T.tooManyMarks });
  });

  it('suggests the verdict from the score and reads the score field', () => {
    expect([verdictFor(60), verdictFor(59)]).toEqual(['合格', '需改进']);
    expect([checkScore('85'), checkScore(' 0 '), checkScore('101'), checkScore('8.5'), checkScore('')]).toEqual([
      85,
      0,
      CRITIQUE_T.noScore,
      CRITIQUE_T.noScore,
      CRITIQUE_T.noScore,
    ]);
    expect([timeChip(3.2), timeChip(65.34)]).toEqual(['0:03.2', '1:05.3']);
  });

  it('keeps the reference in step with the clip by the aligned offset', () => {
    // The learner starts the move at 4 s, the lesson at 12.5 s.
    const offset = alignOffset(4, 12.5);
    expect(offset).toBe(8.5);
    expect(refTimeFor(6, offset, 60)).toBe(14.5);
    expect(refTimeFor(58, offset, 60)).toBe(60);
    expect(refTimeFor(1, alignOffset(10, 2), 60)).toBe(0);
    expect(refTimeFor(6, 0, Number.NaN)).toBe(6);
    expect(needsResync(14.6, 14.5)).toBe(false);
    expect(needsResync(15, 14.5)).toBe(true);
  });
});
