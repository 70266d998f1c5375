import { describe, expect, it } from 'vitest';
import { duanName, duanPercent, duanTier, gradingHref, requirementHref } from '~/lib/rules/duan';
import { byDuan, defaultName, nextLevel, pathHeadline, tabsFor } from '~/lib/stores/duan';
import { mobileRedirectUrl } from '~/lib/rules/mobile-redirect';

describe('段位 rules', () => {
  it('names the nine 段 and their tiers', () => {
    expect([1, 3, 4, 6, 7, 9].map(duanName)).toEqual(['一段', '三段', '四段', '六段', '七段', '九段']);
    expect(duanName(0)).toBe('未定段');
    expect([1, 3, 4, 6, 7, 9].map(duanTier)).toEqual(['初段位', '初段位', '中段位', '中段位', '高段位', '高段位']);
  });

  it('rounds progress down and links each kind where it is done', () => {
    expect(duanPercent(1, 3)).toBe(33);
    expect(duanPercent(2, 2)).toBe(100);
    expect(duanPercent(0, 0)).toBe(0);
    expect(requirementHref({ kind: 'course', course_id: 7 })).toBe('/train/courseDetail?id=7');
    expect(requirementHref({ kind: 'lesson', course_id: 7 }, true)).toBe('/m/course/detail?id=7');
    expect(requirementHref({ kind: 'homework', course_id: 7 })).toBe('/my/homework');
    expect(gradingHref(12)).toBe('/duan/grading?id=12');
  });

  it('sends a phone from /my/duan to /m/my/duan', () => {
    expect(mobileRedirectUrl('/my/duan', '', '', '')).toBe('/m/my/duan');
  });
});

describe('段位 stores', () => {
  it('shows a console tab only to its roles (super sees all)', () => {
    const tabs = [
      { key: 'a', label: 'A', roles: ['content'] },
      { key: 'b', label: 'B', roles: ['reviewer'] },
    ] as const;
    expect(tabsFor(tabs, 'content').map((t) => t.key)).toEqual(['a']);
    expect(tabsFor(tabs, 'super').map((t) => t.key)).toEqual(['a', 'b']);
    expect(tabsFor(tabs, 'finance')).toEqual([]);
  });

  it('groups requirements into all nine 段 and names a pick', () => {
    const r = { id: 1, duan: 2, kind: 'course' as const, ref_id: 3, name: 'x', ref_title: 'x', course_id: 3, sort: 10 };
    const g = byDuan([r]);
    expect(g).toHaveLength(9);
    expect(g[1]!.list).toEqual([r]);
    expect(defaultName('course', '二十四式太极拳')).toBe('学完 二十四式太极拳');
    expect(defaultName('homework', '二十四式太极拳 全套')).toBe('二十四式太极拳 全套');
    expect(defaultName('course', '长'.repeat(40))).toHaveLength(32);
  });

  it('says what is held and what comes next', () => {
    const level = (duan: number, state: 'held' | 'next' | 'later') => ({ duan, state, requirements: [], done: 0, percent: 0 });
    const p = { current: 2, levels: [level(1, 'held'), level(2, 'held'), level(3, 'next'), level(4, 'later')] };
    expect(nextLevel(p)?.duan).toBe(3);
    expect(pathHeadline(p)).toBe('当前段位：二段 · 下一段：三段');
    expect(pathHeadline({ current: 9, levels: [level(9, 'held')] })).toBe('当前段位：九段 · 已达最高段位');
  });
});
