import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkPush, checkTencentCallback, pushSign, signedPushQuery, tencentSecret } from '~/server/providers/live/sign';

const SECRET = 'a-test-secret-of-some-length';
const NOW = 1_800_000_000;

describe('push URL signatures', () => {
  it('signs /live/<stream>:<expire> with HMAC-SHA256 and accepts exactly that', () => {
    const expected = createHmac('sha256', SECRET).update('/live/room_ab12:1800000600').digest('hex');
    expect(pushSign(SECRET, 'room_ab12', 1_800_000_600)).toBe(expected);
    expect(signedPushQuery(SECRET, 'room_ab12', 1_800_000_600)).toBe(`sign=${expected}&expire=1800000600`);
    expect(checkPush(SECRET, 'room_ab12', { sign: expected, expire: '1800000600' }, NOW)).toBe('ok');
  });

  it('refuses an unsigned, tampered, other-stream, other-secret or expired push', () => {
    const sign = pushSign(SECRET, 'room_ab12', NOW + 60);
    expect(checkPush(SECRET, 'room_ab12', {}, NOW)).toBe('unsigned');
    expect(checkPush(SECRET, 'room_ab12', { sign }, NOW)).toBe('unsigned');
    expect(checkPush(SECRET, 'room_ab12', { sign, expire: String(NOW + 61) }, NOW)).toBe('bad');
    expect(checkPush(SECRET, 'room_zz99', { sign, expire: String(NOW + 60) }, NOW)).toBe('bad');
    expect(checkPush(`${SECRET}x`, 'room_ab12', { sign, expire: String(NOW + 60) }, NOW)).toBe('bad');
    expect(checkPush(SECRET, 'room_ab12', { sign, expire: String(NOW + 60) }, NOW + 61)).toBe('expired');
    expect(checkPush(SECRET, '../etc', { sign, expire: String(NOW + 60) }, NOW)).toBe('bad');
  });
});

describe('Tencent Cloud Live signatures (documented recipe)', () => {
  it('txSecret = MD5(key + StreamName + txTime), txTime the expiry in upper-case hex seconds', () => {
    // The documented example shape: expiry 2026-12-01 00:00:00 +08:00 = 1764518400 = 0x692C6A00.
    const r = tencentSecret('tx-push-key', 'room_ab12', 1_764_518_400);
    expect(r.txTime).toBe('692C6A00');
    expect(r.txSecret).toBe(createHash('md5').update('tx-push-keyroom_ab12692C6A00').digest('hex'));
  });

  it('accepts a callback whose sign is MD5(key + t) while t has not passed', () => {
    const sign = createHash('md5')
      .update(`cb-key${NOW + 30}`)
      .digest('hex');
    expect(checkTencentCallback('cb-key', { t: NOW + 30, sign }, NOW)).toBe(true);
    expect(checkTencentCallback('cb-key', { t: NOW + 30, sign }, NOW + 31)).toBe(false);
    expect(checkTencentCallback('other', { t: NOW + 30, sign }, NOW)).toBe(false);
    expect(checkTencentCallback('cb-key', { t: NOW + 30 }, NOW)).toBe(false);
  });
});
