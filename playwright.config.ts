import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { takePorts } from './scripts/free-ports.mjs';
import { chromiumArgs, executablePath } from './tests/chromium';

// The rig's web, OAuth stand-in and RTMP ports: free ones unless E2E_PORT, E2E_OAUTH_PORT or E2E_RTMP_PORT
// say otherwise, so two checkouts test on one machine side by side. Picked once, in the runner: they
// go into process.env, which the rig (scripts/e2e-server.mjs) and the test workers inherit.
if (process.env['E2E_REUSE'] && !process.env['E2E_PORT']) throw new Error('E2E_REUSE=1 needs E2E_PORT: the server to test against');
const { E2E_PORT: port } = takePorts(['E2E_PORT', 'E2E_OAUTH_PORT', 'E2E_RTMP_PORT']);
const baseURL = `http://127.0.0.1:${port}`;
// Where the rig leaves console sessions for `loginStaff` (tests/fixtures/staff-sessions.ts); the rig
// and the test workers inherit it. Without it (E2E_REUSE against a server of your own) specs log in with TOTP.
if (!process.env['E2E_REUSE']) process.env['E2E_STAFF_DIR'] ??= join(tmpdir(), `gongfu-e2e-staff-${port}`);

/** E2E against the built server on a fresh seeded data dir, driving Debian's Chromium (never a download). */
export default defineConfig({
  testDir: 'tests/e2e',
  // Sized for a loaded 2-core CI box (a parallel build beside the suite), not a fast laptop.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  forbidOnly: Boolean(process.env['CI']),
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: [/(chat-call|live-browser|critique)\.spec\.ts/, /[\\/]mobile[\\/]/] },
    // The mobile site (src/pages/m) as phones see it: a Pixel's and an iPhone's screen, touch and user
    // agent, on the system Chromium (no WebKit here: what only Safari would show is in docs/KNOWN-GAPS.md).
    // Every mobile spec runs as the Pixel; the iPhone repeats those its user agent changes — where a shared
    // link lands, WeChat's share card, inline lesson playback, checkout — not the ones Chromium plays alike.
    {
      name: 'iphone',
      testMatch: /[\\/]mobile[\\/](links|content|train|shop)\.spec\.ts/,
      use: { ...devices['iPhone 13'], browserName: 'chromium' },
    },
    { name: 'pixel', testMatch: /[\\/]mobile[\\/].*\.spec\.ts/, use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    {
      // Calls and 网页开播 need a camera and microphone: Chromium's fake devices, permission granted without a prompt.
      name: 'chat-call',
      testMatch: /(chat-call|live-browser|critique)\.spec\.ts/,
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath, args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/download`,
    // A loaded CI box (build and other suites beside it) has needed over two minutes to migrate, seed and start.
    timeout: 240_000,
    // E2E_REUSE=1 runs the specs against a server already on E2E_PORT (an `astro dev` while building a page).
    reuseExistingServer: Boolean(process.env['E2E_REUSE']),
    stdout: 'pipe',
    stderr: 'pipe',
    // The rig stops the server and removes its data directory and console sessions on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
