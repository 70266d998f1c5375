import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkModuleOrder, readTree } from '../module-order/check';
import type { ModuleEntry } from '../module-order/layers';

// The module order (docs/ARCHITECTURE.md "Module order", tests/module-order/layers.ts): every import of
// src/ and scripts/ — value, `import type` and `import()` — goes down the layers or along a listed
// edge, no two modules or files import each other in a circle, and browser code never reaches the server.
// Modelled on withastro/starlight's no-internal-barrel-imports test.

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('module order', () => {
  it('holds for the whole tree', { timeout: 60_000 }, () => {
    const problems = checkModuleOrder(readTree(root, ['src', 'scripts']));
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
  });
});

describe('the checker fails on a planted violation', () => {
  const server = (files: Record<string, string>) => new Map(Object.entries(files));

  it('names an upward import, its two modules and the fix', () => {
    const problems = checkModuleOrder(
      server({
        'src/server/modules/commerce/order.service.ts': "import { creditSale } from '../seller/income';\nexport const x = creditSale;",
        'src/server/modules/seller/income.ts': 'export const creditSale = 1;',
      }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('src/server/modules/commerce/order.service.ts imports src/server/modules/seller/income.ts');
    expect(problems[0]).toContain('commerce (domain) → seller (actor) goes up a layer');
    expect(problems[0]).toContain('emit an event from commerce (src/server/events.ts) and subscribe to it in seller');
  });

  it('counts `import type`, `import()` and `~/` paths, and refuses a same-layer edge not listed', () => {
    const problems = checkModuleOrder(
      server({
        'src/server/modules/catalogue/a.ts': "import type { T } from '~/server/modules/commerce/b';\nexport type U = T;",
        'src/server/modules/review/c.ts': "export const load = () => import('../im/d');",
        'src/server/modules/commerce/b.ts': 'export type T = number;',
        'src/server/modules/im/d.ts': 'export const d = 1;',
      }),
    );
    expect(problems).toEqual([
      expect.stringContaining('catalogue (domain) → commerce (domain) is not a listed edge of the domain layer'),
      expect.stringContaining('review (domain) → im (domain) is not a listed edge of the domain layer'),
    ]);
  });

  it('finds a cycle between modules even when each edge is listed', () => {
    const modules: ModuleEntry[] = [
      { name: 'a', layer: 'domain', paths: ['src/server/modules/a/'], uses: ['b'] },
      { name: 'b', layer: 'domain', paths: ['src/server/modules/b/'], uses: ['a'] },
    ];
    const problems = checkModuleOrder(
      server({
        'src/server/modules/a/x.ts': "import '../b/y';",
        'src/server/modules/b/y.ts': "import '../a/z';",
        'src/server/modules/a/z.ts': 'export {};',
      }),
      modules,
    );
    expect(problems).toEqual([expect.stringMatching(/^module cycle: (a → b → a|b → a → b)/)]);
  });

  it('finds a file cycle inside a folder', () => {
    const problems = checkModuleOrder(
      server({
        'src/lib/chat/show.ts': "import { describe } from './describe';\nexport const show = () => describe;",
        'src/lib/chat/describe.ts': "import { show } from './show';\nexport const describe = () => show;",
      }),
    );
    expect(problems).toEqual([expect.stringContaining('file cycle: src/lib/chat/')]);
    expect(problems[0]).toContain('move what both need into a third file');
  });

  it('keeps src/lib and the islands off the server', () => {
    const problems = checkModuleOrder(
      server({
        'src/lib/format.ts': "import { env } from '../server/env';\nexport const f = env;",
        'src/islands/Cart.tsx': "import type { Db } from '~/server/db';\nexport type D = Db;",
        'src/server/env.ts': 'export const env = 1;',
        'src/server/db/index.ts': 'export type Db = number;',
      }),
    );
    expect(problems).toEqual([
      expect.stringContaining('src/lib/format.ts imports src/server/env.ts: src/lib/ must not import src/server/'),
      expect.stringContaining('src/islands/Cart.tsx imports src/server/db/index.ts: src/islands/ must not import src/server/'),
    ]);
  });

  it('places every server file and resolves every internal import', () => {
    const problems = checkModuleOrder(
      server({
        'src/server/stray.ts': "import { gone } from './modules/nowhere';\nexport const s = gone;",
      }),
    );
    expect(problems).toEqual([
      "src/server/stray.ts imports './modules/nowhere', which names no file in the tree",
      'src/server/stray.ts is in no module of the table. Fix: add its folder to a layer in tests/module-order/layers.ts',
    ]);
  });
});
