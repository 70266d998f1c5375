import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

/** Unit tests (pure rules) and API tests (the Hono app on a real database). E2E is Playwright. */
export default defineConfig({
  resolve: { alias: { '~': src } },
  test: {
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
