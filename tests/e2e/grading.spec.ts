import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, test, type Page } from './fixtures';
import { baseUrl, DEMO, loginByCookie, newMember, ready, signIn, toastWith } from './helpers';

// The 3-second clip the upload tests use (tests/fixtures/lesson.mp4).
const VIDEO = readFileSync(new URL('../fixtures/lesson.mp4', import.meta.url));

/** The text a QR code in this PNG holds (the first one jsQR finds), or null. */
function qrText(png: Buffer): string | null {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data ?? null;
}

/** The bytes of the file a click on this link downloads. */
async function download(page: Page, name: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return readFile((await file.path())!);
}

// SPEC §5 考评: a member books a seat and pays with coins as for a class, the examiner (the demo coach,
// an examiner in the seed) records 通过, and the certificate it issues verifies by its QR code.
test('a booked and paid 考评 seat, passed by the examiner, gives a certificate whose QR opens its page', async ({ page, browser }) => {
  // Two sessions (member and examiner), a registration, a coin payment and three files.
  test.setTimeout(120_000);
  const member = await newMember(page.request, { coins: 2000, payPassword: true });

  // The examiner publishes a session (through the API, as the coach page would) a day ahead.
  const coach = await browser.newContext({ baseURL: baseUrl() });
  const examiner = await coach.newPage();
  await examiner.goto('/');
  await loginByCookie(examiner, DEMO.coach.phone);
  const token = (await coach.cookies()).find((c) => c.name === 'user')!.value;
  const auth = { authToken: (JSON.parse(decodeURIComponent(token)) as { token: string }).token };
  const list = (await (await examiner.request.post('/api/public/gradingList', { data: {} })).json()) as {
    data: { styles: { id: number; name: string }[] };
  };
  const place = `考评测试馆${Date.now()}`;
  const added = (await (
    await examiner.request.post('/api/coach/gradingAdd', {
      headers: auth,
      data: {
        label_id: list.data.styles.find((s) => s.name === '太极拳')!.id,
        duan: 1,
        mode: 'offline',
        place,
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
        seats: 5,
        price: 1000,
        intro: '端到端测试的考评',
      },
    })
  ).json()) as { code: number; data: { id: number } };
  expect(added.code).toBe(200);

  // The member books a seat on the page and pays with coins.
  await page.goto('/');
  await signIn(page, member);
  await page.goto(`/duan/grading?id=${added.data.id}`);
  await ready(page);
  await expect(page.getByText('剩余 5 / 5')).toBeVisible();
  await page.getByRole('button', { name: '报名' }).click();
  await page.waitForURL(/\/order\/middle\?id=\d+/);
  await ready(page);
  await page.getByRole('button', { name: /立即支付/ }).click();
  const pay = page.getByRole('dialog', { name: '输入支付密码' });
  await pay.getByLabel('支付密码').fill(member.payPassword);
  await pay.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/order\/detail\?id=\d+&paid=1/);

  // The session starts (the rig moves its start into the past), and the examiner records 通过.
  const moved = (await (await examiner.request.post('/api/dev/gradingStarted', { data: { id: added.data.id } })).json()) as {
    data: { moved: number };
  };
  expect(moved.data.moved).toBe(1);
  await examiner.goto('/coach/grading');
  await ready(examiner);
  const row = examiner.getByRole('listitem').filter({ hasText: place });
  await expect(row).toContainText('已报 1/5');
  await row.getByRole('button', { name: '考生与结果' }).click();
  const candidate = row.getByTestId('candidates').getByRole('row').filter({ hasText: member.user.nick_name });
  examiner.once('dialog', (d) => void d.accept('动作规范'));
  await candidate.getByRole('button', { name: '通过', exact: true }).click();
  await expect(toastWith(examiner, '结果已保存')).toBeVisible();
  const link = candidate.getByRole('link', { name: /^证书 GF/ });
  await expect(link).toBeVisible();
  const no = (await link.textContent())!.replace('证书', '').trim();
  await coach.close();

  // The member's certificate page; its QR code (on the page and in the PNG) is that page's address.
  await page.goto(`/cert/${no}`);
  await ready(page);
  const cert = page.getByTestId('certificate');
  await expect(cert.getByTestId('cert-no')).toHaveText(no);
  await expect(cert.getByTestId('cert-duan')).toHaveText('一段');
  await expect(cert.getByTestId('cert-holder')).toHaveText(member.user.nick_name);
  const url = new URL(`/cert/${no}`, baseUrl()).href;
  expect(qrText(await download(page, '下载 PNG'))).toBe(url);
  const qr = await page.request.get(`/api/cert/${no}/qr.png`);
  expect(qrText(await qr.body())).toBe(url);
  expect((await download(page, '下载 PDF')).subarray(0, 4).toString()).toBe('%PDF');

  // A number that was never issued is a 404 page, on the desktop and the phone site alike.
  const unknown = `GF${'A'.repeat(20)}`;
  expect((await page.request.get(`/cert/${unknown}`)).status()).toBe(404);
  expect((await page.request.get(`/m/cert/${unknown}`)).status()).toBe(404);
  expect((await page.request.get(`/cert/${no}`)).status()).toBe(200);
});

