import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { DEMO, newMember, ready, signIn, toastWith, type Member } from './helpers';

// The 3-second clip the lesson upload test uses (tests/fixtures/lesson.mp4, 21 KB).
const VIDEO = readFileSync(new URL('../fixtures/lesson.mp4', import.meta.url));
// The demo course the seed puts an assignment on (src/server/seed/learning-homework.ts).
const DEMO_COURSE = '二十四式太极拳零基础入门';
// Its seeded assignment (other specs may set more on the same course).
const DEMO_ASSIGNMENT = '演练本节第一至第四式';

test('a learner who owns the course hands in a practice video: 待点评 in 我的作业 and in the coach’s 作业点评 queue', async ({ page }) => {
  test.setTimeout(120_000);
  const m = await newMember(page.request, { coins: 100, payPassword: true });
  const list = await page.request.post('/api/public/courseList', { data: { price: 'paid', limit: 50 } });
  const course = ((await list.json()) as { data: { list: { id: number; title: string }[] } }).data.list.find(
    (c) => c.title === DEMO_COURSE,
  );
  expect(course, `the seeded course ${DEMO_COURSE}`).toBeTruthy();
  // Buying is the commerce tests' subject: here the learner simply owns the course (coins, pay password).
  const auth = { authToken: m.user.token };
  const order = await page.request.post('/api/order/createCourse', { data: { course_id: course?.id }, headers: auth });
  const orderId = ((await order.json()) as { data: { id: number } }).data.id;
  const paid = await page.request.post('/api/order/payCoins', { data: { id: orderId, pay_password: m.payPassword }, headers: auth });
  expect(((await paid.json()) as { code: number }).code).toBe(200);

  await page.goto('/');
  await signIn(page, m);

  // 我的作业 lists the course's assignment, not handed in yet; its link opens the lesson with the card.
  await page.goto('/my/homework');
  await ready(page);
  const card = page.getByTestId('homework-card').filter({ hasText: DEMO_COURSE }).filter({ hasText: DEMO_ASSIGNMENT });
  await expect(card.getByTestId('homework-state')).toHaveText('未提交');
  await card.getByRole('link', { name: new RegExp(DEMO_COURSE) }).click();
  await page.waitForURL(/\/train\/courseDetail\?id=\d+&lesson=\d+/);
  await ready(page);

  const lesson = page.getByTestId('lesson-homework').getByTestId('homework-card').filter({ hasText: DEMO_ASSIGNMENT });
  await lesson.getByRole('button', { name: '提交作业' }).click();
  const form = lesson.getByTestId('homework-submit');
  await form.getByLabel('选择练习视频').setInputFiles({ name: 'practice.mp4', mimeType: 'video/mp4', buffer: VIDEO });
  await expect(form.getByTestId('upload-progress')).toHaveAttribute('aria-valuenow', '100');
  await expect(form.getByTestId('video-ready')).toBeVisible({ timeout: 30_000 });
  const note = `第三式转身不稳 ${Date.now().toString(36)}`;
  await form.getByPlaceholder('例如：第三式的转身总是不稳').fill(note);
  await form.getByRole('button', { name: '提交作业' }).click();
  await expect(toastWith(page, '作业已提交，等待教练点评')).toBeVisible();
  await expect(lesson.getByTestId('homework-state')).toHaveText('待点评');
  await expect(lesson.getByRole('button', { name: '再交一次' })).toBeVisible();

  await page.goto('/my/homework');
  await ready(page);
  await expect(card.getByTestId('homework-state')).toHaveText('待点评');
  await expect(card).toContainText('第 1 次');

  // The course's coach finds it under 待点评 with the learner's public name and the note.
  await page.context().clearCookies();
  const login = await page.request.post('/api/login', { data: { type: 1, phone: DEMO.coach.phone, password: DEMO.coach.password } });
  await signIn(page, { ...DEMO.coach, payPassword: '', user: ((await login.json()) as { data: Member['user'] }).data });
  await page.goto('/coach/homework');
  await ready(page);
  const row = page.getByTestId('homework-queue-row').filter({ hasText: note });
  await expect(row).toContainText(m.user.nick_name);
  await expect(row).toContainText('第 1 次');
  await expect(row.getByRole('link', { name: '点评' })).toHaveAttribute('href', /\/coach\/homework\/review\?id=\d+/);
  // The nav's 作业点评 entry counts what waits (the seeded demo video and this one at least).
  await expect(page.getByTestId('seller-nav').getByTestId('nav-count-homework')).toHaveText(/^([2-9]|\d{2,}|99\+)份待处理$/);
});
