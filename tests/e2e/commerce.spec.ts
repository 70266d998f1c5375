import { expect, test, type Page } from './fixtures';
import { newMember, ready, requestCode, signIn, smsCode, toastWith, type Member } from './helpers';

// Every test shops as a member of its own (coins topped up through the sandbox, a pay password
// set by SMS), so tests run in parallel and a retry starts clean.
async function asNewMember(page: Page, opts: { address?: boolean } = {}): Promise<Member> {
  const m = await newMember(page.request, { coins: 2000, payPassword: true, ...opts });
  await page.goto('/');
  await signIn(page, m);
  return m;
}

/** A goods id of at least `minFen`, picked through the public API like a shopper browsing. */
async function goodsId(page: Page, minFen: number, sort: 'price_asc' | 'price_desc' = 'price_asc'): Promise<number> {
  const res = await page.request.post('/api/goods/list', { data: { sort, limit: 50 } });
  const list = ((await res.json()) as { data: { list: { id: number; price: number }[] } }).data.list;
  return list.find((g) => g.price >= minFen)!.id;
}

/** Picks the first available value of every spec on the goods page; returns the stock shown. */
async function pickSpecs(page: Page): Promise<number> {
  const groups = page.getByTestId('spec-picker').getByRole('group');
  for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).locator('button:not([disabled])').first().click();
  const text = await page.getByTestId('goods-stock').textContent();
  return Number(/库存 (\d+) 件/.exec(text ?? '')![1]);
}

async function claim(page: Page, title: string) {
  await page.goto('/coupon');
  await ready(page);
  const ticket = page.getByTestId('coupon').filter({ hasText: title });
  // Wait for the member's view of the list (立即领取 or, when claimed before, 去使用).
  await expect(ticket.getByRole('button', { name: '立即领取' }).or(ticket.getByRole('link', { name: '已领取，去使用' }))).toBeVisible();
  const button = ticket.getByRole('button', { name: '立即领取' });
  if (await button.isVisible()) {
    await button.click();
    await expect(toastWith(page, '领取成功')).toBeVisible();
  }
}

async function payWithCoins(page: Page, m: Member) {
  await page.waitForURL(/\/order\/middle\?id=\d+/);
  await ready(page);
  await page.getByRole('button', { name: /立即支付/ }).click();
  const dialog = page.getByRole('dialog', { name: '输入支付密码' });
  await dialog.getByLabel('支付密码').fill(m.payPassword);
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/order\/detail\?id=\d+&paid=1/);
}

test('cart → checkout with a new address and a coupon → pay with coins → the order is in 我的订单', async ({ page }) => {
  const m = await asNewMember(page);
  await claim(page, '商城小额券');

  await page.goto(`/shop/goodsDetail?id=${await goodsId(page, 6000)}`);
  await ready(page);
  await pickSpecs(page);
  await page.getByRole('button', { name: '加入购物车' }).click();
  await page.waitForURL(/\/cart/);
  await expect(toastWith(page, '已加入购物车')).toBeVisible();
  const line = page.getByTestId('cart-line').first();
  await expect(line.getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('banner').getByTestId('cart-badge')).toHaveText('1');
  await page.getByRole('button', { name: '结算' }).click();

  await page.waitForURL(/\/order\/goodsOrder\?cart=/);
  await ready(page);
  // A new address through the dialog and the region picker.
  await page.getByRole('button', { name: '+ 新增地址' }).click();
  const form = page.getByRole('dialog', { name: '新增收货地址' });
  await form.getByLabel('收货人').fill('李小龙');
  await form.getByLabel('手机号').fill('1391234');
  await form.getByLabel('省份').selectOption('广东省');
  await form.getByLabel('城市').selectOption('佛山市');
  await form.getByLabel('区县').selectOption('顺德区');
  await form.getByLabel('详细地址').fill('大良街道凤山中路 8 号');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toastWith(page, '请填写正确的手机号')).toBeVisible();
  await expect(form.getByLabel('详细地址')).toHaveValue('大良街道凤山中路 8 号');
  await form.getByLabel('手机号').fill('13912345678');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: /李小龙/ })).toHaveAttribute('aria-pressed', 'true');

  // The best coupon is chosen by itself and lowers the total by ¥5.
  const coupon = page.getByRole('region', { name: '优惠券' }).getByTestId('coupon').filter({ hasText: '商城小额券' });
  await expect(coupon).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('-¥5.00')).toBeVisible();
  const total = await page.getByTestId('pay-amount').textContent();
  await page.getByRole('button', { name: '提交订单' }).click();

  await page.waitForURL(/\/order\/middle/);
  await expect(page.getByTestId('pay-amount')).toHaveText(total!);
  await payWithCoins(page, m);
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  const orderNo = (await page
    .getByText(/^订单编号/)
    .locator('..')
    .textContent())!
    .replace('订单编号', '')
    .trim();

  await page.goto('/my/order/goods?tab=paid');
  await ready(page);
  await expect(page.getByTestId('order-card').filter({ hasText: orderNo })).toContainText('待发货');
  await page.goto('/my/wallet/coupon');
  await ready(page);
  await page.getByRole('tab', { name: '已使用' }).click();
  await expect(page.getByTestId('my-coupons').getByTestId('coupon').filter({ hasText: '商城小额券' })).toHaveCount(1);
  await page.goto('/my/wallet/kungfucoin');
  await expect(page.getByTestId('ledger')).toContainText('支付订单');
});

