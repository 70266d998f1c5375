import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .astro file under a directory. */
function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? astroFiles(join(dir, e.name)) : e.name.endsWith('.astro') ? [join(dir, e.name)] : [],
  );
}

describe('breadcrumbs', () => {
  it('never name 首页 themselves: Breadcrumb.astro always leads with it', () => {
    const twice = astroFiles('src')
      .filter((f) => /<Breadcrumb\b/.test(readFileSync(f, 'utf8')))
      .filter((f) => /<Breadcrumb[^>]*label:\s*'首页'/s.test(readFileSync(f, 'utf8')));
    expect(twice).toEqual([]);
  });
});
