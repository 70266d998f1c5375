import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

/** Unit tests (pure rules) and API tests (the Hono app on a real database). E2E is Playwright. */
export default defineConfig({
  resolve: { alias: { '~': src } },
  test: {
    // Vitest's default is one worker per core less one: a single worker on a 2-core CI box, where
    // an API file spends much of its time waiting on PostgreSQL, the browser-less HTTP stand-ins
    // and timers. Two files side by side use both cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Migrates and seeds one database per run; each file opens a copy (tests/helpers/test-database.ts).
          globalSetup: ['tests/setup/api-template.ts'],
          // PGlite start-up takes a few seconds per suite on a loaded machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
