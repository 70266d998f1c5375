import { test, expect } from '../fixtures';
import { newMember, ready, signIn, toastWith } from '../helpers';

/*
 * The mobile shop as a phone user walks it (SPEC §2 mobile site): a shared desktop goods link lands
 * on the mobile page, the SKU sheet, the cart, logging in when asked, checkout with a new address
 * picked through the region picker, and the pay page; and the goods list growing as it scrolls.
 */

/** A goods on sale with specs to choose (the seed's first goods has them). */
async function goodsWithSpecs(request: import('@playwright/test').APIRequestContext): Promise<number> {
  const list = ((await (await request.post('/api/goods/list', { data: { limit: 20 } })).json()) as { data: { list: { id: number }[] } })
    .data.list;
  for (const g of list) {
    const d = (
      (await (await request.post('/api/goods/detail', { data: { id: g.id } })).json()) as {
        data: { spec_names: string[]; stock: number };
      }
    ).data;
    if (d.spec_names.length > 0 && d.stock > 5) return g.id;
  }
  throw new Error('no goods with specs in the seed');
}

test('a shared goods link: SKU sheet, login when asked, cart, checkout with a new address, pay', async ({ page, request }) => {
  const id = await goodsWithSpecs(request);
  await page.goto(`/shop/goodsDetail?id=${id}`);
  await expect(page).toHaveURL(new RegExp(`/m/goods/detail\\?id=${id}$`));
  await ready(page);

  // 加入购物车 with nothing chosen opens the sheet; every spec gets its first value that has stock.
  await page.getByTestId('m-goods-actions').getByRole('button', { name: '加入购物车' }).click();
  const sheet = page.getByRole('dialog', { name: '选择规格' });
  await expect(sheet).toBeVisible();
  for (const group of await sheet
    .getByRole('group')
    .filter({ hasNot: page.getByRole('button', { name: '减少' }) })
    .all()) {
    await group.getByRole('button', { disabled: false }).first().click();
  }
  await expect(sheet.getByText(/^已选 /)).toBeVisible();
  await sheet.getByRole('button', { name: '增加' }).click();
  await expect(sheet.getByTestId('m-spec-qty')).toHaveText('2');
  await sheet.getByRole('button', { name: '加入购物车' }).click();

  // A guest is sent to log in, with the way back (and the choice) in `redirect`.
  await expect(page).toHaveURL(/\/m\/login\?redirect=/);
  const back = new URL(page.url()).searchParams.get('redirect') ?? '';
  expect(back).toMatch(new RegExp(`^/m/goods/detail\\?id=${id}&sku=\\d+&num=2&act=cart$`));
  await signIn(page, await newMember(request));
  await page.goto(back);
  await ready(page);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('m-spec-qty')).toHaveText('2');
  await sheet.getByRole('button', { name: '加入购物车' }).click();
  await expect(toastWith(page, '已加入购物车')).toBeVisible();
  await expect(sheet).toBeHidden();

  await page.getByTestId('m-goods-actions').getByRole('link', { name: '购物车' }).click();
  await expect(page).toHaveURL(/\/m\/cart$/);
  await ready(page);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('line-num')).toHaveText('2');
  await page.getByTestId('cart-bar').getByRole('checkbox', { name: '全选' }).click();
  await page.getByRole('button', { name: /^结算/ }).click();

  await expect(page).toHaveURL(/\/m\/checkout\?kind=goods&cart=\d+$/);
  await ready(page);
  await page.getByTestId('m-address-card').click();
  const form = page.getByRole('dialog', { name: '新增收货地址' });
  await form.getByLabel('收货人').fill('叶问');
  await form.getByLabel('手机号').fill('13912345678');
  await form.getByTestId('m-region-field').click();
  await form.getByRole('option', { name: '广东省' }).click();
  await form.getByRole('option', { name: '佛山市' }).click();
  await form.getByRole('option', { name: '禅城区' }).click();
  await expect(form.getByTestId('m-region-field')).toContainText('广东省 佛山市 禅城区');
  await form.getByLabel('详细地址').fill('祖庙路 21 号');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('m-address-card')).toContainText('叶问');
  await expect(page.getByTestId('m-address-card')).toContainText('祖庙路 21 号');

  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/m\/pay\?id=\d+$/);
});

test('the goods list loads its next page when scrolled to the end', async ({ page }) => {
  await page.goto('/m/goods?sort=hot');
  await ready(page);
  const tiles = page.getByTestId('m-goods');
  await expect(tiles).toHaveCount(20);
  await tiles.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => tiles.count()).toBeGreaterThan(20);
  await expect(page.getByRole('link', { name: '销量' })).toHaveAttribute('aria-current', 'true');
});
