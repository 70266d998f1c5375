import { describe, expect, it } from 'vitest';
import { chinaDay, daysBetween, disabledText, statsCsv, statsRangeError, OPS_TEXTS } from '~/lib/rules/operations';
import { defaultStatsRange } from '~/lib/stores/admin-stats';

describe('stats range', () => {
  it('lists every day inclusive, across months and leap days', () => {
    expect(daysBetween('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(daysBetween('2026-05-01', '2026-05-01')).toEqual(['2026-05-01']);
  });
  it('refuses a backwards range and more than 366 days', () => {
    expect(statsRangeError('2026-05-02', '2026-05-01')).toBe(OPS_TEXTS.rangeBackwards);
    expect(statsRangeError('2027-01-01', '2028-01-01')).toBeNull(); // 366 days
    expect(statsRangeError('2027-01-01', '2028-01-02')).toBe(OPS_TEXTS.rangeTooLong);
  });
  it('defaults to the last 30 China-time days, today included', () => {
    // 2026-05-31 20:00 UTC is already 1 June in Beijing.
    const r = defaultStatsRange(new Date('2026-05-31T20:00:00Z'));
    expect(r).toEqual({ from: '2026-05-03', to: '2026-06-01' });
    expect(daysBetween(r.from, r.to)).toHaveLength(30);
    expect(chinaDay(new Date('2026-05-31T15:59:59Z'))).toBe('2026-05-31');
  });
});

describe('stats CSV', () => {
  it('starts with a UTF-8 BOM and Chinese headers, amounts in yuan, CRLF lines', () => {
    const csv = statsCsv([{ date: '2026-05-01', gmv: 123_456, orders: 3, new_members: 2, active_sellers: 1 }]);
    expect(csv).toBe('\uFEFF日期,成交额（元）,支付订单数,新增会员,动销卖家\r\n2026-05-01,1234.56,3,2,1\r\n');
  });
});

describe('disabled login text', () => {
  it("names the operator's reason when there is one", () => {
    expect(disabledText('发布违规广告')).toBe('账号已被禁用，原因：发布违规广告。如有疑问请联系客服');
    expect(disabledText('')).toBe('账号已被禁用，请联系客服');
  });
});
