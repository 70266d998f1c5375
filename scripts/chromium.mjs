// @ts-check
// The browser the Playwright suites drive: Debian's Chromium (Playwright never downloads one), or
// CHROMIUM_PATH. `npm test` (scripts/test.mjs) checks it before anything else runs.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const INSTALL_HINT =
  'install it: sudo apt-get install chromium fonts-noto-cjk (Debian/Ubuntu), or set CHROMIUM_PATH to a Chrome or Chromium binary';

/** @returns {string} */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * Why the browser tests cannot start (no browser, or with `run` one that does not answer `--version`);
 * null when they can.
 */
export function chromiumProblem({ path = chromiumPath(), run: tryIt = true } = {}) {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return `no Chromium at ${path}`;
  }
  if (!tryIt) return null;
  const run = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  if (run.status !== 0) return `${path} --version failed${run.error ? ` (${run.error.message})` : ''}`;
  return null;
}
