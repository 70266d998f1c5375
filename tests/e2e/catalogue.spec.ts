import { expect, test } from './fixtures';
import { DEMO, loginByCookie, newMember, ready, signIn, toastWith } from './helpers';

test.describe('browse', () => {
  test('home → course list → course detail, and a free lesson plays', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '推荐课程' })).toBeVisible();
    await page.getByRole('region', { name: '推荐课程' }).getByRole('link', { name: '查看更多' }).click();
    await page.waitForURL('**/train/course');
    await page.getByRole('navigation', { name: '课程标签' }).getByRole('link', { name: '全部课程' }).click();
    await page.waitForURL('**/train/courseList');
    await page.getByRole('link', { name: '免费', exact: true }).click();
    await expect(page).toHaveURL(/price=free/);
    await page.getByTestId('course-card').first().click();
    await page.waitForURL(/\/train\/courseDetail\?id=\d+/);
    await ready(page);
    await expect(page.getByTestId('course-price')).toHaveText('免费');
    await page.getByRole('button', { name: /开始试看/ }).click();
    const video = page.locator('video');
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
  });

  test('a paid course locks all but the previews for a guest', async ({ page }) => {
    await page.goto('/train/courseList?price=paid');
    await page.getByTestId('course-card').first().click();
    await ready(page);
    const lessons = page.getByRole('list', { name: '课时列表' });
    await expect(lessons.getByText('试看')).toHaveCount(2);
    await expect(page.getByRole('link', { name: '购买课程，解锁全部课时' })).toHaveAttribute('href', /\/order\/courseOrder\?id=\d+/);
  });

  test('class list → detail shows seats left', async ({ page }) => {
    await page.goto('/train/class');
    await page.getByRole('navigation', { name: '班级城市' }).getByRole('link', { name: '北京' }).click();
    await expect(page).toHaveURL(/city=%E5%8C%97%E4%BA%AC/);
    await page.getByTestId('class-card').first().click();
    await expect(page.getByTestId('seats')).toContainText(/剩余|名额已满/);
    await expect(page.getByText('上课地点')).toBeVisible();
  });

  test('coach list → coach homepage tabs', async ({ page }) => {
    await page.goto('/train/coachList?style=%E5%92%8F%E6%98%A5%E6%8B%B3');
    await page.getByTestId('coach-card').filter({ hasText: '黄志坚' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('黄志坚');
    await page.getByRole('navigation', { name: '主页栏目' }).getByRole('link', { name: '课程' }).click();
    await expect(page.getByTestId('course-card').first()).toBeVisible();
    await page.getByRole('navigation', { name: '主页栏目' }).getByRole('link', { name: '直播' }).click();
    // Every seeded coach has a room (idle until a stream comes): the tab leads into it.
    await expect(page.getByRole('link', { name: /进入直播间/ }).first()).toHaveAttribute('href', /^\/live\/room\/\d+$/);
  });

  test('goods detail: spec selection changes price and stock', async ({ page }) => {
    // Goods whose SKUs differ in stock (two in stock), so picking one changes the figure; the hot
    // list's order carries no meaning while the seed has sold nothing.
    const list = (await (await page.request.post('/api/goods/list', { data: { limit: 50 } })).json()) as {
      data: { list: { id: number }[] };
    };
    let id = 0;
    for (const g of list.data.list) {
      const d = (await (await page.request.post('/api/goods/detail', { data: { id: g.id } })).json()) as {
        data: { skus: { stock: number }[] };
      };
      if (d.data.skus.filter((k) => k.stock > 0).length >= 2) {
        id = g.id;
        break;
      }
    }
    expect(id).toBeGreaterThan(0);
    await page.goto(`/shop/goodsDetail?id=${id}`);
    await ready(page);
    const picker = page.getByTestId('spec-picker');
    const price = page.getByTestId('goods-price');
    const stock = page.getByTestId('goods-stock');
    const before = { price: await price.textContent(), stock: await stock.textContent() };
    const groups = picker.getByRole('group');
    for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).locator('button:not([disabled])').first().click();
    await expect(price).not.toHaveText(before.price!.includes(' - ') ? before.price! : '¥-');
    await expect(price).toHaveText(/^¥\d+\.\d{2}$/);
    await expect(stock).not.toHaveText(before.stock!);
    await expect(stock).toHaveText(/库存 \d+ 件|已售罄/);
  });

  test('shop homepage lists its goods', async ({ page }) => {
    await page.goto('/shop');
    await page.getByRole('region', { name: '推荐店铺' }).getByTestId('mechant-card').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('店铺');
    await page.getByRole('navigation', { name: '主页栏目' }).getByRole('link', { name: '商品' }).click();
    await expect(page.getByTestId('goods-card').first()).toBeVisible();
  });
});

