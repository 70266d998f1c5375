import { expect, test } from './fixtures';
import { ready } from './helpers';

test.describe('content pages (SPEC §2 articles, help, agreements)', () => {
  test('news list filters by category and pages', async ({ page }) => {
    await page.goto('/article');
    await expect(page).toHaveTitle('资讯 - 功夫');
    const cats = page.getByRole('navigation', { name: '资讯分类' });
    await cats.getByRole('link', { name: '平台公告' }).click();
    await expect(cats.getByRole('link', { name: '平台公告' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('article').first().getByText('平台公告')).toBeVisible();
    await page.goto('/article');
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('article').first()).toBeVisible();
  });

  test('an article shows its body and neighbours', async ({ page }) => {
    // A seeded article in the middle of the list, not the newest: the console's spec publishes its own.
    await page.goto('/article/detail?id=2');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const body = await page.locator('.prose').innerText();
    expect(body.length).toBeGreaterThan(200);
    await expect(page.getByRole('navigation', { name: '上一篇和下一篇' })).toContainText('下一篇');
  });

  test('the help centre leads to an article', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { name: '帮助中心', level: 1 })).toBeVisible();
    await page
      .getByRole('link', { name: /全部 \d+ 篇/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/help\/cate\?id=\d+/);
    await page.locator('main ul a[href^="/help/detail"]').first().click();
    await expect(page.locator('.prose')).not.toBeEmpty();
    expect((await page.locator('.prose').innerText()).length).toBeGreaterThan(150);
  });

  for (const slug of ['useragreement', 'privacyagreement', 'liveagreemen', 'administrativeprovisions']) {
    test(`agreement ${slug} renders in the logo layout with one date`, async ({ page }) => {
      const res = await page.goto(`/agreement/${slug}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: '主菜单' })).toHaveCount(0);
      const text = await page.locator('article').innerText();
      expect(text.match(/\d{4}[-年]\d{1,2}[-月]\d{1,2}/g), 'one date on the page').toEqual(['2026-11-01']);
    });
  }

  test('every agreement link opens the document its label names', async ({ page }) => {
    /** Each link's label (《…》 stripped) against the heading of the page it opens; `names` maps a nav label to its document. */
    const names: Record<string, string> = { 服务协议: '用户服务协议' };
    const follow = async (links: ReturnType<typeof page.locator>, where: string) => {
      const found: [string, string][] = [];
      for (const a of await links.all()) found.push([(await a.innerText()).trim(), (await a.getAttribute('href'))!]);
      expect(found.length, where).toBeGreaterThan(0);
      for (const [label, href] of found) {
        const want = names[label] ?? label.replace(/^《|》$/g, '');
        const doc = await page.context().newPage();
        await doc.goto(href);
        await expect(doc.getByRole('heading', { level: 1 }), `${where}: ${label} → ${href}`).toHaveText(want);
        await doc.close();
      }
      return found.map(([label]) => label);
    };
    const docLinks = 'a[href^="/agreement/"], a[href^="/account/other/"]:not([href="/account/other"])';

    await page.goto('/account/other/agreement');
    const nav = page.getByRole('navigation', { name: '账户导航' });
    await expect(nav.getByRole('link', { name: '服务协议' })).toHaveAttribute('aria-current', 'page');
    expect(await follow(nav.locator(docLinks), 'account nav')).toEqual(['服务协议', '关于我们', '隐私政策']);
    // The old address of the user agreement in the account layout opens the same document.
    await page.goto('/account/other/useragree');
    await expect(page).toHaveURL(/\/account\/other\/agreement$/);

    await page.goto('/account/regmember');
    await ready(page);
    expect(await follow(page.getByRole('main').locator(docLinks), 'registration')).toEqual(['《用户服务协议》', '《隐私政策》']);

    await page.goto('/');
    await ready(page);
    await page.getByRole('banner').getByRole('button', { name: '登录' }).click();
    const login = page.getByRole('dialog', { name: '手机号登录' });
    expect(await follow(login.locator(docLinks), 'login dialog')).toEqual(['《用户服务协议》', '《隐私政策》']);
  });

  test('account "other" pages use the account nav', async ({ page }) => {
    await page.goto('/account/other/privacy');
    const nav = page.getByRole('navigation', { name: '账户导航' });
    await expect(nav.getByRole('link', { name: '隐私政策' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
    await nav.getByRole('link', { name: '关于我们' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '关于我们' })).toBeVisible();
  });

  test('download: without store links (operator config) it offers the site by QR code, never a placeholder link', async ({ page }) => {
    await page.goto('/download');
    const qr = page.getByTestId('mobile-site-qr');
    await expect(qr).toContainText('手机扫码访问');
    // The rig serves the mobile site at its own origin.
    await expect(qr.getByRole('img', { name: '手机访问二维码' })).toHaveAttribute('data-url', new URL('/m', page.url()).href);
    await expect(page.getByRole('link', { name: /iPhone 版下载|安卓版下载/ })).toHaveCount(0);
    await expect(page.locator('a[href*="id0000000000"]')).toHaveCount(0);
  });
});

test.describe('errors and redirects', () => {
  test('unknown paths and ids show the 404 page with a way home', async ({ page }) => {
    for (const url of ['/no/such/page', '/article/detail?id=999999', '/help/detail?id=abc', '/agreement/nope']) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { name: /页面不存在/ })).toBeVisible();
    }
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
