import { spawn, spawnSync } from 'node:child_process';
import { devices } from '@playwright/test';
import { chromiumArgs, executablePath } from '../../chromium';
import { expect, test, type Page } from '../fixtures';
import { loginByCookie, newMember, signIn } from '../helpers';

/*
 * Live on the phone (SPEC live): a member watches a broadcast pushed by ffmpeg in the mobile room —
 * the picture plays, barrage crosses it and lands in the chat, likes count, gifts go out through the
 * gift sheet (one over 100 coins behind the pay password) and the coin ledger shows them; and a coach
 * goes live from the phone's (fake) camera on 手机开播 while a desktop browser watches the picture.
 */
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
// 手机开播 needs a camera and microphone: Chromium's fake devices, granted without a prompt (this file only).
test.use({
  launchOptions: { executablePath, args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
});

/** Anchors of this spec's own (it runs as the Pixel only: playwright.config.ts). */
const ANCHORS = { watch: '13800000108', push: '13800000103' } as const;

function push(url: string, seconds: number) {
  const p = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast'],
      ...['-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
  return { p, exited: new Promise<number>((ok) => p.on('exit', (code) => ok(code ?? 1))) };
}

const played = (page: Page, testId = 'live-video') => page.getByTestId(testId).evaluate((v: HTMLVideoElement) => v.currentTime);

test.describe('live on the phone', () => {
  test.skip(!hasFfmpeg, 'ffmpeg is not installed');

  test(
    'a member watches, sends barrage, likes and gifts from the gift sheet; the coin ledger moves',
    { tag: '@media' },
    async ({ page, request }) => {
      test.slow();
      const anchor = ANCHORS.watch;
      const login = await request.post('/api/login', { data: { type: 1, phone: anchor, password: 'gongfu123' } });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const start = await request.post('/api/live/start', { data: { title: '手机看直播' }, headers: { authToken: token } });
      const { push: pushInfo, room_id: roomId } = ((await start.json()) as { data: { push: { url: string }; room_id: number } }).data;
      const { p } = push(pushInfo.url, 120);
      try {
        const fan = await newMember(request, { coins: 300, payPassword: true });
        await signIn(page, fan);
        await page.goto(`/m/live/room?id=${roomId}`);
        await expect(page.getByTestId('live-stage')).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
        // The player fills the width, and the picture plays: its time advances.
        const stage = (await page.getByTestId('live-stage').boundingBox())!;
        expect(stage.width).toBe(page.viewportSize()!.width);
        await expect.poll(() => played(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
        const t0 = await played(page);
        await expect.poll(() => played(page)).toBeGreaterThan(t0 + 0.5);

        // Barrage: over the picture and in the chat below.
        const input = page.getByTestId('live-chat-input');
        await expect(input).toBeEnabled({ timeout: 15_000 });
        await input.fill('师傅这招怎么练？');
        await page.getByTestId('live-chat-send').click();
        await expect(page.getByTestId('live-stage').getByTestId('barrage-item').filter({ hasText: '师傅这招怎么练？' })).toBeVisible();
        await expect(page.getByTestId('live-chat-list')).toContainText('师傅这招怎么练？');

        // Likes: each tap counts.
        const likes = Number(await page.getByTestId('live-likes').textContent());
        await page.getByTestId('live-like').click();
        await page.getByTestId('live-like').click();
        await expect(page.getByTestId('live-likes')).toHaveText(String(likes + 2));

        // A gift from the sheet, paid in coins.
        await page.getByTestId('live-gifts').click();
        const sheet = page.getByRole('dialog', { name: '送礼物' });
        await expect(sheet.getByTestId('gift-balance')).toContainText('余额 300 功夫币');
        await sheet.getByTestId('gift-item').filter({ hasText: '鲜花' }).click();
        await sheet.getByTestId('gift-send').click();
        await expect(sheet).toBeHidden();
        await expect(page.getByTestId('chat-gift').filter({ hasText: '鲜花' })).toBeVisible();

        // 奖杯 (188 coins) is over 100: the sheet asks for the pay password first.
        await page.getByTestId('live-gifts').click();
        await expect(sheet.getByTestId('gift-balance')).toContainText('余额 298 功夫币');
        await sheet.getByTestId('gift-item').filter({ hasText: '奖杯' }).click();
        await sheet.getByTestId('gift-send').click();
        const pw = page.getByRole('dialog', { name: '输入支付密码' });
        await pw.getByRole('textbox', { name: '支付密码' }).fill(fan.payPassword);
        await pw.getByRole('button', { name: '确认支付' }).click();
        await expect(pw).toBeHidden();
        await expect(page.getByTestId('chat-gift').filter({ hasText: '奖杯' })).toBeVisible();

        // The coin ledger: two gift lines, 190 coins out.
        const ledger = await page.request.post('/api/member/coinLedger', {
          data: { type: 'gift' },
          headers: { authToken: fan.user.token },
        });
        const rows = ((await ledger.json()) as { data: { list: { delta: number }[] } }).data.list;
        expect(rows.map((r) => r.delta).sort((a, b) => a - b)).toEqual([-188, -2]);

        // 全屏 takes the stage (the barrage with it); a phone turned sideways fills the screen too.
        await page.getByTestId('live-fullscreen').click();
        await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid'))).toBe('live-stage');
        await page.getByTestId('live-fullscreen').click();
        await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
        const { width, height } = page.viewportSize()!;
        await page.setViewportSize({ width: height, height: width });
        await expect.poll(async () => (await page.getByTestId('live-stage').boundingBox())?.height).toBe(width);
      } finally {
        p.kill('SIGKILL');
        await request.post('/api/live/stop', { data: {}, headers: { authToken: token } });
      }
    },
  );

  test(
    'a coach goes live from the phone camera (flip, mute) and a desktop browser sees the picture',
    { tag: '@media' },
    async ({ page, browser }) => {
      test.slow();
      const anchor = ANCHORS.push;
      await page.goto('/m/live/anchor');
      await loginByCookie(page, anchor);
      await page.goto('/m/live/anchor');
      const studio = page.getByTestId('m-anchor');
      await expect(studio).toHaveAttribute('data-status', 'idle');
      await page.getByTestId('m-anchor-camera').click();
      await expect(studio).toHaveAttribute('data-phase', 'preview');
      await page.getByLabel('直播标题').fill('手机开播试讲');
      await page.getByTestId('m-anchor-start').click();
      await expect(studio).toHaveAttribute('data-phase', 'live');
      await expect(studio).toHaveAttribute('data-status', 'live', { timeout: 30_000 });
      const roomHref = (await page.getByTestId('m-anchor-room').getAttribute('href'))!;
      const roomId = new URL(roomHref, 'http://x').searchParams.get('id');
      const { defaultBrowserType: _, ...desktopProfile } = devices['Desktop Chrome'];
      const desktop = await browser.newContext({ ...desktopProfile, locale: 'zh-CN' });
      const viewer = await desktop.newPage();
      try {
        await viewer.goto(`/live/room/${roomId}`);
        await expect
          .poll(() => viewer.getByTestId('live-video').evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames), {
            timeout: 45_000,
          })
          .toBeGreaterThan(10);
        // The camera flips mid-broadcast and the microphone mutes, without ending the push.
        await page.getByTestId('m-anchor-flip').click();
        await page.getByTestId('m-anchor-mic').click();
        await expect(page.getByTestId('m-anchor-mic')).toHaveAttribute('aria-pressed', 'true');
        await expect(studio).toHaveAttribute('data-phase', 'live');

        await page.getByTestId('m-anchor-stop').click();
        await expect(studio).toHaveAttribute('data-status', 'idle', { timeout: 20_000 });
        await expect(viewer.getByTestId('live-stage')).toHaveAttribute('data-status', 'idle', { timeout: 30_000 });
      } finally {
        await desktop.close();
      }
    },
  );
});
