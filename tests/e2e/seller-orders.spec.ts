import { expect, test, type Page } from './fixtures';
import { DEMO, loginByCookie, newMember, ready, signIn, toastWith, type Member } from './helpers';

// Seller orders and refunds end to end: a member of the test's own buys the demo shop's goods with coins; the shop
// (武当山货铺) ships it from its order list and the member receives it; another order is refunded
// on the shop's approval and the coins come back.

// Each test is a whole purchase by a new member plus the shop's side in a second browser.
test.describe.configure({ timeout: 120_000 });

/** A goods id of the demo shop, picked through the public API like a shopper browsing its page. */
async function demoShopGoods(page: Page): Promise<number> {
  const res = await page.request.post('/api/shop/list', { data: { limit: 50 } });
  const shops = ((await res.json()) as { data: { list: { id: number; nick_name: string }[] } }).data.list;
  const shopId = shops.find((s) => s.nick_name === DEMO.mechant.name)!.id;
  const own = await page.request.post('/api/goods/list', { data: { shop_id: shopId, limit: 20, sort: 'price_asc' } });
  const goods = ((await own.json()) as { data: { list: { id: number; price: number }[] } }).data.list;
  return goods.find((g) => g.price >= 2000 && g.price <= 60_000)!.id;
}

/** Buys one of the goods with coins through the pages; answers the order number. */
async function buyWithCoins(page: Page, m: Member, goodsId: number): Promise<string> {
  await page.goto(`/shop/goodsDetail?id=${goodsId}`);
  await ready(page);
  const groups = page.getByTestId('spec-picker').getByRole('group');
  for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).locator('button:not([disabled])').first().click();
  await page.getByRole('button', { name: '立即购买' }).click();
  await page.waitForURL(/\/order\/goodsOrder/);
  await ready(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/order\/middle\?id=\d+/);
  await ready(page);
  await page.getByRole('button', { name: /立即支付/ }).click();
  const dialog = page.getByRole('dialog', { name: '输入支付密码' });
  await dialog.getByLabel('支付密码').fill(m.payPassword);
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/order\/detail\?id=\d+&paid=1/);
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  return (await page
    .getByText(/^订单编号/)
    .locator('..')
    .textContent())!
    .replace('订单编号', '')
    .trim();
}

/** The shop owner's page, in a browser context of its own. */
async function shopPage(page: Page): Promise<Page> {
  const shop = await page
    .context()
    .browser()!
    .newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1366, height: 900 } });
  const p = await shop.newPage();
  await p.goto(`${test.info().project.use.baseURL}/download`);
  await loginByCookie(p, DEMO.mechant.phone);
  return p;
}

test('a member buys goods with coins, the shop ships it from its list, the member receives it', async ({ page }) => {
  const m = await newMember(page.request, { coins: 2000, payPassword: true, address: true });
  await page.goto('/');
  await signIn(page, m);
  const orderNo = await buyWithCoins(page, m, await demoShopGoods(page));

  const shop = await shopPage(page);
  await shop.goto('/mechant/order/goods?tab=paid');
  await ready(shop);
  await shop.getByLabel('搜索订单').fill(orderNo);
  await shop.getByRole('search', { name: '订单搜索' }).getByRole('button', { name: '搜索' }).click();
  const row = shop.getByTestId('seller-order').filter({ hasText: orderNo });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('seller-order-status')).toHaveText('待发货');
  await expect(row).toContainText(m.user.nick_name);
  await row.getByRole('button', { name: '发货' }).click();
  const dialog = shop.getByRole('dialog', { name: '订单发货' });
  await dialog.getByLabel('快递公司').selectOption('中通快递');
  await dialog.getByLabel('快递单号').fill('12');
  await dialog.getByRole('button', { name: '确认发货' }).click();
  await expect(toastWith(shop, '快递单号为 6-32 位字母或数字')).toBeVisible();
  await dialog.getByLabel('快递单号').fill('ZT7788990011');
  await dialog.getByRole('button', { name: '确认发货' }).click();
  await expect(toastWith(shop, '已发货')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0); // no longer 待发货
  await shop.getByRole('tab', { name: '已发货' }).click();
  await expect(shop.getByTestId('seller-order').filter({ hasText: orderNo })).toContainText('中通快递 ZT7788990011');
  await shop.screenshot({ path: test.info().outputPath('shop-orders-shipped.png'), fullPage: true });

  await page.goto('/my/order/goods?tab=shipped');
  await ready(page);
  const card = page.getByTestId('order-card').filter({ hasText: orderNo });
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: '确认收货' }).click();
  await expect(toastWith(page, '已确认收货')).toBeVisible();

  await shop.getByRole('tab', { name: '已完成' }).click();
  await expect(shop.getByTestId('seller-order').filter({ hasText: orderNo }).getByTestId('seller-order-status')).toHaveText('已收货');
  await shop.context().close();
});

test('a member asks for a refund, the shop approves it, and the coins come back', async ({ page }) => {
  const m = await newMember(page.request, { coins: 2000, payPassword: true, address: true });
  await page.goto('/');
  await signIn(page, m);
  const orderNo = await buyWithCoins(page, m, await demoShopGoods(page));
  await page.goto('/my/wallet/kungfucoin');
  await expect(page.getByTestId('coin-balance')).not.toHaveText('2000');

  await page.goto('/my/order/goods?tab=paid');
  await ready(page);
  await page.getByTestId('order-card').filter({ hasText: orderNo }).getByRole('button', { name: '申请退款' }).click();
  const form = page.getByRole('dialog', { name: '申请退款' });
  await form.getByRole('button', { name: '拍错了 / 多拍了' }).click();
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(toastWith(page, '退款申请已提交')).toBeVisible();

  const shop = await shopPage(page);
  await shop.goto(`/mechant/order/goods?tab=refunding&key=${orderNo}`);
  await ready(shop);
  const row = shop.getByTestId('seller-order').filter({ hasText: orderNo });
  await expect(row).toContainText('买家退款原因：拍错了 / 多拍了');
  // Refusing needs a reason.
  await row.getByRole('button', { name: '拒绝退款' }).click();
  const refuse = shop.getByRole('dialog', { name: '拒绝退款' });
  await refuse.getByRole('button', { name: '确认拒绝' }).click();
  await expect(toastWith(shop, '请填写拒绝退款的原因')).toBeVisible();
  await refuse.getByRole('button', { name: '关闭' }).click();
  await shop.screenshot({ path: test.info().outputPath('shop-orders-refunding.png'), fullPage: true });
  shop.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: '同意退款' }).click();
  await expect(toastWith(shop, '已同意退款')).toBeVisible();
  await shop.getByRole('tab', { name: '已退款/已关闭' }).click();
  await expect(shop.getByTestId('seller-order').filter({ hasText: orderNo }).getByTestId('seller-order-status')).toHaveText('已退款');
  await shop.context().close();

  await page.goto('/my/wallet/kungfucoin');
  await expect(page.getByTestId('coin-balance')).toHaveText('2000');
  await expect(page.getByTestId('ledger')).toContainText(`订单 ${orderNo} 退款`);
});
