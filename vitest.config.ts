import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * API files that need a module graph of their own: `vi.mock`; two server instances in one process
 * (chat secrets); the embedded RTMP ingest, whose library keeps one process-wide session context.
 */
const API_ISOLATED = [
  'tests/api/pay-password-guard.test.ts',
  'tests/api/im-redis.test.ts',
  'tests/api/live-reconcile.test.ts',
  'tests/api/live-browser-push.test.ts',
  'tests/api/live-media.test.ts',
  'tests/api/live-ingest-port.test.ts',
];

const api: { environment: 'node'; globalSetup: string[]; testTimeout: number; hookTimeout: number } = {
  environment: 'node',
  // Migrates and seeds one database per run (shared by both API projects); each file opens a copy
  // (tests/helpers/test-database.ts).
  globalSetup: ['tests/setup/api-template.ts'],
  // PGlite start-up takes a few seconds per suite on a loaded machine.
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

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
          exclude: API_ISOLATED,
          ...api,
          // One module graph per worker, not per file: importing the whole server for each of ~70 files was
          // about half of the suite's time. Each file still opens its own database copy (startApi resets
          // env, caches and stand-ins); the files that need fresh modules run in `api-isolated`.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api-isolated', include: API_ISOLATED, ...api } },
    ],
  },
});
