import { expect, test } from './fixtures';
import { freshPhone, ready, requestCode, smsCode, toastWith } from './helpers';

/** Opens the login dialog and ticks the agreement (SPEC §5: required for WeChat and QQ too). */
async function openDialog(page: import('@playwright/test').Page) {
  await page.goto('/');
  await ready(page);
  await page.getByRole('banner').getByRole('button', { name: '登录' }).click();
  return page.getByRole('dialog', { name: '手机号登录' });
}

test('WeChat login needs the agreement, then binds a phone on first use', async ({ page }) => {
  const dialog = await openDialog(page);
  await dialog.getByRole('button', { name: '微信登录' }).click();
  await expect(toastWith(page, '请阅读协议并勾选')).toBeVisible();
  await dialog.getByRole('checkbox', { name: '同意协议' }).check();
  await dialog.getByRole('button', { name: '微信登录' }).click();
  // The provider's QR page (the stand-in on loopback), then back to /login/wx/callback.
  await page.waitForURL(/\/connect\/qrconnect\?/);
  await page.getByRole('button', { name: '确认登录' }).click();
  await page.waitForURL('**/login/wx/bindphone');
  await ready(page);
  await expect(page.getByText(/微信账号 .* 首次登录/)).toBeVisible();
  const phone = freshPhone();
  await page.getByLabel('手机号').fill(phone);
  await requestCode(page);
  await page.getByLabel('短信验证码').fill(await smsCode(page, phone));
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await page.waitForURL('**/login/wx/logininfo');
  await expect(page.getByTestId('login-info')).toContainText('微信登录成功');
  await page.goto('/account/setting/safe');
  await ready(page);
  await expect(page.getByTestId('bind-wx')).toContainText('已绑定');
});

test('QQ login runs in a popup and hands back to the page', async ({ page }) => {
  const dialog = await openDialog(page);
  await dialog.getByRole('checkbox', { name: '同意协议' }).check();
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'QQ登录' }).click()]);
  await popup.waitForURL(/\/oauth2\.0\/authorize\?/);
  await popup.getByRole('button', { name: '授权并登录' }).click();
  await popup.waitForEvent('close');
  await page.waitForURL('**/login/bind/qq/bindphone');
  await ready(page);
  const phone = freshPhone();
  await page.getByLabel('手机号').fill(phone);
  await requestCode(page);
  await page.getByLabel('短信验证码').fill(await smsCode(page, phone));
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await page.waitForURL('**/login/bind/qq/logininfo');
  await expect(page.getByTestId('login-info')).toContainText('QQ登录成功');
});

test('a callback without code explains itself', async ({ page }) => {
  await page.goto('/login/wx/callback');
  await expect(page.getByRole('alert')).toHaveText('授权已取消或链接无效，请重新登录');
});
