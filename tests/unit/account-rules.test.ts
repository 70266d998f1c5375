import { describe, expect, it } from 'vitest';
import { PASSWORD_TEXTS, passwordError, payPasswordError } from '~/lib/rules/password';
import { activeMemberLink, MEMBER_NAV } from '~/lib/rules/member-nav';
import { aliyunEncode, aliyunSignature } from '~/server/providers/sms/aliyun';

describe('password rules', () => {
  it.each([
    ['abc12', PASSWORD_TEXTS.length],
    ['a'.repeat(19) + '1x', PASSWORD_TEXTS.length],
    ['abcdefgh', PASSWORD_TEXTS.mix],
    ['12345678', PASSWORD_TEXTS.mix],
    ['abc123', null],
    ['gongfu123', null],
  ])('login password %s → %s', (pw, msg) => expect(passwordError(pw)).toBe(msg));

  it.each([
    ['12345', PASSWORD_TEXTS.payFormat],
    ['12a456', PASSWORD_TEXTS.payFormat],
    ['1234567', PASSWORD_TEXTS.payFormat],
    ['111111', PASSWORD_TEXTS.payWeak],
    ['123456', PASSWORD_TEXTS.payWeak],
    ['987654', PASSWORD_TEXTS.payWeak],
    ['205813', null],
    ['135791', null],
  ])('pay password %s → %s', (pw, msg) => expect(payPasswordError(pw)).toBe(msg));
});

describe('member nav (SPEC §2 member layout)', () => {
  it('has the five groups in SPEC order', () => {
    expect(MEMBER_NAV.map((g) => g.name)).toEqual(['订单中心', '学习动态', '我的钱包', '身份注册', '其他服务']);
    expect(MEMBER_NAV[0].links.find((l) => l.label === '打赏流水')?.href).toBe('/my/finance');
    expect(MEMBER_NAV[4].links.find((l) => l.label === '推荐好友')?.href).toBe('/my/order');
  });

  it('lights up the parent of a sub-page and nothing for strangers', () => {
    expect(activeMemberLink('/my/notice')).toBe('/my/notice');
    expect(activeMemberLink('/my/notice/detail')).toBe('/my/notice');
    expect(activeMemberLink('/my/order')).toBe('/my/order');
    expect(activeMemberLink('/my/order/publish')).toBeNull();
    expect(activeMemberLink('/my/order/goods/')).toBe('/my/order/goods');
    expect(activeMemberLink('/my/help/cate')).toBe('/my/help');
    expect(activeMemberLink('/shop')).toBeNull();
  });
});

describe('Aliyun SMS signature', () => {
  it('reproduces the documented example signature', () => {
    // Aliyun's SendSms signature walkthrough: AccessKeySecret "testSecret".
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunSignature(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('percent-encodes like RFC 3986', () => {
    expect(aliyunEncode('a b*c~d')).toBe('a%20b%2Ac~d');
    expect(aliyunEncode("!'()")).toBe('%21%27%28%29');
  });
});

describe('search highlight', () => {
  it('marks every match and escapes the rest', async () => {
    const { highlight } = await import('~/lib/rules/highlight');
    expect(highlight('太极拳与太极剑', '太极')).toBe(
      '<mark class="bg-transparent text-brand">太极</mark>拳与<mark class="bg-transparent text-brand">太极</mark>剑',
    );
    expect(highlight('<b>咏春</b>', '咏春')).toBe('&lt;b&gt;<mark class="bg-transparent text-brand">咏春</mark>&lt;/b&gt;');
    expect(highlight('MMA 手套', 'mma')).toContain('<mark class="bg-transparent text-brand">MMA</mark>');
    expect(highlight('无匹配', '')).toBe('无匹配');
  });
});
