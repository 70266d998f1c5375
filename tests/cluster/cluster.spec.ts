import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import pg from 'pg';

/**
 * Two instances on one PostgreSQL and Redis behind nginx with the shipped site config
 * (scripts/cluster-rig.mjs): what an operator who scales out must be able to rely on.
 */
// playwright.cluster.config.ts put the rig's port into the environment.
const port = Number(process.env['CLUSTER_PORT']);
const direct = [1, 2].map((n) => `http://127.0.0.1:${port + n}`);
const TOKEN = 'cluster-rig-metrics-token-0123456789';
const MEMBER = { phone: '13800000001', password: 'gongfu123' };
const COACH = { phone: '13800000002', password: 'gongfu123', name: '陈师傅' };
const rig = () =>
  JSON.parse(readFileSync(join(tmpdir(), `gongfu-cluster-${port}.json`), 'utf8')) as {
    databaseUrl: string;
    rigPid: number;
    scratch: string;
    s3: { endpoint: string; bucket: string };
  };

interface Login {
  token: string;
  user_id: number;
  nick_name: string;
}

async function login(request: APIRequestContext, who: { phone: string; password: string }, base = ''): Promise<Login> {
  const res = await request.post(`${base}/api/login`, { data: { type: 1, ...who } });
  const body = (await res.json()) as { code: number; data: Login };
  expect(body.code).toBe(200);
  return body.data;
}

/** A browser context whose pages go straight to one instance, signed in as `who`. */
async function onInstance(browser: Browser, n: 0 | 1, who: { phone: string; password: string }): Promise<{ page: Page; me: Login }> {
  const base = direct[n] ?? '';
  const ctx = await browser.newContext({ baseURL: base });
  const page = await ctx.newPage();
  const me = await login(page.request, who);
  await ctx.addCookies([{ name: 'user', value: encodeURIComponent(JSON.stringify(me)), url: base }]);
  return { page, me };
}

