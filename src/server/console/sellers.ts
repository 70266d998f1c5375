import { inArray } from 'drizzle-orm';
import { db } from '../db';
import { coaches, shops } from '../db/schema';

/** A row the console shows with its seller: a coach's, or a shop's (goods, or a shop's course). */
export interface SellerRef {
  coachId: number | null;
  shopId: number | null;
}

/**
 * The sellers of the console's rows in two queries: a function naming each row's seller (coach or
 * shop) with the owner's user id, whom the console's notices go to. A coach's row names the coach.
 */
export async function sellersOf(rows: readonly SellerRef[]) {
  const coachIds = [...new Set(rows.flatMap((r) => (r.coachId ? [r.coachId] : [])))];
  const shopIds = [...new Set(rows.flatMap((r) => (r.shopId ? [r.shopId] : [])))];
  const [cs, ss] = await Promise.all([
    coachIds.length
      ? db().select({ id: coaches.id, name: coaches.name, userId: coaches.userId }).from(coaches).where(inArray(coaches.id, coachIds))
      : [],
    shopIds.length
      ? db().select({ id: shops.id, name: shops.name, userId: shops.userId }).from(shops).where(inArray(shops.id, shopIds))
      : [],
  ]);
  const coach = new Map(cs.map((c) => [c.id, c]));
  const shop = new Map(ss.map((s) => [s.id, s]));
  return (r: SellerRef) => {
    const c = r.coachId ? coach.get(r.coachId) : undefined;
    if (c) return { type: 'coach' as const, name: c.name, userId: c.userId };
    const s = r.shopId ? shop.get(r.shopId) : undefined;
    return { type: 'shop' as const, name: s?.name ?? '', userId: s?.userId ?? null };
  };
}
