import { expect, test, type Locator } from './fixtures';
import { DEMO, loginByCookie, newMember, ready, signIn } from './helpers';

// 招式 and notes on the lesson player (SPEC §5 learning tools): the coach marks a move on a paid
// lesson; a learner who bought the course loops that move slowly and mirrored, and keeps a note at
// a moment that takes them back there.

const COURSE = 2; // 陈式太极拳老架一路精讲, the demo coach's, no seeded 招式
const LESSON = 9; // its 第3课, a paid lesson
const time = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

test('a coach marks a 招式; a buyer loops it at 0.5× mirrored and keeps a note at a moment', async ({ page }) => {
  test.setTimeout(120_000);
  const move = `单鞭${Date.now() % 100_000}`;

  // The coach marks 00:02–00:04 in the lesson editor.
  await loginByCookie(page, DEMO.coach.phone);
  await page.goto(`/coach/publishLesson?course_id=${COURSE}&id=${LESSON}`);
  await ready(page);
  const editor = page.getByTestId('chapter-editor');
  await editor.getByLabel('名称').fill(move);
  await editor.getByLabel('开始').fill('0:02');
  await editor.getByLabel('结束').fill('0:04');
  await editor.getByLabel('要领').fill('勾手与推掌方向相对');
  await editor.getByTestId('chapter-save').click();
  await expect(editor.getByTestId('chapter-rows')).toContainText(`00:02 – 00:04${move}`);

  // A member buys the course and opens the lesson: the move is listed.
  await page.context().clearCookies();
  const m = await newMember(page.request, { coins: 2000, payPassword: true });
  const headers = { authToken: m.user.token };
  const order = await page.request.post('/api/order/createCourse', { data: { course_id: COURSE }, headers });
  const id = ((await order.json()) as { data: { id: number } }).data.id;
  const paid = await page.request.post('/api/order/payCoins', { data: { id, pay_password: m.payPassword }, headers });
  expect(((await paid.json()) as { code: number }).code).toBe(200);
  await signIn(page, m);
  await page.goto(`/train/courseDetail?id=${COURSE}`);
  await ready(page);
  // A buyer is not offered the purchase again: the header's 立即购买 becomes 开始学习.
  await expect(page.getByTestId('course-start')).toHaveText('开始学习');
  const player = page.getByTestId('lesson-player');
  await player.getByRole('list', { name: '课时列表' }).getByRole('button', { name: /第3课/ }).click();
  const video = player.locator('video');
  await expect(video).toHaveAttribute('aria-label', /正在播放：第3课/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2)).toBe(true);

  // One tap on the move (10 rounds), then 0.5× and the mirror: it plays from 2 s and comes back to 2 s at 4 s.
  const chapter = player.getByTestId('chapter-list').getByRole('button', { name: new RegExp(move) });
  await chapter.click();
  await expect(chapter).toHaveAttribute('aria-current', 'true');
  await expect(player).toContainText('要领：勾手与推掌方向相对');
  await player.getByLabel('循环次数').selectOption('10');
  await player.getByLabel('播放倍速').selectOption('0.5');
  await player.getByRole('button', { name: '镜像' }).click();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => [v.playbackRate, getComputedStyle(v).transform]))
    .toEqual([0.5, 'matrix(-1, 0, 0, 1, 0, 0)']);
  await video.evaluate((v: HTMLVideoElement) => {
    const w = window as unknown as { wraps: number; seen: number[] };
    w.wraps = 0;
    w.seen = [];
    let last = -1;
    v.addEventListener('timeupdate', () => {
      if (v.seeking || w.wraps >= 2) return;
      if (last >= 3.5 && v.currentTime < 2.5) w.wraps++;
      w.seen.push(v.currentTime);
      last = v.currentTime;
    });
  });
  const wraps = () => page.evaluate(() => (window as unknown as { wraps: number }).wraps);
  await expect.poll(wraps, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
  expect(Math.min(...seen)).toBeGreaterThanOrEqual(1.95);
  expect(Math.max(...seen)).toBeLessThan(4.5);

  // 记笔记 at the paused moment: listed at that time; a click on it seeks back there.
  await player.getByRole('button', { name: '暂停' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  const at = Math.floor(await time(video));
  const notes = page.getByTestId('lesson-notes');
  await notes.getByRole('button', { name: '记笔记' }).click();
  await notes.getByLabel('笔记内容').fill('重心在后腿，勾手不要太高');
  await notes.getByRole('button', { name: '保存笔记' }).click();
  const jump = notes.getByRole('button', { name: `跳到 00:0${at}` });
  await expect(notes.getByTestId('note-list')).toContainText('重心在后腿，勾手不要太高');
  await expect(jump).toBeVisible();
  await player.getByRole('button', { name: '清除循环' }).click();
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 0.3));
  await expect.poll(() => time(video)).toBeLessThan(1);
  await jump.click();
  await expect.poll(() => time(video)).toBeCloseTo(at, 1);
});
