import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { loginByCookie, loginStaff, ready, toastWith, watchToasts, expectToastSeen } from './helpers';

/**
 * 功夫圈: a member publishes a post with three images; another likes and comments;
 * the first sees the comment in the toolbar badge and on /my/notice, finds the post through the
 * circle search and shares its link; a report of it is taken down by the operator.
 */
const POSTER = '13800000109';
const READER = '13800000110';

test('publish, like, comment, notice, search, share, report and take down', async ({ page, browser }) => {
  test.slow();
  const marker = `晨练打卡${Date.now().toString(36)}`;
  const said = `坚持就是胜利${marker.slice(-4)}`;
  const jpg = await readFile('public/imgs/default/default.jpg');

  // The poster writes a post with three pictures.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/firendscircle');
  await loginByCookie(page, POSTER);
  await page.goto('/firendscircle/publish');
  await ready(page);
  await page.getByLabel('动态内容').fill(`${marker} 今天站桩三十分钟 https://example.com/zhan`);
  await page
    .getByTestId('circle-images')
    .setInputFiles(['a', 'b', 'c'].map((n) => ({ name: `${n}.jpg`, mimeType: 'image/jpeg', buffer: jpg })));
  await expect(page.getByRole('list', { name: '图片' }).getByRole('img')).toHaveCount(3);
  await page.getByLabel('添加标签').fill('站桩');
  await page.getByLabel('添加标签').press('Enter');
  // The draft survives a reload.
  await page.reload();
  await ready(page);
  await expect(page.getByLabel('动态内容')).toHaveValue(new RegExp(marker));
  await expect(page.getByText('已恢复上次未发布的草稿')).toBeVisible();
  // Confirmed on the feed it lands on (the toast shows as that page starts), the new post on top.
  await watchToasts(page);
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await page.waitForURL(/\/firendscircle\?tab=new&post=\d+$/);
  await expectToastSeen(page, '发布成功');
  const mine = page.getByTestId('circle-post').filter({ hasText: marker }).first();
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('button', { name: /查看第 \d 张图片/ })).toHaveCount(3);
  await expect(mine.getByRole('link', { name: 'https://example.com/zhan' })).toHaveAttribute('rel', /nofollow/);
  const postId = await mine.getAttribute('data-post-id');
  const badgeBefore = Number(
    (await page
      .getByTestId('unread-badge')
      .textContent()
      .catch(() => '0')) || 0,
  );

  // Another member likes and comments.
  const ctx = await browser.newContext();
  const reader = await ctx.newPage();
  await reader.goto('/firendscircle?tab=new');
  await loginByCookie(reader, READER);
  await reader.goto('/firendscircle?tab=new');
  await ready(reader);
  const seen = reader.getByTestId('circle-post').filter({ hasText: marker });
  await seen.getByTestId('circle-like').click();
  await expect(seen.getByTestId('circle-like')).toHaveAttribute('aria-pressed', 'true');
  await expect(seen.getByTestId('circle-like')).toHaveText('1');
  await seen.getByTestId('circle-comment-toggle').click();
  await seen.getByLabel('写评论').fill(said);
  await seen.getByTestId('circle-comments').getByRole('button', { name: '评论', exact: true }).click();
  await expect(seen.getByTestId('circle-comment').filter({ hasText: said })).toBeVisible();
  await expect(seen.getByTestId('circle-comment-toggle')).toHaveText('1');

  // The poster sees the comment notice.
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('unread-badge')).toHaveText(String(badgeBefore + 1));
  await page.goto('/my/notice');
  await ready(page);
  await page.getByRole('tab', { name: /评论回复/ }).click();
  await expect(page.getByText(`评论了你的动态：${said}`)).toBeVisible();

  // Search from the header, then share the link.
  await page.goto('/firendscircle');
  await ready(page);
  await page.getByRole('combobox', { name: '搜索关键字' }).fill(marker);
  await page.getByRole('combobox', { name: '搜索关键字' }).press('Enter');
  await page.waitForURL(/\/friendSearch\?q=/);
  const found = page.getByTestId('circle-post').filter({ hasText: marker });
  await expect(found.locator('mark')).toHaveText(marker);
  await found.getByRole('button', { name: '分享' }).click();
  await expect(toastWith(page, '已成功复制，快去分享给好友吧')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/firendscircle\\?post=${postId}$`));

  // The reader reports it; the operator takes it down; it is gone and the poster is told.
  await seen.getByRole('button', { name: '举报' }).first().click();
  const dialog = reader.getByRole('dialog', { name: '举报' });
  await dialog.getByLabel('内容与实际不符').check();
  await dialog.getByRole('button', { name: '提交举报' }).click();
  await expect(toastWith(reader, '举报已提交')).toBeVisible();
  await ctx.close();

  const staffCtx = await browser.newContext();
  const staff = await staffCtx.newPage();
  await loginStaff(staff, 'content');
  await staff.goto('/admin/content-reports');
  const row = staff.locator('tr').filter({ hasText: marker }).first();
  await row.getByRole('button', { name: '下架' }).click();
  await staff.getByLabel(/下架原因/).fill('测试下架：内容不实');
  await staff.getByRole('dialog').getByRole('button', { name: '下架', exact: true }).click();
  await expect(toastWith(staff, '已下架')).toBeVisible();
  await staffCtx.close();

  await page.goto('/firendscircle?tab=new');
  await ready(page);
  await expect(page.getByTestId('circle-post').filter({ hasText: marker })).toHaveCount(0);
  await page.goto(`/firendscircle?post=${postId}`);
  await expect(page.getByText('动态不存在或已删除')).toBeVisible();
  await page.goto('/my/notice');
  await ready(page);
  await expect(page.getByText('你的功夫圈动态已被平台下架').first()).toBeVisible();
});
