import { expect, test, type Page } from './fixtures';
import { accountApi, loginByCookie, loginStaff, ready, toastWith } from './helpers';
import { money } from '../../src/lib/format';
import { CAMPAIGN_STATE_TEXT } from '../../src/lib/rules/groupbuy';
import { ADMIN_FLASH_PHASE_TEXT } from '../../src/lib/rules/growth-console';
import { bpText, PROMOTION_TEXTS } from '../../src/lib/rules/promotion';

/*
 * The operator's side of the growth tools (/admin/marketing): 分销设置 bounds what a seller may set,
 * 秒杀监管 cancels a sale and 拼团监管 stops a campaign. Each works on goods or a course of a shop no
 * other spec sells through, set up with the seller API, so the demo accounts' items stay as the
 * other growth specs expect them.
 */

/** A seeded shop with paid goods and a paid course (the demo shop's course is free). */
const SHOP = { phone: '13800000205', name: '搏击护具旗舰店' } as const;

interface Limits {
  min_bp: number;
  max_bp: number;
  window_days: number;
}

/** The console's API with the staff session of `page` (its cookie). */
async function staffCall<T>(page: Page, path: string, data: object = {}): Promise<T> {
  const body = (await (await page.request.post(`/api${path}`, { data })).json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

test('a finance operator lowers the highest commission rate; the shop may set a rate up to it and not above', async ({ page, browser }) => {
  const shop = await accountApi(page.request, SHOP.phone);
  // A goods without a rate of its own (the shop has set none).
  const goods = await shop<{ list: { item_id: number; title: string; rate_bp: number | null }[] }>('/seller/promotion/items', {
    kind: 'goods',
    page: 1,
    limit: 10,
  });
  const item = goods.list.find((g) => g.rate_bp === null);
  if (!item) throw new Error('no goods of the shop without a commission rate');
  await loginStaff(page, 'finance');
  const before = await staffCall<Limits>(page, '/admin/promotion/settings');
  // 25 %: above every rate the seed sets (10 % at most), so no commission another spec expects moves.
  const max = 2500;
  const seller = await browser.newContext();
  try {
    await page.goto('/admin/marketing?tab=promotion');
    await ready(page);
    await expect(page.getByRole('tab', { name: '分销设置' })).toHaveAttribute('aria-selected', 'true');
    const limits = page.getByTestId('admin-promotion');
    await limits.getByLabel('最高佣金比例').fill(String(max / 100));
    await limits.getByRole('button', { name: '保存' }).click();
    await expect(toastWith(page, '已保存')).toBeVisible();

    const sp = await seller.newPage();
    await sp.goto('/download');
    await loginByCookie(sp, SHOP.phone);
    await sp.goto('/mechant/marketing?tab=commission');
    await ready(sp);
    const box = sp.getByTestId('seller-commission');
    await expect(box).toContainText(`平台允许的比例：${bpText(before.min_bp)} ~ ${bpText(max)}。`);
    const row = box.getByTestId('commission-row').filter({ hasText: item.title });
    const rate = row.getByLabel(`${item.title} 佣金比例`);
    await rate.fill('26');
    await row.getByRole('button', { name: '保存' }).click();
    await expect(toastWith(sp, PROMOTION_TEXTS.rateRange(before.min_bp, max))).toBeVisible();
    await expect(row).toContainText('未开启');
    await rate.fill('25');
    await row.getByRole('button', { name: '保存' }).click();
    await expect(toastWith(sp, '已保存')).toBeVisible();
    await expect(row).toContainText(`（${bpText(max)}）`);
  } finally {
    await seller.close();
    await shop('/seller/promotion/rateSave', { kind: 'goods', item_id: item.item_id, rate_bp: 0 });
    await staffCall(page, '/admin/promotion/settingsSave', before);
  }
});

test('a content operator cancels a shop’s 秒杀 with a reason; it leaves /flash', async ({ page }) => {
  const shop = await accountApi(page.request, SHOP.phone);
  const options = await shop<{ list: { kind: string; item_id: number; title: string; price: number; stock: number }[] }>(
    '/seller/flash/options',
  );
  const sales = await shop<{ list: { sku_id: number | null; phase: string }[] }>('/seller/flash/list', { page: 1, limit: 50 });
  const busy = new Set(sales.list.filter((s) => s.phase === 'running' || s.phase === 'upcoming').map((s) => s.sku_id));
  const sku = options.list.find((o) => o.kind === 'goods' && o.price > 200 && o.stock > 0 && !busy.has(o.item_id));
  if (!sku) throw new Error('no SKU of the shop is free for a flash sale');
  // Tomorrow for a day (listed as coming; the goods sells at its own price meanwhile), at a price of
  // its own (¥1.01–¥1.99) that picks its card out on /flash.
  const price = 101 + Math.floor(Math.random() * 99);
  const day = 86_400_000;
  const sale = await shop<{ id: number }>('/seller/flash/save', {
    kind: 'goods',
    item_id: sku.item_id,
    price,
    stock: 1,
    per_member: 1,
    starts_at: new Date(Date.now() + day).toISOString(),
    ends_at: new Date(Date.now() + 2 * day).toISOString(),
  });
  const card = page
    .getByTestId('flash-cards')
    .locator('li')
    .filter({ hasText: sku.title })
    .filter({ hasText: money(price) });
  await page.goto('/flash');
  await expect(card).toHaveCount(1);

  await loginStaff(page, 'content');
  await page.goto('/admin/marketing?tab=flash');
  await ready(page);
  const row = page.getByTestId(`flash-row-${sale.id}`);
  await expect(row).toContainText(SHOP.name);
  await expect(row).toContainText(ADMIN_FLASH_PHASE_TEXT.upcoming);
  await row.getByRole('button', { name: '取消', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '取消秒杀活动' });
  await dialog.getByLabel('取消原因').fill('秒杀价标注有误，请核实后重新创建');
  await dialog.getByRole('button', { name: '取消活动' }).click();
  await expect(toastWith(page, '已取消并通知卖家')).toBeVisible();
  await expect(row).toContainText(ADMIN_FLASH_PHASE_TEXT.cancelled);
  await expect(row.getByRole('button', { name: '取消', exact: true })).toHaveCount(0);

  // Another address than before: the browser keeps a page it was shown for 30 s (public, max-age=30).
  await page.goto('/flash?kind=goods');
  await expect(page.getByTestId('flash-cards').or(page.getByTestId('flash-empty'))).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('a content operator stops a shop’s 拼团 with a reason; the course page no longer offers 开团', async ({ page }) => {
  const shop = await accountApi(page.request, SHOP.phone);
  const items = await shop<{ list: { kind: string; id: number; price: number }[] }>('/seller/groupBuyItems');
  const course = items.list.find((i) => i.kind === 'course' && i.price > 100);
  if (!course) throw new Error('no paid course of the shop for a group buy');
  // One active campaign per item: a retry stops what an earlier attempt left running.
  const campaigns = await shop<{ list: { id: number; state: string; item: { kind: string; id: number } }[] }>('/seller/groupBuyList', {
    limit: 50,
  });
  for (const c of campaigns.list.filter((x) => x.item.kind === 'course' && x.item.id === course.id && x.state !== 'stopped'))
    await shop('/seller/groupBuyStop', { id: c.id });
  const campaign = await shop<{ id: number }>('/seller/groupBuySave', {
    kind: 'course',
    item_id: course.id,
    price: 100,
    size: 2,
    limit_hours: 24,
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  await page.goto(`/train/courseDetail?id=${course.id}`);
  await expect(page.getByTestId('groupbuy-open')).toBeVisible();

  await loginStaff(page, 'content');
  await page.goto('/admin/marketing?tab=groupbuy');
  await ready(page);
  const row = page.getByTestId(`groupbuy-row-${campaign.id}`);
  await expect(row).toContainText(SHOP.name);
  await expect(row).toContainText(CAMPAIGN_STATE_TEXT.running);
  await row.getByRole('button', { name: '停止', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '停止拼团活动' });
  await dialog.getByLabel('停止原因').fill('拼团价与课程内容不符，请调整后再发起');
  await dialog.getByRole('button', { name: '停止活动' }).click();
  await expect(toastWith(page, '已停止并通知卖家')).toBeVisible();
  await expect(row).toContainText(CAMPAIGN_STATE_TEXT.stopped);
  await expect(row.getByRole('button', { name: '停止', exact: true })).toHaveCount(0);

  // The panel loads after the page: once its answer is in, there is no campaign and no 开团.
  const panel = page.waitForResponse((r) => r.url().endsWith('/api/public/groupBuy'));
  await page.goto(`/train/courseDetail?id=${course.id}`);
  expect(((await (await panel).json()) as { data: { campaign: unknown } }).data.campaign).toBeNull();
  await ready(page);
  await expect(page.getByTestId('groupbuy-open')).toHaveCount(0);
});
