import { describe, expect, it } from 'vitest';
import { PHONE_RE, maskPhone, phoneError } from '~/lib/rules/phone';
import { DEFAULT_IMAGE, imageUrl } from '~/lib/rules/image-url';
import { badgeText, toCount } from '~/lib/rules/badge';
import { managementLinks, roleName } from '~/lib/rules/roles';
import { smsButtonLabel } from '~/lib/rules/countdown';
import { isChunkLoadError, shouldReloadForChunk } from '~/lib/rules/reload';
import { activeMenu } from '~/lib/rules/menu';
import { isHandheld } from '~/lib/rules/device';
import { T } from '~/lib/texts';

describe('phone pattern (SPEC §5)', () => {
  it.each(['13800000000', '15912345678', '19999999999', '14700000000'])('accepts %s', (p) => expect(phoneError(p)).toBeNull());
  it.each([
    ['', T.phoneRequired],
    ['   ', T.phoneRequired],
    ['12800000000', T.phoneInvalid],
    ['10800000000', T.phoneInvalid],
    ['1380000000', T.phoneInvalid],
    ['138000000001', T.phoneInvalid],
    ['23800000000', T.phoneInvalid],
    ['1380000000a', T.phoneInvalid],
  ])('rejects %j with %s', (p, msg) => expect(phoneError(p)).toBe(msg));
  it('is anchored', () => expect(PHONE_RE.test('x13800000000')).toBe(false));
  it('masks the middle four digits', () => expect(maskPhone('13812345678')).toBe('138****5678'));
});

describe('image url prefixing (SPEC §9)', () => {
  it('falls back to the default image', () => {
    expect(imageUrl('')).toBe(DEFAULT_IMAGE);
    expect(imageUrl(null)).toBe(DEFAULT_IMAGE);
    expect(imageUrl(undefined, 'https://cdn.example')).toBe('https://cdn.example/imgs/default/default.jpg');
  });
  it('keeps absolute URLs', () => {
    expect(imageUrl('https://a.example/x.png', 'https://cdn.example')).toBe('https://a.example/x.png');
    expect(imageUrl('http://a.example/x.png', 'https://cdn.example')).toBe('http://a.example/x.png');
    expect(imageUrl('data:image/png;base64,AA', 'https://cdn.example')).toBe('data:image/png;base64,AA');
  });
  it('prefixes relative paths with the media host', () => {
    expect(imageUrl('/uploads/a.png', 'https://cdn.example/')).toBe('https://cdn.example/uploads/a.png');
    expect(imageUrl('uploads/a.png', 'https://cdn.example')).toBe('https://cdn.example/uploads/a.png');
    expect(imageUrl('uploads/a.png', '')).toBe('/uploads/a.png');
  });
});

describe('unread badge (SPEC §9)', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%i → %j', (n, text) => expect(badgeText(n)).toBe(text));
  it('parses counts as integers defaulting to 0', () => {
    expect(toCount('7')).toBe(7);
    expect(toCount('x')).toBe(0);
    expect(toCount(undefined)).toBe(0);
    expect(toCount(3.9)).toBe(3);
  });
});

describe('role menus (SPEC §2/§6)', () => {
  const hrefs = (u: { identity: number; service_id: number }, s?: number) => managementLinks(u, s).map((l) => l.href);
  it('gives a member none', () => expect(hrefs({ identity: 0, service_id: 0 })).toEqual([]));
  it('gives a coach coach management', () => expect(hrefs({ identity: 2, service_id: 0 })).toEqual(['/coach/finance']));
  it('gives a shop owner shop management unless the cancel check says otherwise', () => {
    expect(hrefs({ identity: 1, service_id: 0 })).toEqual(['/mechant/finance']);
    expect(hrefs({ identity: 1, service_id: 0 }, 1)).toEqual(['/mechant/finance']);
    // 2 = cancellation pending: no shop management, a link to follow the application instead; 3 = cancelled.
    expect(hrefs({ identity: 1, service_id: 0 }, 2)).toEqual(['/mechant/applycancel']);
    expect(hrefs({ identity: 1, service_id: 0 }, 3)).toEqual([]);
  });
  it('gives a provider provider management, alongside another role', () => {
    expect(hrefs({ identity: 0, service_id: 3 })).toEqual(['/my/service_identity']);
    expect(hrefs({ identity: 2, service_id: 3 })).toEqual(['/coach/finance', '/my/service_identity']);
  });
  it('names roles', () => {
    expect(roleName({ identity: 2, service_id: 0 })).toBe('教练');
    expect(roleName({ identity: 1, service_id: 0 })).toBe('店主');
    expect(roleName({ identity: 0, service_id: 1 })).toBe('服务商');
    expect(roleName({ identity: 0, service_id: 0 })).toBe('会员');
  });
});

describe('small rules', () => {
  it('labels the SMS button', () => {
    expect(smsButtonLabel(60)).toBe('60 S');
    expect(smsButtonLabel(1)).toBe('1 S');
    expect(smsButtonLabel(0)).toBe('获取验证码');
  });
  it('reloads for a chunk failure at most once a minute', () => {
    expect(shouldReloadForChunk(0, 1_000_000)).toBe(true);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 + 59_999)).toBe(false);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 + 60_000)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
  it('lights the right menu item', () => {
    expect(activeMenu('/')).toBe('首页');
    expect(activeMenu('/train/courseDetail')).toBe('培训');
    expect(activeMenu('/live/shop')).toBe('直播');
    expect(activeMenu('/shop/goodsList')).toBe('商城');
    expect(activeMenu('/article/detail')).toBe('资讯');
    expect(activeMenu('/help')).toBe('');
  });
  it('tells handhelds from desktops', () => {
    expect(
      isHandheld(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(true);
    expect(
      isHandheld(
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(true);
    expect(
      isHandheld('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'),
    ).toBe(true);
    expect(isHandheld('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')).toBe(
      false,
    );
    expect(
      isHandheld('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'),
    ).toBe(false);
    expect(isHandheld('')).toBe(false);
  });
});
