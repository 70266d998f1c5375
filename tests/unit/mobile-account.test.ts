import { describe, expect, it } from 'vitest';
import { keepRedirect, mobileTarget } from '~/lib/stores/mobile-account';
import { afterPaidLinks, invokeWechatPay, mobileScene, wechatCode } from '~/lib/stores/mobile-pay';
import { mobileRedirectUrl } from '~/lib/rules/mobile-redirect';

/* The phone's sign-in and payment rules (SPEC §2 mobile site). */

const O = 'https://m.example';

describe('where signing in returns', () => {
  it('follows a same-site redirect, never another host or a sign-in page; defaults to 我的', () => {
    expect(mobileTarget('?redirect=%2Fm%2Fcart', O)).toBe('/m/cart');
    expect(mobileTarget('?redirect=https%3A%2F%2Fevil.example%2F', O)).toBe('/m/my');
    expect(mobileTarget('?redirect=%2F%2Fevil.example', O)).toBe('/m/my');
    expect(mobileTarget('?redirect=%2Fm%2Flogin%3Fredirect%3D%2Fm', O)).toBe('/m/my');
    expect(mobileTarget('', O)).toBe('/m/my');
  });
  it('keeps redirect and the invitation between the sign-in pages', () => {
    expect(keepRedirect('/m/register', '?redirect=%2Fm%2Fcart&x=1&inviter=A1')).toBe('/m/register?redirect=%2Fm%2Fcart&inviter=A1');
    expect(keepRedirect('/m/forgot', '')).toBe('/m/forgot');
  });
  it('QQ answering the desktop callback with a code reaches /m/account/qq with it (query and hash)', () => {
    expect(mobileRedirectUrl('/login/bind/qq/callback', '?code=c1&state=s1', '', O)).toBe(`${O}/m/account/qq?code=c1&state=s1`);
    expect(mobileRedirectUrl('/login/bind/qq/callback', '', '#access_token=t', O)).toBe(`${O}/m/account/qq?access_token=t`);
  });
});

describe('paying on the phone', () => {
  it('is h5 in a phone browser and wechat inside WeChat', () => {
    expect(mobileScene('Mozilla/5.0 (Linux; Android 14) Mobile Safari')).toBe('h5');
    expect(mobileScene('Mozilla/5.0 (iPhone) MicroMessenger/8.0.40')).toBe('wechat');
    expect(mobileScene('Mozilla/5.0 (Windows NT 10.0) Chrome/140')).toBe('h5');
  });
  it('takes the openid code only when back from the silent authorisation', () => {
    expect(wechatCode('?id=3&wxpay=1&code=abc&state=pay')).toBe('abc');
    expect(wechatCode('?id=3&code=abc')).toBe('');
  });
  it('links 支付成功 to the order and to learning or the shop', () => {
    expect(afterPaidLinks({ id: 7, kind: 'course' })).toEqual({
      order: '/m/my/order?id=7',
      next: ['去学习', '/m/my/learning?kind=course'],
    });
    expect(afterPaidLinks({ id: 8, kind: 'goods' }).next).toEqual(['继续逛逛', '/m/shop']);
  });
  it("reads WeChat's cashier outcome, and refuses outside WeChat", async () => {
    const params = { appId: 'a', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA' as const, paySign: 's' };
    const bridge = (msg: string) => ({
      WeixinJSBridge: { invoke: (_n: string, _p: unknown, cb: (r: { err_msg: string }) => void) => cb({ err_msg: msg }) },
    });
    await expect(invokeWechatPay(params, bridge('get_brand_wcpay_request:ok'))).resolves.toBe('ok');
    await expect(invokeWechatPay(params, bridge('get_brand_wcpay_request:cancel'))).resolves.toBe('cancel');
    await expect(invokeWechatPay(params, bridge('get_brand_wcpay_request:fail'))).resolves.toBe('fail');
    await expect(invokeWechatPay(params, {})).rejects.toThrow('请在微信中打开本页完成支付');
  });
});
