import { describe, expect, it } from 'vitest';
import { LOCAL_PLACE, UNKNOWN_DEVICE, UNKNOWN_PLACE } from '~/lib/rules/sessions';
import { deviceOf, placeOf } from '~/server/modules/auth/device';

/** What the 登录设备 list shows of a session, and what the new-device check compares. */
describe('deviceOf', () => {
  it('names browser and system with major versions, and keys them without', () => {
    const win = deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36');
    expect(win).toEqual({ label: 'Chrome 140 · Windows 10', kind: 'desktop', key: 'chrome|windows|desktop' });
    expect(
      deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36').key,
    ).toBe(win.key);
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ label: 'Safari 17 · iOS 17', kind: 'mobile', key: 'safari|ios|mobile' });
    // macOS user agents are frozen at 10.15: no version rather than a wrong one.
    expect(
      deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15')
        .label,
    ).toBe('Safari 17 · macOS');
    expect(
      deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36').label,
    ).toBe('Chrome 120 · Android 14');
  });

  it('says so when it cannot tell', () => {
    expect(deviceOf('')).toMatchObject({ label: UNKNOWN_DEVICE, kind: 'desktop' });
    expect(deviceOf('curl/8.5.0').label).toBe('未知浏览器');
  });
});

describe('placeOf', () => {
  it('masks public addresses to their first half', () => {
    expect(placeOf('112.64.10.20')).toBe('112.64.*.*');
    expect(placeOf('::ffff:58.30.1.1')).toBe('58.30.*.*');
    expect(placeOf('2408:8207:1850:1:2:3:4:5')).toBe('2408:8207:*');
  });

  it('calls loopback and private ranges 本机/局域网', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.1', '192.168.1.5', '169.254.1.1', '::1', 'fd00::1', 'fe80::1']) {
      expect(placeOf(ip), ip).toBe(LOCAL_PLACE);
    }
    expect(placeOf('172.32.0.1')).toBe('172.32.*.*');
  });

  it('says 未知 for no address or a malformed one', () => {
    expect(placeOf('')).toBe(UNKNOWN_PLACE);
    expect(placeOf('not-an-ip')).toBe(UNKNOWN_PLACE);
  });
});
