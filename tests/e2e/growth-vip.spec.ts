import { expect, test } from './fixtures';
import { baseUrl, loginStaff, newMember, ready, signIn, toastWith } from './helpers';

// VIP membership: the operator prices a plan in the console, a member buys it with coins in the one pay
// step of every order, and then watches a locked lesson of a VIP免费 course without buying the course.
test('operator prices a plan; a member buys VIP with coins and watches a VIP免费 course', async ({ page, browser }) => {
  // Two sessions, a registration with a top-up and pay password, a coin payment and a lesson that plays.
  test.setTimeout(180_000);
  // A price of this run's own, so the member page shows what the console saved.
  const yuan = (10 + (Date.now() % 89) + 0.5).toFixed(2);

  const operator = await browser.newContext({ baseURL: baseUrl() });
  const staff = await operator.newPage();
  await loginStaff(staff, 'finance');
  await staff.goto('/admin/marketing?tab=vip');
  await ready(staff);
  const row = staff.getByTestId('vip-plan-row').filter({ hasText: '月度会员' });
  await row.getByLabel('月度会员价格（元）').fill(yuan);
  await row.getByLabel('月度会员在售').check();
  await row.getByRole('button', { name: '保存' }).click();
  await expect(toastWith(staff, '会员套餐已保存')).toBeVisible();
  await operator.close();

  const member = await newMember(page.request, { coins: 200, payPassword: true });
  await page.goto('/');
  await signIn(page, member);
  await page.goto('/my/vip');
  await ready(page);
  await expect(page.getByTestId('vip-state')).toHaveText('尚未开通VIP会员');
  const plan = page.getByTestId('vip-plan').filter({ hasText: '月度会员' });
  await expect(plan.getByTestId('vip-plan-price')).toHaveText(`¥${yuan}`);
  await plan.getByRole('button', { name: '立即开通' }).click();
  await page.waitForURL(/\/order\/middle\?id=\d+/);
  await ready(page);
  await page.getByRole('button', { name: /立即支付/ }).click();
  const pay = page.getByRole('dialog', { name: '输入支付密码' });
  await pay.getByLabel('支付密码').fill(member.payPassword);
  await pay.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/order\/detail\?id=\d+&paid=1/);
  await expect(page.getByTestId('order-status')).toHaveText('已开通');

  await page.goto('/my/vip');
  await ready(page);
  await expect(page.getByTestId('vip-state')).toHaveText('VIP会员');
  await expect(page.getByTestId('vip-grant')).toHaveCount(1);

  // The seeded VIP免费 course (src/server/seed/vip.ts): found through the public API as a visitor would see it.
  const list = (await (await page.request.post('/api/public/courseList', { data: { price: 'paid', limit: 50 } })).json()) as {
    data: { list: { id: number }[] };
  };
  let courseId = 0;
  for (const c of list.data.list) {
    const d = (await (await page.request.post('/api/course/detail', { data: { id: c.id } })).json()) as { data: { vip_free: number } };
    if (d.data.vip_free === 1) {
      courseId = c.id;
      break;
    }
  }
  expect(courseId).toBeGreaterThan(0);
  await page.goto(`/train/courseDetail?id=${courseId}`);
  await ready(page);
  await expect(page.getByTestId('course-vip-free')).toHaveText('VIP免费');
  await expect(page.getByTestId('course-start')).toHaveText('开始学习');
  const lessons = page.getByRole('list', { name: '课时列表' }).getByRole('button');
  await lessons.last().click();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('aria-label', /正在播放/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.error)).toBe(true);
});