// An online 考评 is judged by video: the candidate uploads it on the booking page, the examiner plays
// it beside the candidate (with the technique controls) and passes them; no video, no 通过.
test('an online 考评: the candidate hands in a grading video and the examiner watches it before passing', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const member = await newMember(page.request);
  const coach = await browser.newContext({ baseURL: baseUrl() });
  const examiner = await coach.newPage();
  await examiner.goto('/');
  await loginByCookie(examiner, DEMO.coach.phone);
  const token = (await coach.cookies()).find((c) => c.name === 'user')!.value;
  const auth = { authToken: (JSON.parse(decodeURIComponent(token)) as { token: string }).token };
  const list = (await (await examiner.request.post('/api/public/gradingList', { data: {} })).json()) as {
    data: { styles: { id: number; name: string }[] };
  };
  const intro = `线上考评测试${Date.now()}`;
  const added = (await (
    await examiner.request.post('/api/coach/gradingAdd', {
      headers: auth,
      data: {
        label_id: list.data.styles.find((s) => s.name === '太极拳')!.id,
        duan: 1,
        mode: 'online',
        place: '',
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
        seats: 5,
        price: 0,
        intro,
      },
    })
  ).json()) as { code: number; data: { id: number } };
  expect(added.code).toBe(200);

  await page.goto('/');
  await signIn(page, member);
  await page.goto(`/duan/grading?id=${added.data.id}`);
  await ready(page);
  await page.getByRole('button', { name: '报名' }).click();
  await expect(toastWith(page, '报名成功')).toBeVisible();
  const panel = page.getByTestId('grading-video');
  await expect(page.getByText('已报名，请在考评前提交考评视频')).toBeVisible();
  await panel.getByLabel('选择考评视频').setInputFiles({ name: 'taolu.mp4', mimeType: 'video/mp4', buffer: VIDEO });
  await expect(panel.getByTestId('video-ready')).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('button', { name: '提交考评视频' }).click();
  await expect(toastWith(page, '考评视频已提交，考评员将据此评定')).toBeVisible();
  await expect(page.getByText('已报名，考评视频已提交')).toBeVisible();
  await expect(panel.getByTestId('grading-video-state')).toContainText('出结果前可以更换');
  await expect(panel.locator('video')).toHaveAttribute('src', /\/uploads\/videos\/.+\?e=\d+&s=/);

  await examiner.request.post('/api/dev/gradingStarted', { data: { id: added.data.id } });
  await examiner.goto('/coach/grading');
  await ready(examiner);
  const row = examiner.getByRole('listitem').filter({ hasText: '线上考评' }).filter({ hasText: '已报 1/5' }).first();
  await row.getByRole('button', { name: '考生与结果' }).click();
  const candidate = row.getByTestId('candidates').getByRole('row').filter({ hasText: member.user.nick_name });
  await candidate.getByRole('button', { name: /^观看/ }).click();
  const player = row.getByTestId('grading-video-player');
  await expect(player.locator('video')).toHaveAttribute('src', /\?e=\d+&s=/);
  await player.getByLabel('播放倍速').selectOption('0.5');
  await expect.poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(0.5);
  examiner.once('dialog', (d) => void d.accept('动作规范'));
  await candidate.getByRole('button', { name: '通过', exact: true }).click();
  await expect(toastWith(examiner, '结果已保存')).toBeVisible();
  await expect(candidate.getByRole('link', { name: /^证书 GF/ })).toBeVisible();
  await coach.close();
});
