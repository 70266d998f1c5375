import { expect, test, type Page } from './fixtures';
import { ready, toastWith } from './helpers';

/*
 * Content pages do not need React before the first paint (docs/ARCHITECTURE.md, "How islands
 * hydrate"): islands hydrate when the browser is idle or when the user reaches for them
 * (client:interact), dialogs and the toaster when first needed (client:demand). Acting before
 * hydration must still work: these tests hold the React runtime back, act, then let it load.
 */

/** Holds the React runtime chunk (astro.config.mjs names it `react`) until the returned function is called. */
async function holdReact(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/react\.[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Nothing hydrated yet: every island still carries the server's `ssr` mark. */
async function expectNotHydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[client="interact"]:not([ssr])')).toHaveCount(0);
  await expect(page.locator('astro-island[client="interact"][ssr]').first()).toBeAttached();
}

test.describe('islands hydrate off the critical path', () => {
  for (const path of ['/', '/train/courseList', '/shop/goodsList', '/train/coachList', '/article', '/help']) {
    test(`${path} loads no island with the page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('astro-island[client="load"]')).toHaveCount(0);
      await expect(page.locator('astro-island[client="interact"]').first()).toBeAttached();
    });
  }

  test('dialogs and the toaster load when first needed; the login dialog opens on the first click', async ({ page }) => {
    await page.goto('/');
    await ready(page);
    await expect(page.locator('astro-island[client="demand"][ssr]')).toHaveCount(4);
    await page.getByRole('banner').getByRole('button', { name: '登录' }).click();
    const dialog = page.getByRole('dialog', { name: '手机号登录' });
    await expect(dialog).toBeVisible();
    // The first toast loads the toaster.
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toastWith(page, '请阅读协议并勾选')).toBeVisible();
  });

  test('a guest clicking 消息 before hydration is warned and stays', async ({ page }) => {
    const release = await holdReact(page);
    await page.goto('/article', { waitUntil: 'domcontentloaded' });
    await expectNotHydrated(page);
    await page.getByRole('navigation', { name: '快捷工具' }).getByRole('link', { name: '消息' }).click();
    release();
    await expect(toastWith(page, '身份已过期请重新登录')).toBeVisible();
    await expect(page).toHaveURL(/\/article$/);
  });

  test('a keyword typed and submitted before hydration is searched', async ({ page }) => {
    const release = await holdReact(page);
    await page.goto('/train/courseList', { waitUntil: 'domcontentloaded' });
    await expectNotHydrated(page);
    const box = page.getByRole('searchbox', { name: '搜索关键字' });
    await box.fill('咏春');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/train\/courseList$/);
    release();
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === '咏春');
  });

  test('联系客服 clicked before hydration opens the dialog', async ({ page }) => {
    const release = await holdReact(page);
    await page.goto('/help', { waitUntil: 'domcontentloaded' });
    await expectNotHydrated(page);
    await page.getByRole('contentinfo').getByRole('button', { name: '联系客服' }).click();
    release();
    await expect(page.getByRole('dialog', { name: '联系客服' })).toBeVisible();
  });

  test('a spec picked before hydration is selected', async ({ page }) => {
    await page.goto('/shop/goodsList');
    const href = await page.locator('a[href^="/shop/goodsDetail?id="]').first().getAttribute('href');
    const release = await holdReact(page);
    await page.goto(href!, { waitUntil: 'domcontentloaded' });
    await expectNotHydrated(page);
    const value = page.getByTestId('spec-picker').getByRole('group').first().locator('button:not([disabled])').first();
    await value.click();
    release();
    await expect(value).toHaveAttribute('aria-pressed', 'true');
  });
});
