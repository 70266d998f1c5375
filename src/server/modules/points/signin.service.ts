import { and, desc, eq, gt, gte, lt, lte, ne, or, sum } from 'drizzle-orm';
import type { PointsSummary } from '~/lib/api/contract/points';
import {
  POINTS_TEXTS,
  addDays,
  addMonths,
  currentStreak,
  expiryDayOf,
  heldFromYear,
  shanghaiDay,
  shanghaiYear,
  signinPoints,
  streakAfter,
} from '~/lib/rules/points';
import { db, type TxOrDb } from '../../db';
import { pointsLedger, pointsSignins } from '../../db/schema';
import { refuse } from '../../http/errors';
import { pointsConfig } from './config';
import { changePoints, lockAccount, pointsBalance } from './ledger';

/** 'YYYY-MM-DD' as the ledger ref of a day's sign-in (20261206). */
const dayRef = (day: string) => Number(day.replaceAll('-', ''));

async function lastSignin(tx: TxOrDb, userId: number, before?: string) {
  const [row] = await tx
    .select({ day: pointsSignins.day, streak: pointsSignins.streak })
    .from(pointsSignins)
    .where(before ? and(eq(pointsSignins.userId, userId), lt(pointsSignins.day, before)) : eq(pointsSignins.userId, userId))
    .orderBy(desc(pointsSignins.day))
    .limit(1);
  return row ?? null;
}

/**
 * 签到. The (member, day) primary key lets one sign-in a day through however many arrive at once;
 * its points are written in the same transaction. Days are Asia/Shanghai days.
 */
export async function signIn(userId: number, now = new Date()) {
  const today = shanghaiDay(now);
  return db().transaction(async (tx) => {
    const cfg = await pointsConfig(tx);
    const streak = streakAfter(await lastSignin(tx, userId, today), today);
    const points = signinPoints(streak, cfg);
    const made = await tx
      .insert(pointsSignins)
      .values({ userId, day: today, streak, points })
      .onConflictDoNothing()
      .returning({ day: pointsSignins.day });
    if (!made.length) throw refuse(POINTS_TEXTS.signedToday);
    const balance =
      points > 0
        ? await changePoints(tx, userId, points, 'signin', {
            type: 'day',
            id: dayRef(today),
            year: shanghaiYear(now),
            note: `连续 ${streak} 天`,
          })
        : await lockAccount(tx, userId);
    return { points, streak, balance: balance ?? (await pointsBalance(tx, userId)) };
  });
}

/**
 * The points earned after `year` (what the balance holds before any of that year's points, spending oldest first),
 * less what refunds took back of them (a refund row counts in the year of the points it takes back).
 */
export async function earnedAfter(tx: TxOrDb, userId: number, year: number): Promise<number> {
  const [r] = await tx
    .select({ n: sum(pointsLedger.delta).mapWith(Number) })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, userId),
        gt(pointsLedger.year, year),
        or(and(gt(pointsLedger.delta, 0), ne(pointsLedger.reason, 'expire')), eq(pointsLedger.reason, 'refund')),
      ),
    );
  return r?.n ?? 0;
}

/** /member/points: balance, today's sign-in, the streak, what expires at the end of this year, the rules. */
export async function pointsSummary(userId: number, now = new Date()): Promise<PointsSummary> {
  const today = shanghaiDay(now);
  const [cfg, last, balance] = await Promise.all([pointsConfig(), lastSignin(db(), userId), pointsBalance(db(), userId)]);
  const signed = last?.day === today;
  const streak = currentStreak(last, today);
  // Points earned in year N expire at the end of year N + K: this year's end takes what is still held from year Y - K.
  const year = shanghaiYear(now);
  const expireDay = cfg.expire_years > 0 ? expiryDayOf(year - cfg.expire_years, cfg.expire_years) : null;
  const expiring = expireDay && balance > 0 ? heldFromYear(balance, await earnedAfter(db(), userId, year - cfg.expire_years)) : 0;
  return {
    balance,
    today,
    signed_today: signed ? 1 : 0,
    streak,
    today_points: signed ? signinPoints(streak, cfg) : signinPoints(streak + 1, cfg),
    tomorrow_points: signinPoints((signed ? streak : streak + 1) + 1, cfg),
    expiring,
    expire_day: expiring > 0 ? expireDay : null,
    rules: cfg,
  };
}

/** /member/points/calendar: the signed days of a month ('YYYY-MM'). */
export async function signinCalendar(userId: number, month: string) {
  const from = `${month}-01`;
  const to = addDays(`${addMonths(month, 1)}-01`, -1);
  const rows = await db()
    .select({ day: pointsSignins.day })
    .from(pointsSignins)
    .where(and(eq(pointsSignins.userId, userId), gte(pointsSignins.day, from), lte(pointsSignins.day, to)))
    .orderBy(pointsSignins.day);
  return { month, days: rows.map((r) => r.day) };
}
