import { connect } from 'node:net';
import { ADMIN_NAV } from '../../src/lib/rules/staff';
import { expect, test, type Page } from './fixtures';
import { baseUrl, DEMO, loginByCookie, loginStaff, ready } from './helpers';

/** What an attacker or a scanner meets at the edge of the running server (server.mjs + the built app). */
test.describe('security at the edge', () => {
  test('pages, API answers and uploads carry the security headers and a hashed CSP', async ({ request }) => {
    const page = await request.get('/');
    const csp = page.headers()['content-security-policy'] ?? '';
    // Scripts: ours (hashed inline ones) and WeChat's JS-SDK for the mobile share card, nothing else.
    expect(csp).toMatch(/script-src 'self' https:\/\/res\.wx\.qq\.com 'sha256-/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers()['x-content-type-options']).toBe('nosniff');
    expect(page.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const api = await request.post('/api/public/kefu', { data: {} });
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
    expect(api.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const config = (await (await request.post('/api/public/config', { data: { keys: 'service_qr_code' } })).json()) as {
      data: { service_qr_code: string };
    };
    const upload = await request.get(config.data.service_qr_code);
    expect(upload.status()).toBe(200);
    expect(upload.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('a malformed URL gets the envelope on the API and a page elsewhere', async ({ request }) => {
    const api = await request.get('/api/%');
    expect(api.status()).toBe(400);
    expect(await api.json()).toEqual({ code: 100, msg: '请求地址不正确', info: '', data: null });
    const page = await request.get('/train/%E0%A4%A');
    expect(page.status()).toBe(400);
    expect(await page.text()).toContain('请求地址不正确');
  });

  test('a NUL in a page query is dropped instead of failing the page', async ({ page }) => {
    const res = await page.goto('/search?q=%E5%A4%AA%00%E6%9E%81');
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).searchParams.get('q')).toBe('太极');
  });

  /** Opens a raw connection, trickles `chunks` one per second, and resolves the seconds until the server hangs up. */
  function trickle(start: string, chunk: string): Promise<{ closedAfterS: number; answer: string }> {
    const { hostname, port } = new URL(baseUrl());
    return new Promise((resolve) => {
      const began = Date.now();
      let answer = '';
      const socket = connect(Number(port), hostname, () => socket.write(start));
      const timer = setInterval(() => socket.writable && socket.write(chunk), 1000);
      socket.on('data', (d) => (answer += d.toString()));
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ closedAfterS: (Date.now() - began) / 1000, answer });
      });
      socket.on('error', () => undefined);
    });
  }

  test('a WebSocket upgrade on a path no endpoint serves is answered and closed at once', async () => {
    const { hostname, port } = new URL(baseUrl());
    // Resolves what the server wrote once it closed the connection (or, with `first`, its first bytes).
    const upgrade = (path: string, first = false) =>
      new Promise<string>((resolve) => {
        let answer = '';
        const socket = connect(Number(port), hostname, () =>
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
              'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
          ),
        );
        socket.on('data', (d) => {
          answer += d.toString();
          if (first) socket.destroy();
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', () => undefined);
      });
    // The rig runs the RTMP ingest, so /media/live and /live/push are the real handlers' paths.
    for (const path of ['/imx', '/', '/api/public/kefu', '/media/live/abcd1234.flv', '/live/pushx']) {
      expect(await upgrade(path), path).toMatch(/^HTTP\/1\.1 404 /);
    }
    expect(await upgrade('/im', true)).toMatch(/^HTTP\/1\.1 101 /);
  });

  test('a client that trickles its headers is cut off', async () => {
    test.setTimeout(60_000);
    // The rig sets HTTP_HEADERS_TIMEOUT_S=3; the trickle alone would go on for ever.
    const r = await trickle('GET / HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n');
    expect(r.closedAfterS).toBeLessThan(30);
    expect(r.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  test('a client that trickles its body is cut off', async () => {
    test.setTimeout(60_000);
    // HTTP_REQUEST_TIMEOUT_S=10 in the rig: a 1 MB body at a byte a second never finishes.
    const r = await trickle(
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{',
      ' ',
    );
    expect(r.closedAfterS).toBeLessThan(40);
  });
});

/**
 * Every console page and every group of site pages loads without a CSP violation (the
 * `securitypolicyviolation` event, e.g. an eval of a library) or a console error. Pages are opened
 * one after another in one tab per role, so the sweep stays a few dozen navigations.
 */
test.describe('no CSP violation or console error on any page', () => {
  /** Watches `page` for violations and errors; `visit` opens each path and checks them all at the end. */
  async function watch(page: Page) {
    const problems: string[] = [];
    let here = '';
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${here}: console error: ${m.text().slice(0, 200)}`);
    });
    page.on('pageerror', (e) => problems.push(`${here}: ${e.message.slice(0, 200)}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const w = window as unknown as { __csp?: string[] };
        (w.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    return async (paths: readonly string[]) => {
      for (const path of paths) {
        here = path;
        const res = await page.goto(path);
        expect(res?.status(), path).toBeLessThan(400);
        await ready(page);
        // Islands that load their data after hydration have asked for it by now; wait for the answers.
        await page.waitForLoadState('networkidle');
        const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
        problems.push(...csp.map((v) => `${path}: CSP ${v}`));
      }
      expect(problems).toEqual([]);
    };
  }

  test('every console page (super administrator)', async ({ page }) => {
    test.slow();
    const visit = await watch(page);
    await loginStaff(page, 'super');
    const pages = ADMIN_NAV.flatMap((g) => g.links.map((l) => l.href));
    await visit([...pages, '/admin/articles/edit', '/admin/members/detail?id=1']);
  });

  const SITE = [
    '/',
    '/shop',
    '/shop/goodsList',
    '/shop/goodsDetail?id=1',
    '/shopsearch?q=练功服',
    '/train/course',
    '/train/courseList',
    '/train/courseDetail?id=1',
    '/train/class',
    '/train/classDetail?id=1',
    '/train/coach',
    '/search?q=太极&type=course',
    '/live',
    '/live/coach',
    '/live/shop',
    '/firendscircle',
    '/friendSearch?q=晨练',
    '/article',
    '/article/detail?id=2',
    '/help',
    '/download',
    '/aa',
    '/coupon',
    '/agreement/useragreement',
    '/anchor?type=coach&id=1',
  ] as const;

  test('site pages as a guest', async ({ page }) => {
    test.slow();
    const visit = await watch(page);
    await visit([...SITE, '/account/regmember', '/account/login']);
  });

  test('member, coach, shop owner and provider pages', async ({ page }) => {
    test.slow();
    const visit = await watch(page);
    await page.goto('/');
    await loginByCookie(page, DEMO.member.phone);
    await visit([
      '/my/order/goods',
      '/my/course',
      '/my/wallet/kungfucoin',
      '/my/wallet/payGateWay',
      '/my/notice',
      '/my/homepage',
      '/cart',
      '/chat',
      '/account/setting',
      '/account/setting/safe',
      '/account/other',
      '/firendscircle/publish',
    ]);
    await loginByCookie(page, DEMO.coach.phone);
    await visit(['/coach/finance', '/coach/course', '/coach/course/lessonList?id=1', '/coach/videoInfo?id=1', '/coach/homepage']);
    await loginByCookie(page, DEMO.mechant.phone);
    await visit(['/mechant/finance', '/mechant/homepage/goods', '/mechant/order/goods']);
    await loginByCookie(page, DEMO.provider.phone);
    await visit(['/my/service_identity']);
  });
});
