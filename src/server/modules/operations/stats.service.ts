import { and, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { daysBetween, statsRangeError, type StatsDay } from '~/lib/rules/operations';
import { db } from '../../db';
import { orders, users } from '../../db/schema';
import { refuse } from '../../http/errors';

/** Midnight (China time) at the start of a `YYYY-MM-DD` day. */
const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

/**
 * /admin/stats: per China-time day, GMV (the amount paid of orders paid that day, refunds
 * included, as GMV is commonly reported), paid orders, new members, and active sellers (distinct
 * coaches and shops with an order paid that day). Days without activity are 0.
 */
export async function dailyStats(
  from: string,
  to: string,
): Promise<{ days: StatsDay[]; totals: { gmv: number; orders: number; new_members: number } }> {
  const problem = statsRangeError(from, to);
  if (problem) throw refuse(problem);
  const start = dayStart(from);
  const end = new Date(dayStart(to).getTime() + 86_400_000);
  const paidDay = sql<string>`to_char(${orders.paidAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
  const joinDay = sql<string>`to_char(${users.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
  const [sales, members] = await Promise.all([
    db()
      .select({
        day: paidDay,
        gmv: sql<number>`coalesce(sum(${orders.payAmount}), 0)::bigint`,
        orders: sql<number>`count(*)::int`,
        sellers: sql<number>`count(distinct coalesce('s' || ${orders.shopId}::text, 'c' || ${orders.coachId}::text))::int`,
      })
      .from(orders)
      .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, start), lt(orders.paidAt, end)))
      .groupBy(paidDay),
    db()
      .select({ day: joinDay, n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(gte(users.createdAt, start), lt(users.createdAt, end)))
      .groupBy(joinDay),
  ]);
  const s = new Map(sales.map((r) => [r.day, r]));
  const m = new Map(members.map((r) => [r.day, Number(r.n)]));
  const days = daysBetween(from, to).map((date) => {
    const r = s.get(date);
    return {
      date,
      gmv: Number(r?.gmv ?? 0),
      orders: Number(r?.orders ?? 0),
      new_members: m.get(date) ?? 0,
      active_sellers: Number(r?.sellers ?? 0),
    };
  });
  return {
    days,
    totals: {
      gmv: days.reduce((a, d) => a + d.gmv, 0),
      orders: days.reduce((a, d) => a + d.orders, 0),
      new_members: days.reduce((a, d) => a + d.new_members, 0),
    },
  };
}
