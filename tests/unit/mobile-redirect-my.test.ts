import { describe, expect, it } from 'vitest';
import { desktopUrlFor, isMobilePath, mobileRedirectUrl } from '~/lib/rules/mobile-redirect';

const M = 'https://m.example.com';
const to = (path: string, search = '') => mobileRedirectUrl(path, search, '', M);

describe('the member centre on a phone (我的)', () => {
  it.each([
    ['/account/setting', '', '/m/my/settings'],
    ['/account/setting/safe', '', '/m/my/settings'],
    ['/account/setting/phone', '', '/m/my/settings?view=phone'],
    ['/account/setting/bindPhone', '', '/m/my/settings?view=phone'],
    ['/account/setting/password', '', '/m/my/settings?view=password'],
    ['/account/setting/paypassword', '', '/m/my/settings?view=paypassword'],
    ['/my/wallet/kungfucoin', '', '/m/my/wallet'],
    ['/my/wallet/kungfucoin', '?topup=1', '/m/my/wallet?topup=1'],
    ['/my/wallet/payGateWay', '', '/m/my/wallet'],
    ['/my/wallet/coupon', '', '/m/my/wallet?tab=coupons'],
    ['/my/notice', '', '/m/my/notices'],
    ['/my/notice', '?type=comment', '/m/my/notices?type=comment'],
    ['/my/notice/detail', '?id=4', '/m/my/notices?id=4'],
    ['/my/fans', '', '/m/my/follows?tab=fans'],
    ['/my/focus', '', '/m/my/follows?tab=follows'],
    ['/my/favorite', '', '/m/my/follows?tab=favourites'],
    ['/my/order', '', '/m/my/invite'],
    ['/account/other', '', '/m/my/feedback'],
    ['/account/regcoach', '', '/m/my/apply?type=coach'],
    ['/account/regmechant', '', '/m/my/apply?type=shop'],
    ['/account/regprovider', '', '/m/my/apply?type=provider'],
  ])('%s%s → %s', (path, search, mobile) => {
    expect(to(path, search)).toBe(`${M}${mobile}`);
  });

  it.each([
    '/coach',
    '/coach/course',
    '/coach/finance',
    '/coach/homepage/order/course',
    '/mechant',
    '/mechant/order/goods',
    '/my/service_identity',
    '/my/service_identity/order',
  ])('seller area %s → the seller day page (not the desktop-only page)', (path) => {
    expect(to(path, '?page=2')).toBe(`${M}/m/my/seller`);
  });

  it('the public homepages of coaches and shops still open the anchor page; the console stays desktop-only', () => {
    expect(to('/coach/homepage', '?id=7')).toBe(`${M}/m/anchor?type=coach&id=7`);
    expect(to('/mechant/homepage', '?id=9')).toBe(`${M}/m/anchor?type=merchant&id=9`);
    expect(to('/admin/stats')).toBe(`${M}/m/desktop?from=${encodeURIComponent('/admin/stats')}`);
  });

  it.each([
    ['/m/my/settings', '', '/account/setting'],
    ['/m/my/settings', '?view=password', '/account/setting/password'],
    ['/m/my/settings', '?view=paypassword', '/account/setting/paypassword'],
    ['/m/my/settings', '?view=phone', '/account/setting/phone'],
    ['/m/my/wallet', '', '/my/wallet/kungfucoin'],
    ['/m/my/wallet', '?tab=coupons', '/my/wallet/coupon'],
    ['/m/my/notices', '', '/my/notice'],
    ['/m/my/follows', '?tab=fans', '/my/fans'],
    ['/m/my/follows', '?tab=follows', '/my/focus'],
    ['/m/my/follows', '?tab=favourites', '/my/favorite'],
    ['/m/my/invite', '', '/my/order'],
    ['/m/my/feedback', '', '/account/other'],
    ['/m/my/apply', '?type=coach', '/account/regcoach'],
    ['/m/my/apply', '?type=shop', '/account/regmechant'],
    ['/m/my/apply', '?type=provider', '/account/regprovider'],
    ['/m/my/seller', '', '/my'],
  ])('电脑版 of %s%s → %s', (mobile, search, desktop) => {
    expect(desktopUrlFor(mobile, search)).toBe(desktop);
  });

  it('every 我的 page maps back to a desktop page that maps forward to it again', () => {
    for (const [m, q] of [
      ['/m/my/settings', ''],
      ['/m/my/settings', '?view=paypassword'],
      ['/m/my/wallet', '?tab=coupons'],
      ['/m/my/notices', ''],
      ['/m/my/follows', '?tab=favourites'],
      ['/m/my/invite', ''],
      ['/m/my/feedback', ''],
      ['/m/my/apply', '?type=provider'],
    ] as const) {
      const desk = new URL(desktopUrlFor(m, q), 'http://x');
      const back = mobileRedirectUrl(desk.pathname, desk.search, '', '');
      expect(back, m).toBe(`${m}${q}`);
      expect(isMobilePath(new URL(back, 'http://x').pathname)).toBe(true);
    }
  });
});
