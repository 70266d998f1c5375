import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Files stay small enough to read in one go: a source file over SOURCE_MAX lines says why it is one
 * file in a comment among its first lines, starting with MARKER (e.g. `// One file because: one class
 * whose methods share its private state.`). Test files have a higher bar, TEST_MAX: one file is one
 * fixture (an API test file migrates and seeds its own database), so splitting one costs a setup.
 * Counted: code (.ts .tsx .mts .js .mjs .astro) under src/, scripts/ and tests/, and the root's
 * config and server files; generated migrations (.sql, .json snapshots) are not code and are skipped.
 */
const SOURCE_MAX = 500;
const TEST_MAX = 700;
const MARKER = 'One file because:';
/** How far down the reason may sit (after a shebang, an Astro fence, a directive). */
const REASON_WITHIN = 5;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|astro)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.astro', 'test-results', 'playwright-report']);

export interface Oversized {
  path: string;
  lines: number;
  max: number;
}

/** The bar for a file: tests have the higher one. */
export const maxLinesOf = (path: string) => (/^tests\//.test(path) || /\.test\.tsx?$/.test(path) ? TEST_MAX : SOURCE_MAX);

/** Whether a reason for one long file sits at its top (a comment with the marker and a real reason). */
export function hasReason(text: string): boolean {
  return text.split('\n', REASON_WITHIN).some((line) => new RegExp(`^\\s*(//|/\\*|\\*|<!--)\\s*${MARKER}\\s*\\S.{9,}`).test(line));
}

/** The files over their bar without a reason at their top. */
export function oversized(files: { path: string; text: string }[]): Oversized[] {
  const out: Oversized[] = [];
  for (const f of files) {
    // A final newline ends the last line; it does not start another.
    const lines = f.text.split('\n').length - (f.text.endsWith('\n') ? 1 : 0);
    const max = maxLinesOf(f.path);
    if (lines > max && !hasReason(f.text)) out.push({ path: f.path, lines, max });
  }
  return out;
}

function walk(dir: string, out: string[]): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) walk(join(dir, e.name), out);
    } else if (CODE.test(e.name)) {
      out.push(join(dir, e.name));
    }
  }
  return out;
}

function treeFiles(): { path: string; text: string }[] {
  const paths = ['src', 'scripts', 'tests'].flatMap((d) => walk(join(ROOT, d), []));
  const rootFiles = readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isFile() && CODE.test(e.name))
    .map((e) => join(ROOT, e.name));
  return [...paths, ...rootFiles].map((p) => ({ path: relative(ROOT, p).split('\\').join('/'), text: readFileSync(p, 'utf8') }));
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

describe('file size', () => {
  it('flags a planted source file over the bar without a reason', () => {
    const found = oversized([{ path: 'src/lib/planted.ts', text: lines(SOURCE_MAX + 1) }]);
    expect(found).toEqual([{ path: 'src/lib/planted.ts', lines: SOURCE_MAX + 1, max: SOURCE_MAX }]);
  });

  it('passes a file at the bar, and a longer one with a reason at its top', () => {
    expect(oversized([{ path: 'src/a.ts', text: lines(SOURCE_MAX) }])).toEqual([]);
    const reasoned = `// ${MARKER} one class whose methods share its private state.\n${lines(SOURCE_MAX + 50)}`;
    expect(oversized([{ path: 'src/b.ts', text: reasoned }])).toEqual([]);
    const astro = `---\n// ${MARKER} the page and its one query are read together.\n${lines(SOURCE_MAX)}---\n`;
    expect(oversized([{ path: 'src/pages/c.astro', text: astro }])).toEqual([]);
  });

  it('does not take a reason buried below the top, or an empty one', () => {
    const buried = `${lines(10)}// ${MARKER} one class whose methods share its private state.\n${lines(SOURCE_MAX)}`;
    expect(oversized([{ path: 'src/d.ts', text: buried }])).toHaveLength(1);
    const empty = `// ${MARKER}\n${lines(SOURCE_MAX + 1)}`;
    expect(oversized([{ path: 'src/e.ts', text: empty }])).toHaveLength(1);
  });

  it('gives test files the higher bar', () => {
    expect(oversized([{ path: 'tests/api/x.test.ts', text: lines(TEST_MAX) }])).toEqual([]);
    expect(oversized([{ path: 'tests/api/y.test.ts', text: lines(TEST_MAX + 1) }])).toHaveLength(1);
  });

  it('holds for the tree', () => {
    const found = oversized(treeFiles()).map(
      (f) => `${f.path}: ${f.lines} lines (bar ${f.max}) — split it, or put "// ${MARKER} <why>" in its first ${REASON_WITHIN} lines`,
    );
    expect(found).toEqual([]);
  });
});
