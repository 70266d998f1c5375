import { describe, expect, it } from 'vitest';
import { ART_CROPS, avatarSvg, bannerSvg, coverSvg, goodsSvg, paletteAt, photoSvg, profileCoverSvg } from '~/server/seed/art';
import { CLASSES, COACHES, COURSE_TITLES, GOODS_FAMILIES, LABELS, SHOPS } from '~/server/seed/data/catalogue';
import { NEWS } from '~/server/seed/data/articles';

/**
 * Seed pictures survive the crops the site applies (object-cover in boxes of other shapes): the
 * text of every piece stays inside what each crop of its kind keeps; profile covers have none.
 */

interface Box {
  what: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const attr = (tag: string, name: string): number | null => {
  const m = new RegExp(`\\s${name}="([-0-9.]+)"`).exec(tag);
  return m ? Number(m[1]) : null;
};
/** CJK glyphs are square; Latin letters, digits and spaces about half as wide (as art.ts assumes). */
const width = (s: string, size: number) => [...s].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? size : size * 0.6), 0);
const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The boxes of an SVG's text lines and of its label pills (rects drawn on top of the background). */
function boxes(svg: string): Box[] {
  const out: Box[] = [];
  for (const m of svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
    const tag = m[1]!;
    const text = unescape(m[2]!);
    const x = attr(tag, 'x')!;
    const y = attr(tag, 'y')!;
    const size = attr(tag, 'font-size')!;
    const w = width(text, size);
    const left = tag.includes('text-anchor="middle"') ? x - w / 2 : x;
    out.push({ what: text, x0: left, y0: y - 0.88 * size, x1: left + w, y1: y + 0.12 * size });
  }
  for (const m of svg.matchAll(/<rect([^>]*)\/>/g)) {
    const tag = m[1]!;
    const x = attr(tag, 'x');
    if (x === null) continue; // the background
    out.push({ what: 'pill', x0: x, y0: attr(tag, 'y')!, x1: x + attr(tag, 'width')!, y1: attr(tag, 'y')! + attr(tag, 'height')! });
  }
  return out;
}

/** What a centred crop to `ratio` keeps of a w×h picture. */
function kept(w: number, h: number, ratio: number) {
  if (ratio >= w / h) {
    const keepH = w / ratio;
    return { x0: 0, y0: (h - keepH) / 2, x1: w, y1: (h + keepH) / 2 };
  }
  const keepW = h * ratio;
  return { x0: (w - keepW) / 2, y0: 0, x1: (w + keepW) / 2, y1: h };
}

function size(svg: string): [number, number] {
  const m = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!;
  return [Number(m[1]), Number(m[2])];
}

/** Every text box that some crop of `ratios` cuts, described. */
function cut(svg: string, ratios: readonly number[]): string[] {
  const [w, h] = size(svg);
  const found: string[] = [];
  for (const r of ratios) {
    const k = kept(w, h, r);
    for (const b of boxes(svg))
      if (b.x0 < k.x0 || b.y0 < k.y0 || b.x1 > k.x1 || b.y1 > k.y1) found.push(`${b.what} cut at ${r.toFixed(2)}:1`);
  }
  return found;
}

describe('seed art', () => {
  it('keeps the text of course, class and news covers inside every crop of a cover', () => {
    const covers = [
      ...Object.entries(COURSE_TITLES).flatMap(([style, titles]) => titles.map((title) => coverSvg(title, style, paletteAt(0)))),
      ...CLASSES.map((k) => coverSvg(k.title, `${k.city} · ${k.style}`, paletteAt(1))),
      ...NEWS.map((n) => coverSvg(n.title, n.category, paletteAt(2))),
      coverSvg('二十四式太极拳零基础入门完整版教学（上）', '太极拳', paletteAt(3)),
    ];
    for (const svg of covers) expect(cut(svg, ART_CROPS.cover)).toEqual([]);
  });

  it('keeps the text of goods pictures inside every crop of a goods picture', () => {
    for (const fam of GOODS_FAMILIES)
      for (const title of fam.titles)
        for (const n of [0, 1, 2]) expect(cut(goodsSvg(title, fam.category, paletteAt(n), n), ART_CROPS.goods)).toEqual([]);
  });

  it('keeps 功夫圈 pictures whole in a square thumbnail (the 太站桩 of a cropped cover)', () => {
    for (const [title, label] of [
      ['晨练站桩', '陈氏太极'],
      ['练功服上新', '纯棉 · 透气'],
      ['赛场', '青少年组'],
    ] as const)
      expect(cut(photoSvg(title, label, paletteAt(0)), ART_CROPS.photo)).toEqual([]);
  });

  it('draws profile covers without any text, and adverts whole', () => {
    for (const [i] of [...COACHES, ...SHOPS].entries()) expect(profileCoverSvg(paletteAt(i), i)).not.toContain('<text');
    expect(cut(bannerSvg('名师太极 · 二十四式精讲', '零基础也能跟练，免费试看三节', paletteAt(0)), ART_CROPS.banner)).toEqual([]);
  });

  it('puts an avatar’s character inside the circle it is shown in', () => {
    const svg = avatarSvg(LABELS[0]!, paletteAt(0));
    for (const b of boxes(svg)) {
      const far = Math.max(...[b.x0, b.x1].flatMap((x) => [b.y0, b.y1].map((y) => Math.hypot(x - 128, y - 128))));
      expect(far).toBeLessThanOrEqual(128);
    }
  });
});
