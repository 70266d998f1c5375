import { expect, test } from '../fixtures';

/**
 * Every kind of link people share into WeChat or QQ, opened on a phone (SPEC §2 guard): it lands on a
 * working mobile page at this same origin — never a host we do not serve — that fits the screen.
 * The redirect table itself is unit-tested row by row (tests/unit/mobile-redirect.test.ts).
 */
const LINKS: [desktop: string, mobile: RegExp][] = [
  ['/', /\/m$/],
  ['/train/courseDetail?id=1', /\/m\/course\/detail\?id=1$/],
  ['/train/classDetail?id=10', /\/m\/class\/detail\?id=10$/],
  ['/shop/goodsDetail?id=1', /\/m\/goods\/detail\?id=1$/],
  ['/anchor?type=coach&id=1', /\/m\/anchor\?type=coach&id=1$/],
  ['/anchor?type=mechant&id=1', /\/m\/anchor\?type=merchant&id=1$/],
  ['/article/detail?id=1', /\/m\/article\/detail\?id=1$/],
  ['/firendscircle?post=1', /\/m\/circle\/post\?share=1&id=1$/],
  ['/live/room/1', /\/m\/live\/room\?id=1$/],
  ['/live/playback/3', /\/m\/live\/playback\?id=3$/],
  ['/account/regmember?inviter=100001', /\/m\/register\?inviter=100001$/],
  ['/coupon', /\/m\/coupon$/],
  ['/search?q=%E5%A4%AA%E6%9E%81&type=course', /\/m\/search\?q=%E5%A4%AA%E6%9E%81&type=course$/],
  ['/shopsearch?q=%E5%89%91', /\/m\/search\?type=goods&q=%E5%89%91$/],
  ['/shop', /\/m\/shop$/],
  ['/train/course', /\/m\/list\?share=1&type=course$/],
  ['/article', /\/m\/list\?share=1&type=article$/],
  ['/live/coach', /\/m\/live\?share=1&type=0$/],
  ['/firendscircle', /\/m\/circle\?share=1&type=friendscircle$/],
  ['/help', /\/m\/help$/],
];

test('every shared link lands on a mobile page of this site that fits the screen', async ({ page }) => {
  test.setTimeout(120_000);
  const width = page.viewportSize()?.width ?? 0;
  const origin = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? '') : page.url()).origin;
  for (const [desktop, mobile] of LINKS) {
    const res = await page.goto(desktop);
    expect(res?.status(), desktop).toBe(200);
    expect(page.url(), desktop).toMatch(mobile);
    expect(new URL(page.url()).origin, desktop).toBe(origin);
    // Chromium widens a phone's layout viewport to fit wider content: the document must stay within the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${desktop} scrolls sideways`).toBeLessThanOrEqual(width);
    await expect(page.locator('h1').first(), desktop).toBeAttached();
  }
});

test('a desktop-only area says where to do it; 电脑版 and 手机版 switch', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/m\/desktop\?from=%2Fadmin$/);
  await expect(page.getByTestId('m-desktop-only')).toContainText('运营后台仅支持电脑浏览器');
  await page.goto('/train/courseDetail?id=1');
  await page.getByTestId('m-desktop-link').click();
  // The phone asked for the desktop page: it stays there for this session.
  await expect(page).toHaveURL(/\/train\/courseDetail\?id=1$/);
  await page.goto('/shop');
  await expect(page).toHaveURL(/\/shop$/);
  // 手机版 opens this page on the mobile site and ends the desktop choice.
  await page.getByRole('link', { name: '手机版' }).click();
  await expect(page).toHaveURL(/\/m\/shop$/);
  await page.goto('/train/courseDetail?id=1');
  await expect(page).toHaveURL(/\/m\/course\/detail\?id=1$/);
});

test('a removed item shared to a phone says so on a mobile page with a way home', async ({ page }) => {
  const res = await page.goto('/shop/goodsDetail?id=99999999');
  expect(res?.status()).toBe(404);
  await expect(page).toHaveURL(/\/m\/goods\/detail\?id=99999999$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('页面不存在');
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/m$/);
});

test('the QQ callback carries its hash to the mobile QQ account page', async ({ page }) => {
  await page.goto('/login/bind/qq/callback#access_token=abc123&state=s');
  await page.waitForURL(/\/m\/account\/qq\?access_token=abc123&state=s$/);
});
