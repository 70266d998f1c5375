import { describe, expect, it } from 'vitest';
import { desktopUrlFor, isMobilePath, mobileRedirectUrl, toMobileHref } from '~/lib/rules/mobile-redirect';

const M = 'https://m.gongfu.example';
const to = (path: string, search = '', hash = '') => mobileRedirectUrl(path, search, hash, M);

describe('mobile redirect rules (SPEC §2)', () => {
  it('QQ bind callback: the hash becomes the query', () => {
    expect(to('/login/bind/qq/callback', '', '#access_token=abc&expires_in=7776000')).toBe(
      `${M}/m/account/qq?access_token=abc&expires_in=7776000`,
    );
    expect(to('/login/bind/qq/callback')).toBe(`${M}/m/account/qq`);
  });
  it('WeChat callback carries the query', () => {
    expect(to('/login/wx/callback', '?code=XYZ&state=s1')).toBe(`${M}/m/account/wechat?code=XYZ&state=s1`);
  });
  it.each([
    ['/shop/goodsDetail', '/m/goods/detail'],
    ['/train/courseDetail', '/m/course/detail'],
    ['/train/classDetail', '/m/class/detail'],
    ['/article/detail', '/m/article/detail'],
  ])('detail page %s → %s with its query', (path, mobile) => {
    expect(to(path, '?id=42')).toBe(`${M}${mobile}?id=42`);
    expect(to(path, '?id=42&type=x')).toBe(`${M}${mobile}?id=42&type=x`);
    expect(to(path.toLowerCase(), '?id=42')).toBe(`${M}${mobile}?id=42`);
  });
  it('coach and merchant homepages go to the anchor home of that type, with their query', () => {
    expect(to('/coach/homepage', '?id=7')).toBe(`${M}/m/anchor?type=coach&id=7`);
    expect(to('/mechant/homepage', '?id=9')).toBe(`${M}/m/anchor?type=merchant&id=9`);
    expect(to('/coach/homepage')).toBe(`${M}/m/anchor?type=coach`);
  });
  it('anchor pages go to the anchor home with type and id', () => {
    expect(to('/anchor', '?type=coach&id=7')).toBe(`${M}/m/anchor?type=coach&id=7`);
    expect(to('/anchor', '?type=mechant&id=9')).toBe(`${M}/m/anchor?type=merchant&id=9`);
    expect(to('/anchor/friendscircle', '?type=mechant&id=3')).toBe(`${M}/m/anchor?type=merchant&id=3&tab=circle`);
  });
  it('friends circle sets the share flag; a shared post opens that post; a member is their homepage', () => {
    expect(to('/firendscircle')).toBe(`${M}/m/circle?share=1&type=friendscircle`);
    expect(to('/firendscircle', '?post=88')).toBe(`${M}/m/circle/post?share=1&id=88`);
    expect(to('/anchor/friendscircle', '?type=member&id=100001')).toBe(`${M}/m/circle/member?id=100001`);
  });
  it.each([
    ['/', '/m'],
    ['/shop', '/m/shop'],
    ['/article', '/m/list?share=1&type=article'],
    ['/train/class', '/m/list?share=1&type=class'],
    ['/train/course', '/m/list?share=1&type=course'],
    ['/train/coach', '/m/list?share=1&type=coach'],
    ['/live/coach', '/m/live?share=1&type=0'],
    ['/live/shop', '/m/live?share=1&type=1'],
  ])('SPEC table row %s → %s', (path, mobile) => {
    expect(to(path)).toBe(`${M}${mobile}`);
    expect(to(`${path}/`.replace('//', '/'))).toBe(`${M}${mobile}`);
  });
  it('the SPEC table applies only when the query has no type', () => {
    expect(to('/shop', '?type=1')).toBe(`${M}/m`);
    expect(to('/train/course', '?type=course')).toBe(`${M}/m`);
  });
  it.each([
    ['/live/room/12', '', '/m/live/room?id=12'],
    ['/live/playback/5', '', '/m/live/playback?id=5'],
    ['/account/regmember', '?inviter=100001', '/m/register?inviter=100001'],
    ['/coupon', '', '/m/coupon'],
    ['/search', '?q=太极&type=course', `/m/search?q=${encodeURIComponent('太极')}&type=course`],
    ['/shopsearch', '?q=剑', `/m/search?type=goods&q=${encodeURIComponent('剑')}`],
    ['/help/detail', '?id=3', '/m/help/detail?id=3'],
    ['/help', '', '/m/help'],
    ['/cart', '', '/m/cart'],
    ['/my', '', '/m/my'],
    ['/my/order/goods', '', '/m/my/orders?kind=goods'],
    ['/order/detail', '?id=7', '/m/my/order?id=7'],
    ['/order/middle', '?id=7', '/m/pay?id=7'],
    ['/order/courseOrder', '?id=3', '/m/checkout?kind=course&id=3'],
    ['/my/course', '', '/m/my/learning?kind=course'],
    ['/my/homework/view', '?id=5', '/m/my/homework/view?id=5'],
    ['/download', '', '/m/download'],
    ['/train/courseList', '', '/m/list?type=course'],
  ])('our route %s%s → %s', (path, search, mobile) => {
    expect(to(path, search)).toBe(`${M}${mobile}`);
  });
  // The seller areas (/coach/*, /mechant/*, /my/service_identity*) go to the seller's day: mobile-redirect-my.test.ts.
  it.each(['/admin', '/admin/member/list', '/order/shopDetail'])('desktop-only area %s → the page that says where to do it', (path) => {
    expect(to(path, '?page=2')).toBe(`${M}/m/desktop?from=${encodeURIComponent(`${path}?page=2`)}`);
  });
  it('anything else goes to the mobile home', () => {
    expect(to('/no/such/page')).toBe(`${M}/m`);
  });
  it('an empty origin gives same-host paths; a trailing slash on the origin is dropped', () => {
    expect(mobileRedirectUrl('/shop', '', '', '')).toBe('/m/shop');
    expect(mobileRedirectUrl('/shop', '', '', `${M}/`)).toBe(`${M}/m/shop`);
  });
  it('no mobile target is redirected again (no loop)', () => {
    for (const p of ['/', '/shop', '/train/courseDetail', '/live/room/1', '/admin', '/no/such', '/coach/homepage'])
      expect(isMobilePath(new URL(mobileRedirectUrl(p, '?id=1', '', M)).pathname), p).toBe(true);
    expect(isMobilePath('/m')).toBe(true);
    expect(isMobilePath('/mechant')).toBe(false);
    expect(isMobilePath('/my')).toBe(false);
  });
});

