import { describe, expect, it } from 'vitest';
import { mobileRedirectUrl } from '~/lib/rules/mobile-redirect';

const M = 'https://m.gongfu.example';
const to = (path: string, search = '', hash = '') => mobileRedirectUrl(path, search, hash, M);

describe('mobile redirect rules (SPEC §2)', () => {
  it('QQ bind callback: the hash becomes the query', () => {
    expect(to('/login/bind/qq/callback', '', '#access_token=abc&expires_in=7776000')).toBe(
      `${M}/pages/account/qq?access_token=abc&expires_in=7776000`,
    );
    expect(to('/login/bind/qq/callback')).toBe(`${M}/pages/account/qq`);
  });
  it('WeChat callback carries the query', () => {
    expect(to('/login/wx/callback', '?code=XYZ&state=s1')).toBe(`${M}/pages/account/wechat?code=XYZ&state=s1`);
  });
  it.each([
    ['/shop/goodsDetail', '/pages/shop/goods-detail'],
    ['/train/courseDetail', '/pages/train/course-detail'],
    ['/train/classDetail', '/pages/train/class-detail'],
    ['/coach/homepage', '/pages/coach/homepage'],
    ['/mechant/homepage', '/pages/mechant/homepage'],
    ['/article/detail', '/pages/article/detail'],
  ])('detail page %s → %s with its query', (path, mobile) => {
    expect(to(path, '?id=42')).toBe(`${M}${mobile}?id=42`);
    expect(to(path, '?id=42&type=x')).toBe(`${M}${mobile}?id=42&type=x`);
  });
  it('anchor pages go to the anchor home with type and id', () => {
    expect(to('/anchor', '?type=coach&id=7')).toBe(`${M}/pages/anchor/index?type=coach&id=7`);
    expect(to('/anchor', '?type=mechant&id=9')).toBe(`${M}/pages/anchor/index?type=merchant&id=9`);
    expect(to('/anchor/friendscircle', '?type=mechant&id=3')).toBe(`${M}/pages/anchor/index?type=merchant&id=3`);
  });
  it('friends circle sets the share flag', () => {
    expect(to('/firendscircle')).toBe(`${M}/pages/circle/index?share=1&type=friendscircle`);
    expect(to('/anchor/friendscircle', '?type=member&id=100001')).toBe(`${M}/pages/circle/index?share=1&type=friendscircle`);
  });
  it.each([
    ['/', '/'],
    ['/shop', '/pages/shop/index'],
    ['/article', '/pages/share/index?share=1&type=article'],
    ['/train/class', '/pages/share/index?share=1&type=class'],
    ['/train/course', '/pages/share/index?share=1&type=course'],
    ['/train/coach', '/pages/share/index?share=1&type=coach'],
    ['/live/coach', '/pages/live/index?share=1&type=0'],
    ['/live/shop', '/pages/live/index?share=1&type=1'],
  ])('table row %s → %s', (path, mobile) => {
    expect(to(path)).toBe(`${M}${mobile}`);
    expect(to(`${path}/`.replace('//', '/'))).toBe(`${M}${mobile}`);
  });
  it('the table applies only when the query has no type', () => {
    expect(to('/shop', '?type=1')).toBe(`${M}/`);
    expect(to('/train/course', '?type=course')).toBe(`${M}/`);
  });
  it('anything else goes to the mobile root', () => {
    expect(to('/help/detail', '?id=1')).toBe(`${M}/`);
    expect(to('/no/such/page')).toBe(`${M}/`);
  });
  it('tolerates a trailing slash on the origin', () => {
    expect(mobileRedirectUrl('/shop', '', '', `${M}/`)).toBe(`${M}/pages/shop/index`);
  });
});
