import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, test, type Page } from '../fixtures';
import { baseUrl, ready, toastWith } from '../helpers';

/**
 * The mobile site's content pages (articles, help, agreements) and sharing: the poster and link of
 * the share sheet, and inside WeChat the JS-SDK share card (SPEC §3 share payload), signed by the
 * rig's official-account stand-in (tests/fixtures/oauth-standin.mjs).
 */

/**
 * The newest article with a cover: what a shared desktop link points at. (Other specs on the same rig
 * publish articles without one, and a card without a picture has no og:image.)
 */
async function anArticle(page: Page): Promise<{ id: number; title: string }> {
  const res = await page.request.post('/api/index/articleList', { data: { page: 1, limit: 50 } });
  const list = ((await res.json()) as { data: { list: { id: number; title: string; cover?: string }[] } }).data.list;
  const a = list.find((x) => x.cover);
  if (!a) throw new Error('no seeded article with a cover');
  return a;
}

async function fitsScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
}

test('a shared desktop article link opens the mobile article; the help centre and an agreement read on the phone', async ({ page }) => {
  const a = await anArticle(page);
  await page.goto(`/article/detail?id=${a.id}`);
  await expect(page).toHaveURL(new RegExp(`/m/article/detail\\?id=${a.id}$`));
  const article = page.getByTestId('m-article-detail');
  await expect(article.getByRole('heading', { name: a.title })).toBeVisible();
  await expect(article).toContainText('阅读');
  // Search engines: the desktop page is canonical; the card's picture is an absolute URL.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseUrl()}/article/detail?id=${a.id}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', a.title);
  await fitsScreen(page);
  // Related news stays on the mobile site.
  const next = page.getByRole('region', { name: '相关资讯' }).getByTestId('m-article').first();
  await next.click();
  await expect(page).toHaveURL(/\/m\/article\/detail\?id=\d+$/);

  await page.goto('/help');
  await expect(page).toHaveURL(/\/m\/help$/);
  await expect(page.getByTestId('m-help-kefu')).toContainText('联系客服');
  const groups = page.getByTestId('m-help-groups');
  const question = groups.getByRole('link').first();
  const title = (await question.innerText()).trim();
  await question.click();
  await expect(page).toHaveURL(/\/m\/help\/detail\?id=\d+$/);
  await expect(page.getByTestId('m-help-detail').getByRole('heading', { name: title })).toBeVisible();
  await fitsScreen(page);

  await page.goto('/agreement/privacyagreement');
  await expect(page).toHaveURL(/\/m\/agreement\?type=privacyagreement$/);
  await expect(page.getByTestId('m-agreement').getByRole('heading', { name: '隐私政策' })).toBeVisible();
  await fitsScreen(page);
});

test('the share sheet copies the link and draws a poster whose QR code opens the page', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const sdk: string[] = [];
  page.on('request', (r) => r.url().startsWith('https://res.wx.qq.com/') && sdk.push(r.url()));
  const a = await anArticle(page);
  await page.goto(`/m/article/detail?id=${a.id}`);
  await ready(page);
  const here = `${baseUrl()}/m/article/detail?id=${a.id}`;

  await page.getByRole('button', { name: '分享' }).click();
  const sheet = page.getByRole('dialog', { name: '分享' });
  await sheet.getByRole('button', { name: '复制链接' }).click();
  await expect(toastWith(page, '已成功复制，快去分享给好友吧')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(here);

  await sheet.getByRole('button', { name: '生成海报' }).click();
  const poster = sheet.getByTestId('m-share-poster');
  await expect(poster).toBeVisible();
  await expect(sheet).toContainText('长按图片保存');
  const drawn = await poster.evaluate((img: HTMLImageElement) => ({
    src: img.src.slice(0, 22),
    w: img.naturalWidth,
    h: img.naturalHeight,
  }));
  expect(drawn.src).toMatch(/^data:image\/(jpeg|png)/);
  expect(drawn.w).toBeGreaterThan(0);
  expect(drawn.h).toBeGreaterThan(0);
  const png = PNG.sync.read(await poster.screenshot());
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(here);
  // Outside WeChat no JS-SDK is loaded.
  expect(sdk).toEqual([]);
});

test.describe('inside WeChat', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F37) NetType/WIFI Language/zh_CN',
  });

  test('the page sets its share card through the JS-SDK with a signature from the server', async ({ page }) => {
    // A stand-in for jweixin: records what the page configures and shares.
    await page.route('https://res.wx.qq.com/**', (route) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: `window.__wx = {};
window.wx = {
  config: function (c) { window.__wx.config = c; },
  ready: function (f) { setTimeout(f, 0); },
  error: function () {},
  updateAppMessageShareData: function (d) { window.__wx.friend = d; },
  updateTimelineShareData: function (d) { window.__wx.timeline = d; },
};`,
      }),
    );
    const a = await anArticle(page);
    await page.goto(`/m/article/detail?id=${a.id}`);
    const wx = await page.waitForFunction(() => {
      const w = (window as Window & { __wx?: { config?: unknown; friend?: unknown; timeline?: unknown } }).__wx;
      return w?.config && w.friend && w.timeline ? w : null;
    });
    const { config, friend, timeline } = (await wx.jsonValue()) as {
      config: { appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] };
      friend: { title: string; desc: string; link: string; imgUrl: string };
      timeline: unknown;
    };
    expect(config.appId).toBe('wx-standin-mp');
    expect(config.signature).toMatch(/^[0-9a-f]{40}$/);
    expect(config.nonceStr).not.toBe('');
    expect(config.jsApiList).toEqual(['updateAppMessageShareData', 'updateTimelineShareData']);
    expect(friend).toMatchObject({
      title: a.title,
      link: `${baseUrl()}/m/article/detail?id=${a.id}`,
      imgUrl: expect.stringMatching(/^https?:\/\//),
    });
    expect(timeline).toEqual(friend);
    // The sheet points at WeChat's own menu.
    await ready(page);
    await page.getByRole('button', { name: '分享' }).click();
    await expect(page.getByRole('dialog', { name: '分享' })).toContainText('点击右上角 ··· 可发送给朋友或分享到朋友圈');
  });
});
