import { expect, type Page } from '@playwright/test';

export const DEMO = {
  member: { phone: '13800000001', password: 'gongfu123', name: '习武小白' },
  coach: { phone: '13800000002', password: 'gongfu123', name: '陈师傅' },
  mechant: { phone: '13800000003', password: 'gongfu123', name: '武当山货铺' },
  provider: { phone: '13800000004', password: 'gongfu123', name: '华武供应链' },
} as const;

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Waits until the islands of the page have hydrated (the header user area is interactive). */
export async function ready(page: Page): Promise<void> {
  await expect(page.locator('header astro-island:not([ssr])').first()).toBeAttached();
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** Logs in through the dialog opened from the header's 登录 button. */
export async function loginViaDialog(page: Page, who: { phone: string; password: string }): Promise<void> {
  await ready(page);
  await page.getByRole('banner').getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '手机号登录' });
  await dialog.getByPlaceholder('请输入手机号').fill(who.phone);
  await dialog.getByPlaceholder('请输入密码').fill(who.password);
  await dialog.getByRole('checkbox', { name: '同意协议' }).check();
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The toast with this text. */
export function toastWith(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}
