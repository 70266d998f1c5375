import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { DEMO, newMember, ready, signIn, toastWith, type Member } from './helpers';

// A 3-second 320×180 H.264/AAC clip (21 KB), made with:
// ffmpeg -f lavfi -i testsrc=size=320x180:rate=15 -f lavfi -i sine=frequency=440 -t 3 -c:v libx264 -crf 35 -c:a aac lesson.mp4
const VIDEO = readFileSync(new URL('../fixtures/lesson.mp4', import.meta.url));
// A 1×1 PNG for the cover.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function signInAs(page: Page, phone: string, password: string) {
  const res = await page.request.post('/api/login', { data: { type: 1, phone, password } });
  const user = ((await res.json()) as { data: Member['user'] }).data;
  await signIn(page, { phone, password, payPassword: '', user });
}

test('a coach publishes a course with two lessons and an uploaded video; a member buys it and plays the new lesson', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `推手实战 ${Date.now().toString(36)}`;
  await page.goto('/');
  await signInAs(page, DEMO.coach.phone, DEMO.coach.password);

  // The course.
  await page.goto('/coach/publish');
  await ready(page);
  const form = page.getByTestId('course-form');
  await form.getByRole('textbox', { name: '课程标题' }).or(form.locator('input[name=title]')).fill(title);
  await form.getByLabel('选择课程封面').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(toastWith(page, '封面已上传')).toBeVisible();
  await form.getByRole('radio', { name: '进阶' }).check();
  await form.getByRole('radio', { name: '收费' }).check();
  await form.getByLabel('价格（元）').fill('9.9');
  await form.locator('textarea[name=summary]').fill('两节课学会单推手');
  await form.getByRole('textbox', { name: '课程介绍' }).fill('推手是太极拳的对练方法。');
  await form.getByRole('button', { name: '保存并添加课时' }).click();
  await page.waitForURL(/\/coach\/course\/lessonList\?id=\d+&new=1/);
  const courseId = Number(new URL(page.url()).searchParams.get('id'));
  await ready(page);
  await expect(page.getByText('课程已保存（未上架）')).toBeVisible();

  // Lesson 1: a free preview without a video yet.
  await page.getByTestId('new-lesson').click();
  await page.waitForURL(/\/coach\/publishLesson\?course_id=/);
  await ready(page);
  await page.locator('input[name=title]').fill('第1课 搭手与听劲');
  await page.getByRole('checkbox', { name: /免费试看/ }).check();
  await page.getByRole('button', { name: '保存课时' }).click();
  await page.waitForURL(/\/coach\/course\/lessonList\?id=/);
  await ready(page);
  await expect(page.getByTestId('lesson-row')).toHaveCount(1);

  // Lesson 2 with a video, uploaded resumably with a progress bar, then processed.
  await page.getByTestId('new-lesson').click();
  await page.waitForURL(/\/coach\/publishLesson\?course_id=/);
  await ready(page);
  await page.locator('input[name=title]').fill('第2课 单推手');
  await page.getByLabel('选择课时视频').setInputFiles({ name: 'lesson.mp4', mimeType: 'video/mp4', buffer: VIDEO });
  const progress = page.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('video-ready')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('upload-state')).toHaveText(/已转码|未转码/);
  await page.getByRole('button', { name: '保存课时' }).click();
  await page.waitForURL(/\/coach\/course\/lessonList\?id=/);
  await ready(page);
  await expect(page.getByTestId('lesson-row')).toHaveCount(2);
  await expect(page.getByTestId('lesson-row').nth(1)).toContainText(/已转码|未转码/);

  // The video page of the lesson.
  await page.getByTestId('lesson-row').nth(1).getByRole('link', { name: '视频' }).click();
  await page.waitForURL(/\/coach\/videoInfo\?id=\d+/);
  await ready(page);
  await expect(page.getByTestId('video-info')).toBeVisible();
  await expect(page.getByTestId('video-大小（原文件）')).toHaveText('21 KB');
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.readyState >= 1 && !v.error)).toBe(true);
  await page.goBack();
  await ready(page);

  // On sale.
  await page.getByTestId('toggle-sale').click();
  await expect(toastWith(page, '已上架')).toBeVisible();
  await page.goto('/coach/course');
  await ready(page);
  const row = page.getByTestId('coach-course').filter({ hasText: title });
  await expect(row).toContainText('已上架');
  await expect(row).toContainText('2 课时');

  // A member buys it with coins and plays the new lesson.
  const m = await newMember(page.request, { coins: 100, payPassword: true });
  await page.context().clearCookies();
  await signIn(page, m);
  await page.goto(`/train/courseDetail?id=${courseId}`);
  await ready(page);
  await page.getByRole('link', { name: '立即购买' }).first().click();
  await page.waitForURL(/\/order\/courseOrder\?id=/);
  await ready(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/order\/middle\?id=\d+/);
  await ready(page);
  await page.getByRole('button', { name: /立即支付/ }).click();
  const dialog = page.getByRole('dialog', { name: '输入支付密码' });
  await dialog.getByLabel('支付密码').fill(m.payPassword);
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/order\/detail\?id=\d+&paid=1/);
  await page.getByRole('link', { name: '去学习' }).click();
  await page.waitForURL(/courseDetail/);
  await ready(page);
  await page
    .getByRole('list', { name: '课时列表' })
    .getByRole('button', { name: /单推手/ })
    .click();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('aria-label', /正在播放：第2课 单推手/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.error)).toBe(true);

  // The coach sees the order and its income (pending until the refund window passes).
  await page.context().clearCookies();
  await signInAs(page, DEMO.coach.phone, DEMO.coach.password);
  await page.goto('/coach/homepage/order/course');
  await ready(page);
  const order = page.getByTestId('seller-order').filter({ hasText: title });
  await expect(order).toHaveCount(1);
  const orderNo = await order.getAttribute('data-order-no');
  await page.goto('/coach/finance');
  await ready(page);
  await expect(page.getByTestId('seller-ledger')).toContainText(orderNo ?? 'missing order number');
});

test('a guest is asked to log in and a member is told to apply, on the coach pages', async ({ page }) => {
  await page.goto('/coach/course');
  await ready(page);
  await expect(page.getByTestId('seller-login')).toBeVisible();
  await signInAs(page, DEMO.member.phone, DEMO.member.password);
  await page.goto('/coach/class/publish');
  await ready(page);
  await expect(page.getByTestId('seller-not-role')).toContainText('你还不是教练');
});
