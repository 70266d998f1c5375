import { expect, test } from '@playwright/test';
import { loginViaDialog, newMember, ready, toastWith } from './helpers';

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

test('登录设备: two browsers see each other; revoking the other logs it out at once', async ({ browser, request }) => {
  const m = await newMember(request);
  // The registration's own session ends, so the two browsers below are the member's only logins.
  await request.post('/api/logout', { headers: { authToken: m.user.token } });

  const here = await browser.newContext();
  const there = await browser.newContext({ userAgent: WINDOWS_CHROME });
  try {
    const a = await here.newPage();
    const b = await there.newPage();
    for (const page of [a, b]) {
      await page.goto('/');
      await loginViaDialog(page, m);
    }

    // Its page holds the toolbar's chat connection (the unread badge), logged in with this session.
    const chatReady = new Promise<void>((done) =>
      b.on('websocket', (ws) => {
        if (ws.url().endsWith('/im')) ws.on('framereceived', (f) => String(f.payload).includes('"t":"ready"') && done());
      }),
    );
    await b.goto('/account/setting/safe');
    await ready(b);
    await expect(b.getByTestId('device-session')).toHaveCount(2);
    await chatReady;

    await a.goto('/account/setting/safe');
    await ready(a);
    const rows = a.getByTestId('device-session');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('当前设备');
    const other = rows.filter({ hasText: 'Chrome 140 · Windows 10' });
    await expect(other).toContainText('本机/局域网');
    await expect(other).not.toContainText('当前设备');

    a.once('dialog', (d) => void d.accept());
    await other.getByRole('button', { name: '退出该设备' }).click();
    await expect(toastWith(a, '已退出该设备')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(a.getByRole('button', { name: '退出其他设备' })).toBeDisabled();

    // The other browser, untouched, is logged out: the server ends its chat connection with its
    // session, and the page drops the login the API no longer knows.
    await expect(b.getByText('登录后才能查看此页面')).toBeVisible();
    await expect(b.getByRole('banner').getByRole('button', { name: '登录' })).toBeVisible();
    expect((await there.cookies()).find((c) => c.name === 'user')).toBeUndefined();

    // The first browser is untouched.
    await a.reload();
    await ready(a);
    await expect(a.getByTestId('device-session')).toHaveCount(1);
  } finally {
    await here.close();
    await there.close();
  }
});

test('退出其他设备 ends the other browser’s chat at once: its open /chat shows the logged-out state', async ({ browser, request }) => {
  const m = await newMember(request);
  await request.post('/api/logout', { headers: { authToken: m.user.token } });

  const here = await browser.newContext();
  const there = await browser.newContext({ userAgent: WINDOWS_CHROME });
  try {
    const a = await here.newPage();
    const b = await there.newPage();
    for (const page of [a, b]) {
      await page.goto('/');
      await loginViaDialog(page, m);
    }
    // The other browser sits in the chat, connected.
    await b.goto('/chat');
    await ready(b);
    await expect(b.getByTestId('chat-tab-conv')).toBeVisible();

    await a.goto('/account/setting/safe');
    await ready(a);
    await expect(a.getByTestId('device-session')).toHaveCount(2);
    a.once('dialog', (d) => void d.accept());
    await a.getByRole('button', { name: '退出其他设备' }).click();
    await expect(toastWith(a, '已退出其他设备')).toBeVisible();

    // Without touching it: the server closes its chat socket, and the page drops the ended login.
    await expect(toastWith(b, '登录已失效，请重新登录')).toBeVisible();
    await expect(b.getByTestId('chat-login-prompt')).toBeVisible();
    await expect(b.getByTestId('chat-tab-conv')).toBeHidden();
    expect((await there.cookies()).find((c) => c.name === 'user')).toBeUndefined();

    // This browser's chat still connects.
    await a.goto('/chat');
    await ready(a);
    await expect(a.getByTestId('chat-tab-conv')).toBeVisible();
  } finally {
    await here.close();
    await there.close();
  }
});
