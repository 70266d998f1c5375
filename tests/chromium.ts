/** Debian's Chromium (never a Playwright download) and the flags that work on these machines; both Playwright configs use them. */
export const executablePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
