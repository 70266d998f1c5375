import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as busA from '~/server/bus';
import * as cacheA from '~/server/cache';
import * as pagesA from '~/server/edge/page-cache';
import * as sessionsA from '~/server/modules/auth/session.service';
import { startApi, DEMO, type TestApi } from '../helpers/api';
import { keepGuestPage as keep } from '../helpers/page-cache';

/**
 * Two instances sharing the database and Redis: the second is a fresh copy of the cache,
 * bus, page-cache and session modules (vi.resetModules), so it holds its own caches. A write on one
 * instance must make the other forget at once, not after its TTL. The waits are polls with room for a loaded CI
 * box (a message crossing Redis has taken over 3 s there); a TTL would take a minute.
 */
const REDIS = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
let t: TestApi;
let B: {
  bus: typeof busA;
  cache: typeof cacheA;
  pages: typeof pagesA;
  sessions: typeof sessionsA;
};

beforeAll(async () => {
  t = await startApi({ REDIS_URL: REDIS, IM_REDIS_PREFIX: `test-bus-${Date.now().toString(36)}:` });
  await busA.startBus();
  vi.resetModules();
  B = {
    bus: await import('~/server/bus'),
    cache: await import('~/server/cache'),
    pages: await import('~/server/edge/page-cache'),
    sessions: await import('~/server/modules/auth/session.service'),
  };
  await B.bus.startBus();
});
afterAll(async () => {
  await busA.stopBus();
  await B.bus.stopBus();
  await t.stop();
});

describe('cache invalidation across instances', () => {
  it('a catalogue change on one instance clears the other’s cached lists', async () => {
    await cacheA.cached('catalogue:bus-test', 60_000, async () => 'old');
    expect(await B.cache.cached('catalogue:bus-test', 60_000, async () => 'old')).toBe('old');
    cacheA.invalidate('catalogue:');
    await vi.waitFor(async () => expect(await B.cache.cached('catalogue:bus-test', 60_000, async () => 'new')).toBe('new'), {
      timeout: 10_000,
    });
    // The instance that wrote forgot at once too.
    expect(await cacheA.cached('catalogue:bus-test', 60_000, async () => 'new')).toBe('new');
  });

  it('keeps other prefixes', async () => {
    await B.cache.cached('config:bus-test', 60_000, async () => 'kept');
    cacheA.invalidate('catalogue:');
    await new Promise((r) => setTimeout(r, 300));
    expect(await B.cache.cached('config:bus-test', 60_000, async () => 'reloaded')).toBe('kept');
  });

  it('publishing content clears kept guest pages on every instance', async () => {
    pagesA.enablePageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
    B.pages.enablePageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
    await keep(pagesA, '/article');
    await keep(B.pages, '/article');
    expect(B.pages.pageCacheStats().entries).toBe(1);
    pagesA.invalidatePages();
    expect(pagesA.pageCacheStats().entries).toBe(0);
    await vi.waitFor(() => expect(B.pages.pageCacheStats().entries).toBe(0), { timeout: 10_000 });
  });

  it('a logout on one instance ends the session on the other at once, not after its TTL', async () => {
    const token = await t.login(DEMO.member);
    expect(await B.sessions.resolveSession(token)).not.toBeNull();
    const out = await t.post('/logout', {}, token);
    expect(out.body.code).toBe(200);
    await vi.waitFor(async () => expect(await B.sessions.resolveSession(token)).toBeNull(), { timeout: 10_000, interval: 50 });
  });

  it('退出其他设备 on one instance ends those sessions on the other at once', async () => {
    const here = await t.login(DEMO.coach);
    const there = await t.login(DEMO.coach);
    expect(await B.sessions.resolveSession(there, '')).not.toBeNull();
    expect((await t.post('/member/sessionRevokeOthers', {}, here)).body.data.count).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect(await B.sessions.resolveSession(there, '')).toBeNull(), { timeout: 10_000, interval: 50 });
    expect(await B.sessions.resolveSession(here, '')).not.toBeNull();
  });
});
