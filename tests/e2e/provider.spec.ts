import { test, expect } from './fixtures';
import { DEMO, loginByCookie, newMember, ready, signIn, toastWith } from './helpers';

/**
 * The provider area. The demo coach 陈师傅 already holds the seeded invitation that
 * account.spec answers, so the invitation here goes to another seeded coach no other spec uses.
 */
const COACH = { phone: '13800000106', name: '孙雅婷' };

test('the provider invites a coach, the coach agrees in notices, and the team list shows them', async ({ page }) => {
  await page.goto('/');
  await loginByCookie(page, DEMO.provider.phone);
  await page.goto('/my/service_identity/list');
  await ready(page);
  await expect(page.getByRole('navigation', { name: '服务商管理菜单' }).getByRole('link', { name: '教练列表' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByLabel('教练手机号').fill(COACH.phone);
  await page.getByRole('button', { name: '发送邀请' }).click();
  await expect(toastWith(page, '邀请已发送')).toBeVisible();
  await expect(page.getByTestId('team-row').filter({ hasText: COACH.name })).toContainText('邀请中');

  await page.context().clearCookies();
  // The cookie takes the path of the page it is set from: set it from the root.
  await page.goto('/');
  await loginByCookie(page, COACH.phone);
  await page.goto('/my/notice');
  await ready(page);
  await page.getByRole('link', { name: /华武供应链邀请您加入/ }).click();
  await page.getByRole('link', { name: '去处理' }).click();
  await page.waitForURL('**/my/notice/commitInfo?id=*');
  await ready(page);
  await page.getByRole('button', { name: '同意' }).click();
  await expect(page.getByTestId('consent')).toContainText('您已同意该申请');

  await page.context().clearCookies();
  // The cookie takes the path of the page it is set from: set it from the root.
  await page.goto('/');
  await loginByCookie(page, DEMO.provider.phone);
  await page.goto('/my/service_identity/list');
  await ready(page);
  await expect(page.getByTestId('team-row').filter({ hasText: COACH.name })).toContainText('已加入');
});

test('the overview shows the team and this month’s figures; the menu reaches fund details', async ({ page }) => {
  await page.goto('/');
  await loginByCookie(page, DEMO.provider.phone);
  await page.goto('/my/service_identity');
  await ready(page);
  await expect(page.getByTestId('provider-name')).toHaveText('华武供应链');
  await expect(page.getByTestId('team-size')).toHaveText(/^\d+ 人$/);
  expect(Number((await page.getByTestId('team-size').textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('month-sales')).toHaveText(/¥\d/);
  await expect(page.getByTestId('month-commission')).toHaveText(/¥\d/);
  await page.getByRole('navigation', { name: '服务商管理菜单' }).getByRole('link', { name: '资金明细' }).click();
  await page.waitForURL('**/my/service_identity/money');
  await ready(page);
  await expect(page.getByRole('heading', { name: '资金明细' })).toBeVisible();
  await expect(page.getByTestId('finance-balance')).toHaveText(/¥\d/);
});

test('a member who is not a provider gets a clear page pointing at the application', async ({ page }) => {
  await page.goto('/');
  await loginByCookie(page, DEMO.member.phone);
  for (const path of ['/my/service_identity', '/my/service_identity/money', '/my/service_identity/list']) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await ready(page);
    await expect(page.getByTestId('provider-not-role')).toContainText('你还不是服务商');
  }
  await page.getByRole('link', { name: '申请成为服务商' }).click();
  await page.waitForURL('**/account/regprovider');
  await ready(page);
  await expect(page.getByRole('form', { name: '服务商入驻申请' })).toBeVisible();
});

test('a sent provider application shows its pending state at the top, with one toast', async ({ page }) => {
  const m = await newMember(page.request);
  await page.goto('/');
  await signIn(page, m);
  await page.goto('/account/regprovider');
  await ready(page);
  const form = page.getByRole('form', { name: '服务商入驻申请' });
  await form.getByLabel('公司或个人名称').fill('岭南武术服务');
  await form.getByLabel('联系人').fill('陈先生');
  await form.getByLabel('联系电话').fill('13912345678');
  await form.getByLabel('所在城市').fill('佛山');
  await form.getByLabel('服务介绍').fill('为签约教练提供课程策划和拍摄服务。');
  await page.getByLabel('选择执照照片').setInputFiles({
    name: 'licence.png',
    mimeType: 'image/png',
    buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  });
  await expect(form.getByRole('img', { name: '执照照片' })).toBeVisible();
  await form.getByLabel('同意服务商合作协议').check();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(toastWith(page, '申请已提交，请等待审核')).toBeVisible();
  await expect(page.getByTestId('supplier-pending')).toBeInViewport({ ratio: 1 });
  expect(await page.locator('[data-sonner-toast]').count()).toBe(1);
});
