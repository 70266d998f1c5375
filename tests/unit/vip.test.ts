import { describe, expect, it } from 'vitest';
import type { Sku } from '~/lib/api/contract/catalogue-shop';
import { mobileRedirectUrl } from '~/lib/rules/mobile-redirect';
import { refundable } from '~/lib/rules/order-status';
import { vipDaysLeft } from '~/lib/rules/vip';
import { vipPriceLabel } from '~/lib/stores/spec-picker';
import { planPriceFen } from '~/lib/stores/vip';

const sku = (id: number, price: number, vip: number): Sku => ({ id, specs: [`s${id}`], price, vip_price: vip, stock: 5 });

describe('VIP rules both sides use', () => {
  it('counts the days left, rounded up, and none once ended', () => {
    const now = Date.parse('2026-12-01T00:00:00Z');
    expect(vipDaysLeft('2026-12-01T00:00:01Z', now)).toBe(1);
    expect(vipDaysLeft('2026-12-31T00:00:00Z', now)).toBe(30);
    expect(vipDaysLeft('2026-11-30T23:59:59Z', now)).toBe(0);
    expect(vipDaysLeft(null, now)).toBe(0);
  });

  it('shows 会员价 for the chosen SKU, else the lowest set with 起 when they differ', () => {
    const a = sku(1, 5000, 4500);
    const b = sku(2, 6000, 0);
    expect(vipPriceLabel(a, [a])).toBe('¥45.00');
    expect(vipPriceLabel(b, [b])).toBe('');
    expect(vipPriceLabel(undefined, [a, b])).toBe('¥45.00 起');
    expect(vipPriceLabel(undefined, [a])).toBe('¥45.00');
    expect(vipPriceLabel(undefined, [b])).toBe('');
  });

  it('reads an operator price in yuan as fen, refusing zero and more than two decimals', () => {
    expect(planPriceFen('19.9')).toBe(1990);
    expect(planPriceFen(' 198 ')).toBe(19800);
    expect(planPriceFen('0')).toBeNull();
    expect(planPriceFen('1.999')).toBeNull();
    expect(planPriceFen('abc')).toBeNull();
  });

  it('never offers a refund of a VIP order; a course order stays refundable', () => {
    expect(refundable('paid', 'coins', 'vip')).toBe(false);
    expect(refundable('paid', 'coins', 'course')).toBe(true);
  });

  it('sends a phone from /my/vip to /m/my/vip', () => {
    expect(mobileRedirectUrl('/my/vip', '', '', '')).toBe('/m/my/vip');
  });
});
