import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { DEMO, loginByCookie, ready } from './helpers';

/**
 * 1:1 calls between the demo member and the demo coach (friends in the seed), each in their own
 * browser context with Chromium's fake camera and microphone (the chat-call project's launch args).
 */
test.describe.configure({ mode: 'serial' });

interface Side {
  ctx: BrowserContext;
  page: Page;
  userID: number;
}

async function openSide(browser: Browser, who: { phone: string; password: string }): Promise<Side> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto('/download');
  const res = await page.request.post('/api/login', { data: { type: 1, phone: who.phone, password: who.password } });
  const userID = ((await res.json()) as { data: { user_id: number } }).data.user_id;
  await loginByCookie(page, who.phone, who.password);
  return { ctx, page, userID };
}

async function openConversation(side: Side, peer: Side): Promise<void> {
  await side.page.goto(`/chat?cid=C2C${peer.userID}`);
  await ready(side.page);
}

/** Inbound RTP bytes of the live call in this page (the call link's read-only debug getter). */
function inbound(page: Page, kind: 'audioBytes' | 'videoBytes'): Promise<number> {
  return page.evaluate(async (k) => {
    const w = window as unknown as { __gongfuCall?: { stats(): Promise<Record<string, number>> } };
    return w.__gongfuCall ? ((await w.__gongfuCall.stats())[k] ?? 0) : 0;
  }, kind);
}

/** Bytes keep arriving: a later reading is larger than the first one seen above zero. */
async function expectFlowing(page: Page, kind: 'audioBytes' | 'videoBytes'): Promise<void> {
  let first = 0;
  await expect.poll(async () => (first = await inbound(page, kind))).toBeGreaterThan(0);
  await expect.poll(() => inbound(page, kind), { timeout: 15_000 }).toBeGreaterThan(first);
}

const callLayer = (page: Page) => page.locator('[data-call-phase]');
const incoming = (page: Page) => page.getByRole('dialog', { name: '来电' });
/** The newest call record line with exactly this text. */
const record = (page: Page, text: string | RegExp) =>
  page
    .locator('[data-call-record]')
    .filter({ hasText: typeof text === 'string' ? new RegExp(`^${text}$`) : text })
    .last();

let member: Side;
let coach: Side;

test.beforeAll(async ({ browser }) => {
  member = await openSide(browser, DEMO.member);
  coach = await openSide(browser, DEMO.coach);
});

test.afterAll(async () => {
  await member?.ctx.close();
  await coach?.ctx.close();
});

test(
  'a video call: ring, answer, audio and video flow both ways, hang up, the record in both conversations',
  { tag: '@media' },
  async () => {
    await openConversation(member, coach);
    await openConversation(coach, member);

    await member.page.getByRole('button', { name: '视频通话', exact: true }).click();
    await expect(callLayer(member.page)).toHaveAttribute('data-call-phase', 'calling');
    await expect(member.page.getByRole('status')).toHaveText('正在等待对方接受邀请…');

    const ring = incoming(coach.page);
    await expect(ring).toContainText(DEMO.member.name);
    await expect(ring).toContainText('邀请你视频通话');
    await ring.getByRole('button', { name: '接听' }).click();

    await expect(callLayer(member.page)).toHaveAttribute('data-call-phase', 'connected');
    await expect(callLayer(coach.page)).toHaveAttribute('data-call-phase', 'connected');
    for (const side of [member, coach]) {
      await expectFlowing(side.page, 'audioBytes');
      await expectFlowing(side.page, 'videoBytes');
      await expect
        .poll(() => side.page.locator('video[aria-label="对方画面"]').evaluate((v: HTMLVideoElement) => v.videoWidth))
        .toBeGreaterThan(0);
    }
    await expect(member.page.getByRole('status')).toContainText(/\d\d:\d\d/);

    await member.page.getByRole('button', { name: '静音' }).click();
    await expect(member.page.getByRole('button', { name: '取消静音' })).toBeVisible();

    await coach.page.getByRole('button', { name: '挂断' }).click();
    await expect(member.page.getByRole('status')).toHaveText('对方已挂断');
    await expect(callLayer(member.page)).toHaveCount(0);
    await expect(callLayer(coach.page)).toHaveCount(0);
    // The media is released: the debug getter goes with the connection.
    expect(await member.page.evaluate(() => '__gongfuCall' in window)).toBe(false);

    await expect(record(member.page, /^视频通话 通话时长 \d\d:\d\d$/)).toBeVisible();
    await expect(record(coach.page, /^视频通话 通话时长 \d\d:\d\d$/)).toBeVisible();
  },
);

test('an audio call the coach refuses: the member hears 对方已拒绝', async () => {
  await openConversation(member, coach);
  await openConversation(coach, member);
  await member.page.getByRole('button', { name: '语音通话', exact: true }).click();
  await incoming(coach.page).getByRole('button', { name: '拒绝' }).click();
  await expect(member.page.getByRole('status')).toHaveText('对方已拒绝');
  await expect(record(member.page, '对方已拒绝')).toBeVisible();
  await expect(record(coach.page, '已拒绝')).toBeVisible();
});

test('a call the member cancels while it rings: the coach stops ringing, the record reads 已取消', async () => {
  await openConversation(member, coach);
  await openConversation(coach, member);
  await member.page.getByRole('button', { name: '语音通话', exact: true }).click();
  await expect(incoming(coach.page)).toBeVisible();
  await member.page.getByRole('button', { name: '取消' }).click();
  await expect(incoming(coach.page)).toBeHidden();
  await expect(record(member.page, '语音通话 已取消')).toBeVisible();
  await expect(record(coach.page, '对方已取消')).toBeVisible();
});
