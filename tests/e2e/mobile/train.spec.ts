import { expect, test } from '../fixtures';
import { newMember, ready, signIn } from '../helpers';

// The mobile training pages as phones reach them: shared desktop links land on /m pages (SPEC §2).

test('a shared course link opens the mobile course page and plays a free preview', async ({ page }) => {
  await page.goto('/train/courseDetail?id=1');
  await expect(page).toHaveURL(/\/m\/course\/detail\?id=1$/);
  await ready(page);
  const player = page.getByTestId('m-lesson-player');
  await expect(player.getByRole('list', { name: '课时列表' }).getByText('试看')).toHaveCount(2);
  // A guest sees 立即购买, pointing at the mobile checkout of this course.
  await expect(page.getByTestId('m-buy')).toHaveAttribute('href', '/m/checkout?kind=course&id=1');
  await player.getByRole('button', { name: '开始试看' }).click();
  const video = player.locator('video');
  await expect(video).toHaveAttribute('playsinline', '');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
  // A locked lesson stays locked for a guest: the preview keeps playing.
  await player.getByRole('button', { name: /第3课/ }).click();
  await expect(video).toHaveAttribute('aria-label', /第1课/);
  // The technique controls as touch buttons (≥ 44 px): 0.5×, mirror, a frame step that pauses first.
  const controls = player.getByTestId('technique-controls');
  for (const box of await controls.getByRole('button').evaluateAll((els) => els.map((el) => el.getBoundingClientRect())))
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await controls.getByLabel('播放倍速').selectOption('0.5');
  await controls.getByRole('button', { name: '镜像' }).tap();
  await expect(video).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
  await controls.getByRole('button', { name: '前进一帧' }).tap();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await controls.getByRole('button', { name: '前进一帧' }).tap();
  await expect.poll(async () => (await video.evaluate((v: HTMLVideoElement) => v.currentTime)) - t0).toBeCloseTo(0.04, 2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(0.5);
});

test('a member opens a coach page from the desktop URL and follows, then unfollows', async ({ page, request }) => {
  // Each phone project follows its own coach, so the fans counts of parallel runs never mix.
  const coach = test.info().project.name === 'pixel' ? 8 : 7;
  await page.goto(`/anchor?type=coach&id=${coach}`);
  await expect(page).toHaveURL(new RegExp(`/m/anchor\\?type=coach&id=${coach}$`));
  await ready(page);
  // A guest is sent to log in, and comes back here afterwards.
  await page.getByRole('button', { name: '关注', exact: true }).click();
  await expect(page).toHaveURL(/\/m\/login\?redirect=%2Fm%2Fanchor%3Ftype%3Dcoach%26id%3D/);

  const m = await newMember(request);
  await signIn(page, m);
  await page.goto(`/m/anchor?type=coach&id=${coach}`);
  await ready(page);
  const fans = page.getByTestId('fans-count');
  const before = Number((await fans.textContent())?.match(/\d+/)?.[0]);
  await page.getByRole('button', { name: '关注', exact: true }).click();
  await expect(page.getByRole('button', { name: '取消关注' })).toBeVisible();
  await expect(fans).toHaveText(`${before + 1} 粉丝`);
  await page.getByRole('button', { name: '取消关注' }).click();
  await expect(page.getByRole('button', { name: '关注', exact: true })).toBeVisible();
  await expect(fans).toHaveText(`${before} 粉丝`);

  // The other tabs are links of the same page; 课程 lists the coach's courses.
  await page.getByTestId('m-anchor-tabs').getByRole('link', { name: '课程' }).click();
  await expect(page).toHaveURL(/tab=course/);
  await expect(page.getByTestId('m-course').first()).toBeVisible();

  // The new member has no courses yet: the learning page says so.
  await page.goto('/my/course');
  await expect(page).toHaveURL(/\/m\/my\/learning\?kind=course$/);
  await expect(page.getByText('还没有学习中的课程')).toBeVisible();
});

test('the course list loads the next page when scrolled to its end', async ({ page }) => {
  await page.goto('/train/courseList');
  await expect(page).toHaveURL(/\/m\/list\?type=course$/);
  await ready(page);
  const rows = page.getByTestId('m-course');
  await expect(rows).toHaveCount(10);
  await rows.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => rows.count()).toBeGreaterThan(10);
  // A filter starts again from its first page, and the address keeps it.
  await page.getByRole('combobox', { name: '价格' }).selectOption('free');
  await expect(page).toHaveURL(/price=free/);
  await expect(page.getByTestId('m-course').first()).toContainText('免费');
});
