import { test, expect } from './fixtures';
import { loginStaff, newMember, ready, signIn } from './helpers';

/** 签到 and 积分 end to end: an operator stocks the points shop; a member signs in and spends the points. */

test('an operator adds a coupon to the points shop; a member signs in, sees the streak and redeems it', async ({ page, request }) => {
  const title = `签到礼券${Date.now() % 100_000}`;
  await loginStaff(page, 'finance');
  const coupons = await page.request.post('/api/admin/coupons', { data: { page: 1, limit: 50 } });
  const list = (
    (await coupons.json()) as { data: { list: { id: number; status: number; scope: string; claimed: number; total: number }[] } }
  ).data.list;
  const template = list.find((c) => c.status === 1 && c.scope === 'goods' && c.claimed < c.total);
  expect(template, 'an issuing coupon template from the seed').toBeTruthy();

  await page.goto('/admin/marketing');
  await ready(page);
  await expect(page.getByRole('tab', { name: '积分商城' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: '新增积分商品' }).click();
  const form = page.locator('#points-item-form');
  await form.getByLabel('名称').fill(title);
  await form.getByLabel('优惠券模板编号').fill(String(template!.id));
  await form.getByLabel('所需积分').fill('5');
  await form.getByLabel('库存（剩余可兑）').fill('10');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('上架中');

  const m = await newMember(request);
  await signIn(page, m);
  await page.goto('/my/points');
  await ready(page);
  await expect(page.getByTestId('points-balance')).toHaveText('0');
  await page.getByTestId('points-signin').click();
  await expect(page.getByTestId('points-signed')).toHaveText('今日已签到 +5');
  await expect(page.getByTestId('points-streak')).toHaveText('已连续签到 1 天');
  await expect(page.getByTestId('points-balance')).toHaveText('5');
  await expect(page.getByTestId('points-calendar').locator('[data-signed="1"]')).toHaveCount(1);

  const card = page.getByTestId('points-item').filter({ hasText: title });
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: '兑换' }).click();
  await expect(page.getByTestId('points-balance')).toHaveText('0');
  await page.getByRole('tab', { name: '兑换记录' }).click();
  await expect(page.getByTestId('points-redemptions')).toContainText(title);
  await page.getByRole('tab', { name: '积分明细' }).click();
  await expect(page.getByTestId('points-ledger')).toContainText('积分兑换');
});
