import { describe, expect, it } from 'vitest';
import type { MyGroup } from '~/lib/api/contract/groupbuy';
import { countdownText, groupLink, missingText } from '~/lib/rules/groupbuy';
import { campaignBody, groupStateText, joinable, myGroupAction, myOrderText } from '~/lib/stores/groupbuy';

describe('拼团 rules and stores', () => {
  it('reads a group: 还差 N 人 while open, a countdown in 时:分:秒, the share link', () => {
    expect(missingText(3, 1)).toBe('还差 2 人');
    expect(missingText(2, 5)).toBe('还差 0 人');
    expect(countdownText(((25 * 60 + 3) * 60 + 9) * 1000)).toBe('25:03:09');
    expect(countdownText(-5)).toBe('00:00:00');
    expect(groupStateText({ status: 'open', size: 4, paid: 1 })).toBe('还差 3 人');
    expect(groupStateText({ status: 'failed', size: 4, paid: 1 })).toBe('拼团失败');
    expect(groupLink('class', 7, 9)).toBe('/train/classDetail?id=7&group=9');
  });

  it('joinable only while open, before the deadline, with a free slot', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const g = { status: 'open' as const, free_slots: 1, expires_at: '2026-01-01T01:00:00Z' };
    expect(joinable(g, now)).toBe(true);
    expect(joinable({ ...g, free_slots: 0 }, now)).toBe(false);
    expect(joinable({ ...g, status: 'formed' }, now)).toBe(false);
    expect(joinable(g, Date.parse('2026-01-01T01:00:01Z'))).toBe(false);
  });

  it('turns the seller form into the API body (yuan to fen)', () => {
    const body = campaignBody({
      kind: 'class',
      item_id: '12',
      price: '19.9',
      size: '3',
      limit_hours: '24',
      starts_at: '2026-01-01T08:00',
      ends_at: '',
    });
    expect(body).toMatchObject({ kind: 'class', item_id: 12, price: 1990, size: 3, limit_hours: 24, ends_at: '' });
    expect(Date.parse(body.starts_at)).not.toBeNaN();
  });

  it("offers what the member's group row needs next", () => {
    const base: MyGroup = {
      group: {
        id: 1,
        status: 'open',
        size: 2,
        paid: 0,
        left: 2,
        free_slots: 1,
        price: 100,
        expires_at: '2026-01-01T00:00:00Z',
        leader: { name: '', avatar: '' },
        members: [],
      },
      item: { kind: 'course', id: 5, title: '', cover: '', price: 200 },
      order_id: 9,
      order_status: 'unpaid',
      link: '',
    };
    expect(myGroupAction(base)).toEqual({ label: '去支付', href: '/order/middle?id=9' });
    expect(myGroupAction(base, true)?.href).toBe('/m/pay?id=9');
    const formed = { ...base, order_status: 'paid', group: { ...base.group, status: 'formed' as const } };
    expect(myGroupAction(formed)).toEqual({ label: '去学习', href: '/train/courseDetail?id=5' });
    expect(myOrderText(formed)).toBe('已成团');
    expect(myOrderText({ ...base, order_status: 'paid' })).toBe('已支付，等待成团');
    expect(myGroupAction({ ...base, order_status: 'refunded', group: { ...base.group, status: 'failed' } })).toBeNull();
  });
});
