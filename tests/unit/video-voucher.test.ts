import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '~/server/env';
import { issueVoucher, newTencentSignature, readVoucher, tencentVodSignature, VOUCHER_TTL_S } from '~/server/modules/upload/voucher';
import { byteRange } from '~/server/providers/storage/serve';
import { fenToYuan, videoFileError, yuanToFen } from '~/lib/rules/seller-content';

beforeAll(() => {
  process.env['DATA_DIR'] = mkdtempSync(join(tmpdir(), 'gongfu-voucher-'));
  process.env['APP_SECRET'] = 'x'.repeat(48);
  resetEnv();
});

describe('Tencent VOD client-upload signature (云点播「客户端上传签名」)', () => {
  const params = { secretId: 'AKIDtest', secretKey: 'secretKeyTest', currentTimeStamp: 1700000000, expireTime: 1700086400, random: 12345 };

  it('equals base64(HMAC-SHA1(key, original) + original), computed independently with openssl', () => {
    // printf 'secretId=AKIDtest&currentTimeStamp=1700000000&expireTime=1700086400&random=12345' > o
    // (openssl dgst -sha1 -hmac secretKeyTest -binary o; cat o) | base64 -w0
    expect(tencentVodSignature(params)).toBe(
      'lRn8afLjUnYQlx6GpSqYCB7rZvtzZWNyZXRJZD1BS0lEdGVzdCZjdXJyZW50VGltZVN0YW1wPTE3MDAwMDAwMDAmZXhwaXJlVGltZT0xNzAwMDg2NDAwJnJhbmRvbT0xMjM0NQ==',
    );
    expect(tencentVodSignature({ ...params, procedure: 'LongVideoPreset', vodSubAppId: 1500000001 })).toBe(
      'j6fnXx2xMzQ9uCI3zRLVdJlWgxRzZWNyZXRJZD1BS0lEdGVzdCZjdXJyZW50VGltZVN0YW1wPTE3MDAwMDAwMDAmZXhwaXJlVGltZT0xNzAwMDg2NDAwJnJhbmRvbT0xMjM0NSZwcm9jZWR1cmU9TG9uZ1ZpZGVvUHJlc2V0JnZvZFN1YkFwcElkPTE1MDAwMDAwMDE=',
    );
  });

  it('decodes to the 20 HMAC bytes followed by the URL-encoded query string the documentation describes', () => {
    const raw = Buffer.from(tencentVodSignature({ ...params, secretId: 'AK ID/+=', procedure: '任务流' }), 'base64');
    const original = raw.subarray(20).toString('utf8');
    expect(original).toBe(
      `secretId=AK%20ID%2F%2B%3D&currentTimeStamp=1700000000&expireTime=1700086400&random=12345&procedure=${encodeURIComponent('任务流')}`,
    );
    expect(raw.subarray(0, 20).equals(createHmac('sha1', 'secretKeyTest').update(original).digest())).toBe(true);
  });

  it('a fresh signature carries the four required parameters and the validity asked for', () => {
    const now = Date.UTC(2030, 0, 1);
    const { signature, expires } = newTencentSignature({ secretId: 'id', secretKey: 'k' }, 3600, now);
    const q = new URLSearchParams(Buffer.from(signature, 'base64').subarray(20).toString('utf8'));
    expect([...q.keys()]).toEqual(['secretId', 'currentTimeStamp', 'expireTime', 'random']);
    expect(Number(q.get('expireTime')) - Number(q.get('currentTimeStamp'))).toBe(3600);
    expect(expires).toBe(now / 1000 + 3600);
    expect(Number(q.get('random'))).toBeLessThan(2 ** 32);
  });
});

describe('local upload voucher', () => {
  it('round-trips, expires, and refuses any change', () => {
    const now = Date.UTC(2030, 0, 1);
    const { voucher, expires } = issueVoucher(7, 3, now);
    expect(expires).toBe(now / 1000 + VOUCHER_TTL_S);
    expect(readVoucher(voucher, now)).toEqual({ userId: 7, coachId: 3, expires, expired: false });
    expect(readVoucher(voucher, now + VOUCHER_TTL_S * 1000)?.expired).toBe(true);
    expect(readVoucher(voucher.replace('v1.7.', 'v1.8.'), now)).toBeNull();
    expect(readVoucher(voucher.replace(`.${expires}.`, `.${expires + 999}.`), now)).toBeNull();
    expect(readVoucher('', now)).toBeNull();
    expect(readVoucher(`${voucher}x`, now)).toBeNull();
  });
});

describe('byte ranges for /uploads', () => {
  it('reads single ranges and refuses what cannot be served', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=0-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(byteRange('items=0-1', 1000)).toBeNull();
  });
});

describe('authoring rules', () => {
  it('money and video checks', () => {
    expect(yuanToFen('99')).toBe(9900);
    expect(yuanToFen('99.5')).toBe(9950);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
    expect(fenToYuan(9950)).toBe('99.50');
    expect(fenToYuan(9900)).toBe('99');
    expect(videoFileError({ type: 'video/mp4', size: 10, name: 'a.mp4' }, 1)).toBeNull();
    expect(videoFileError({ type: 'image/png', size: 10, name: 'a.png' }, 1)).toMatch(/MP4/);
    expect(videoFileError({ type: 'video/mp4', size: 2 * 1024 * 1024, name: 'a.mp4' }, 1)).toMatch(/1MB/);
  });
});
