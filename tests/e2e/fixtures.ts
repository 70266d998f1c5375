import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';

/**
 * Every e2e test runs under these guards: a Content-Security-Policy violation or an uncaught page
 * error in any page of the test (popups included) fails it. Import `test` and `expect` from here.
 *
 * A test tagged `@media` (a live encoding pipeline: ffmpeg pushing, a camera through MediaRecorder
 * and the server's encoder, a browser decoding the stream) holds the rig's one media slot while it
 * runs: two of them side by side starve each other on a 2-core box and miss their frames. Other
 * tests run beside it as usual; the wait for the slot is added to the test's timeout.
 */
export const test = base.extend<{ pageGuards: undefined; mediaSlot: undefined }>({
  pageGuards: [
    async ({ context }, use) => {
      const problems: string[] = [];
      context.on('console', (msg) => {
        if (/Content[- ]Security[- ]Policy/i.test(msg.text())) problems.push(`CSP: ${msg.text().slice(0, 300)}`);
      });
      context.on('weberror', (err) => problems.push(`page error: ${err.error().message.slice(0, 300)}`));
      await use(undefined);
      expect(problems, 'CSP violations and page errors').toEqual([]);
    },
    { auto: true },
  ],
  mediaSlot: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none
    async ({}, use, info) => {
      if (!info.tags.includes('@media')) return use(undefined);
      const waited = await takeMediaSlot();
      info.setTimeout(info.timeout + waited);
      try {
        await use(undefined);
      } finally {
        rmSync(SLOT, { recursive: true, force: true });
      }
    },
    { auto: true },
  ],
});

const SLOT = join(tmpdir(), `gongfu-e2e-media-${process.env['E2E_PORT'] ?? 'reuse'}`);

/** Takes the slot (a directory: mkdir either creates it or fails), freeing one whose holder died. */
async function takeMediaSlot(): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(SLOT);
      writeFileSync(join(SLOT, 'pid'), String(process.pid));
      return Date.now() - started;
    } catch {
      if (!holderAlive()) rmSync(SLOT, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

function holderAlive(): boolean {
  let pid = 0;
  try {
    pid = Number(readFileSync(join(SLOT, 'pid'), 'utf8'));
  } catch {
    return true; // just created: its pid is being written
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export { expect };
export type { Page, Locator } from '@playwright/test';
