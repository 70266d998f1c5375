import { describe, expect, it } from 'vitest';
import { cached, cacheSize, invalidate } from '~/server/cache';

describe('in-process cache', () => {
  it('loads once per key within the TTL, and again after invalidate', async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await cached('t:a', 60_000, load)).toBe(1);
    expect(await cached('t:a', 60_000, load)).toBe(1);
    invalidate('t:');
    expect(await cached('t:a', 60_000, load)).toBe(2);
  });

  it('does not keep a failed load', async () => {
    await expect(cached('t:fail', 60_000, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await Promise.resolve();
    expect(await cached('t:fail', 60_000, async () => 'ok')).toBe('ok');
  });

  it('stays bounded however many distinct keys clients send', async () => {
    invalidate();
    // 3,000 distinct filters of ~20 KB each: far beyond both the entry and the byte budget.
    const big = 'x'.repeat(20_000);
    for (let i = 0; i < 3000; i++) await cached(`t:filter:${i}`, 60_000, async () => ({ list: [big], i }));
    await new Promise((r) => setTimeout(r, 0));
    expect(cacheSize()).toBeLessThanOrEqual(1000);
    expect(cacheSize() * 20_000).toBeLessThanOrEqual(16 * 1024 * 1024 + 20_000);
    // The newest entries are the ones kept.
    let reloaded = false;
    await cached('t:filter:2999', 60_000, async () => {
      reloaded = true;
      return null;
    });
    expect(reloaded).toBe(false);
  });
});
