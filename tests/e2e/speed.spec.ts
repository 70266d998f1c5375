import { expect, test } from './fixtures';

/** What the edge of the running server (server.mjs) does for speed: kept pages, built files, revalidation. */
test.describe('served fast', () => {
  test('a guest page is rendered once, then answered from memory with an ETag a browser can revalidate', async ({ request }) => {
    // A query nobody else asks for: this test sees its own first render.
    const url = `/help?speed=${Date.now()}`;
    const first = await request.get(url);
    expect(first.status()).toBe(200);
    expect(first.headers()['x-page-cache']).toBe('MISS');
    const second = await request.get(url);
    expect(second.headers()['x-page-cache']).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    // Kept pages keep every header of the rendered one, the security headers included.
    expect(second.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(second.headers()['cache-control']).toMatch(/public/);
    const etag = second.headers()['etag'] ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect((await request.get(url, { headers: { 'if-none-match': etag } })).status()).toBe(304);
  });

  test('built scripts are sent precompressed and immutable; public images for a day', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const script = /src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/_astro\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
    expect(script, 'the home page loads a built file').toBeTruthy();
    const asset = await request.get(script ?? '', { headers: { 'accept-encoding': 'br' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = asset.headers()['etag'] ?? '';
    expect((await request.get(script ?? '', { headers: { 'if-none-match': etag } })).status()).toBe(304);

    const icon = await request.get('/favicon.svg');
    expect(icon.headers()['cache-control']).toBe('public, max-age=86400');
    expect(icon.headers()['etag']).toBeTruthy();
  });

  test('API answers are never kept: a second call is answered afresh', async ({ request }) => {
    const a = await request.post('/api/public/kefu', { data: {} });
    expect(a.headers()['x-page-cache']).toBeUndefined();
    const b = await request.get('/api/openapi.json');
    expect(b.headers()['x-page-cache']).toBeUndefined();
  });
});
