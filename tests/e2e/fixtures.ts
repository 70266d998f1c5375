import { test as base, expect } from '@playwright/test';

/**
 * Every e2e test runs under these guards: a Content-Security-Policy violation or an uncaught page
 * error in any page of the test (popups included) fails it. Import `test` and `expect` from here.
 */
export const test = base.extend<{ pageGuards: undefined }>({
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
});

export { expect };
export type { Page, Locator } from '@playwright/test';
