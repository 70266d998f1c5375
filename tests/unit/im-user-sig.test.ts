import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { genUserSig, verifyUserSig } from '~/server/providers/im/user-sig';

// Tencent's own reference implementation is the oracle: a user_sig we issue must be the very
// bytes Tencent's library makes, or Tencent IM (IM_PROVIDER=tim) would refuse it.
const require = createRequire(import.meta.url);
const { Api } = require('tls-sig-api-v2') as {
  Api: new (sdkappid: number, key: string) => { genUserSig(id: string, expire: number): string };
};

const KEY = '5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e';
const APP = 1400000000;

describe('user_sig (TLS sig v2)', () => {
  it('is byte-identical to Tencent tls-sig-api-v2 for the same second', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    try {
      const theirs = new Api(APP, KEY).genUserSig('100001', 86400 * 180);
      const ours = genUserSig('100001', { sdkAppID: APP, key: KEY, expireSeconds: 86400 * 180 });
      expect(ours).toBe(theirs);
    } finally {
      vi.useRealTimers();
    }
  });

  it('verifies a signature Tencent made and refuses every altered one', () => {
    const sig = new Api(APP, KEY).genUserSig('100001', 3600);
    expect(verifyUserSig('100001', sig, { sdkAppID: APP, key: KEY }).ok).toBe(true);
    // Another user's id, another application, another key.
    expect(verifyUserSig('100002', sig, { sdkAppID: APP, key: KEY })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyUserSig('100001', sig, { sdkAppID: APP + 1, key: KEY })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyUserSig('100001', sig, { sdkAppID: APP, key: `${KEY.slice(0, -1)}0` })).toEqual({ ok: false, reason: 'mismatch' });
    // Garbage and truncation.
    expect(verifyUserSig('100001', 'not-a-sig', { sdkAppID: APP, key: KEY })).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyUserSig('100001', sig.slice(0, 20), { sdkAppID: APP, key: KEY })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('expires after its lifetime', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const sig = genUserSig('7', { sdkAppID: APP, key: KEY, expireSeconds: 60, now });
    expect(verifyUserSig('7', sig, { sdkAppID: APP, key: KEY, now: now + 59_000 })).toEqual({ ok: true, expiresAt: now / 1000 + 60 });
    expect(verifyUserSig('7', sig, { sdkAppID: APP, key: KEY, now: now + 60_000 })).toEqual({ ok: false, reason: 'expired' });
  });
});
