import { describe, expect, it } from 'vitest';
import { desktopUrlFor, MOBILE_PATHS, toMobileHref } from '~/lib/rules/mobile-redirect';

/*
 * The mobile shop reuses the desktop stores, whose links name desktop pages (spec picker, cart,
 * checkout, coupons): toMobileHref must turn each into its mobile page with the query intact, and
 * the 电脑版 link of each mobile shop page must lead back to the same thing on the desktop.
 */
describe('mobile shop links (SPEC §2 mobile site)', () => {
  it('maps the desktop stores’ links to the mobile pages, query kept', () => {
    expect(toMobileHref('/order/goodsOrder?goods_id=42&sku_id=1&num=2&agent=coach%3A3')).toBe(
      `${MOBILE_PATHS.checkout}?kind=goods&goods_id=42&sku_id=1&num=2&agent=coach%3A3`,
    );
    expect(toMobileHref('/order/goodsOrder?cart=3,4')).toBe(`${MOBILE_PATHS.checkout}?kind=goods&cart=3%2C4`);
    expect(toMobileHref('/order/middle?id=9')).toBe(`${MOBILE_PATHS.pay}?id=9`);
    expect(toMobileHref('/order/detail?id=9')).toBe(`${MOBILE_PATHS.order}?id=9`);
    expect(toMobileHref('/shop')).toBe(MOBILE_PATHS.shop);
    expect(toMobileHref('/my/address')).toBe(MOBILE_PATHS.address);
  });

  it('gives each mobile shop page its desktop twin', () => {
    expect(desktopUrlFor(MOBILE_PATHS.goodsList, '?cate=2&sort=hot&min=10&page=3')).toBe('/shop/goodsList?cate=2&sort=hot&min=10');
    expect(desktopUrlFor(MOBILE_PATHS.goodsList, '?q=太极')).toBe(`/shopsearch?q=${encodeURIComponent('太极')}`);
    expect(desktopUrlFor(MOBILE_PATHS.cart, '')).toBe('/cart');
    expect(desktopUrlFor(MOBILE_PATHS.address, '')).toBe('/my/address');
    expect(desktopUrlFor(MOBILE_PATHS.checkout, '?kind=goods&cart=3%2C4')).toBe('/order/goodsOrder?cart=3%2C4');
    expect(desktopUrlFor(MOBILE_PATHS.checkout, '?kind=class&id=5')).toBe('/order/classOrder?id=5');
    expect(desktopUrlFor(MOBILE_PATHS.search, '?q=拳套&type=goods')).toBe(`/shopsearch?q=${encodeURIComponent('拳套')}`);
    expect(desktopUrlFor(MOBILE_PATHS.search, '?q=咏春&type=coach')).toBe(`/search?q=${encodeURIComponent('咏春')}&type=coach`);
    expect(desktopUrlFor(MOBILE_PATHS.coupon, '')).toBe('/coupon');
  });
});
