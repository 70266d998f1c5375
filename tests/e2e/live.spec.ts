import { spawn, spawnSync } from 'node:child_process';
import { expect, test, type Page } from './fixtures';
import { DEMO, loginByCookie, newMember, signIn } from './helpers';

/**
 * Going live in a real browser with a real encoder: the coach opens /live/liver and
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

  test('a coach goes live from OBS settings, a guest watches, and 结束直播 ends it', { tag: '@media' }, async ({ page, browser }) => {
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

  test(
    'a member sends barrage and gifts (one over the pay-password threshold); the anchor sees both; the broadcast becomes a playback',
    { tag: '@media' },
    async ({ page, browser, request }) => {
      test.slow();
      // The shop's room, so this runs beside the coach's test; a member of its own with coins.
      await page.goto('/live/liver');
      await loginByCookie(page, DEMO.mechant.phone);
      const login = await request.post('/api/login', { data: { type: 1, phone: DEMO.mechant.phone, password: DEMO.mechant.password } });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const start = await request.post('/api/live/start', { data: { title: '武当好物直播间' }, headers: { authToken: token } });
      const { push: pushInfo, room_id: roomId } = ((await start.json()) as { data: { push: { url: string }; room_id: number } }).data;
      const { p, exited } = push(pushInfo.url, 300);
      try {
        await page.goto('/live/liver');
        await expect(page.getByTestId('liver-console')).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
        await expect(page.getByTestId('anchor-feed')).toContainText('已连接');
        const giftStat = page.getByTestId('live-stat-gifts');
        await expect(giftStat).toHaveText(/^\d+ 功夫币$/);
        const coinsBefore = Number.parseInt((await giftStat.textContent()) ?? '', 10);

        const fan = await newMember(request, { coins: 300, payPassword: true });
        const viewer = await browser.newPage();
        await signIn(viewer, fan);
        await viewer.goto(`/live/room/${roomId}`);
        await expect(viewer.getByTestId('live-stage')).toHaveAttribute('data-status', 'live');
        await expect(viewer.getByTestId('live-started')).toContainText('开播');
        // The room's info card keeps its short labels on one line while live (no two-line 分享 / 举报).
        const info = viewer.getByTestId('live-info');
        for (const label of [
          info.getByTestId('live-category'),
          info.getByTestId('live-share'),
          info.getByRole('button', { name: '举报' }),
        ]) {
          expect((await label.boundingBox())!.height).toBeLessThan(26);
        }
        await expect(viewer.getByTestId('live-chat-input')).toBeEnabled({ timeout: 15_000 });
        await viewer.getByTestId('live-chat-input').fill('掌柜的，这把剑怎么卖？');
        await viewer.getByTestId('live-chat-send').click();
        // The barrage crosses the viewer's own picture and reaches the anchor's console.
        await expect(viewer.getByTestId('barrage-item').filter({ hasText: '掌柜的' })).toBeVisible();
        await expect(page.getByTestId('anchor-feed')).toContainText('掌柜的，这把剑怎么卖？');

        await viewer.getByTestId('gift-item').filter({ hasText: '鲜花' }).click();
        await viewer.getByTestId('gift-send').click();
        await expect(viewer.getByTestId('gift-balance')).toContainText('余额 298 功夫币');
        await expect(page.getByTestId('anchor-gift').filter({ hasText: '鲜花' })).toBeVisible();

        // 奖杯 (188) is above 100 coins: the pay password is asked first.
        await viewer.getByTestId('gift-item').filter({ hasText: '奖杯' }).click();
        await viewer.getByTestId('gift-send').click();
        await viewer.getByRole('textbox', { name: '支付密码' }).fill(fan.payPassword);
        await viewer.getByRole('button', { name: '确认支付' }).click();
        await expect(viewer.getByTestId('gift-balance')).toContainText('余额 110 功夫币');
        await expect(page.getByTestId('anchor-gift').filter({ hasText: '奖杯' })).toBeVisible();
        // The console's 收到礼物 follows the gifts during the broadcast, and is the same after a reload.
        await expect(giftStat).toHaveText(`${coinsBefore + 190} 功夫币`);
        await page.reload();
        await expect(page.getByTestId('liver-console')).toHaveAttribute('data-status', 'live');
        await expect(giftStat).toHaveText(`${coinsBefore + 190} 功夫币`);

        // The viewer's 打赏流水 lists both.
        const logs = await browser.newPage();
        await signIn(logs, fan);
        await logs.goto('/my/finance');
        await expect(logs.getByTestId('gift-log-row')).toHaveCount(2);
        await expect(logs.getByTestId('gift-logs-sum')).toContainText('累计送出 190 功夫币');
        await logs.close();

        await page.getByTestId('liver-stop').click();
        expect(await exited).not.toBe(0);
        await expect(viewer.getByTestId('live-stage')).toHaveAttribute('data-status', 'idle', { timeout: 20_000 });
        await viewer.close();
        // The recording becomes a playback that plays.
        await expect
          .poll(
            async () => {
              const res = await page.request.post('/api/public/playbackList', { data: { room_id: roomId } });
              return ((await res.json()) as { data: { total: number } }).data.total;
            },
            { timeout: 30_000 },
          )
          .toBeGreaterThan(0);
        await page.goto('/live/playbackList');
        await page.getByTestId('playback-card').filter({ hasText: '武当好物直播间' }).first().click();
        await expect(page.getByTestId('playback-title')).toHaveText('武当好物直播间');
        await page.getByTestId('playback-video').evaluate((v: HTMLVideoElement) => {
          v.muted = true;
          return v.play();
        });
        await expect
          .poll(async () => page.getByTestId('playback-video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
          .toBeGreaterThan(0.5);
      } finally {
        p.kill('SIGKILL');
      }
    },
  );

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
