// @ts-check
// `npm test`: the build, the unit and API tests (vitest), then the browser tests (Playwright). The
// browser is checked first, so a machine without Chromium learns it in a second with the command
// that installs it, not after the whole vitest suite.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { chromiumPath, chromiumProblem, INSTALL_HINT } from './chromium.mjs';

/**
 * Measured on a 2-core machine (2026-11, 101 vitest files, 152 browser tests, load average ~10 from
 * other work): build 0.8 min, vitest 7.5 min (the API files copy one seeded template database),
 * Playwright 9.2 min. docs/PERFORMANCE.md (CI) has the phases of `.ci/run`.
 */
const MEASURED_MIN_ON_2_CORES = 18;
// The last complete run on this machine, for a better estimate next time.
const LAST_RUN = 'node_modules/.cache/gongfu-test-duration.json';

const say = (/** @type {string} */ msg) => process.stdout.write(`[test] ${msg}\n`);

const problem = chromiumProblem();
if (problem) {
  process.stderr.write(
    `[test] the browser tests need Chromium: ${problem}.\n[test] ${INSTALL_HINT}; then run npm test again.\n` +
      '[test] (npm run test:unit and npm run test:api run without a browser.)\n',
  );
  process.exit(1);
}

let last = null;
try {
  last = JSON.parse(readFileSync(LAST_RUN, 'utf8'));
} catch {
  // first run here
}
say(
  `build, unit + API tests, then the browser tests with ${chromiumPath()}: about ${MEASURED_MIN_ON_2_CORES} minutes on 2 cores` +
    (last?.minutes
      ? ` (the last run here took ${last.minutes} min on ${last.cores} cores)`
      : ` (this machine has ${availableParallelism()})`),
);

const started = Date.now();
for (const [name, cmd, args] of /** @type {[string, string, string[]][]} */ ([
  ['build', 'npx', ['astro', 'build']],
  ['unit + API tests', 'npx', ['vitest', 'run']],
  ['browser tests', 'npx', ['playwright', 'test']],
])) {
  const step = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit' });
  if (run.status !== 0) {
    say(`${name} failed after ${((Date.now() - step) / 60_000).toFixed(1)} min`);
    process.exit(run.status ?? 1);
  }
  say(`${name} passed in ${((Date.now() - step) / 60_000).toFixed(1)} min`);
}
const minutes = Math.round((Date.now() - started) / 60_000);
say(`all passed in ${minutes} min`);
mkdirSync('node_modules/.cache', { recursive: true });
writeFileSync(LAST_RUN, JSON.stringify({ minutes, cores: availableParallelism(), at: new Date().toISOString() }));
