import { chromiumPath, chromiumProblem, INSTALL_HINT } from '../scripts/chromium.mjs';

/** Debian's Chromium (never a Playwright download) and the flags that work on these machines; both Playwright configs use them. */
export const executablePath = chromiumPath();
// Without the browser every test would fail one by one: the config stops at once with the way to install it.
const missing = chromiumProblem({ run: false });
if (missing) throw new Error(`the browser tests need Chromium: ${missing}; ${INSTALL_HINT}`);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
