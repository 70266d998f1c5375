import { describe, expect, it } from 'vitest';
import { flashCountdown, flashDiscount, flashPhase } from '~/lib/rules/flash';
import { countdownOf, livePhase, optionKey, parseOptionKey, yuanToFen } from '~/lib/stores/flash';

const T0 = new Date('2026-12-06T12:00:00Z');
const at = (min: number) => new Date(T0.getTime() + min * 60_000);

describe('秒杀 rules', () => {
  it('tells the phase from the status and the window', () => {
    expect(flashPhase('active', at(10), at(20), T0)).toBe('upcoming');
    expect(flashPhase('active', at(-10), at(20), T0)).toBe('running');
    expect(flashPhase('active', at(-20), at(0), T0)).toBe('ended');
    expect(flashPhase('cancelled', at(-10), at(20), T0)).toBe('cancelled');
  });

  it('counts down in days, hours, minutes and seconds, never below zero', () => {
    expect(flashCountdown(3_723_000)).toBe('01:02:03');
    expect(flashCountdown(2 * 86_400_000 + 5_000)).toBe('2天 00:00:05');
    expect(flashCountdown(-5)).toBe('00:00:00');
  });

  it('shows the discount in 折, rounded down to one decimal', () => {
    expect(flashDiscount(990, 10_000)).toBe('0.9折');
    expect(flashDiscount(5000, 10_000)).toBe('5折');
    expect(flashDiscount(6999, 10_000)).toBe('6.9折');
    expect(flashDiscount(100, 0)).toBe('');
  });

  it('points the countdown at the start, then at the end; re-reads the phase as the clock moves', () => {
    const sale = { phase: 'upcoming' as const, starts_at: at(1).toISOString(), ends_at: at(61).toISOString() };
    expect(countdownOf(sale, T0.getTime())).toEqual({ label: '距开始', text: '00:01:00' });
    expect(livePhase(sale, at(2).getTime())).toBe('running');
    expect(countdownOf({ ...sale, phase: 'running' }, at(2).getTime())).toEqual({ label: '距结束', text: '00:59:00' });
    expect(livePhase(sale, at(62).getTime())).toBe('ended');
    expect(countdownOf({ ...sale, phase: 'ended' }, at(62).getTime())).toBeNull();
  });

  it('round-trips the item choice and converts yuan to fen', () => {
    expect(parseOptionKey(optionKey({ kind: 'goods', item_id: 42 }))).toEqual({ kind: 'goods', item_id: 42 });
    expect(parseOptionKey('class:3')).toBeNull();
    expect(parseOptionKey('course:0')).toBeNull();
    expect(yuanToFen('9.9')).toBe(990);
  });
});
