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
      await page.getByRole('combobox', { name: '搜索关键字' }).fill('咏春');
      await page.getByRole('button', { name: '搜索' }).click();
      await page.waitForURL((u) => `${u.pathname}${u.search}` === to);
    });
  }

  test('an empty key searches the section placeholder', async ({ page }) => {
    await page.goto('/shop');
    await ready(page);
    const box = page.getByRole('combobox', { name: '搜索关键字' });
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
    await page.getByRole('combobox', { name: '搜索关键字' }).fill('太极');
    await page.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === '太极');
  });
});

test.describe('pinyin in the header box', () => {
  test('typing tjq suggests 太极拳 titles; picking one opens its tab; an empty box offers hot and recent words', async ({ page }) => {
    await page.goto('/');
    await ready(page);
    const box = page.getByRole('combobox', { name: '搜索关键字' });
    await box.click();
    const list = page.getByTestId('suggest-list');
    await expect(list.getByRole('group', { name: '热门搜索' }).getByRole('option', { name: '太极拳' })).toBeVisible();
    await box.pressSequentially('tjq');
    const first = list.getByRole('group', { name: '搜索建议' }).getByRole('option').first();
    await expect(first).toContainText('太极拳');
    const text = (await first.locator('span.truncate').textContent())!.trim();
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /-0$/);
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === text);
    await ready(page);
    await expect(page.getByTestId('search-results').locator('mark').first()).toHaveText(text);

    // Back on a page, the empty box remembers it (this browser only), until 清空.
    await page.goto('/shop');
    await ready(page);
    await box.click();
    await expect(list.getByRole('group', { name: '最近搜索' }).getByRole('option', { name: text })).toBeVisible();
    await list.getByRole('button', { name: '清空' }).click();
    await expect(list.getByRole('group', { name: '最近搜索' })).toHaveCount(0);
  });

  test('full pinyin and mixed keys find 太极拳 in every tab, and a homophone is answered with 你是不是要找', async ({ page }) => {
    await page.goto('/search?q=taiji%E6%8B%B3&type=course');
    const tabs = page.getByTestId('search-tabs');
    for (const kind of ['course', 'class', 'coach', 'goods', 'shop', 'live', 'notice', 'post', 'article'])
      await expect(tabs.getByTestId(`count-${kind}`)).not.toHaveText('0');
    await tabs.getByRole('link', { name: /^店铺/ }).click();
    await expect(page.getByTestId('search-results')).toHaveAttribute('data-type', 'shop');
    await expect(page.getByTestId('search-results').locator('mark').first()).toHaveText('太极拳');

    await page.goto('/search?q=%E5%A4%AA%E7%BA%A7%E6%8B%B3');
    await page.getByTestId('did-you-mean').getByRole('link', { name: '太极拳' }).click();
    await expect(page.getByTestId('search-results').locator('mark').first()).toHaveText('太极拳');
  });
});
