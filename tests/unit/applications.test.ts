import { describe, expect, it } from 'vitest';
import { ExamineStatus, examineMessage, feeText, isCreditCode, isIdNumber, maskIdNumber, mayApply } from '~/lib/rules/applications';
import {
  coachFormError,
  emptyCoachForm,
  emptyShopForm,
  gateTarget,
  kindOfLink,
  shopFormError,
  toggleLabel,
} from '~/lib/stores/applications';

describe('ID numbers (GB 11643)', () => {
  it('accepts a valid number, with X as the check character', () => {
    expect(isIdNumber('11010519491231002X')).toBe(true);
    expect(isIdNumber('11010519491231002x')).toBe(true);
  });
  it('refuses a wrong check digit, an impossible date, a future birth, a short number', () => {
    expect(isIdNumber('110105194912310021')).toBe(false);
    expect(isIdNumber('110105194902300029')).toBe(false);
    expect(isIdNumber('11010520991231002X', new Date('2026-01-01'))).toBe(false);
    expect(isIdNumber('11010519491231002')).toBe(false);
  });
  it('masks all but the first four and last four characters', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
  });
});

describe('credit codes (GB 32100)', () => {
  it('checks the 18th character', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91350100m000100y43')).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
  });
});

describe('examine status', () => {
  it('only 1 and 4 open the form; 3 leads to the settlement page', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(mayApply)).toEqual([1, 4]);
    expect(gateTarget('coach', 1)).toBe('/account/regcoach');
    expect(gateTarget('shop', 4)).toBe('/account/regmechant');
    expect(gateTarget('coach', 3)).toBe('/account/settle?type=coach');
    expect(gateTarget('shop', 2)).toBeNull();
    expect(gateTarget('shop', 5)).toBeNull();
  });
  it('says why for every value', () => {
    expect(examineMessage('coach', ExamineStatus.PENDING)).toContain('审核中');
    expect(examineMessage('coach', ExamineStatus.REFUSED, '照片模糊')).toContain('照片模糊');
    expect(examineMessage('shop', ExamineStatus.OTHER)).toContain('您已经是教练');
    expect(examineMessage('shop', ExamineStatus.OTHER_PENDING)).toContain('您已提交教练入驻申请');
  });
  it('recognises the nav links', () => {
    expect(kindOfLink('/account/regcoach')).toBe('coach');
    expect(kindOfLink('/account/regmechant/')).toBe('shop');
    expect(kindOfLink('/account/regprovider')).toBeNull();
  });
});

describe('forms', () => {
  it('checks the coach form in field order', () => {
    expect(coachFormError(emptyCoachForm())).toBe('请填写真实姓名');
    const f = { ...emptyCoachForm('13912345678'), real_name: '李小龙', id_number: '110105194912310021' };
    expect(coachFormError(f)).toContain('身份证号不正确');
    // A resubmission may leave the number empty when the last one is kept.
    expect(coachFormError({ ...f, id_number: '', id_mask: '1101**********002X' })).toBe('请上传身份证人像面照片');
  });
  it('checks the shop form', () => {
    expect(shopFormError(emptyShopForm())).toBe('请填写店铺名称');
    expect(shopFormError({ ...emptyShopForm(), shop_name: '店', logo: '/x.png', licence_no: 'ABC' })).toContain('统一社会信用代码不正确');
  });
  it('picks at most six labels', () => {
    expect(toggleLabel([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleLabel([1, 2], 2)).toEqual([1]);
    expect(() => toggleLabel([1, 2, 3, 4, 5, 6], 7)).toThrow('最多选择 6 个');
  });
  it('shows the fee', () => {
    expect(feeText(0)).toBe('免费');
    expect(feeText(9900)).toBe('¥99.00（99 功夫币）');
  });
});
