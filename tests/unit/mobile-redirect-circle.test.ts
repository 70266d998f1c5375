import { describe, expect, it } from 'vitest';
import { desktopUrlFor, mobileRedirectUrl, toMobileHref } from '~/lib/rules/mobile-redirect';

const M = 'https://m.gongfu.example';
const to = (path: string, search = '') => mobileRedirectUrl(path, search, '', M);

describe('功夫圈 on the phone: desktop → mobile', () => {
  it.each([
    ['/firendscircle/publish', '', '/m/circle/publish'],
    ['/firendscircle/publish/', '', '/m/circle/publish'],
    ['/anchor/friendscircle', '?type=member&id=100001', '/m/circle/member?id=100001'],
    ['/anchor/friendscircle', '?type=member', '/m/circle?share=1&type=friendscircle'],
    ['/friendSearch', '?q=%E5%A4%AA%E6%9E%81', '/m/circle/search?q=%E5%A4%AA%E6%9E%81'],
    ['/friendsearch', '', '/m/circle/search'],
    // Unchanged neighbours: a coach's 功夫圈 stays on the anchor page, a shared post on the post page.
    ['/anchor/friendscircle', '?type=coach&id=3', '/m/anchor?type=coach&id=3&tab=circle'],
    ['/firendscircle', '?post=7', '/m/circle/post?share=1&id=7'],
  ])('%s%s → %s', (path, search, mobile) => {
    expect(to(path, search)).toBe(`${M}${mobile}`);
  });

  it('links inside mobile cards skip the redirect hop', () => {
    expect(toMobileHref('/anchor/friendscircle?type=member&id=5')).toBe('/m/circle/member?id=5');
    expect(toMobileHref('/friendSearch?q=tai')).toBe('/m/circle/search?q=tai');
  });
});

describe('功夫圈 on the phone: mobile → desktop (电脑版)', () => {
  it.each([
    ['/m/circle/publish', '', '/firendscircle/publish'],
    ['/m/circle/member', '?id=100001', '/anchor/friendscircle?type=member&id=100001'],
    ['/m/circle/member', '', '/firendscircle'],
    ['/m/circle/search', '?q=太极', `/friendSearch?q=${encodeURIComponent('太极')}`],
    ['/m/circle/search', '', '/friendSearch'],
  ])('%s%s → %s', (path, search, desktop) => {
    expect(desktopUrlFor(path, search)).toBe(desktop);
  });

  it('round trip: the desktop page of a mobile page maps back to it', () => {
    for (const [path, search] of [
      ['/m/circle/publish', ''],
      ['/m/circle/member', '?id=42'],
      ['/m/circle/search', '?q=tai'],
    ] as const) {
      const back = new URL(desktopUrlFor(path, search), 'http://x');
      expect(to(back.pathname, back.search)).toBe(`${M}${path}${search}`);
    }
  });
});
