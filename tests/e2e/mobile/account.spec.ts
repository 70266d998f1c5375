import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { DEMO, freshPhone, newMember, ready, requestCode, signIn, smsCode, toastWith } from '../helpers';
import { inviteCodeOf } from '../../../src/lib/rules/referral';

/* The phone's account and payment journeys (SPEC §2 mobile site): sign-up from an invitation,
   paying with coins and through the sandbox gateway, and 我的 / the orders afterwards. */

async function call<T>(request: APIRequestContext, path: string, data: Record<string, unknown>, token?: string): Promise<T> {
  const res = await request.post(`/api${path}`, { data, headers: token ? { authToken: token } : {} });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}

/** The signed-in member's token, from the `user` cookie the page set. */
async function tokenOf(page: Page): Promise<string> {
  const c = (await page.context().cookies()).find((k) => k.name === 'user');
  return (JSON.parse(decodeURIComponent(c?.value ?? '{}')) as { token?: string }).token ?? '';
}

test('an invitation link on a phone: register, buy a paid course with coins (setting the pay password), learn it', async ({ page }) => {
  const inviter = await call<{ user_id: number; token: string }>(page.request, '/login', { type: 1, ...DEMO.member });
  // The desktop invitation link sends a phone to the mobile registration, the code kept.
  await page.goto(`/account/regmember?inviter=${inviteCodeOf(inviter.user_id)}`);
  await expect(page).toHaveURL(/\/m\/register\?inviter=/);
  await ready(page);
  const phone = freshPhone();
  const form = page.getByTestId('m-register-form');
  await form.getByLabel('手机号').fill(phone);
  await requestCode(page, form);
  await form.getByLabel('短信验证码').fill(await smsCode(page, phone));
  await form.getByLabel('设置密码').fill('abc12345');
  await form.getByLabel('确认密码').fill('abc12345x');
  await form.getByRole('button', { name: '注册' }).click();
  await expect(toastWith(page, '两次密码不一致')).toBeVisible();
  await form.getByLabel('确认密码').fill('abc12345');
  await form.getByRole('button', { name: '注册' }).click();
  await expect(toastWith(page, '请阅读协议并勾选')).toBeVisible();
  await form.getByRole('checkbox', { name: '同意协议' }).check();
  await form.getByRole('button', { name: '注册' }).click();
  await page.waitForURL('**/m/my');
  await expect(page.getByTestId('m-my-nick')).toHaveText(`功夫学员${phone.slice(-4)}`);

  // The invitation counted: the demo member sees the new friend.
  const friends = await call<{ list: unknown[] }>(page.request, '/member/inviteList', { page: 1, limit: 50 }, inviter.token);
  expect(JSON.stringify(friends.list)).toContain(phone.slice(-4));

  // Coins for the course (a sandbox top-up), and an order for it.
  const token = await tokenOf(page);
  const courses = await call<{ list: { id: number; price: number }[] }>(page.request, '/public/courseList', { price: 'paid', limit: 50 });
  const course = courses.list.at(-5)!;
  const top = await call<{ pay_no: string }>(
    page.request,
    '/pay/topup',
    { coins: Math.ceil(course.price / 100), provider: 'sandbox' },
    token,
  );
  await call(page.request, '/pay/sandbox/confirm', { pay_no: top.pay_no }, token);
  const order = await call<{ id: number }>(page.request, '/order/createCourse', { course_id: course.id }, token);

  await page.goto(`/m/pay?id=${order.id}`);
  await ready(page);
  await expect(page.getByRole('radio', { name: /功夫币支付/ })).toBeChecked();
  await page.getByTestId('m-pay-now').click();
  // No pay password yet: set one in the sheet (an SMS code to the member's own phone), then pay.
  const sheet = page.getByRole('dialog', { name: '功夫币支付' });
  await expect(sheet.getByTestId('pay-password-setup')).toBeVisible();
  await call(page.request, '/dev/smsCooldownSkip', { phone });
  await requestCode(page, sheet);
  await sheet.getByLabel('短信验证码').fill(await smsCode(page, phone));
  await sheet.getByLabel('设置支付密码').fill('258036');
  await sheet.getByLabel('确认支付密码').fill('258036');
  await sheet.getByRole('button', { name: '设置并继续' }).click();
  await sheet.getByLabel('支付密码', { exact: true }).fill('258036');
  await sheet.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/m\/pay\/result\?order=\d+&coins=1/);
  await expect(page.getByTestId('m-pay-result')).toContainText('支付成功');
  await expect(page.getByRole('link', { name: '去学习' })).toHaveAttribute('href', '/m/my/learning?kind=course');
  // In my learning.
  const mine = await call<{ list: { course_id?: number; id?: number }[] }>(page.request, '/member/myCourse', { page: 1, limit: 50 }, token);
  expect(JSON.stringify(mine.list)).toContain(`${course.id}`);
  // And among the course orders as bought.
  await page.goto('/m/my/orders?kind=course');
  await expect(page.getByTestId('m-order').first().getByTestId('m-order-status')).toHaveText('已购买');
});

