import { describe, expect, it } from 'vitest';
import {
  boundRanges,
  chapterAt,
  chapterSpan,
  chapterTicks,
  clock,
  mergeRanges,
  rangesLength,
  studyText,
  timeParam,
  trimToBudget,
  type ChapterMark,
} from '~/lib/rules/learn';
import { chapterBody, parseClock, sortNotes, withNote } from '~/lib/stores/learn';

const ch = (id: number, start_s: number, end_s: number | null = null): ChapterMark => ({ id, name: `招式${id}`, start_s, end_s, note: '' });

describe('played ranges', () => {
  it('merges overlapping and touching ranges, clamped to the lesson, and counts each second once', () => {
    const m = mergeRanges(
      [
        [10, 20],
        [0, 5],
        [15, 30],
        [30, 31],
        [40, 40],
        [90, 200],
      ],
      100,
    );
    expect(m).toEqual([
      [0, 5],
      [10, 31],
      [90, 100],
    ]);
    expect(rangesLength(m)).toBe(36);
  });

  it('joins the closest ranges when there are too many, and trims a report to its budget', () => {
    expect(
      boundRanges(
        [
          [0, 1],
          [2, 3],
          [10, 11],
          [11.5, 12],
        ],
        2,
      ),
    ).toEqual([
      [0, 3],
      [10, 12],
    ]);
    expect(
      trimToBudget(
        [
          [0, 10],
          [20, 40],
        ],
        15,
      ),
    ).toEqual([
      [0, 10],
      [20, 25],
    ]);
    expect(trimToBudget([[0, 10]], 0)).toEqual([]);
  });
});

describe('招式 chapters', () => {
  const chapters = [ch(1, 0), ch(2, 10, 14), ch(3, 20)];

  it('loops a chapter to its end, else the next start, else the video end', () => {
    expect(chapterSpan(chapters, 1, 60)).toEqual({ a: 0, b: 10 });
    expect(chapterSpan(chapters, 2, 60)).toEqual({ a: 10, b: 14 });
    expect(chapterSpan(chapters, 3, 60)).toEqual({ a: 20, b: 60 });
    expect(chapterSpan(chapters, 3, NaN)).toBeNull();
    expect(chapterSpan(chapters, 9, 60)).toBeNull();
  });

  it('places ticks by start share and finds the chapter playing', () => {
    expect(chapterTicks(chapters, 40).map((t) => t.at)).toEqual([0, 25, 50]);
    expect(chapterTicks(chapters, 15).map((t) => t.id)).toEqual([1, 2]);
    expect(chapterTicks(chapters, 0)).toEqual([]);
    expect(chapterAt(chapters, 12)?.id).toBe(2);
    expect(chapterAt([ch(1, 5)], 2)).toBeNull();
  });

  it('reads the editor times and refuses a bad span before the server does', () => {
    expect([parseClock('1:05'), parseClock('65'), parseClock('1:02:03'), parseClock('1:75'), parseClock('abc')]).toEqual([
      65,
      65,
      3723,
      null,
      null,
    ]);
    const f = { lesson_id: 3, name: ' 起势 ', start: '0:02', end: '0:04', note: '' };
    expect(chapterBody(f, 6)).toEqual({ body: { lesson_id: 3, name: '起势', start_s: 2, end_s: 4, note: '' } });
    expect(chapterBody({ ...f, end: '0:02' }, 6)).toEqual({ error: '结束时间必须晚于开始时间' });
    expect(chapterBody({ ...f, end: '0:09' }, 6)).toEqual({ error: '招式时间不能超过视频时长' });
  });
});

describe('notes and texts', () => {
  const n = (id: number, at_s: number) => ({ id, lesson_id: 1, course_id: 1, at_s, body: '', updated_at: '' });
  it('keeps notes in time order', () => {
    expect(sortNotes([n(2, 30), n(1, 30), n(3, 5)]).map((x) => x.id)).toEqual([3, 1, 2]);
    expect(withNote([n(1, 10), n(2, 20)], n(1, 25)).map((x) => x.id)).toEqual([2, 1]);
  });
  it('writes times and study time as people read them', () => {
    expect([clock(65), clock(3723), studyText(0), studyText(30), studyText(3900)]).toEqual([
      '01:05',
      '1:02:03',
      '0 分钟',
      '不足 1 分钟',
      '1 小时 5 分钟',
    ]);
    expect([timeParam('90'), timeParam('-1'), timeParam(null)]).toEqual([90, null, null]);
  });
});
