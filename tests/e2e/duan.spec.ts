import { expect, test } from './fixtures';
import { loginByCookie, loginStaff } from './helpers';

test.describe('段位', () => {
  test('an operator adds a course to 太极拳 二段 and makes a coach an examiner; the member sees it not done on /my/duan', async ({
    page,
    browser,
  }) => {
    await loginStaff(page, 'content');
    await page.goto('/admin/duan');
    await expect(page.getByRole('tab', { name: '段位要求' })).toBeVisible();
    // A content operator does not see the examiners tab (that is the reviewers').
    await expect(page.getByRole('tab', { name: '考评员' })).toHaveCount(0);
    const style = page.getByLabel('拳种', { exact: true });
    await style.selectOption((await style.locator('option', { hasText: /^太极拳（/ }).getAttribute('value'))!);
    const form = page.getByRole('region', { name: '新增要求' });
    // 二段: the demo member already holds 太极拳 一段 (the seed's certificate), so 二段 is what their path shows next.
    await form.getByLabel('段位').selectOption('2');
    await form.getByLabel('要求类型').selectOption('course');
    await form.getByLabel('搜索关键字').fill('太极剑三十二式');
    await form.getByRole('button', { name: '搜索课程' }).click();
    await form
      .getByRole('list', { name: '可选对象' })
      .getByRole('button', { name: /太极剑三十二式/ })
      .click();
    await expect(form.getByLabel('要求名称')).toHaveValue('学完 太极剑三十二式');
    await form.getByRole('button', { name: '添加到二段' }).click();
    await expect(page.getByTestId('duan-2')).toContainText('学完 太极剑三十二式');

    const reviewer = await browser.newPage();
    await loginStaff(reviewer, 'reviewer');
    await reviewer.goto('/admin/duan');
    await reviewer.getByRole('tab', { name: '考评员' }).click();
    const add = reviewer.getByRole('region', { name: '设为考评员' });
    await add.getByLabel('教练姓名或手机号').fill('13800000102');
    await add.getByRole('button', { name: '查找教练' }).click();
    await add.getByRole('button', { name: '设为考评员' }).click();
    await add.getByLabel('最高可考段位').selectOption('3');
    await add.getByRole('button', { name: '确认' }).click();
    const row = reviewer.getByRole('table', { name: '考评员' }).locator('tr', { hasText: '黄志坚' });
    await expect(row).toContainText('三段');
    await expect(row).toContainText('启用');
    await reviewer.close();

    const member = await browser.newPage();
    await member.goto('/');
    await loginByCookie(member, '13800000001');
    await member.goto('/my/duan');
    const path = member.getByTestId('duan-path');
    // The demo member studies 太极拳 (the seed's course, homework and certificate): it is one of their own styles.
    const chip = path.getByRole('group', { name: '拳种' }).getByRole('button', { name: '太极拳' });
    await chip.click();
    await expect(path.getByRole('region', { name: '太极拳段位之路' })).toBeVisible();
    const req = path.getByTestId('duan-requirement').filter({ hasText: '学完 太极剑三十二式' });
    await expect(req).toHaveAttribute('data-done', '0');
    await expect(req.getByRole('link', { name: '去学习' })).toHaveAttribute('href', /\/train\/courseDetail\?id=\d+/);
    await member.close();
  });

  test('a guest on the phone page is asked to log in and comes back', async ({ page }) => {
    await page.goto('/m/my/duan');
    const gate = page.getByTestId('m-login-needed');
    await expect(gate).toContainText('登录后查看你的段位之路');
    await expect(gate.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/m/login?redirect=%2Fm%2Fmy%2Fduan');
  });
});
