import { defineConfig } from '@playwright/test';
import { takePorts } from './scripts/free-ports.mjs';
import { chromiumArgs, executablePath } from './tests/chromium';

/**
 * The scale-out subset: two instances on PostgreSQL + Redis behind nginx with the shipped
 * site config (scripts/cluster-rig.mjs). Needs nginx, PostgreSQL and Redis on this machine; `.ci/run`
 * runs it after the main suites. The rig takes CLUSTER_PORT to CLUSTER_PORT+4: five consecutive free
 * ports unless CLUSTER_PORT is set (in process.env, so the rig and the spec agree).
 */
const { CLUSTER_PORT: port } = takePorts(['CLUSTER_PORT'], { block: 5 });

export default defineConfig({
  testDir: 'tests/cluster',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: process.env['CI'] ? 1 : 0,
  forbidOnly: Boolean(process.env['CI']),
  reporter: [['list']],
  outputDir: 'test-results/cluster',
  use: {
    baseURL: `https://127.0.0.1:${port}`,
    ignoreHTTPSErrors: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  webServer: {
    command: 'node scripts/cluster-rig.mjs',
    url: `https://127.0.0.1:${port}/readyz`,
    ignoreHTTPSErrors: true,
    timeout: 240_000,
    reuseExistingServer: Boolean(process.env['E2E_REUSE']),
    // The rig stops its instances and nginx and drops its database on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
