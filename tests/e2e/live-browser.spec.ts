import { expect, test } from './fixtures';
import { loginByCookie } from './helpers';

/**
 * 网页开播: a coach goes live with the page's camera and microphone — Chromium's fake
 * devices here — through MediaRecorder, the /live/push socket and the server's ffmpeg; a guest
 * sees the picture. Runs in the project with fake media devices (playwright.config.ts).
 */
const COACH = { phone: '13800000107', name: '李振宇' };

test('a coach goes live from the browser without OBS and a guest watches', { tag: '@media' }, async ({ page, browser }) => {
  test.slow();
  await page.goto('/live/liver');
  await loginByCookie(page, COACH.phone);
  await page.goto('/live/liver');
  await page.getByTestId('liver-start').click();
  const push = page.getByTestId('browser-push');
  await expect(push).toBeVisible();
  await page.getByTestId('browser-push-camera').click();
  await page.getByTestId('browser-push-start').click();
  await expect(push).toHaveAttribute('data-phase', 'live');
  await expect(page.getByTestId('liver-console')).toHaveAttribute('data-status', 'live', { timeout: 30_000 });

  const roomHref = (await page.getByTestId('liver-room-link').getAttribute('href'))!;
  const guest = await browser.newPage();
  await guest.goto(roomHref);
  await expect
    .poll(async () => guest.getByTestId('live-video').evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames), {
      timeout: 30_000,
    })
    .toBeGreaterThan(10);

  await page.getByTestId('browser-push-stop').click();
  await expect(page.getByTestId('browser-push-state')).toHaveText('推流已结束');
  await expect(guest.getByTestId('live-stage')).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
  await guest.close();
  // The push ended the broadcast: the console is ready to start again.
  await expect(page.getByTestId('liver-console')).toHaveAttribute('data-status', 'idle', { timeout: 15_000 });
});
