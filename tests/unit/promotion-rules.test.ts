import { describe, expect, it } from 'vitest';
import { bpText, commissionOf, percentToBp, shareLink } from '~/lib/rules/promotion';
import { desktopUrlFor, mobileRedirectUrl } from '~/lib/rules/mobile-redirect';

describe('分销 rules', () => {
  it('reads a typed percentage as basis points, refusing what is not one', () => {
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp(' 3 ')).toBe(300);
    expect(percentToBp('0.01')).toBe(1);
    expect(percentToBp('1.234')).toBeNull();
    expect(percentToBp('-1')).toBeNull();
    expect(percentToBp('abc')).toBeNull();
    expect(bpText(1250)).toBe('12.5%');
    expect(bpText(100)).toBe('1%');
  });

  it('rounds commission down to the fen', () => {
    expect(commissionOf(19_900, 1000)).toBe(1990);
    expect(commissionOf(999, 150)).toBe(14);
  });

  it('links to the desktop detail page, which phones follow to /m with the code kept', () => {
    const link = shareLink('goods', 7, 'abcDEF2345');
    expect(link).toBe('/shop/goodsDetail?id=7&share=abcDEF2345');
    expect(mobileRedirectUrl('/shop/goodsDetail', '?id=7&share=abcDEF2345', '', '')).toBe('/m/goods/detail?id=7&share=abcDEF2345');
    expect(mobileRedirectUrl('/train/courseDetail', '?id=3&share=abcDEF2345', '', '')).toBe('/m/course/detail?id=3&share=abcDEF2345');
    expect(mobileRedirectUrl('/my/promotion', '', '', '')).toBe('/m/my/promotion');
    expect(desktopUrlFor('/m/my/promotion', '')).toBe('/my/promotion');
  });
});