test('buy a course through the sandbox gateway → every lesson plays', async ({ page }) => {
  await asNewMember(page);
  const res = await page.request.post('/api/public/courseList', { data: { price: 'paid', limit: 50 } });
  const course = ((await res.json()) as { data: { list: { id: number; title: string }[] } }).data.list.at(-3)!;
  await page.goto(`/train/courseDetail?id=${course.id}`);
  await ready(page);
  await page.getByRole('link', { name: '立即购买' }).first().click();
  await page.waitForURL(/\/order\/courseOrder\?id=/);
  await ready(page);
  await page.getByRole('button', { name: '提交订单' }).click();

  await page.waitForURL(/\/order\/middle/);
  await ready(page);
  await page.getByRole('radio', { name: /沙箱支付/ }).check();
  await page.getByRole('button', { name: /立即支付/ }).click();
  await page.waitForURL(/\/pay\/sandbox\?pay_no=/);
  await ready(page);
  await expect(page.getByText('这是测试环境的模拟收银台')).toBeVisible();
  await page.getByRole('button', { name: '确认付款' }).click();
  await page.waitForURL(/\/order\/detail\?id=\d+&paid=1/);
  await expect(page.getByTestId('order-status')).toHaveText('已购买');

  await page.getByRole('link', { name: '去学习' }).click();
  await page.waitForURL(/courseDetail/);
  await ready(page);
  const lessons = page.getByRole('list', { name: '课时列表' }).getByRole('button');
  await expect(page.getByRole('link', { name: '购买课程，解锁全部课时' })).toHaveCount(0);
  const n = await lessons.count();
  expect(n).toBeGreaterThan(1);
  for (let i = 0; i < n; i++) {
    await lessons.nth(i).click();
    const video = page.locator('video');
    await expect(video).toHaveAttribute('aria-label', /正在播放/);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.error)).toBe(true);
  }
  // Watching a lesson through (played, not skipped: progress counts what really played) shows in 我的课程.
  // At 1×: on a loaded machine a late time update at 2× can look like a jump, which rightly counts nothing.
  await page.locator('video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
    v.muted = true;
    return v.play();
  });
  // The 6-second clip plays through in real time, and a loaded box may stall it for a while.
  await expect(page.getByLabel('已学完').first()).toBeVisible({ timeout: 30_000 });
  await page.goto('/my/course');
  await ready(page);
  await expect(page.getByTestId('my-course-list')).toContainText(course.title);
  await expect(page.getByTestId('my-course-list').locator('li').filter({ hasText: course.title })).toContainText(/已学 [1-9]\d*\//);
});

