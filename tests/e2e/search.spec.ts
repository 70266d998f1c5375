import { expect, test } from './fixtures';
import { ready, toastWith } from './helpers';

const cases = [
  ['/', '/search?q=%E5%92%8F%E6%98%A5&type=course'],
  ['/article', '/search?q=%E5%92%8F%E6%98%A5&type=course'],
  ['/shop', '/shopsearch?q=%E5%92%8F%E6%98%A5'],
  ['/train/class', '/search?q=%E5%92%8F%E6%98%A5&type=class'],
  ['/train/coach', '/search?q=%E5%92%8F%E6%98%A5&type=coach'],
  ['/live/coach', '/livesearch?q=%E5%92%8F%E6%98%A5'],
  ['/firendscircle', '/friendSearch?q=%E5%92%8F%E6%98%A5'],
] as const;

test.describe('header search routes by section (SPEC §2)', () => {
  for (const [from, to] of cases) {
    test(`from ${from}`, async ({ page }) => {
      await page.goto(from);
      await ready(page);
      await page.getByRole('searchbox', { name: '搜索关键字' }).fill('咏春');
      await page.getByRole('button', { name: '搜索' }).click();
      await page.waitForURL((u) => `${u.pathname}${u.search}` === to);
    });
  }

  test('an empty key searches the section placeholder', async ({ page }) => {
    await page.goto('/shop');
    await ready(page);
    const box = page.getByRole('searchbox', { name: '搜索关键字' });
    const placeholder = await box.getAttribute('placeholder');
    expect(placeholder).toBe('练功服');
    await page.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL((u) => u.pathname === '/shopsearch' && u.searchParams.get('q') === placeholder);
  });

  test('the download page requires a keyword', async ({ page }) => {
    await page.goto('/download');
    await ready(page);
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(toastWith(page, '请输入搜索关键字')).toBeVisible();
    await expect(page).toHaveURL(/\/download$/);
    await page.getByRole('searchbox', { name: '搜索关键字' }).fill('太极');
    await page.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === '太极');
  });
});
