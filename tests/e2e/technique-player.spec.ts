import { expect, test, type Locator } from './fixtures';
import { ready } from './helpers';

// The technique player under a lesson (SPEC §2, the course page): slow motion, mirror, an A-B loop
// with a repeat count, frame steps and the keyboard shortcuts.

const time = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

test('a learner slows, mirrors, loops and steps a free preview lesson', async ({ page }) => {
  await page.goto('/train/courseDetail?id=1');
  await ready(page);
  const player = page.getByTestId('lesson-player');
  await player.getByRole('button', { name: /开始试看/ }).click();
  const video = player.locator('video');
  await expect.poll(() => time(video)).toBeGreaterThan(0.2);

  // 0.5×, the pitch kept.
  await player.getByLabel('播放倍速').selectOption('0.5');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => [v.playbackRate, v.preservesPitch])).toEqual([0.5, true]);

  // 左右镜像: the video is flipped, the controls are not.
  const mirror = player.getByRole('button', { name: '镜像' });
  await mirror.click();
  await expect(mirror).toHaveAttribute('aria-pressed', 'true');
  const transform = (l: Locator) => l.evaluate((el) => getComputedStyle(el).transform);
  expect(await transform(video)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  expect(await transform(page.getByTestId('technique-controls'))).toBe('none');
  // The browser's own controls would flip with the picture: hidden while mirrored, ours play, pause and seek.
  await expect(video).not.toHaveAttribute('controls');
  await player.getByRole('button', { name: '暂停' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await player.getByLabel('播放进度').fill('0.8');
  await expect.poll(() => time(video)).toBeCloseTo(0.8, 1);
  await player.getByRole('button', { name: '播放' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

  // A at 1 s; a B before A is refused with a message; B at 1.6 s, repeat 3.
  await video.evaluate((v: HTMLVideoElement) => (v.pause(), (v.currentTime = 1)));
  await player.getByRole('button', { name: '设置 A 点' }).click();
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
  await player.getByRole('button', { name: '设置 B 点' }).click();
  await expect(player.getByRole('alert')).toHaveText(/B 点必须在 A 点之后/);
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 1.6));
  await player.getByRole('button', { name: '设置 B 点' }).click();
  await expect(player.getByRole('alert')).toBeHidden();
  await player.getByLabel('循环次数').selectOption('3');
  await expect(player.getByRole('button', { name: '清除循环' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('loop-A')).toBeVisible();
  await expect(page.getByTestId('loop-B')).toBeVisible();

  // Played from A, the playhead comes back to A at B three times, then plays on past B.
  await video.evaluate((v: HTMLVideoElement) => {
    const w = window as unknown as { backToA: number };
    w.backToA = 0;
    v.currentTime = 1;
    let last = 1;
    v.addEventListener('timeupdate', () => {
      if (last >= 1.4 && v.currentTime < 1.2) w.backToA++;
      last = v.currentTime;
    });
    void v.play();
  });
  const backToA = () => page.evaluate(() => (window as unknown as { backToA: number }).backToA);
  await expect.poll(backToA, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await expect.poll(() => time(video), { timeout: 15_000 }).toBeGreaterThan(1.9);
  expect(await backToA()).toBe(3);

  // Space pauses while the player holds the focus (the focused button is not pressed with it); `.` and `,` step a frame.
  await mirror.focus();
  await page.keyboard.press(' ');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(mirror).toHaveAttribute('aria-pressed', 'true');
  const t0 = await time(video);
  await page.keyboard.press('.');
  await expect.poll(async () => (await time(video)) - t0).toBeCloseTo(0.04, 2);
  await player.getByRole('button', { name: '前进一帧' }).click();
  await expect.poll(async () => (await time(video)) - t0).toBeCloseTo(0.08, 2);
  await page.keyboard.press(',');
  await page.keyboard.press(',');
  await expect.poll(() => time(video)).toBeCloseTo(t0, 2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  // M with nothing focused flips the mirror back; ? lists the shortcuts in a dialog.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('M');
  await expect(mirror).toHaveAttribute('aria-pressed', 'false');
  expect(await transform(video)).toBe('none');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: '快捷键' });
  await expect(help).toContainText('左右镜像');
  await expect(help).toContainText('设置 A 点');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // The choices stay for the next lesson: 0.5× remembered, the loop cleared.
  await page.reload();
  await ready(page);
  await player.getByRole('button', { name: /开始试看/ }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(0.5);
  await expect(player.getByLabel('播放倍速')).toHaveValue('0.5');
  await expect(page.getByTestId('loop-A')).toHaveCount(0);
});
