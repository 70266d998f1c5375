import { expect, test } from '@playwright/test';
import { loginByCookie, loginStaff } from './helpers';

test.describe('operator console: content and catalogue', () => {
  test('an operator writes and publishes an article with the rich-text editor; it appears on /article', async ({ page }) => {
    await loginStaff(page, 'content');
    await page.goto('/admin/articles');
    await page.getByRole('link', { name: '写文章' }).click();
    await expect(page).toHaveURL(/\/admin\/articles\/edit$/);
    const title = `运营资讯 ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: '标题', exact: true }).fill(title);
    await page.getByLabel('摘要').fill('运营后台发布的资讯');
    const editor = page.getByRole('textbox', { name: '正文' });
    await editor.click();
    await page.getByRole('button', { name: '小标题' }).click();
    await page.keyboard.type('第一节');
    await page.keyboard.press('Enter');
    await page.keyboard.type('练功要循序渐进。');
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/articles$/);
    await expect(page.getByRole('table', { name: '文章列表' })).toContainText(title);

    await page.goto('/article');
    await page.getByRole('link', { name: title }).first().click();
    await expect(page.getByRole('heading', { name: '第一节' })).toBeVisible();
    await expect(page.getByText('练功要循序渐进。')).toBeVisible();
  });

  test('an operator takes a course off sale with a reason and the coach sees the notice', async ({ page, browser }) => {
    await loginStaff(page, 'reviewer');
    await page.goto('/admin/catalogue');
    await page.getByLabel('所有者').fill('13800000002');
    await page.getByLabel('状态').selectOption('on');
    await page.getByRole('button', { name: '筛选' }).click();
    const row = page.getByRole('table', { name: '课程列表' }).locator('tbody tr').first();
    const title = (await row.locator('td').first().locator('a').textContent())!.trim();
    await row.getByRole('button', { name: '下架' }).click();
    const dialog = page.getByRole('dialog', { name: '下架课程' });
    await dialog.getByLabel('原因（2–200 字）').fill('封面含站外联系方式，请修改后联系客服');
    await dialog.getByRole('button', { name: '确认下架' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel('状态').selectOption('held');
    await page.getByRole('button', { name: '筛选' }).click();
    await expect(page.getByRole('table', { name: '课程列表' })).toContainText('封面含站外联系方式');

    const coach = await browser.newPage();
    await coach.goto('/');
    await loginByCookie(coach, '13800000002');
    await coach.goto('/my/notice');
    await coach.getByRole('tab', { name: /系统通知/ }).click();
    await expect(coach.getByText(`您的课程「${title}」已被平台下架`)).toBeVisible();
    await coach.close();

    // Put it back so other specs see the seed as it was.
    page.on('dialog', (d) => void d.accept('已整改'));
    await page
      .getByRole('table', { name: '课程列表' })
      .locator('tbody tr', { hasText: title })
      .getByRole('button', { name: '恢复上架' })
      .click();
    await expect(page.getByText('已恢复上架')).toBeVisible();
  });

  test("an announcement reaches a member's notices", async ({ page, browser }) => {
    await loginStaff(page, 'content');
    await page.goto('/admin/announcements');
    const title = `平台公告 ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: '标题', exact: true }).fill(title);
    await page.getByRole('textbox', { name: '公告内容' }).click();
    await page.keyboard.type('本周六系统维护两小时。');
    await page.getByRole('button', { name: '立即发布' }).click();
    await expect(page.getByRole('table', { name: '公告列表' })).toContainText(title);

    const member = await browser.newPage();
    await member.goto('/');
    await loginByCookie(member, '13800000001');
    await member.goto('/my/notice');
    await member.getByRole('tab', { name: /平台公告/ }).click();
    await expect(member.getByText(title)).toBeVisible();
    await member.close();
  });
});
