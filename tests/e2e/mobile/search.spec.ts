import { expect, test } from '../fixtures';
import { ready } from '../helpers';

// The phone's search page: pinyin while typing, a suggestion tapped, every kind's tab with its count.
test('typing taiji on the phone suggests 太极 titles; a tap searches it; the tabs count every kind', async ({ page }) => {
  await page.goto('/m/search');
  await ready(page);
  const box = page.getByRole('combobox', { name: '搜索关键字' });
  await box.tap();
  await box.pressSequentially('taiji');
  const option = page.getByTestId('suggest-list').getByRole('group', { name: '搜索建议' }).getByRole('option').first();
  await expect(option).toContainText('太极');
  const text = (await option.locator('span.truncate').textContent())!.trim();
  await option.tap();
  await page.waitForURL((u) => u.pathname === '/m/search' && u.searchParams.get('q') === text);
  await ready(page);
  const tabs = page.getByTestId('m-search-tabs');
  await expect(tabs.getByRole('link', { name: /^课程\s*\d/ })).toBeVisible();

  await page.goto('/m/search?q=tjq&type=shop');
  await expect(page.getByTestId('m-search-tabs').getByRole('link', { name: /^店铺/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('m-profile').first()).toBeVisible();
});
