import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Colours come from the theme (uno.config.ts, named by meaning: `text-danger`, `bg-surface-head`;
 * `var(--gf-…)` in plain CSS, `themeColour()` for charts). A hex colour anywhere else in src — an
 * arbitrary class `text-[#f56c6c]`, a style attribute, a CSS rule, a chart option — fails here.
 */

/** Drawn pictures, not the interface: the seeded cover art and the 段位证书 image paint their own SVG colours. */
const EXEMPT = new Set(['src/server/seed/art.ts', 'src/server/modules/learning/grading-render.ts']);
const HEX = /(?<![0-9A-Za-z&$#])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})(?![\w-])/g;

/** The hex colours in `source` outside comments, as `file:line: text`. */
export function hexColours(file: string, source: string): string[] {
  // Comments may name a colour (the theme's doc, "React #418"): blank them, keeping line numbers.
  const blank = (m: string) => m.replace(/[^\n]/g, ' ');
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/(^|[\s;{}(])\/\/.*$/gm, (m, pre: string) => pre + blank(m.slice(pre.length)));
  const found: string[] = [];
  code.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(HEX)) found.push(`${file}:${i + 1}: ${m[0]} (use a theme colour of uno.config.ts)`);
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(tsx?|astro|css|mjs|js)$/.test(e.name) ? [p] : [];
  });
}

describe('no hex colour outside the theme', () => {
  it('holds on src', () => {
    const found = sourceFiles('src').flatMap((f) => {
      const file = relative('.', f).split('\\').join('/');
      return EXEMPT.has(file) ? [] : hexColours(file, readFileSync(f, 'utf8'));
    });
    expect(found).toEqual([]);
  });

  it('fails on planted colours: arbitrary classes, style attributes, CSS, chart options', () => {
    const planted = [
      '<p className="text-[#f56c6c]">x</p>',
      '<span className={`hover:bg-[#fef0f0] ${x}`} />',
      '<div className="shadow-[inset_0_-3px_0_#ffa60f]" />',
      "<div style={{ color: '#fff' }} />",
      '<div style="background:#FFA60F"></div>',
      '  html {\n    background: #f5f6f8;\n  }',
      "{ backgroundColor: '#409eff80' }",
    ];
    planted.forEach((src) => expect(hexColours('src/x.tsx', src), src).toHaveLength(1));
    expect(hexColours('src/x.tsx', 'a\n<p className="text-[#e4393c]">')).toEqual([
      'src/x.tsx:2: #e4393c (use a theme colour of uno.config.ts)',
    ]);
  });

  it('passes tokens, comments, entities and ids', () => {
    const fine = [
      '<p className="text-danger bg-surface-head">x</p>',
      '// no React #418 on hydration',
      '/* accent #ffa60f */',
      '{/* #fff */}',
      '<!-- #abc -->',
      '<span>&#123;</span>',
      "const url = 'https://x.example/#/page';",
      'const label = `#${id}`;',
      "<div style={{ background: 'var(--gf-brand-accent)' }} />",
    ];
    fine.forEach((src) => expect(hexColours('src/x.tsx', src), src).toEqual([]));
  });
});
