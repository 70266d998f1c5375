import { test, expect } from './fixtures';
import { loginByCookie, loginStaff, loginViaDialog, newMember, ready, requestCode, smsCode, toastWith } from './helpers';

/**
 * The operator console's money and member operations: a coach withdraws and the
 * finance operator pays it out with the bank transfer reference, the coach sees it paid; a support
 * operator disables a member, who then cannot log in and is told why. The rig
 * (scripts/e2e-server.mjs → tests/fixtures/seller-income.ts) booked settled income for this coach.
 */
const COACH = { phone: '13800000111', name: '何家豪' };

/** A valid (Luhn) 19-digit card number no other run used. */
function cardNumber(): string {
  const body = `622848${String(Date.now()).slice(-12)}`;
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

test('a coach withdraws; finance pays it out with the transfer reference; the coach sees it paid', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await loginByCookie(page, COACH.phone);

  // The coach adds a card (SMS code to its own phone) and asks for ¥50.
  const no = cardNumber();
  await page.goto('/coach/finance/addcard');
  await ready(page);
  await page.getByLabel('持卡人姓名').fill(COACH.name);
  await page.getByLabel('开户银行').selectOption({ label: '中国农业银行' });
  await page.getByLabel('银行卡号').fill(no);
  await requestCode(page);
  await page.getByLabel('短信验证码').fill(await smsCode(page, COACH.phone));
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await page.waitForURL('**/coach/finance/bankcard');
  await page.goto('/coach/finance');
  await ready(page);
  await page.getByRole('button', { name: '申请提现' }).click();
  const dialog = page.getByRole('dialog', { name: '申请提现' });
  await dialog.getByLabel('提现金额').fill('50');
  await dialog.getByLabel('支付密码').fill('123456');
  await dialog.getByRole('button', { name: '确认提现' }).click();
  await expect(toastWith(page, '提现申请已提交')).toBeVisible();
  await expect(page.getByTestId('withdrawals').locator('tbody tr').first().getByTestId('withdrawal-status')).toHaveText('处理中');

  // Finance: the queue shows it with the card masked; the full number on request.
  await loginStaff(page, 'finance');
  await page.goto('/admin');
  await expect(page.locator('[data-queue="withdrawals"]')).not.toHaveText('0');
  await page.goto('/admin/withdrawals');
  await ready(page);
  const row = page.getByTestId('withdrawals-table').locator('tbody tr').filter({ hasText: COACH.name });
  await expect(row).toContainText('¥50.00');
  await expect(row.getByTestId('card-number')).toContainText(`${no.slice(0, 4)} **** **** ${no.slice(-4)}`);
  await row.getByRole('button', { name: '显示完整卡号' }).click();
  await expect(row.getByTestId('card-number')).toHaveText(no.replace(/(\d{4})(?=\d)/g, '$1 '));

  await row.getByRole('button', { name: '确认打款' }).click();
  const pay = page.getByRole('dialog', { name: '确认已打款' });
  await pay.getByLabel('银行转账流水号').fill('转账');
  await pay.getByRole('button', { name: '确认已打款' }).click();
  await expect(pay.getByRole('alert')).toHaveText('转账流水号至少 4 位');
  await pay.getByLabel('银行转账流水号').fill('ABC-20260501-88');
  await pay.getByRole('button', { name: '确认已打款' }).click();
  await expect(toastWith(page, '已标记为已打款')).toBeVisible();
  await expect(pay).toBeHidden();
  await expect(page.getByTestId('withdrawals-table').locator('tbody tr').filter({ hasText: COACH.name })).toHaveCount(0);
  await page.getByRole('tab', { name: '已打款' }).click();
  await expect(page.getByTestId('withdrawals-table').locator('tbody tr').filter({ hasText: COACH.name }).first()).toContainText(
    'ABC-20260501-88',
  );

  // The coach sees it arrived.
  await page.goto('/coach/finance');
  await ready(page);
  await expect(page.getByTestId('finance-frozen')).toHaveText('¥0.00');
  await expect(page.getByTestId('seller-ledger').locator('tbody tr').first()).toContainText('提现到账');
  await page.getByRole('tab', { name: '提现记录' }).click();
  await expect(page.getByTestId('withdrawals').locator('tbody tr').first().getByTestId('withdrawal-status')).toHaveText('已到账');
});

test('support disables a member, who is signed out and told why at login; enabling lets them back', async ({ page }) => {
  test.setTimeout(90_000);
  const m = await newMember(page.request);
  await loginStaff(page, 'support');
  await page.goto('/admin/members');
  await ready(page);
  await page.getByLabel('手机号、昵称或会员编号').fill(m.phone);
  await page.getByRole('button', { name: '搜索' }).click();
  const row = page.getByTestId('members-table').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: '详情' }).click();
  await page.waitForURL(/\/admin\/members\/detail\?id=/);
  await ready(page);
  // Support may disable but not adjust coins.
  await expect(page.getByRole('button', { name: '调整功夫币' })).toHaveCount(0);
  await page.getByRole('button', { name: '禁用账号' }).click();
  const dialog = page.getByRole('dialog', { name: '禁用账号' });
  await dialog.getByLabel('禁用原因（会员登录时会看到）').fill('多次发布违规广告');
  await dialog.getByRole('button', { name: '禁用' }).click();
  await expect(toastWith(page, '已禁用')).toBeVisible();
  await expect(page.getByTestId('member-status')).toContainText('已禁用（多次发布违规广告）');

  // The member's old token is dead, and the login dialog says why.
  const me = await page.request.post('/api/member/memberInfo', { data: {}, headers: { authToken: m.user.token } });
  expect(((await me.json()) as { code: number }).code).toBe(101);
  await page.goto('/');
  await ready(page);
  await page.getByRole('banner').getByRole('button', { name: '登录' }).click();
  const login = page.getByRole('dialog', { name: '手机号登录' });
  await login.getByPlaceholder('请输入手机号').fill(m.phone);
  await login.getByPlaceholder('请输入密码').fill(m.password);
  await login.getByRole('checkbox', { name: '同意协议' }).check();
  await login.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toastWith(page, '账号已被禁用，原因：多次发布违规广告')).toBeVisible();
  await expect(login).toBeVisible();

  // Enabled again, the member logs in.
  await page.goto(`/admin/members/detail?id=${m.user.user_id}`);
  await ready(page);
  await page.getByRole('button', { name: '解除禁用' }).click();
  const en = page.getByRole('dialog', { name: '解除禁用' });
  await en.getByLabel('解除说明').fill('申诉通过');
  await en.getByRole('button', { name: '解除禁用' }).click();
  await expect(page.getByTestId('member-status')).toHaveText('正常');
  await page.goto('/');
  await loginViaDialog(page, m);
});

test('finance sees the daily report with its chart and exports it as CSV', async ({ page }) => {
  test.setTimeout(90_000);
  await loginStaff(page, 'finance');
  await page.goto('/admin/stats');
  await ready(page);
  await expect(page.getByTestId('stats-chart')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('stats-table').locator('tbody tr')).toHaveCount(30);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^经营报表_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
});

test('a guest who reports goods is asked to log in first', async ({ page }) => {
  await page.goto('/shop');
  await ready(page);
  await page.locator('a[href*="/shop/goodsDetail?id="]').first().click();
  await ready(page);
  await page.getByRole('button', { name: '举报' }).click();
  await expect(page.getByRole('dialog', { name: '手机号登录' })).toBeVisible();
});
