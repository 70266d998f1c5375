import { spawn, spawnSync } from 'node:child_process';
import { expect, test, type Page } from './fixtures';
import { DEMO, loginByCookie } from './helpers';

/**
 * Going live (issue 15) in a real browser with a real encoder: the coach opens /live/liver and
 * starts, ffmpeg pushes a test pattern to the signed RTMP URL the page shows (an unsigned push is
 * refused), a guest watches the room with frames decoding, and 结束直播 ends it for the viewer.
 */
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

function push(url: string, seconds: number) {
  const p = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast'],
      ...['-tune', 'zerolatency', '-g', '50', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
  return { p, exited: new Promise<number>((ok) => p.on('exit', (code) => ok(code ?? 1))) };
}

async function videoState(page: Page, testId: string) {
  return page
    .getByTestId(testId)
    .evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, frames: v.getVideoPlaybackQuality().totalVideoFrames }));
}

test.describe('live broadcast', () => {
  test.skip(!hasFfmpeg, 'ffmpeg is not installed');

  test('a coach goes live from OBS settings, a guest watches, and 结束直播 ends it', async ({ page, browser }) => {
    test.slow();
    await page.goto('/live/liver');
    await loginByCookie(page, DEMO.coach.phone);
    await page.goto('/live/liver');
    const title = `推手公开课 ${Date.now() % 10000}`;
    await page.getByLabel('直播标题').fill(title);
    await page.getByTestId('liver-start').click();
    await expect(page.getByTestId('liver-push')).toBeVisible();
    const server = await page.getByTestId('push-server').inputValue();
    const key = await page.getByTestId('push-key').inputValue();
    expect(server).toMatch(/^rtmp:\/\//);
    expect(key).toMatch(/\?sign=[0-9a-f]{64}&expire=\d+$/);
    await expect(page.getByTestId('liver-state')).toContainText('等待推流');

    // Without the signature the ingest hangs up.
    const unsigned = push(`${server}/${key.split('?')[0]}`, 5);
    expect(await unsigned.exited).not.toBe(0);

    const { p, exited } = push(`${server}/${key}`, 120);
    try {
      await expect(page.getByTestId('liver-console')).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
      const roomHref = await page.getByTestId('liver-room-link').getAttribute('href');

      const guest = await browser.newPage();
      // The room is listed among those on air, and the card leads to it.
      await guest.goto('/live/living_list');
      await guest.getByTestId('live-list').getByRole('link', { name: title }).click();
      await expect(guest).toHaveURL(new RegExp(`${roomHref}$`));
      await expect(guest.getByTestId('live-title')).toHaveText(title);
      await expect(guest.getByTestId('live-status')).toHaveText('直播中');
      // The picture plays: time advances and frames are decoded.
      await expect.poll(async () => (await videoState(guest, 'live-video')).t, { timeout: 20_000 }).toBeGreaterThan(1);
      const a = await videoState(guest, 'live-video');
      await guest.waitForTimeout(1500);
      const b = await videoState(guest, 'live-video');
      expect(b.t).toBeGreaterThan(a.t);
      expect(b.frames).toBeGreaterThan(a.frames);

      await page.getByTestId('liver-stop').click();
      expect(await exited).not.toBe(0);
      await expect(page.getByTestId('liver-console')).toHaveAttribute('data-status', 'idle');
      // The viewer's page follows the room and shows it has ended.
      await expect(guest.getByTestId('live-stage')).toHaveAttribute('data-status', 'idle', { timeout: 20_000 });
      await expect(guest.getByTestId('live-idle')).toContainText('主播暂未开播');
      await guest.close();
    } finally {
      p.kill('SIGKILL');
    }
  });

  test('a member who is neither coach nor shop owner is told how to become one', async ({ page }) => {
    await page.goto('/live/liver');
    await loginByCookie(page, DEMO.member.phone);
    await page.goto('/live/liver');
    await expect(page.getByTestId('liver-not-anchor')).toContainText('只有教练和店主可以开播');
    await expect(page.getByRole('link', { name: '申请成为教练' })).toHaveAttribute('href', '/account/regcoach');
  });

  test('an unknown room is a 404 page', async ({ page }) => {
    const res = await page.goto('/live/room/999999');
    expect(res?.status()).toBe(404);
  });
});
