import { expect, test } from './fixtures';
import type { Locator } from '@playwright/test';
import { DEMO, freshPhone, loginViaDialog, newMember, ready, signIn, toastWith, watchToasts, expectToastSeen } from './helpers';

test.describe('site chrome (SPEC §2 main layout)', () => {
  test('home shows header, menu, footer and toolbar', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('首页 - 功夫');
    const header = page.getByRole('banner');
    await expect(header).toHaveCSS('height', '72px');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    for (const label of ['首页', '商城', '培训', '直播', '功夫圈', '资讯', 'App下载']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: '培训' }).hover();
    await expect(menu.getByRole('link', { name: '班级' })).toBeVisible();
    await expect(menu.getByRole('link', { name: '班级' })).toHaveAttribute('href', '/train/class');
    await expect(page.getByRole('combobox', { name: '搜索关键字' })).toHaveAttribute('placeholder', '太极拳');

    const footer = page.getByRole('contentinfo');
    for (const label of ['课程首页', '班级首页', '直播首页', '商城首页'])
      await expect(footer.getByRole('link', { name: label })).toBeVisible();
    const helpLink = footer.locator('a[href^="/help/detail?id="]').first();
    await expect(helpLink).toBeVisible();
    for (const alt of ['App 下载二维码', '公众号二维码']) {
      const qr = footer.getByRole('img', { name: alt });
      await expect(qr).toBeVisible();
      // Footer images load lazily: bring them into view, then check they are real pictures.
      await qr.scrollIntoViewIfNeeded();
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    }
    await expect(footer).toContainText('京ICP备');

    const toolbar = page.getByRole('navigation', { name: '快捷工具' });
    await expect(toolbar).toHaveCSS('width', '64px');
    for (const label of ['聊天', '消息', '反馈', '下载']) await expect(toolbar.getByRole('link', { name: label })).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('min-width', '1200px');
  });

  test('the header shows a whole nickname, and cuts only one too long for it (full name as the tooltip)', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    const m = await newMember(page.request);
    await signIn(page, m);
    await page.goto('/');
    await ready(page);
    const nick = page.getByRole('banner').getByTestId('header-nick');
    // A new member's 功夫学员1234 has room at the narrowest width the site allows.
    await expect(nick).toHaveText(m.user.nick_name);
    await expect(nick).toHaveAttribute('title', m.user.nick_name);
    expect(await nick.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    const long = '一个十六字长的昵称用来看截断效果';
    await signIn(page, { ...m, user: { ...m.user, nick_name: long } });
    await page.reload();
    await ready(page);
    await expect(nick).toHaveAttribute('title', long);
    expect(await nick.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // Cut, the row still fits: menu, search box at its minimum or wider, then the user area.
    const box = async (l: Locator) => (await l.boundingBox())!;
    const [menu, search, name, row] = await Promise.all([
      box(page.getByRole('navigation', { name: '主菜单' })),
      box(page.getByRole('search')),
      box(nick),
      box(page.getByRole('banner').locator('.gf-container')),
    ]);
    expect(search.x).toBeGreaterThan(menu.x + menu.width);
    expect(search.width).toBeGreaterThanOrEqual(180);
    expect(name.x).toBeGreaterThan(search.x + search.width);
    expect(name.x + name.width).toBeLessThanOrEqual(row.x + row.width + 0.5);
  });

  test('the banner and latest news come from the database', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: '推荐活动' }).getByRole('img').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: '最新资讯' })).toBeVisible();
    const first = page.locator('a[href^="/article/detail?id="]').first();
    const title = (await first.textContent())!.trim();
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title.slice(0, 8));
  });

  test('a guest opening the cart gets the login dialog', async ({ page }) => {
    await page.goto('/');
    await ready(page);
    await page.getByRole('link', { name: '购物车', exact: true }).click();
    await expect(page.getByRole('dialog', { name: '手机号登录' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toHaveCSS('width', '410px');
  });

  test('the toolbar warns guests 身份已过期请重新登录', async ({ page }) => {
    await page.goto('/article');
    await ready(page);
    await page.getByRole('navigation', { name: '快捷工具' }).getByRole('link', { name: '消息' }).click();
    await expect(toastWith(page, '身份已过期请重新登录')).toBeVisible();
    await expect(page).toHaveURL(/\/article$/);
  });
});

test.describe('login dialog (SPEC §2, §4, §5)', () => {
  test('refuses without the agreement ticked, then shows the server message', async ({ page }) => {
    await page.goto('/');
    await ready(page);
    await page.getByRole('banner').getByRole('button', { name: '登录' }).click();
    const dialog = page.getByRole('dialog', { name: '手机号登录' });
    await expect(dialog.getByRole('link', { name: '《用户服务协议》' })).toHaveAttribute('target', '_blank');
    await expect(dialog.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/agreement/privacyagreement');
    // A phone nobody registered: wrong guesses at a real account would count towards its lockout.
    await dialog.getByPlaceholder('请输入手机号').fill(freshPhone());
    await dialog.getByPlaceholder('请输入密码').fill('wrong-password');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toastWith(page, '请阅读协议并勾选')).toBeVisible();
    await dialog.getByRole('button', { name: '微信登录' }).click();
    await expect(toastWith(page, '请阅读协议并勾选')).toHaveCount(2);
    await dialog.getByRole('checkbox', { name: '同意协议' }).check();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toastWith(page, '手机号或密码错误')).toBeVisible();
    await dialog.getByPlaceholder('请输入手机号').fill('12345');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toastWith(page, '请填写正确的手机号')).toBeVisible();
  });

  const roles = [
    ['member', DEMO.member, [], ['教练管理', '店铺管理', '服务商管理']],
    ['coach', DEMO.coach, ['教练管理'], ['店铺管理', '服务商管理']],
    ['shop owner', DEMO.mechant, ['店铺管理'], ['教练管理', '服务商管理']],
    ['provider', DEMO.provider, ['服务商管理'], ['教练管理', '店铺管理']],
  ] as const;
  for (const [role, who, has, hasNot] of roles) {
    test(`the ${role} sees their menus`, async ({ page }) => {
      await page.goto('/');
      await loginViaDialog(page, who);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: '我的课程' })).toHaveAttribute('href', '/my/course');
      await header.getByRole('link', { name: '个人中心' }).first().hover();
      const menu = header.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: '个人中心' })).toHaveAttribute('href', '/my/order/goods');
      await expect(menu.getByRole('menuitem', { name: '账号设置' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: '个人主页' })).toHaveAttribute('href', '/my/homepage');
      for (const label of has) await expect(menu.getByRole('menuitem', { name: label })).toBeVisible();
      for (const label of hasNot) await expect(menu.getByRole('menuitem', { name: label })).toHaveCount(0);
      // The main layout only closes the dialog; the session survives a reload via the cookie.
      await page.reload();
      await expect(header.getByText(who.name)).toBeVisible();
    });
  }

  test('logout from a member-only page clears the session at once and goes home, saying so there', async ({ page, context }) => {
    const m = await newMember(page.request);
    await page.goto('/article');
    await loginViaDialog(page, m);
    const cookie = (await context.cookies()).find((c) => c.name === 'user');
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ identity: 0, token: expect.any(String) });
    await page.goto('/cart');
    await ready(page);
    await page.getByRole('banner').getByRole('link', { name: '个人中心' }).first().hover();
    // Said on the home page as it starts.
    await watchToasts(page);
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expectToastSeen(page, '退出成功');
    await expect(page.getByRole('banner').getByRole('button', { name: '登录' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'user')).toBeUndefined();
    // Back to the member-only page: its logged-out state, not the member's cart.
    await page.goBack();
    await expect(page.getByText('登录后才能查看此页面')).toBeVisible();
  });

  test('leaving the page while the logout call is on its way still logs out (cookie first, the call survives)', async ({
    page,
    context,
  }) => {
    const m = await newMember(page.request);
    await page.goto('/');
    await signIn(page, m);
    await page.goto('/my/order/goods');
    await ready(page);
    // The logout answer is held back until the member has moved on to another page.
    let moved = () => {};
    const movedOn = new Promise<void>((resolve) => (moved = resolve));
    await context.route('**/api/logout', async (route) => {
      await movedOn;
      await route.continue();
    });
    await page.getByRole('banner').getByRole('link', { name: '个人中心' }).first().hover();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.goto('/my/order/course');
    await ready(page);
    moved();
    await expect(page.getByText('登录后才能查看此页面')).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'user')).toBeUndefined();
    // And the server ended the session too.
    await expect
      .poll(async () => {
        const res = await page.request.post('/api/member/memberInfo', { data: {}, headers: { authToken: m.user.token } });
        return ((await res.json()) as { code: number }).code;
      })
      .toBe(101);
  });

  test('the account layout reloads after login', async ({ page }) => {
    await page.goto('/account/other/aboutus');
    await ready(page);
    await expect(page.getByRole('banner')).toHaveCSS('height', '58px');
    const reloaded = page.waitForEvent('load');
    await loginViaDialog(page, DEMO.coach);
    await reloaded;
    await expect(page.getByRole('banner').getByText(DEMO.coach.name)).toBeVisible();
  });
});
