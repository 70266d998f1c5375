import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_STAFF_TOTP } from '../../src/server/seed/staff-demo';
import { loginStaff } from './helpers';

test.describe('operator console', () => {
  test('a guest is sent to the console login and comes back after password + TOTP', async ({ page }) => {
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Faudit/);
    await page.getByLabel('手机号').fill('13900000001');
    await page.getByLabel('密码').fill('gongfu123');
    await page.getByLabel('动态验证码').fill('000000');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert')).toHaveText('手机号、密码或动态验证码不正确');
    const code = new TOTP({ secret: Secret.fromBase32(DEMO_STAFF_TOTP) }).generate();
    await page.getByLabel('密码').fill('gongfu123');
    await page.getByLabel('动态验证码').fill(code);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: '操作日志' })).toBeVisible();
    await expect(page.getByTestId('admin-staff')).toContainText('超级管理员');
  });

  test('each role sees only its own pages; signing out ends the session', async ({ page }) => {
    await loginStaff(page, 'content');
    await page.goto('/admin');
    const nav = page.getByTestId('admin-nav');
    await expect(nav.getByRole('link', { name: '文章资讯' })).toBeVisible();
    await expect(nav.getByRole('link', { name: '提现审核' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: '操作日志' })).toHaveCount(0);
    await page.goto('/admin/audit');
    await expect(page.getByTestId('admin-forbidden')).toContainText('无权查看此页');
    await page.getByRole('button', { name: '退出' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test('a member session opens nothing in the console', async ({ page }) => {
    await page.request.post('/api/login', { data: { type: 1, phone: '13800000002', password: 'gongfu123' } });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test('super creates a staff account, whose one-time secret then logs it in', async ({ page, browser }) => {
    await loginStaff(page, 'super');
    await page.goto('/admin/staff');
    const form = page.getByRole('form', { name: '新建后台账号' });
    await form.getByLabel('手机号').fill('13977778888');
    await form.getByLabel('姓名').fill('周客服');
    await form.getByLabel('初始密码').fill('zhou-kefu-2026');
    await form.getByRole('button', { name: '创建' }).click();
    await expect(page.getByTestId('staff-enrol')).toContainText('只显示这一次');
    const secret = (await page.getByTestId('staff-secret').textContent())!.trim();
    await expect(page.getByRole('table', { name: '后台账号' })).toContainText('周客服');

    const other = await browser.newPage();
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const res = await other.request.post('/api/admin/login', { data: { phone: '13977778888', password: 'zhou-kefu-2026', code } });
    expect(((await res.json()) as { data: { role_text: string } }).data.role_text).toBe('客服');
    await other.close();
  });
});