test.describe('follow and favourites', () => {
  test('a guest is asked to log in to follow', async ({ page }) => {
    await page.goto('/train/coachList?style=%E6%95%A3%E6%89%93');
    await page.getByTestId('coach-card').first().click();
    await ready(page);
    await page.getByRole('button', { name: '关注', exact: true }).click();
    await expect(toastWith(page, '请先登录')).toBeVisible();
    await expect(page.getByRole('dialog', { name: '手机号登录' })).toBeVisible();
  });

  test('a coach’s and a shop owner’s own profile offers 编辑资料 instead of 关注 and 联系TA', async ({ page }) => {
    await page.goto('/');
    await loginByCookie(page, DEMO.coach.phone);
    await page.goto('/train/coachList');
    await page.getByTestId('coach-card').filter({ hasText: '陈师傅' }).click();
    await expect(page).toHaveURL(/\/anchor\?type=coach&id=\d+/);
    await ready(page);
    const head = page.locator('section').first();
    await expect(head.getByRole('link', { name: '编辑资料' })).toHaveAttribute('href', '/coach/setting');
    await expect(head.getByRole('button', { name: '关注', exact: true })).toHaveCount(0);
    await expect(head.getByRole('button', { name: '联系TA' })).toHaveCount(0);
    await expect(head.getByRole('button', { name: '举报' })).toHaveCount(0);
    await expect(head.getByRole('button', { name: '去分享' })).toBeVisible();

    await loginByCookie(page, DEMO.mechant.phone);
    await page.goto('/mechant/setting');
    await ready(page);
    const own = await page.getByTestId('anchor-link').getAttribute('href');
    expect(own).toMatch(/^\/anchor\?type=mechant&id=\d+$/);
    await page.goto(own!);
    await ready(page);
    await expect(page.getByRole('link', { name: '编辑资料' })).toHaveAttribute('href', '/mechant/setting');
    await expect(page.getByRole('button', { name: '关注', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '联系TA' })).toHaveCount(0);
  });

  test('a member follows and unfollows; fans count follows along', async ({ page }) => {
    const m = await newMember(page.request);
    await page.goto('/');
    await signIn(page, m);
    await page.goto('/train/coachList?style=%E6%88%AA%E6%8B%B3%E9%81%93');
    await page.getByTestId('coach-card').first().click();
    await ready(page);
    const fans = page.getByTestId('fans-count');
    const n = Number((await fans.textContent())!.match(/\d+/)![0]);
    await page.getByRole('button', { name: '关注', exact: true }).click();
    await expect(page.getByRole('button', { name: '取消关注' })).toBeVisible();
    await expect(fans).toHaveText(`${n + 1} 粉丝`);
    await page.goto('/my/focus');
    await ready(page);
    await expect(page.getByTestId('focus-list')).toContainText('李振宇');
    await page.goBack();
    await ready(page);
    await page.getByRole('button', { name: '取消关注' }).click();
    await expect(page.getByRole('button', { name: '关注', exact: true })).toBeVisible();
    await expect(fans).toHaveText(`${n} 粉丝`);
  });

  test('a favourite shows in /my/favorite', async ({ page }) => {
    const m = await newMember(page.request);
    await page.goto('/');
    await signIn(page, m);
    await page.goto('/shop/goodsList?sort=price_desc');
    const card = page.getByTestId('goods-card').first();
    const title = (await card.locator('h3').textContent())!.trim();
    await card.click();
    await ready(page);
    await page.getByRole('button', { name: '收藏', exact: true }).click();
    await expect(toastWith(page, '已收藏')).toBeVisible();
    await page.goto('/my/favorite');
    await ready(page);
    await page.getByRole('tab', { name: '商品' }).click();
    await expect(page.getByTestId('favorite-list')).toContainText(title);
  });
});

test.describe('search in Chinese from the header', () => {
  const cases = [
    ['/train/course', '太极', /\/search\?q=.*type=course/, 'course-card'],
    ['/train/class', '咏春', /\/search\?q=.*type=class/, 'class-card'],
    ['/train/coach', '八极', /\/search\?q=.*type=coach/, 'coach-card'],
    ['/shop', '太极剑', /\/shopsearch\?q=/, 'goods-card'],
  ] as const;
  for (const [from, q, url, card] of cases) {
    test(`from ${from} finds ${q}`, async ({ page }) => {
      await page.goto(from);
      await ready(page);
      await page.getByRole('combobox', { name: '搜索关键字' }).fill(q);
      await page.getByRole('combobox', { name: '搜索关键字' }).press('Enter');
      await page.waitForURL(url);
      await expect(page.getByTestId(card).first()).toBeVisible();
      await expect(page.getByTestId(card).first().locator('mark').first()).toHaveText(q);
    });
  }

  test('an empty result says so and offers other searches', async ({ page }) => {
    await page.goto('/search?q=%E4%B8%8D%E5%AD%98%E5%9C%A8%E7%9A%84%E6%8B%B3&type=course');
    await expect(page.getByTestId('search-empty')).toContainText('没有找到');
  });
});
