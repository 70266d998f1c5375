import { describe, expect, it } from 'vitest';
import { circleTime, textPieces } from '~/lib/rules/circle-text';
import { circleHome } from '~/lib/rules/circle';
import { thumbOf } from '~/lib/rules/upload';

describe('功夫圈 text pieces', () => {
  it('links http(s) URLs, leaves trailing punctuation and other schemes as text', () => {
    expect(textPieces('看这里 https://example.com/a?b=1. 很好')).toEqual([
      { kind: 'text', text: '看这里 ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. 很好' },
    ]);
    expect(textPieces('javascript:alert(1) <b>x</b>')).toEqual([{ kind: 'text', text: 'javascript:alert(1) <b>x</b>' }]);
    // Chinese punctuation ends a link.
    expect(textPieces('链接：http://a.cn，完').map((p) => p.kind)).toEqual(['text', 'link', 'text']);
  });

  it('links only the mentions resolved at publish, longest name first', () => {
    const home = circleHome('coach', 3);
    expect(textPieces('谢谢@陈师傅和@路人', [{ nick: '陈师傅', home }])).toEqual([
      { kind: 'text', text: '谢谢' },
      { kind: 'mention', text: '@陈师傅', href: home },
      { kind: 'text', text: '和@路人' },
    ]);
    expect(
      textPieces('@陈师傅太极馆', [
        { nick: '陈师傅', home: 'a' },
        { nick: '陈师傅太极馆', home: 'b' },
      ]),
    ).toEqual([{ kind: 'mention', text: '@陈师傅太极馆', href: 'b' }]);
  });

  it('marks search matches case-insensitively, never inside a link', () => {
    expect(textPieces('Tai 太极 tai', [], 'TAI')).toEqual([
      { kind: 'mark', text: 'Tai' },
      { kind: 'text', text: ' 太极 ' },
      { kind: 'mark', text: 'tai' },
    ]);
    expect(textPieces('https://tai.cn 太极', [], 'tai').map((p) => p.kind)).toEqual(['link', 'text']);
  });
});

describe('功夫圈 times, homes and thumbnails', () => {
  const now = Date.parse('2026-11-26T06:00:00Z'); // 14:00 in Beijing
  it('shows feed times as people in China read them', () => {
    expect(circleTime('2026-11-26T05:59:30Z', now)).toBe('刚刚');
    expect(circleTime('2026-11-26T05:15:00Z', now)).toBe('45分钟前');
    expect(circleTime('2026-11-26T01:00:00Z', now)).toBe('5小时前');
    expect(circleTime('2026-11-25T02:05:00Z', now)).toBe('昨天 10:05');
    expect(circleTime('2026-10-01T02:05:00Z', now)).toBe('10/1 10:05');
    expect(circleTime('2025-10-01T02:05:00Z', now)).toBe('2025/10/1');
  });
  it('links each kind of author to its homepage and finds circle thumbnails', () => {
    expect(circleHome('shop', 4)).toBe('/anchor/friendscircle?type=mechant&id=4');
    expect(circleHome('member', 100001)).toBe('/anchor/friendscircle?type=member&id=100001');
    expect(thumbOf('/uploads/circle/20261126/1-ab.jpg')).toBe('/uploads/circle/20261126/1-ab_t.webp');
    expect(thumbOf('/uploads/avatar/20261126/1-ab.jpg')).toBe('/uploads/avatar/20261126/1-ab.jpg');
  });
});