describe('links between the two sites', () => {
  it('desktop links on a mobile page become mobile links; others stay', () => {
    expect(toMobileHref('/train/courseDetail?id=3')).toBe('/m/course/detail?id=3');
    expect(toMobileHref('/m/shop')).toBe('/m/shop');
    expect(toMobileHref('https://example.com/x')).toBe('https://example.com/x');
    expect(toMobileHref('//evil.example/x')).toBe('//evil.example/x');
  });
  it('电脑版 opens the desktop page of the same thing', () => {
    expect(desktopUrlFor('/m/course/detail', '?id=3')).toBe('/train/courseDetail?id=3');
    expect(desktopUrlFor('/m/my/homework/view', '?id=5')).toBe('/my/homework/view?id=5');
    expect(desktopUrlFor('/m/anchor', '?type=merchant&id=9')).toBe('/anchor?type=mechant&id=9');
    expect(desktopUrlFor('/m/live/room', '?id=12')).toBe('/live/room/12');
    expect(desktopUrlFor('/m/register', '?inviter=5')).toBe('/account/regmember?inviter=5');
    expect(desktopUrlFor('/m/desktop', `?from=${encodeURIComponent('/admin/x')}`)).toBe('/admin/x');
    expect(desktopUrlFor('/m/desktop', `?from=${encodeURIComponent('//evil.example')}`)).toBe('/');
    expect(desktopUrlFor('/m', '')).toBe('/');
  });
  it('every mobile page maps back to a desktop page that maps forward to it again', () => {
    for (const [m, q] of [
      ['/m/goods/detail', '?id=1'],
      ['/m/course/detail', '?id=2'],
      ['/m/class/detail', '?id=3'],
      ['/m/article/detail', '?id=4'],
      ['/m/live/room', '?id=5'],
      ['/m/shop', ''],
      ['/m/duan', ''],
      ['/m/duan/grading', '?id=6'],
      ['/m/cert/GFABCDEFGHJKMNPQRSTUV', ''],
    ] as const) {
      const desk = new URL(desktopUrlFor(m, q), 'http://x');
      expect(mobileRedirectUrl(desk.pathname, desk.search, '', ''), m).toBe(`${m}${q}`);
    }
  });
});
