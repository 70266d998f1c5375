import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures';
import { newMember, ready, signIn, toastWith, type Member } from '../helpers';

/*
 * 我的 on a phone (SPEC §2 mobile site, member centre): a member edits the profile with a camera
 * photo, tops up coins through the sandbox gateway and reads a notice; a member applies as a coach
 * with document photos; a coach opening the desktop's seller area lands on the day's figures.
 */

/** A landscape "camera photo" (1200×900 PNG) drawn by the browser, so it decodes like a real one. */
async function cameraPhoto(page: import('@playwright/test').Page, name: string) {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 1200;
    c.height = 900;
    const x = c.getContext('2d');
    if (!x) return '';
    x.fillStyle = 'darkorange';
    x.fillRect(0, 0, 1200, 900);
    x.fillStyle = 'navy';
    x.fillRect(300, 150, 600, 600);
    return c.toDataURL('image/png').split(',')[1] ?? '';
  });
  return { name, mimeType: 'image/png', buffer: Buffer.from(b64, 'base64') };
}

/** A valid mainland ID number no other test uses (random sequence, correct check digit). */
function idNumber(): string {
  const body = `11010519900101${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return body + '10X98765432'[sum % 11];
}

async function post<T>(request: APIRequestContext, path: string, data: Record<string, unknown>, token: string): Promise<T> {
  const body = (await (await request.post(`/api${path}`, { data, headers: { authToken: token } })).json()) as {
    code: number;
    msg: string;
    data: T;
  };
  if (body.code !== 200) throw new Error(`${path}: ${body.msg}`);
  return body.data;
}

const count = async (loc: import('@playwright/test').Locator) => Number((await loc.textContent())?.replace(/\D/g, '') || 0);

test('a member changes nickname and avatar, tops up coins through the sandbox, and reads a notice', async ({ page, request }) => {
  const m = await newMember(request);
  await signIn(page, m);

  // 账号设置: the avatar from the camera (cut square, uploaded), a new nickname, saved.
  await page.goto('/m/my');
  await ready(page);
  // New members have the welcome notice (and the platform's announcements) unread.
  await expect(page.getByTestId('m-my-unread')).toBeVisible();
  const unreadBefore = await count(page.getByTestId('m-my-unread'));
  expect(unreadBefore).toBeGreaterThan(0);
  await page.getByTestId('m-my-settings').click();
  await expect(page).toHaveURL(/\/m\/my\/settings$/);
  await ready(page);
  const preview = page.getByTestId('m-avatar-preview');
  const oldAvatar = await preview.getAttribute('src');
  await page.getByTestId('m-avatar-camera').setInputFiles(await cameraPhoto(page, 'selfie.png'));
  await expect(toastWith(page, '头像已上传，保存后生效')).toBeVisible();
  await expect(preview).not.toHaveAttribute('src', oldAvatar ?? '');
  const newAvatar = (await preview.getAttribute('src')) ?? '';
  // Cut square and made small in the browser: a JPEG, not the PNG the camera gave.
  expect(newAvatar).toMatch(/\/uploads\/avatar\/.*\.jpg$/);
  const nick = `拳友${Date.now() % 100000}`;
  await page.getByLabel('昵称').fill(nick);
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(toastWith(page, '保存成功')).toBeVisible();
  await page.goto('/m/my');
  await ready(page);
  await expect(page.getByTestId('m-my-nick')).toHaveText(nick);
  await expect(page.getByTestId('m-my').locator('img').first()).toHaveAttribute('src', newAvatar);

  // 功夫币充值: the sandbox cashier of the phone, back on the wallet with the balance and the log moved.
  await page.goto('/m/my/wallet');
  await ready(page);
  const balance = page.getByTestId('m-wallet-balance');
  await expect(balance).not.toHaveText('–');
  const before = await count(balance);
  await page.getByTestId('m-topup-open').click();
  const sheet = page.getByRole('dialog', { name: '功夫币充值' });
  await sheet.getByRole('button', { name: '50 功夫币', exact: true }).click();
  await expect(sheet.getByText('¥50.00')).toBeVisible();
  await sheet.getByTestId('m-topup-pay').click();
  await expect(page).toHaveURL(/\/m\/pay\/sandbox\?pay_no=/);
  await ready(page);
  await expect(page.getByTestId('sandbox-amount')).toContainText('50');
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page).toHaveURL(/\/m\/my\/wallet$/);
  await expect(balance).toHaveText(String(before + 50));
  const line = page.getByTestId('m-ledger-row').first();
  await expect(line).toContainText('+50');
  await expect(line).toContainText('充值');
  await expect(line).toContainText(`余额 ${before + 50}`);

  // 消息通知: opening an unread announcement marks it read; the tab's count and 我的's total drop.
  await page.goto('/m/my/notices');
  await ready(page);
  await page.getByRole('tab', { name: /平台公告/ }).click();
  await expect(page).toHaveURL(/\?type=announce$/);
  const tabCount = page.getByTestId('m-notice-unread-announce');
  await expect(tabCount).toBeVisible();
  const tabBefore = await count(tabCount);
  await page
    .getByTestId('m-notice-row')
    .filter({ has: page.getByLabel('未读') })
    .first()
    .click();
  await expect(page.getByTestId('m-notice-detail')).toBeVisible();
  await page.getByRole('dialog', { name: '消息详情' }).getByRole('button', { name: '关闭' }).last().click();
  if (tabBefore === 1) await expect(tabCount).toBeHidden();
  else await expect(tabCount).toHaveText(String(tabBefore - 1));
  await page.goto('/m/my');
  await ready(page);
  if (unreadBefore === 1) await expect(page.getByTestId('m-my-unread')).toBeHidden();
  else await expect(page.getByTestId('m-my-unread')).toHaveText(String(unreadBefore - 1));
});

test('a member applies as a coach with photos of the ID card and sees 审核中', async ({ page, request }) => {
  await signIn(page, await newMember(request));
  await page.goto('/m/my');
  await ready(page);
  await page.getByRole('link', { name: '身份入驻申请' }).click();
  await page.getByRole('link', { name: /教练入驻/ }).click();
  await expect(page).toHaveURL(/\/m\/my\/apply\?type=coach$/);
  await ready(page);
  const form = page.getByTestId('m-coach-apply');
  await form.getByLabel('真实姓名').fill('李小龙');
  await form.getByLabel('身份证号').fill(idNumber());
  // The document photos from the camera: private uploads, previewed from their signed URLs.
  await page.getByTestId('m-id-front').setInputFiles(await cameraPhoto(page, 'front.png'));
  await expect(form.getByRole('img', { name: '人像面' })).toBeVisible();
  await page.getByTestId('m-id-back').setInputFiles(await cameraPhoto(page, 'back.png'));
  await expect(form.getByRole('img', { name: '国徽面' })).toBeVisible();
  // Private: shown only through a signed, expiring URL.
  await expect(form.getByRole('img', { name: '国徽面' })).toHaveAttribute('src', /\/uploads\/docs\/.*[?&]s=/);
  await form.getByLabel('联系电话').fill('13912345678');
  await form.getByLabel('省份').selectOption('广东省');
  await form.getByLabel('城市').selectOption('佛山市');
  await form.getByRole('group', { name: '擅长拳种' }).getByRole('button', { name: '咏春拳' }).click();
  await form.getByLabel('个人简介').fill('习武二十年，擅长咏春，带过上百名学员。');
  await form.getByLabel('同意入驻协议').check();
  await page.getByTestId('m-apply-submit').click();
  await expect(toastWith(page, '申请已提交，请等待审核')).toBeVisible();
  await expect(page.getByTestId('m-apply-status')).toContainText('审核中');
  // Opened again later, the page still says so.
  await page.reload();
  await expect(page.getByTestId('m-apply-status')).toContainText('审核中');
});

test('a coach opening the desktop coach area on a phone lands on the day page with real figures', async ({ page, request }) => {
  // The coach's session (as the login page would make it) and today's figures before a new sale.
  const coach = (
    (await (await request.post('/api/login', { data: { type: 1, phone: '13800000002', password: 'gongfu123' } })).json()) as {
      data: Member['user'];
    }
  ).data;
  const before = await post<{ orders: number; sales: number }>(request, '/seller/today', { area: 'coach' }, coach.token);
  // A new member buys one of the coach's paid courses with coins: one more order paid today.
  const buyer = await newMember(request, { coins: 1000, payPassword: true });
  const index = (await (await request.post('/api/coach/public/indexInfo', { data: { coach_id: 1 } })).json()) as {
    data: { courses: { id: number; price: number }[] };
  };
  const course = index.data.courses.find((c) => c.price > 0 && c.price <= 100_000);
  if (!course) throw new Error('the demo coach has no paid course under 1000 coins');
  const order = await post<{ id: number }>(request, '/order/createCourse', { course_id: course.id }, buyer.user.token);
  await post(request, '/order/payCoins', { id: order.id, pay_password: buyer.payPassword }, buyer.user.token);

  await signIn(page, { phone: '13800000002', password: 'gongfu123', payPassword: '', user: coach });
  await page.goto('/coach/finance');
  await expect(page).toHaveURL(/\/m\/my\/seller$/);
  await ready(page);
  const orders = page.getByTestId('m-seller-orders');
  await expect(orders).not.toHaveText('–');
  expect(await count(orders)).toBeGreaterThanOrEqual(before.orders + 1);
  const sales = Number((await page.getByTestId('m-seller-sales').textContent())?.replace(/[^\d.]/g, ''));
  expect(Math.round(sales * 100)).toBeGreaterThanOrEqual(before.sales + course.price);
  // The rest of the coach's work stays on the desktop, linked as such.
  await expect(page.getByRole('link', { name: /课程管理/ })).toHaveAttribute('href', '/coach/course?view=pc');
});
