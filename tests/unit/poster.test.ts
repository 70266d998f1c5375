import { describe, expect, it } from 'vitest';
import { wrapLines } from '~/lib/stores/poster';

// One unit per character: a line of width 5 holds five characters.
const measure = (s: string) => Array.from(s).length;

describe('poster title lines', () => {
  it('keeps a short title on one line', () => {
    expect(wrapLines('太极入门', 5, 3, measure)).toEqual(['太极入门']);
  });
  it('breaks Chinese by character and fills each line', () => {
    expect(wrapLines('八段锦跟练二十一天打卡', 5, 3, measure)).toEqual(['八段锦跟练', '二十一天打', '卡']);
  });
  it('cuts what does not fit in the last line with an ellipsis that still fits', () => {
    expect(wrapLines('一二三四五六七八九十甲乙', 5, 2, measure)).toEqual(['一二三四五', '六七八九…']);
    expect(wrapLines('一二三四五六七八九十', 5, 2, measure)).toEqual(['一二三四五', '六七八九十']);
  });
  it('drops spaces at line breaks and squeezes runs of white space', () => {
    expect(wrapLines('  ab   cd ef  ', 3, 3, measure)).toEqual(['ab', 'cd', 'ef']);
    expect(wrapLines('abcd efgh ijkl', 4, 2, measure)).toEqual(['abcd', 'efg…']);
  });
  it('never loops on a character wider than the line', () => {
    expect(wrapLines('龘龘', 0.5, 3, measure)).toEqual(['龘', '龘']);
  });
});
