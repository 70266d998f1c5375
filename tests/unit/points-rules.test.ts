import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  calendarWeeks,
  currentStreak,
  expiryDayOf,
  heldFromYear,
  shanghaiDay,
  signinPoints,
  streakAfter,
} from '~/lib/rules/points';

describe('the sign-in streak', () => {
  it('counts Asia/Shanghai days, not UTC ones', () => {
    expect(shanghaiDay(new Date('2026-12-06T15:59:59Z'))).toBe('2026-12-06');
    expect(shanghaiDay(new Date('2026-12-06T16:00:00Z'))).toBe('2026-12-07');
  });

  it('continues from yesterday, restarts after a missed day, and shows 0 once broken', () => {
    expect(streakAfter(null, '2026-03-01')).toBe(1);
    expect(streakAfter({ day: '2026-02-28', streak: 6 }, '2026-03-01')).toBe(7);
    expect(streakAfter({ day: '2026-02-27', streak: 6 }, '2026-03-01')).toBe(1);
    expect(streakAfter({ day: '2024-02-29', streak: 2 }, '2024-03-01')).toBe(3);
    expect(currentStreak({ day: '2026-03-01', streak: 4 }, '2026-03-01')).toBe(4);
    expect(currentStreak({ day: '2026-02-28', streak: 4 }, '2026-03-01')).toBe(4);
    expect(currentStreak({ day: '2026-02-27', streak: 4 }, '2026-03-01')).toBe(0);
    expect(currentStreak(null, '2026-03-01')).toBe(0);
  });

  it('adds the streak bonus per day after the first, up to its cap', () => {
    const cfg = { signin: 5, streak_step: 2, streak_cap: 5 };
    expect([1, 2, 3, 4, 10].map((s) => signinPoints(s, cfg))).toEqual([5, 7, 9, 10, 10]);
    expect(signinPoints(9, { signin: 3, streak_step: 0, streak_cap: 10 })).toBe(3);
  });
});

describe('the calendar', () => {
  it('lays a month out in Monday-first weeks with signed days and today marked', () => {
    // 2026-03-01 is a Sunday: six blanks before it; 31 days fill six weeks.
    const weeks = calendarWeeks('2026-03', new Set(['2026-03-01', '2026-03-02', '2026-04-01']), '2026-03-02');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]!.slice(0, 6).every((c) => c.day === null)).toBe(true);
    expect(weeks[0]![6]).toMatchObject({ day: '2026-03-01', date: 1, signed: true, today: false });
    expect(weeks[1]![0]).toMatchObject({ day: '2026-03-02', signed: true, today: true });
    expect(weeks.flat().filter((c) => c.day).length).toBe(31);
    expect(weeks.flat().filter((c) => c.signed)).toHaveLength(2);
    expect(
      calendarWeeks('2027-02', new Set(), '2027-02-10')
        .flat()
        .filter((c) => c.day),
    ).toHaveLength(28);
  });

  it('moves across months and years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('yearly expiry', () => {
  it('keeps the newest points, so what is left of a year is the balance beyond later earnings', () => {
    expect(heldFromYear(30, 50)).toBe(0);
    expect(heldFromYear(80, 50)).toBe(30);
    expect(expiryDayOf(2026, 1)).toBe('2027-12-31');
    expect(expiryDayOf(2026, 0)).toBeNull();
  });
});