/** Sum of one counter over both instances' /metrics. */
async function counter(request: APIRequestContext, line: RegExp): Promise<number> {
  let sum = 0;
  for (const base of direct) {
    const text = await (await request.get(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    sum += Number(line.exec(text)?.[1] ?? 0);
  }
  return sum;
}

test.beforeAll(async ({ request }) => {
  // The balancer answered; both instances must be ready too.
  for (const base of direct) await expect.poll(async () => (await request.get(`${base}/readyz`)).status(), { timeout: 60_000 }).toBe(200);
});

test('nginx serves the site over TLS, upgrades plain HTTP and hides /metrics', async ({ page, request }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/功夫/);
  const plain = await request.get(`http://127.0.0.1:${port + 3}/shop`, { maxRedirects: 0 });
  expect(plain.status()).toBe(301);
  expect(plain.headers()['location']).toBe(`https://127.0.0.1:${port}/shop`);
  expect((await request.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status()).toBe(404);
});

test('a member logged in through the balancer stays logged in whichever instance answers', async ({ page }) => {
  const me = await login(page.request, MEMBER);
  const seen = new Set<string>();
  for (let i = 0; i < 12 && seen.size < 2; i++) {
    const res = await page.request.post('/api/member/memberInfo', { headers: { authSource: 'web', authToken: me.token }, data: {} });
    const body = (await res.json()) as { code: number; data: { user_id: number } };
    expect(body.code).toBe(200);
    expect(body.data.user_id).toBe(me.user_id);
    seen.add(res.headers()['x-instance'] ?? '');
  }
  expect([...seen].sort()).toEqual(['app1', 'app2']);

  // The member centre in the browser, page after page through the balancer.
  await page.context().addCookies([{ name: 'user', value: encodeURIComponent(JSON.stringify(me)), url: `https://127.0.0.1:${port}` }]);
  for (let i = 0; i < 3; i++) {
    await page.goto('/member');
    await expect(page.getByRole('banner')).toContainText(me.nick_name);
  }
  // A logout on one instance ends the session on both at once.
  expect(
    (await (await page.request.post(`${direct[0]}/api/logout`, { headers: { authSource: 'web', authToken: me.token }, data: {} })).json())
      .code,
  ).toBe(200);
  const after = await page.request.post(`${direct[1]}/api/member/memberInfo`, {
    headers: { authSource: 'web', authToken: me.token },
    data: {},
  });
  expect(((await after.json()) as { code: number }).code).not.toBe(200);
});

test('two members on different instances chat live', async ({ browser }) => {
  const member = await onInstance(browser, 0, MEMBER);
  const coach = await onInstance(browser, 1, COACH);
  await coach.page.goto('/chat');
  await expect(coach.page.getByRole('navigation', { name: '聊天导航' })).toBeVisible();
  await member.page.goto(`/chat?cid=C2C${coach.me.user_id}`);
  const composer = member.page.getByRole('textbox', { name: '输入消息' });
  const text = `跨实例消息 ${Date.now()}`;
  await composer.fill(text);
  await composer.press('Enter');
  await expect(member.page.getByTestId('chat-message').filter({ hasText: text }).last()).toHaveAttribute('data-status', 'success');
  // The coach's socket is on the other instance: the message crosses through Redis, live.
  const conv = coach.page.locator(`[data-testid="conversation"][data-cid="C2C${member.me.user_id}"]`);
  await expect(conv).toContainText(text);
  await conv.click();
  const reply = `收到 ${Date.now()}`;
  const coachComposer = coach.page.getByRole('textbox', { name: '输入消息' });
  await coachComposer.fill(reply);
  await coachComposer.press('Enter');
  await expect(member.page.getByTestId('chat-message').filter({ hasText: reply })).toBeVisible();
});

test('the chat socket works through the balancer (WebSocket upgrade over TLS)', async ({ page }) => {
  const me = await login(page.request, MEMBER);
  await page.context().addCookies([{ name: 'user', value: encodeURIComponent(JSON.stringify(me)), url: `https://127.0.0.1:${port}` }]);
  const opened = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/im'));
  await page.goto('/chat');
  const ws = await opened;
  expect(ws.url()).toBe(`wss://127.0.0.1:${port}/im`);
  // The server answers the socket's sign-in with frames (nothing would come back through a broken upgrade).
  await ws.waitForEvent('framereceived', { timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: '聊天导航' })).toBeVisible();
  expect(ws.isClosed()).toBe(false);
});

test('an unpaid order past its time is closed once, and the shared jobs run once per tick across both instances', async ({ request }) => {
  const client = new pg.Client({ connectionString: rig().databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `insert into orders (order_no, user_id, kind, status, items_total, pay_amount, expires_at)
       select $1, id, 'course', 'unpaid', 100, 100, now() - interval '1 minute' from users where phone = $2 returning id`,
      [`CL${Date.now()}`, MEMBER.phone],
    );
    const id = rows[0]?.id;
    await expect
      .poll(async () => (await client.query<{ status: string }>('select status from orders where id = $1', [id])).rows[0]?.status, {
        timeout: 20_000,
      })
      .toBe('closed');

    // Each instance offers every tick (3 s); the queue runs each tick once, wherever.
    const uptime = async (base: string) => ((await (await request.get(`${base}/healthz`)).json()) as { uptime_s: number }).uptime_s;
    const runs = await counter(request, /^job_runs_total\{job="orders-close"\} (\d+)$/m);
    const ticks = Math.max(await uptime(direct[0] ?? ''), await uptime(direct[1] ?? '')) / 3;
    expect(runs).toBeGreaterThan(0);
    expect(runs).toBeLessThanOrEqual(Math.ceil(ticks) + 2);
  } finally {
    await client.end();
  }
});

test('a lesson video uploaded in parts through both instances lands in the bucket and plays only through a signed URL', async ({
  request,
}) => {
  const coach = await login(request, COACH);
  const api = async <T>(path: string, data: object): Promise<T> => {
    const body = (await (await request.post(`/api${path}`, { headers: { authSource: 'web', authToken: coach.token }, data })).json()) as {
      code: number;
      msg: string;
      data: T;
    };
    expect(body.code, body.msg).toBe(200);
    return body.data;
  };
  const { voucher } = await api<{ voucher: string }>('/public/updateVideoVoucher', {});
  const mp4 = readFileSync('tests/fixtures/lesson.mp4');
  const tus = { 'Tus-Resumable': '1.0.0', 'Upload-Voucher': voucher };
  const created = await request.post(`${direct[0]}/api/tus`, {
    headers: { ...tus, 'Upload-Length': String(mp4.length), 'Upload-Metadata': `filename ${Buffer.from('跨实例.mp4').toString('base64')}` },
  });
  expect(created.status()).toBe(201);
  const location = created.headers()['location'] ?? '';
  // Four parts, alternating instances: the upload lives in the bucket, not on either disk.
  const size = Math.ceil(mp4.length / 4);
  let offset = 0;
  let videoId = 0;
  for (let i = 0; offset < mp4.length; i++) {
    const res = await request.patch(`${direct[i % 2]}${location}`, {
      headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      data: mp4.subarray(offset, offset + size),
    });
    expect(res.status(), `part ${i + 1} on app${(i % 2) + 1}`).toBe(204);
    offset = Number(res.headers()['upload-offset']);
    videoId = Number(res.headers()['upload-video-id'] ?? 0);
  }
  expect(videoId).toBeGreaterThan(0);

  const course = await api<{ id: number }>('/coach/courseSave', {
    title: `跨实例课程 ${Date.now()}`,
    cover: '/imgs/default/default.jpg',
    label_ids: [],
    level: '入门',
    price: 990,
    summary: '存储在对象存储',
    intro: '<p>x</p>',
  });
  const lesson = await api<{ id: number }>('/coach/lessonSave', { course_id: course.id, title: '第一课', video_id: videoId });
  await expect
    .poll(async () => (await api<{ video: { status: string } }>('/coach/videoInfo', { id: lesson.id })).video.status, { timeout: 60_000 })
    .toMatch(/^(ready|raw)$/);
  const detail = await api<{ lessons: { id: number; video: string }[] }>('/course/detail', { id: course.id });
  const url = detail.lessons.find((l) => l.id === lesson.id)?.video ?? '';
  const { s3, scratch } = rig();
  expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/videos/`)).toBe(true);
  const played = await request.get(url);
  expect(played.status()).toBe(200);
  expect(played.headers()['content-type']).toBe('video/mp4');
  // Through the site without the signature: refused (a copied path is not a link to the lesson).
  const path = new URL(url).pathname.replace(`/${s3.bucket}`, '');
  expect((await request.get(path)).status()).toBe(403);
  for (const n of [1, 2]) expect(existsSync(join(scratch, `data${n}`, 'uploads', 'videos'))).toBe(false);
});

test('a rolling restart of both instances under steady requests loses none of them', async ({ request }) => {
  test.setTimeout(120_000);
  const me = await login(request, MEMBER);
  const uptime = async (base: string) => ((await (await request.get(`${base}/healthz`)).json()) as { uptime_s: number }).uptime_s;
  const before = await Promise.all(direct.map(uptime));
  // SIGHUP: the rig restarts app1, waits until it is ready (and nginx counts it live again), then app2.
  process.kill(rig().rigPid, 'SIGHUP');
  const answers: string[] = [];
  const restarted = async () =>
    (await Promise.all(direct.map((b) => uptime(b).catch(() => Infinity)))).every((u, i) => u < (before[i] ?? 0));
  let i = 0;
  while (!(await restarted())) {
    const batch = await Promise.all([
      request.get('/shop/goodsList').then(
        (r) => `GET ${r.status()}`,
        (e: Error) => `GET ${e.message}`,
      ),
      request.post('/api/member/memberInfo', { headers: { authSource: 'web', authToken: me.token }, data: {} }).then(
        async (r) => `POST ${r.status()} ${((await r.json()) as { code: number }).code}`,
        (e: Error) => `POST ${e.message}`,
      ),
    ]);
    answers.push(...batch);
    await new Promise((r) => setTimeout(r, 50));
    expect(++i, 'both instances restarted within the test').toBeLessThan(1500);
  }
  expect(answers.length).toBeGreaterThan(50);
  expect(answers.filter((a) => a !== 'GET 200' && a !== 'POST 200 200')).toEqual([]);
});
