import { describe, expect, it } from 'vitest';
import { phoneTopUpHref, wechatTopUpReturn } from '~/lib/stores/mobile-my';

describe('top-ups on the phone', () => {
  it('去充值 opens the wallet preset to the missing coins, returning to the pay page', () => {
    expect(phoneTopUpHref('/m/pay?id=7', 12.4)).toBe(`/m/my/wallet?coins=13&return=${encodeURIComponent('/m/pay?id=7')}`);
    expect(phoneTopUpHref('/m/pay?id=7')).toBe(`/m/my/wallet?return=${encodeURIComponent('/m/pay?id=7')}`);
  });
  it('back from WeChat authorisation: the coins and the code, only when both are good', () => {
    expect(wechatTopUpReturn('?topup_coins=50&wxpay=1&code=abc')).toEqual({ coins: '50', code: 'abc' });
    expect(wechatTopUpReturn('?topup_coins=50&wxpay=1')).toBeNull();
    expect(wechatTopUpReturn('?topup_coins=x&wxpay=1&code=abc')).toBeNull();
    expect(wechatTopUpReturn('?topup_coins=50&code=abc')).toBeNull();
  });
});
