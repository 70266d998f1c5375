import { test, expect } from './fixtures';
import { loginByCookie, ready, requestCode, smsCode, toastWith } from './helpers';

/**
 * Seller payouts: a coach adds a bank card behind an SMS code to its own phone, then
 * withdraws part of its balance; the request shows as pending and the balance drops at once. The
 * rig (scripts/e2e-server.mjs → tests/fixtures/seller-income.ts) booked settled income for this
 * coach the way the orders module does; no endpoint grants money.
 */
const COACH = { phone: '13800000112', name: '杨帆' };

/** A valid (Luhn) 19-digit card number no other run used. */
function cardNumber(): string {
  const body = `621483${String(Date.now()).slice(-12)}`;
  for (let d = 0; d <= 9; d++) {
    const n = body + d;
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let x = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
      sum += x;
    }
    if (sum % 10 === 0) return n;
  }
  throw new Error('no check digit');
}

const yuan = (text: string) => Math.round(Number(text.replace(/[¥,]/g, '')) * 100);

test('a coach adds a bank card with an SMS code and requests a withdrawal that shows as pending', async ({ page }) => {
  await page.goto('/');
  await loginByCookie(page, COACH.phone);
  await page.goto('/coach/finance');
  await ready(page);
  await expect(page.getByTestId('income-chart')).toHaveAttribute('data-state', 'ready');
  const balanceText = await page.getByTestId('finance-balance').innerText();
  const balance = yuan(balanceText);
  expect(balance).toBeGreaterThan(100_00);

  // No card yet: the withdrawal dialog points to adding one.
  await page.getByRole('button', { name: '申请提现' }).click();
  const noCard = page.getByRole('dialog', { name: '申请提现' });
  await expect(noCard.getByText('还没有银行卡')).toBeVisible();
  await noCard.getByRole('link', { name: '添加银行卡' }).click();
  await page.waitForURL('**/coach/finance/addcard');
  await ready(page);

  const no = cardNumber();
  await page.getByLabel('持卡人姓名').fill(COACH.name);
  await page.getByLabel('开户银行').selectOption({ label: '招商银行' });
  // A mistyped number is caught before anything is sent (Luhn).
  const wrong = no.slice(0, -1) + String((Number(no.slice(-1)) + 5) % 10);
  await page.getByLabel('银行卡号').fill(wrong);
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await expect(toastWith(page, '银行卡号有误，请核对后重新输入')).toBeVisible();

  await page.getByLabel('银行卡号').fill(no);
  await expect(page.getByLabel('银行卡号')).toHaveValue(no.replace(/(\d{4})(?=\d)/g, '$1 '));
  // Without the code the server is never asked.
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await expect(toastWith(page, '请输入短信验证码')).toBeVisible();
  await requestCode(page);
  await page.getByLabel('短信验证码').fill(await smsCode(page, COACH.phone));
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await page.waitForURL('**/coach/finance/bankcard');
  await ready(page);
  const mask = `${no.slice(0, 4)} **** **** ${no.slice(-4)}`;
  await expect(page.getByTestId('card-mask')).toHaveText(mask);
  await expect(page.getByTestId('bank-card')).toContainText('招商银行');
  expect(await page.content()).not.toContain(no);

  // Withdraw ¥100 with the pay password.
  await page.getByRole('link', { name: '返回财务' }).click();
  await page.waitForURL('**/coach/finance');
  await ready(page);
  await page.getByRole('button', { name: '申请提现' }).click();
  const dialog = page.getByRole('dialog', { name: '申请提现' });
  await expect(dialog.getByText(mask)).toBeVisible();
  await dialog.getByLabel('提现金额').fill('5');
  await dialog.getByLabel('支付密码').fill('123456');
  await dialog.getByRole('button', { name: '确认提现' }).click();
  await expect(toastWith(page, '单笔提现金额不能低于 ¥10.00')).toBeVisible();
  await dialog.getByLabel('提现金额').fill('100');
  await dialog.getByRole('button', { name: '确认提现' }).click();
  await expect(toastWith(page, '提现申请已提交')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('finance-balance')).toHaveText(/¥/);
  await expect.poll(async () => yuan(await page.getByTestId('finance-balance').innerText())).toBe(balance - 100_00);
  await expect(page.getByTestId('finance-frozen')).toHaveText('¥100.00');
  await expect(page.getByTestId('pending-withdrawal')).toBeVisible();
  await expect(page.getByRole('button', { name: '申请提现' })).toBeDisabled();
  const row = page.getByTestId('withdrawals').locator('tbody tr').first();
  await expect(row).toContainText('¥100.00');
  await expect(row).toContainText(mask);
  await expect(row.getByTestId('withdrawal-status')).toHaveText('处理中');

  // The ledger shows the hold.
  await page.getByRole('tab', { name: '资金流水' }).click();
  await expect(page.getByTestId('seller-ledger').locator('tbody tr').first()).toContainText('申请提现');

  // Back on the card page, the card of the pending withdrawal cannot be deleted.
  await page.goto('/coach/finance/bankcard');
  await ready(page);
  await expect(page.getByTestId('bank-card')).toContainText('提现处理中');
  await expect(page.getByRole('button', { name: /^删除/ })).toHaveCount(0);
});

test('the finance pages turn away guests and members without the identity', async ({ page }) => {
  await page.goto('/coach/finance');
  await ready(page);
  await expect(page.getByTestId('seller-login')).toBeVisible();
  await page.goto('/');
  await loginByCookie(page, '13800000001');
  await page.goto('/mechant/finance/bankcard');
  await ready(page);
  await expect(page.getByTestId('seller-not-role')).toContainText('你还不是店主');
});