test('a new member buys a course: the gateway is preselected, 去充值 returns to the order, the pay password is set in the dialog', async ({
  page,
}) => {
  const m = await newMember(page.request);
  await page.goto('/');
  await signIn(page, m);
  const res = await page.request.post('/api/public/courseList', { data: { price: 'paid', limit: 50 } });
  const course = ((await res.json()) as { data: { list: { id: number }[] } }).data.list.at(-4)!;
  await page.goto(`/train/courseDetail?id=${course.id}`);
  await ready(page);
  await page.getByRole('link', { name: '立即购买' }).first().click();
  await page.waitForURL(/\/order\/courseOrder\?id=/);
  await ready(page);
  await expect(page.getByTestId('pay-amount')).toBeVisible();
  await expect(page.locator('dt').filter({ hasText: /^优惠$/ })).toHaveCount(0);
  await page.getByRole('button', { name: '提交订单' }).click();

  await page.waitForURL(/\/order\/middle\?id=\d+$/);
  const orderPage = page.url();
  await ready(page);
  // No coins yet: the gateway that can pay is chosen, not the empty balance.
  await expect(page.getByRole('radio', { name: /沙箱支付/ })).toBeChecked();
  const fen = Math.round(Number((await page.getByTestId('pay-amount').textContent())!.replace(/[^\d.]/g, '')) * 100);
  await page.getByRole('link', { name: '余额不足，去充值' }).click();

  await page.waitForURL(/\/my\/wallet\/payGateWay\?/);
  await ready(page);
  await expect(page.getByLabel('充值数量')).toHaveValue(String(Math.ceil(fen / 100)));
  await page.getByRole('button', { name: '立即充值' }).click();
  await page.waitForURL(/\/pay\/sandbox\?pay_no=/);
  await ready(page);
  await page.getByRole('button', { name: '确认付款' }).click();

  // Back on the same order, now payable with coins.
  await page.waitForURL((url) => url.href.startsWith(orderPage));
  await ready(page);
  await expect(page.getByRole('radio', { name: /功夫币支付/ })).toBeChecked();
  await page.getByRole('button', { name: /立即支付/ }).click();
  const setup = page.getByRole('dialog', { name: '设置支付密码' });
  await page.request.post('/api/dev/smsCooldownSkip', { data: { phone: m.phone } });
  await requestCode(page, setup);
  await setup.getByLabel('短信验证码').fill(await smsCode(page, m.phone));
  await setup.getByLabel('设置支付密码').fill(m.payPassword);
  await setup.getByLabel('确认支付密码').fill(m.payPassword);
  await setup.getByRole('button', { name: '设置并继续' }).click();
  const pay = page.getByRole('dialog', { name: '输入支付密码' });
  await pay.getByLabel('支付密码').fill(m.payPassword);
  await pay.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/order\/detail\?id=\d+&paid=1/);
  await expect(page.getByTestId('order-status')).toHaveText('已购买');
  // No coupon, no 优惠 −¥0.00 line.
  await expect(page.locator('dt').filter({ hasText: /^优惠$/ })).toHaveCount(0);

  // An order that does not exist: the message and the way back, no 重试 that would answer the same.
  await page.goto('/order/detail?id=99999999');
  await ready(page);
  await expect(page.getByRole('alert')).toHaveText('订单不存在');
  await expect(page.getByRole('link', { name: '返回我的订单' })).toBeVisible();
  await expect(page.getByRole('button', { name: '重试' })).toHaveCount(0);
});

test('enrol in a class → 已报名, listed in 我的班级', async ({ page }) => {
  const m = await asNewMember(page);
  const res = await page.request.post('/api/class/list', { data: { sort: 'price_asc', limit: 50 } });
  const k = ((await res.json()) as { data: { list: { id: number; title: string; seats_left: number; price: number }[] } }).data.list.find(
    (c) => c.seats_left > 0 && c.price > 0,
  )!;
  await page.goto(`/train/classDetail?id=${k.id}`);
  await ready(page);
  await page.getByRole('link', { name: '立即报名' }).click();
  await page.waitForURL(/\/order\/classOrder/);
  await ready(page);
  await expect(page.getByText('剩余名额')).toBeVisible();
  await page.getByRole('button', { name: '提交订单' }).click();
  await payWithCoins(page, m);
  await expect(page.getByTestId('order-status')).toHaveText('已报名');
  await page.goto('/my/class');
  await ready(page);
  await expect(page.getByTestId('my-class-list')).toContainText(k.title);
});

test('cancelling an unpaid order gives back the stock and the coupon', async ({ page }) => {
  page.on('dialog', (d) => void d.accept());
  await asNewMember(page, { address: true });
  await claim(page, '商城小额券');
  await page.goto('/my/wallet/coupon');
  await ready(page);
  const unused = page.getByTestId('my-coupons').getByTestId('coupon').filter({ hasText: '商城小额券' });
  await expect(unused.first()).toBeVisible();
  const couponsBefore = await unused.count();

  // The dearest goods: no other test buys it, so its stock is this test's to watch.
  const id = await goodsId(page, 8000, 'price_desc');
  await page.goto(`/shop/goodsDetail?id=${id}`);
  await ready(page);
  const stock = await pickSpecs(page);
  await page.getByRole('button', { name: '立即购买' }).click();
  await page.waitForURL(/\/order\/goodsOrder\?goods_id=/);
  await ready(page);
  await expect(page.getByRole('region', { name: '优惠券' }).getByTestId('coupon').filter({ hasText: '商城小额券' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/order\/middle/);
  await ready(page);

  await page.goto('/my/wallet/coupon');
  await ready(page);
  await expect(unused).toHaveCount(couponsBefore - 1);

  await page.goto('/my/order/goods?tab=unpaid');
  await ready(page);
  const card = page.getByTestId('order-card').first();
  await card.getByRole('button', { name: '取消订单' }).click();
  await expect(toastWith(page, '订单已取消')).toBeVisible();

  await page.goto('/my/wallet/coupon');
  await ready(page);
  await expect(unused).toHaveCount(couponsBefore);
  await page.goto(`/shop/goodsDetail?id=${id}`);
  await ready(page);
  expect(await pickSpecs(page)).toBe(stock);
});
