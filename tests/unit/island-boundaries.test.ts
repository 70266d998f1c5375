import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One UI kit (src/islands/ui/README.md): an area's `parts.tsx`, `kit.tsx` or `*-parts.tsx` holds what
 * only that area uses. A piece another area needs moves into the kit (or into a named component file
 * of its area), so no island imports another area's grab-bag.
 */

const ISLANDS = 'src/islands';
const GRAB_BAG = /^(parts|kit|[\w-]+-parts)(\.tsx?)?$/;
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The island area of a path under src/islands (`account`, `live` for live/room/…); null outside. */
function areaOf(path: string): string | null {
  const rel = posix.relative(ISLANDS, path);
  if (rel.startsWith('..')) return null;
  const [area, ...rest] = rel.split('/');
  return rest.length ? (area ?? null) : null;
}

/** The imports of `source` (a file at `file`) that reach into another area's parts or kit file, with the fix. */
export function crossAreaParts(file: string, source: string): string[] {
  const own = areaOf(file);
  const found: string[] = [];
  for (const m of source.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? '';
    let target: string;
    if (spec.startsWith('~/')) target = posix.join('src', spec.slice(2));
    else if (spec.startsWith('.')) target = posix.join(posix.dirname(file), spec);
    else continue;
    const area = areaOf(target);
    if (!area || area === own || area === 'ui' || !GRAB_BAG.test(posix.basename(target))) continue;
    found.push(
      `${file} imports '${spec}' (the ${area} area's own pieces): move what it needs into src/islands/ui (the kit) or into a named component file of ${area}`,
    );
  }
  return found;
}

function islandFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return islandFiles(p);
    return /\.(tsx?|astro)$/.test(e.name) ? [p] : [];
  });
}

describe('islands import no other area’s parts (one UI kit)', () => {
  it('holds on the tree', () => {
    const found = islandFiles(ISLANDS).flatMap((f) => {
      const file = relative('.', f).split('\\').join('/');
      return crossAreaParts(file, readFileSync(f, 'utf8'));
    });
    expect(found).toEqual([]);
  });

  it('fails on a planted import, naming it and the fix', () => {
    const planted = [
      "import { LoadFailed } from '../account/parts';",
      "import { CoverUpload } from '../../seller/content-parts';",
      "import { ListState } from '~/islands/admin/kit';",
      "const m = await import('../commerce/parts');",
    ];
    expect(crossAreaParts('src/islands/seller/X.tsx', planted[0]!)).toEqual([
      expect.stringMatching(/src\/islands\/seller\/X\.tsx imports '\.\.\/account\/parts' .*src\/islands\/ui/),
    ]);
    expect(crossAreaParts('src/islands/live/anchor/X.tsx', planted[1]!)).toHaveLength(1);
    expect(crossAreaParts('src/islands/provider/X.tsx', planted[2]!)).toHaveLength(1);
    expect(crossAreaParts('src/islands/live/X.tsx', planted[3]!)).toHaveLength(1);
  });

  it('lets an area use its own parts, the kit and other areas’ named components', () => {
    expect(crossAreaParts('src/islands/commerce/OrderList.tsx', "import { CouponTicket } from './parts';")).toEqual([]);
    expect(crossAreaParts('src/islands/live/anchor/X.tsx', "import { Thing } from '../parts';")).toEqual([]);
    expect(crossAreaParts('src/islands/seller/X.tsx', "import { LoadFailed } from '../ui/states';")).toEqual([]);
    expect(crossAreaParts('src/islands/seller/X.tsx', "import { ItemRow } from '../commerce/ItemRow';")).toEqual([]);
  });
});
