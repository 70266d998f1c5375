import { expect, test, type Page } from './fixtures';
import { DEMO, loginByCookie, ready, toastWith } from './helpers';

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
    const box = page.getByRole('combobox', { name: '搜索关键字' });
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

/**
 * Pages are rendered for guests; a logged-in viewer's islands must hydrate that same HTML and only
 * then show what the session changes (useHydrated), or React throws #418 and re-renders the island.
 * Every page a logged-in viewer opens here must hydrate without any console error or page error.
 */
test.describe('logged-in viewers: islands hydrate the server HTML (no React #418)', () => {
  async function roomOf(page: Page, nick: string): Promise<number> {
    const res = await page.request.post('/api/public/liveSearch', { data: { q: nick } });
    const rooms = ((await res.json()) as { data: { list: { id: number; anchor: { nick: string } }[] } }).data.list;
    return rooms.find((r) => r.anchor.nick === nick)!.id;
  }
  async function firstPlayback(page: Page): Promise<number> {
    const res = await page.request.post('/api/public/playbackList', { data: {} });
    return ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
  }

  /** Opens each page as `phone` and fails on any console error or page error, islands below the fold included. */
  async function sweep(page: Page, phone: string, paths: string[]): Promise<void> {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${page.url()} console: ${m.text().slice(0, 200)}`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()} page error: ${e.message.slice(0, 200)}`));
    await page.goto('/download');
    await loginByCookie(page, phone);
    for (const path of paths) {
      await page.goto(path);
      await ready(page);
      for (const island of await page.locator('astro-island[client="visible"][ssr]').all()) await island.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client="demand"])').length === 0);
    }
    expect(problems).toEqual([]);
  }

  test('a member: live room, live pages, coach and shop pages, course and goods detail, 功夫圈, /my pages', async ({ page }) => {
    test.slow();
    await page.goto('/download');
    const [coachRoom, shopRoom, playback] = [
      await roomOf(page, DEMO.coach.name),
      await roomOf(page, DEMO.mechant.name),
      await firstPlayback(page),
    ];
    await sweep(page, DEMO.member.phone, [
      `/live/room/${coachRoom}`,
      `/live/room/${shopRoom}`,
      '/live',
      '/live/prev',
      `/live/playback/${playback}`,
      '/livesearch?q=%E5%92%8F%E6%98%A5',
      '/anchor?type=coach&id=1',
      '/anchor?type=mechant&id=1',
      '/train/coach?id=1',
      '/train/courseDetail?id=1',
      '/shop/goodsDetail?id=1',
      '/firendscircle',
      '/my',
      '/my/order',
      '/my/finance',
      '/my/wallet/kungfucoin',
      '/my/focus',
      '/my/notice',
      '/cart',
    ]);
  });

  test('a coach: own room, live console and the coach area', async ({ page }) => {
    await page.goto('/download');
    const room = await roomOf(page, DEMO.coach.name);
    await sweep(page, DEMO.coach.phone, [`/live/room/${room}`, '/live/liver', '/coach/finance', '/coach/course', '/coach/homepage/live']);
  });

  test('a shop owner and a provider: the shop area and the provider area', async ({ page, browser }) => {
    await sweep(page, DEMO.mechant.phone, ['/mechant/live', '/mechant/finance', '/mechant/order/goods', '/mechant/homepage']);
    const provider = await browser.newPage();
    await sweep(provider, DEMO.provider.phone, ['/my/service_identity', '/my/service_identity/money']);
    await provider.close();
  });
});
