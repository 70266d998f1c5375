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

// Chromium names a download it cannot write in the locale's charset "download": under a non-UTF-8 locale (no LANG,
// as in a bare CI shell) every Chinese file name (经营报表_….csv) is lost. The browsers inherit this.
if (!/utf-?8/i.test(process.env['LC_ALL'] || process.env['LC_CTYPE'] || process.env['LANG'] || '')) process.env['LC_ALL'] = 'C.UTF-8';
