import { expect, test, type Page } from './fixtures';
import { baseUrl, DEMO, ready, toastWith } from './helpers';

/** A 1×1 PNG, picked through the file inputs like a real image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const file = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** Logs the shop owner in through the API and hands the session to the browser (the `user` cookie). */
async function asShopOwner(page: Page): Promise<void> {
  const res = await page.request.post('/api/login', { data: { type: 1, phone: DEMO.mechant.phone, password: DEMO.mechant.password } });
  const user = ((await res.json()) as { data: Record<string, unknown> }).data;
  await page.context().addCookies([{ name: 'user', value: encodeURIComponent(JSON.stringify(user)), url: baseUrl() }]);
}

test('a shop owner adds goods with two SKUs, puts it on sale, and buyers find it in the list and on its page', async ({ page }) => {
  const title = `e2e 太极扇 ${Date.now() % 100000}`;
  await asShopOwner(page);
  await page.goto('/mechant/homepage/goods');
  await ready(page);
  await page.getByRole('button', { name: '添加商品' }).click();
  const form = page.getByTestId('goods-form');
  await form.getByLabel('商品标题', { exact: true }).fill(title);
  await form.getByTestId('goods-image-file').setInputFiles(file('fan.png'));
  await expect(form.getByAltText('商品图片 1')).toBeVisible();
  await form.getByLabel('商品分类', { exact: true }).selectOption({ index: 1 });
  await form.getByLabel('规格名 1', { exact: true }).fill('颜色');
  await form.getByLabel('第 1 行 颜色', { exact: true }).fill('红色');
  await form.getByLabel('第 1 行价格', { exact: true }).fill('58');
  await form.getByLabel('第 1 行库存', { exact: true }).fill('10');
  await form.getByRole('button', { name: '添加规格' }).click();
  await form.getByLabel('第 2 行 颜色', { exact: true }).fill('黑色');
  await form.getByLabel('第 2 行价格', { exact: true }).fill('62.5');
  await form.getByLabel('第 2 行库存', { exact: true }).fill('3');
  await form.getByRole('textbox', { name: '商品详情' }).fill('手工竹骨太极扇，开合顺滑。');
  await form.getByLabel('代理佣金', { exact: true }).fill('10');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toastWith(page, '已添加')).toBeVisible();

  const row = page.getByTestId('goods-row').filter({ hasText: title });
  await expect(row).toContainText('已下架');
  await expect(row).toContainText('13');
  await expect(row).toContainText('10%');
  await row.getByRole('button', { name: '上架' }).click();
  await expect(row).toContainText('在售');

  await page.goto('/shop/goodsList');
  await expect(page.getByTestId('goods-card').filter({ hasText: title })).toBeVisible();
  await page.getByTestId('goods-card').filter({ hasText: title }).click();
  await page.waitForURL(/\/shop\/goodsDetail\?id=\d+/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('¥58.00').first()).toBeVisible();
  await expect(page.getByText('手工竹骨太极扇，开合顺滑。')).toBeVisible();
  await ready(page);
  await expect(page.getByTestId('spec-picker').getByRole('button', { name: '黑色' })).toBeVisible();
});

test('a shop owner edits the settings and a banner, and the public homepage shows them at once', async ({ page }) => {
  await asShopOwner(page);
  await page.goto('/mechant/setting');
  await ready(page);
  const form = page.getByTestId('settings-form');
  await expect(form.getByLabel('名称', { exact: true })).toHaveValue(DEMO.mechant.name);
  await form.getByLabel('名称', { exact: true }).fill('武当山货铺·旗舰店');
  await form.getByLabel('简介', { exact: true }).fill('武当山脚下的老字号，太极服、太极剑与文化用品。');
  await form.getByLabel('标签', { exact: true }).fill('太极 器械');
  await form.getByLabel('联系电话', { exact: true }).fill('1381234');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toastWith(page, '请填写正确的手机号')).toBeVisible();
  await expect(form.getByLabel('名称', { exact: true })).toHaveValue('武当山货铺·旗舰店');
  await form.getByLabel('联系电话', { exact: true }).fill('13812345678');
  await form.getByLabel('微信号', { exact: true }).fill('wudang_shop');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toastWith(page, '保存成功')).toBeVisible();

  await page.goto('/mechant/banner');
  await ready(page);
  await page.getByTestId('banner-file').setInputFiles(file('banner.png'));
  await page.getByLabel('链接（可选）').fill('javascript:alert(1)');
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await expect(toastWith(page, '链接须为本站路径')).toBeVisible();
  await page.getByLabel('链接（可选）').fill('/shop');
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await expect(page.getByTestId('banner-row')).toHaveCount(1);

  const href = await page.evaluate(async () => {
    const user = JSON.parse(
      decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('user='))!
          .slice(5),
      ),
    ) as { token: string };
    const res = await fetch('/api/shop/setInfo', { method: 'POST', headers: { authSource: 'web', authToken: user.token }, body: '{}' });
    return ((await res.json()) as { data: { anchor: string } }).data.anchor;
  });
  await page.goto(href);
  await expect(page.getByRole('heading', { name: /武当山货铺·旗舰店/ })).toBeVisible();
  await expect(page.getByRole('article').getByText('武当山脚下的老字号，太极服、太极剑与文化用品。')).toBeVisible();
  await expect(page.getByTestId('anchor-contact')).toContainText('13812345678');
  await expect(page.getByTestId('anchor-contact')).toContainText('wudang_shop');
  await expect(page.getByTestId('homepage-banner')).toBeVisible();
});

test('a member without the shop identity is told so, not shown the goods page', async ({ page }) => {
  const res = await page.request.post('/api/login', { data: { type: 1, phone: DEMO.member.phone, password: DEMO.member.password } });
  const user = ((await res.json()) as { data: Record<string, unknown> }).data;
  await page
    .context()
    .addCookies([{ name: 'user', value: encodeURIComponent(JSON.stringify(user)), url: test.info().project.use.baseURL! }]);
  await page.goto('/mechant/homepage/goods');
  await expect(page.getByTestId('seller-not-role')).toBeVisible();
  await page.goto('/coach/homepage/friendscircle');
  await expect(page.getByTestId('seller-not-role')).toBeVisible();
});
