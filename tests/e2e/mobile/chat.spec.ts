import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { newMember, ready, signIn, toastWith } from '../helpers';

/*
 * Chat on the phone (SPEC §4 chat): two phones with the project's device profile. 联系TA on a
 * coach's page sends a guest to log in first; A writes to B by its link form (?peer=); B sees the
 * unread on the 我的 tab, the 消息 row and the title, opens the thread and A's messages turn 已读;
 * a picture and an emoji go across, B reports one from its long-press sheet; A recalls a message and both see 撤回; B's socket is cut (offline,
 * closed) while A sends, and after it comes back each message shows once.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Keeps the page's WebSockets so the test can cut them, as a dropped network does. */
async function trackSockets(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    const held: WebSocket[] = [];
    (window as unknown as { __gfSockets: WebSocket[] }).__gfSockets = held;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        held.push(this);
      }
    };
  });
}

const bubbles = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

test('two phones: text, picture, read receipt, recall, a cut socket, unread badges', async ({ page, browser, request }, info) => {
  const [a, b] = await Promise.all([newMember(request), newMember(request)]);
  // The second phone: the same device profile (and server) as the project's.
  const use = info.project.use;
  const keys = ['viewport', 'userAgent', 'deviceScaleFactor', 'isMobile', 'hasTouch', 'baseURL', 'locale', 'timezoneId'] as const;
  const other = await browser.newContext(
    Object.fromEntries(keys.filter((k) => use[k] !== undefined).map((k) => [k, use[k]])) as BrowserContextOptions,
  );
  await trackSockets(other);
  const pageB = await other.newPage();

  // 联系TA on a coach's page: a guest logs in first and comes back to the thread with the coach.
  await page.goto('/m/anchor?type=coach&id=1');
  await ready(page);
  await expect(page.getByTestId('contact-anchor')).toHaveAttribute('href', /^\/m\/login\?redirect=%2Fm%2Fchat%2Fthread%3Fpeer%3D\d+$/);
  await signIn(page, a);
  await signIn(pageB, b);

  // B waits on 我的 (no unread yet); A opens the thread the way 联系TA links it.
  await pageB.goto('/m/my');
  await ready(pageB);
  await expect(pageB.getByTestId('m-tab-chat-badge')).toBeHidden();
  await page.goto(`/m/chat/thread?peer=${b.user.user_id}`);
  await ready(page);
  await expect(page.getByTestId('chat-title')).toHaveText(b.user.nick_name);
  const input = page.getByLabel('输入消息');
  await input.fill('师傅好，想报名');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(bubbles(page, '师傅好，想报名').getByTestId('read-receipt')).toHaveText('未读');
  await input.fill('请问周末有课吗');
  await input.press('Enter');
  await expect(bubbles(page, '请问周末有课吗').getByTestId('read-receipt')).toHaveText('未读');

  // B: the 我的 tab and the 消息 row count both, live; the list shows A's conversation with 2.
  await expect(pageB.getByTestId('m-tab-chat-badge')).toHaveText('2');
  await expect(pageB.getByTestId('m-my-chat-badge')).toHaveText('2');
  await pageB.getByRole('link', { name: /消息与聊天/ }).click();
  await expect(pageB).toHaveURL(/\/m\/chat$/);
  await expect(pageB).toHaveTitle(/^\(2\) /);
  const conv = pageB.getByTestId('conversation').filter({ hasText: a.user.nick_name });
  await expect(conv.getByTestId('conversation-unread')).toHaveText('2');
  await conv.click();
  await expect(pageB).toHaveURL(new RegExp(`/m/chat/thread\\?peer=${a.user.user_id}$`));
  await expect(bubbles(pageB, '请问周末有课吗')).toBeVisible();
  // Read: A's messages turn 已读 and B's title loses its count.
  await expect(bubbles(page, '请问周末有课吗').getByTestId('read-receipt')).toHaveText('已读');
  await expect(bubbles(page, '师傅好，想报名').getByTestId('read-receipt')).toHaveText('已读');
  await expect(pageB).not.toHaveTitle(/^\(\d+\) /);

  // A picture from the album.
  await page.getByRole('button', { name: '更多功能' }).click();
  await page.getByTestId('m-send-image').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(pageB.getByTestId('chat-image')).toHaveCount(1);

  // An emoji from the 表情 panel at the end of the text; B reports that message from its long-press sheet.
  await input.fill('收到');
  await page.getByRole('button', { name: '表情' }).click();
  await page.getByRole('option', { name: '😀' }).click();
  await expect(input).toHaveValue('收到😀');
  await page.getByRole('button', { name: '发送' }).click();
  await bubbles(pageB, '收到😀').getByText('收到😀').click({ button: 'right' });
  await pageB.getByRole('menuitem', { name: '举报' }).click();
  await pageB.getByRole('menuitem', { name: '诈骗广告' }).click();
  await expect(toastWith(pageB, '举报已提交')).toBeVisible();

  // A long-presses its first message and recalls it: both phones show the recall line instead.
  await page.getByText('师傅好，想报名', { exact: true }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '撤回' }).click();
  await expect(page.getByText('你撤回了一条消息')).toBeVisible();
  await expect(pageB.getByText(`${a.user.nick_name}撤回了一条消息`)).toBeVisible();
  await expect(bubbles(pageB, '师傅好，想报名')).toHaveCount(0);

  // B's network drops: its socket closes and cannot come back while offline.
  await other.setOffline(true);
  await pageB.evaluate(() => {
    for (const s of (window as unknown as { __gfSockets: WebSocket[] }).__gfSockets) s.close();
  });
  await expect(pageB.getByTestId('net-banner')).toBeVisible();
  for (const text of ['断网时的第一条', '断网时的第二条']) {
    await input.fill(text);
    await input.press('Enter');
    await expect(bubbles(page, text).getByTestId('read-receipt')).toHaveText('未读');
  }
  await other.setOffline(false);
  await expect(pageB.getByTestId('net-banner')).toBeHidden();
  await expect(bubbles(pageB, '断网时的第一条')).toHaveCount(1);
  await expect(bubbles(pageB, '断网时的第二条')).toHaveCount(1);
  await expect(bubbles(pageB, '请问周末有课吗')).toHaveCount(1);
  await expect(pageB.getByTestId('chat-image')).toHaveCount(1);
  // Seen on B's open thread: read on A's phone.
  await expect(bubbles(page, '断网时的第二条').getByTestId('read-receipt')).toHaveText('已读');
  await other.close();
});
