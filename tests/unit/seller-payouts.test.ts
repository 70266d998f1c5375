import { describe, expect, it } from 'vitest';
import {
  BANKS,
  SELLER_REASONS,
  cardNoError,
  fenText,
  groupCardDigits,
  holderError,
  luhnValid,
  maskCard,
  yuanToFen,
  BANK_TEXTS,
} from '~/lib/rules/bank';
import { SELLER_LEDGER_REASONS } from '~/server/ledger/seller-money';
import { cancelConditionError, cancelReasonError, SHOP_CANCEL_TEXTS } from '~/lib/rules/shop-cancel';
import { chartSeries, ledgerAmount, ledgerFilterError, withdrawAmount } from '~/lib/stores/seller-finance';
import { InputError } from '~/lib/stores/action';

describe('bank cards', () => {
  it('checks Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('6222021234567890128')).toBe(luhnValid('6222021234567890128'));
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('12a4')).toBe(false);
  });
  it('explains what is wrong with a number', () => {
    expect(cardNoError('')).toBe(BANK_TEXTS.cardRequired);
    expect(cardNoError('4111 1111 1111 111x')).toBe(BANK_TEXTS.cardDigits);
    expect(cardNoError('411111111111111')).toBe(BANK_TEXTS.cardLength);
    expect(cardNoError('41111111111111111111')).toBe(BANK_TEXTS.cardLength);
    expect(cardNoError('4111 1111 1111 1112')).toBe(BANK_TEXTS.cardLuhn);
    expect(cardNoError('4111 1111 1111 1111')).toBeNull();
    expect(cardNoError('4111-1111-1111-1111')).toBeNull();
  });
  it('masks and groups', () => {
    expect(maskCard('6222021234567890123')).toBe('6222 **** **** 0123');
    expect(groupCardDigits('62220212345678901234')).toBe('6222 0212 3456 7890 123');
    expect(groupCardDigits('6222a')).toBe('6222');
  });
  it('checks holder names', () => {
    expect(holderError('')).toBe(BANK_TEXTS.holderRequired);
    expect(holderError('王')).toBe(BANK_TEXTS.holderInvalid);
    expect(holderError('王小明')).toBeNull();
    expect(holderError('阿依古丽·买买提')).toBeNull();
    expect(holderError('John Smith')).toBeNull();
    expect(holderError('王1')).toBe(BANK_TEXTS.holderInvalid);
  });
  it('lists major banks with unique codes', () => {
    expect(new Set(BANKS.map((b) => b.code)).size).toBe(BANKS.length);
    expect(BANKS.map((b) => b.name)).toContain('中国工商银行');
  });
  it('names every reason the ledger may hold', () => {
    expect([...SELLER_REASONS].sort()).toEqual([...SELLER_LEDGER_REASONS].sort());
  });
});

describe('money', () => {
  it('reads yuan typed by a person', () => {
    expect(yuanToFen('100')).toBe(10000);
    expect(yuanToFen('99.5')).toBe(9950);
    expect(yuanToFen('10.05')).toBe(1005);
    expect(yuanToFen(' 0.01 ')).toBe(1);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('-5')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
  });
  it('formats fen', () => {
    expect(fenText(0)).toBe('¥0.00');
    expect(fenText(123456789)).toBe('¥1,234,567.89');
    expect(fenText(-505)).toBe('-¥5.05');
  });
});

describe('withdrawal form', () => {
  const summary = { balance: 50_00, min_withdraw: 10_00 };
  const form = { card_id: 3, amount: '20', pay_password: '123456' };
  const refusal = (f: typeof form | { card_id: null; amount: string; pay_password: string }) => {
    try {
      withdrawAmount(f, summary);
      return '';
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return (e as Error).message;
    }
  };
  it('answers fen when everything holds', () => expect(withdrawAmount(form, summary)).toBe(20_00));
  it('refuses what the server would', () => {
    expect(refusal({ ...form, card_id: null })).toBe(BANK_TEXTS.cardChoose);
    expect(refusal({ ...form, amount: '' })).toBe(BANK_TEXTS.amountRequired);
    expect(refusal({ ...form, amount: '1.234' })).toBe(BANK_TEXTS.amountInvalid);
    expect(refusal({ ...form, amount: '9.99' })).toBe(BANK_TEXTS.amountTooSmall(10_00));
    expect(refusal({ ...form, amount: '50.01' })).toBe(BANK_TEXTS.amountTooLarge);
    expect(refusal({ ...form, pay_password: '' })).toBe(BANK_TEXTS.payPwRequired);
    expect(refusal({ ...form, pay_password: '12345' })).toBe('支付密码为 6 位数字');
  });
});

describe('finance page helpers', () => {
  it('charts yuan per day', () => {
    expect(chartSeries([{ date: '2026-05-01', income: 12_50, refund: 100 }])).toEqual({ labels: ['05-01'], income: [12.5], refund: [1] });
  });
  it('shows the column a ledger line moved', () => {
    const base = { id: 1, reason: 'sale' as const, reason_text: '', pending_after: 0, balance_after: 0, note: '', created_at: '' };
    expect(ledgerAmount({ ...base, pending_delta: 5, balance_delta: 0, frozen_delta: 0, withdrawn_delta: 0 })).toEqual({
      column: '待结算',
      delta: 5,
    });
    expect(ledgerAmount({ ...base, pending_delta: -5, balance_delta: 5, frozen_delta: 0, withdrawn_delta: 0 })).toEqual({
      column: '可提现',
      delta: 5,
    });
    expect(ledgerAmount({ ...base, pending_delta: 0, balance_delta: 0, frozen_delta: -5, withdrawn_delta: 5 })).toEqual({
      column: '提现中',
      delta: -5,
    });
  });
  it('refuses a backwards date range', () => {
    expect(ledgerFilterError({ reason: '', from: '2026-05-02', to: '2026-05-01' })).toBe('开始日期不能晚于结束日期');
    expect(ledgerFilterError({ reason: '', from: '2026-05-01', to: '' })).toBeNull();
  });
});

describe('shop cancellation', () => {
  it('names the first unmet condition', () => {
    expect(cancelConditionError({ unfinished_orders: 2, balance: 1, pending: 0, frozen: 0 })).toBe(SHOP_CANCEL_TEXTS.unfinishedOrders(2));
    expect(cancelConditionError({ unfinished_orders: 0, balance: 0, pending: 0, frozen: 1 })).toBe(SHOP_CANCEL_TEXTS.moneyLeft);
    expect(cancelConditionError({ unfinished_orders: 0, balance: 0, pending: 0, frozen: 0 })).toBeNull();
  });
  it('needs a reason of at most 200 characters', () => {
    expect(cancelReasonError(' ')).toBe(SHOP_CANCEL_TEXTS.reasonRequired);
    expect(cancelReasonError('x'.repeat(201))).toBe(SHOP_CANCEL_TEXTS.reasonTooLong);
    expect(cancelReasonError('不做了')).toBeNull();
  });
});
