import { and, count, desc, eq, gt, inArray, lt, ne, notExists, sql } from 'drizzle-orm';
import type { PointsLedgerRow } from '~/lib/api/contract/points';
import { POINTS_REASON_TEXT, POINTS_TEXTS, shanghaiYear, type PointsReason } from '~/lib/rules/points';
import { db } from '../../db';
import { pointsAccounts, pointsLedger } from '../../db/schema';
import { pointsConfig } from './config';
import { changePoints, lockAccount } from './ledger';
import { earnedAfter } from './signin.service';

/** A member's ledger, newest first (the member's own page and the console's view of a member). */
export async function ledgerPage(userId: number, page: number, limit: number) {
  const where = eq(pointsLedger.userId, userId);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(pointsLedger)
      .where(where)
      .orderBy(desc(pointsLedger.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(pointsLedger).where(where),
  ]);
  const list: PointsLedgerRow[] = rows.map((r) => ({
    id: r.id,
    delta: r.delta,
    balance_after: r.balanceAfter,
    reason: r.reason as PointsReason,
    reason_text: POINTS_REASON_TEXT[r.reason as PointsReason] ?? r.reason,
    note: r.note,
    created_at: r.createdAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0, page, limit };
}

/** The last year whose points this instance has expired (see expirePoints). */
let expiredThrough: number | null = null;

/**
 * The yearly expiry (run by src/server/jobs.ts). Points earned in year N expire at the end of year
 * N + K (config `points_expire_years`; 0 = never): for each member and each such year not yet
 * expired, what the balance still holds of it — spending the oldest first, the balance beyond all
 * that was earned after N — leaves through an `expire` row whose ref is the year, so a rerun (or a
 * second instance) finds it recorded and does nothing. Years are handled oldest first.
 */
export async function expirePoints(now = new Date()): Promise<number> {
  const cfg = await pointsConfig();
  if (cfg.expire_years <= 0) return 0;
  const lastYear = shanghaiYear(now) - cfg.expire_years - 1;
  // Points are only ever earned in the current year, so once every year up to `lastYear` is done nothing new
  // can fall due until the year (or the setting) changes: later ticks of this instance skip the scan.
  if (expiredThrough === lastYear) return 0;
  const expired = db()
    .select({ one: sql`1` })
    .from(sql`points_ledger as x`)
    .where(sql`x.user_id = ${pointsLedger.userId} and x.reason = 'expire' and x.ref_type = 'year' and x.ref_id = ${pointsLedger.year}`);
  const due = await db()
    .selectDistinct({ userId: pointsLedger.userId, year: pointsLedger.year })
    .from(pointsLedger)
    .innerJoin(pointsAccounts, eq(pointsAccounts.userId, pointsLedger.userId))
    .where(
      and(
        gt(pointsAccounts.balance, 0),
        gt(pointsLedger.delta, 0),
        ne(pointsLedger.reason, 'expire'),
        lt(pointsLedger.year, lastYear + 1),
        notExists(expired),
      ),
    )
    .orderBy(pointsLedger.userId, pointsLedger.year);
  let n = 0;
  for (const { userId, year } of due) {
    const took = await db().transaction(async (tx) => {
      const balance = await lockAccount(tx, userId);
      const held = Math.max(0, balance - (await earnedAfter(tx, userId, year)));
      if (held <= 0) return false;
      return (
        (await changePoints(tx, userId, -held, 'expire', { type: 'year', id: year, year, note: POINTS_TEXTS.expiryNote(year) })) !== null
      );
    });
    if (took) n++;
  }
  expiredThrough = lastYear;
  return n;
}

/** Members' balances against the sum of their ledger (tests and the console's checks). */
export async function ledgerMismatches(userIds?: number[]): Promise<{ userId: number; balance: number; sum: number }[]> {
  const sums = await db()
    .select({ userId: pointsLedger.userId, sum: sql<number>`coalesce(sum(${pointsLedger.delta}), 0)`.mapWith(Number) })
    .from(pointsLedger)
    .where(userIds?.length ? inArray(pointsLedger.userId, userIds) : undefined)
    .groupBy(pointsLedger.userId);
  const accounts = await db()
    .select()
    .from(pointsAccounts)
    .where(userIds?.length ? inArray(pointsAccounts.userId, userIds) : undefined);
  const out: { userId: number; balance: number; sum: number }[] = [];
  for (const a of accounts) {
    const s = sums.find((x) => x.userId === a.userId)?.sum ?? 0;
    if (s !== a.balance) out.push({ userId: a.userId, balance: a.balance, sum: s });
  }
  for (const s of sums) if (!accounts.some((a) => a.userId === s.userId)) out.push({ userId: s.userId, balance: 0, sum: s.sum });
  return out;
}