test('a member pays goods through the sandbox gateway on the phone and the order becomes paid', async ({ page }) => {
  const m = await newMember(page.request, { address: true });
  await signIn(page, m);
  const token = m.user.token;
  const [address] = await call<{ id: number }[]>(page.request, '/member/addressList', {}, token);
  const goods = await call<{ list: { id: number }[] }>(page.request, '/goods/list', { limit: 20 });
  let sku = 0;
  for (const g of goods.list) {
    const d = await call<{ skus: { id: number; stock: number }[] }>(page.request, '/goods/detail', { id: g.id });
    sku = d.skus.find((k) => k.stock > 0)?.id ?? 0;
    if (sku) break;
  }
  const order = await call<{ id: number }>(
    page.request,
    '/order/createGoods',
    { items: [{ sku_id: sku, num: 1 }], address_id: address!.id },
    token,
  );

  await page.goto(`/m/pay?id=${order.id}`);
  await ready(page);
  await page.getByRole('radio', { name: /沙箱支付/ }).check();
  await page.getByTestId('m-pay-now').click();
  await page.waitForURL(/\/m\/pay\/sandbox\?pay_no=P\d+/);
  await ready(page);
  await page.getByRole('button', { name: '确认付款' }).click();
  await page.waitForURL(/\/m\/pay\/result\?pay_no=P\d+/);
  await expect(page.getByTestId('m-pay-result')).toContainText('支付成功');
  await page.getByRole('link', { name: '查看订单' }).click();
  await page.waitForURL(`**/m/my/order?id=${order.id}`);
  await expect(page.getByTestId('m-order-detail').getByTestId('m-order-status')).toHaveText('待发货');
});

test('signing in on the phone: the agreement first, SMS code login, back to where the member was; 我的 and 退出登录', async ({ page }) => {
  const m = await newMember(page.request);
  // Its registration code went out a moment ago: skip the 60 s cooldown.
  await call(page.request, '/dev/smsCooldownSkip', { phone: m.phone });
  await page.goto('/m/my');
  await ready(page);
  await expect(page.getByTestId('m-my-guest')).toBeVisible();
  await page.getByRole('link', { name: '登录', exact: true }).click();
  await page.waitForURL(/\/m\/login\?redirect=%2Fm%2Fmy/);
  await ready(page);
  await page.getByRole('tab', { name: '验证码登录' }).click();
  const form = page.getByTestId('m-login-form');
  await form.getByLabel('手机号').fill('1380000');
  await form.getByTestId('sms-button').click();
  await expect(toastWith(page, '请填写正确的手机号')).toBeVisible();
  await form.getByLabel('手机号').fill(m.phone);
  await requestCode(page, form);
  await form.getByLabel('短信验证码').fill(await smsCode(page, m.phone));
  await form.getByRole('button', { name: '登录' }).click();
  await expect(toastWith(page, '请阅读协议并勾选')).toBeVisible();
  await form.getByRole('checkbox', { name: '同意协议' }).check();
  await form.getByRole('button', { name: '登录' }).click();
  await page.waitForURL('**/m/my');
  await expect(page.getByTestId('m-my-nick')).toHaveText(`功夫学员${m.phone.slice(-4)}`);
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByTestId('m-my-guest')).toBeVisible();
});
