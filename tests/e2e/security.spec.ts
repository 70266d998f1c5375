import { connect } from 'node:net';
import { expect, test } from './fixtures';
import { baseUrl } from './helpers';

/** What an attacker or a scanner meets at the edge of the running server (server.mjs + the built app). */
test.describe('security at the edge', () => {
  test('pages, API answers and uploads carry the security headers and a hashed CSP', async ({ request }) => {
    const page = await request.get('/');
    const csp = page.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
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
