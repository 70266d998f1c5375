import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ApiOutput } from '~/lib/api/types';
import { PROMOTION_CONFIG, PROMOTION_TEXTS, type RateKind, type ShareKind } from '~/lib/rules/promotion';
import { Identity } from '~/lib/rules/roles';
import { db } from '../../db';
import { classes, config, courses, goods, promotionRates } from '../../db/schema';
import type { ApiContext, SessionUser, StaffUser } from '../../http/context';
import { forbidden, notFound, refuse } from '../../http/errors';
import { audit } from '../../console/audit';
import { invalidate } from '../../cache';
import { coachIdOf, shopIdOf } from '../catalogue/owner';
import type { Seller } from './items';
import { promotionLimits } from './limits';

/**
 * 分销佣金 rates: the seller's (per item, or one default for all its items; /coach/marketing,
 * /mechant/marketing) inside the operator's limits (/admin/marketing → 分销设置).
 */

/** The seller behind the session: a coach sells as its coach, a shop owner as its shop. */
async function sellerOfUser(user: SessionUser): Promise<Seller> {
  if (user.identity === Identity.COACH) return { kind: 'coach', id: await coachIdOf(user.id) };
  if (user.identity === Identity.MECHANT) return { kind: 'shop', id: await shopIdOf(user.id) };
  throw forbidden('你还不是教练或店主，无法设置佣金');
}

export async function sellerPromotionSettings(user: SessionUser): Promise<ApiOutput<'/seller/promotion/settings'>> {
  const seller = await sellerOfUser(user);
  const [limits, [all]] = await Promise.all([
    promotionLimits(),
    db()
      .select({ bp: promotionRates.rateBp })
      .from(promotionRates)
      .where(
        and(
          eq(promotionRates.sellerKind, seller.kind),
          eq(promotionRates.sellerId, seller.id),
          eq(promotionRates.itemKind, 'all'),
          eq(promotionRates.itemId, 0),
        ),
      ),
  ]);
  return { min_bp: limits.minBp, max_bp: limits.maxBp, window_days: limits.windowDays, default_bp: all?.bp ?? 0 };
}

/** One page of a seller's items in one table (newest first; on sale or not) and how many there are; none without `where`. */
async function itemPage(
  table: typeof goods | typeof classes | typeof courses,
  where: SQL | undefined,
  q: { page: number; limit: number },
): Promise<{ rows: { id: number; title: string; price: number }[]; total: number }> {
  if (!where) return { rows: [], total: 0 };
  const [rows, [n]] = await Promise.all([
    db()
      .select({ id: table.id, title: table.title, price: table.price })
      .from(table)
      .where(where)
      .orderBy(desc(table.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(table).where(where),
  ]);
  return { rows, total: n?.n ?? 0 };
}

/** The seller's own items of a kind (newest first; on sale or not) with their own rates. */
export async function sellerRateItems(
  user: SessionUser,
  q: { kind: ShareKind; page: number; limit: number },
): Promise<ApiOutput<'/seller/promotion/items'>> {
  const seller = await sellerOfUser(user);
  // A shop sells goods and its own courses, a coach courses and classes; the other kind is an empty page.
  const { rows, total } = await (q.kind === 'goods'
    ? itemPage(goods, seller.kind === 'shop' ? eq(goods.shopId, seller.id) : undefined, q)
    : q.kind === 'class'
      ? itemPage(classes, seller.kind === 'coach' ? eq(classes.coachId, seller.id) : undefined, q)
      : itemPage(courses, seller.kind === 'coach' ? eq(courses.coachId, seller.id) : eq(courses.shopId, seller.id), q));
  const rates = rows.length
    ? await db()
        .select({ itemId: promotionRates.itemId, bp: promotionRates.rateBp })
        .from(promotionRates)
        .where(
          and(
            eq(promotionRates.sellerKind, seller.kind),
            eq(promotionRates.sellerId, seller.id),
            eq(promotionRates.itemKind, q.kind),
            inArray(
              promotionRates.itemId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : [];
  return {
    list: rows.map((r) => ({ item_id: r.id, title: r.title, price: r.price, rate_bp: rates.find((x) => x.itemId === r.id)?.bp ?? null })),
    total,
    page: q.page,
    limit: q.limit,
  };
}

/** Whether an item (on sale or not) is the seller's own. */
async function ownsItem(seller: Seller, kind: ShareKind, id: number): Promise<boolean> {
  if (kind === 'goods') {
    const [g] = await db().select({ shopId: goods.shopId }).from(goods).where(eq(goods.id, id)).limit(1);
    return Boolean(g && seller.kind === 'shop' && g.shopId === seller.id);
  }
  if (kind === 'class') {
    const [k] = await db().select({ coachId: classes.coachId }).from(classes).where(eq(classes.id, id)).limit(1);
    return Boolean(k && seller.kind === 'coach' && k.coachId === seller.id);
  }
  const [c] = await db().select({ coachId: courses.coachId, shopId: courses.shopId }).from(courses).where(eq(courses.id, id)).limit(1);
  return Boolean(c && (seller.kind === 'coach' ? c.coachId === seller.id : !c.coachId && c.shopId === seller.id));
}

/**
 * Sets (or with 0 clears) a rate: the seller's default (`all`, item 0) or one of its own items'.
 * A rate outside the operator's limits is refused; the rate applies to orders placed from now on.
 */
export async function saveSellerRate(user: SessionUser, input: { kind: RateKind; item_id: number; rate_bp: number }): Promise<null> {
  const seller = await sellerOfUser(user);
  const itemId = input.kind === 'all' ? 0 : input.item_id;
  if (input.kind !== 'all' && !(await ownsItem(seller, input.kind, itemId))) throw notFound(PROMOTION_TEXTS.itemNotFound);
  const key = and(
    eq(promotionRates.sellerKind, seller.kind),
    eq(promotionRates.sellerId, seller.id),
    eq(promotionRates.itemKind, input.kind),
    eq(promotionRates.itemId, itemId),
  );
  if (input.rate_bp === 0) {
    await db().delete(promotionRates).where(key);
    return null;
  }
  const limits = await promotionLimits();
  if (input.rate_bp < limits.minBp || input.rate_bp > limits.maxBp) throw refuse(PROMOTION_TEXTS.rateRange(limits.minBp, limits.maxBp));
  await db()
    .insert(promotionRates)
    .values({ sellerKind: seller.kind, sellerId: seller.id, itemKind: input.kind, itemId, rateBp: input.rate_bp })
    .onConflictDoUpdate({
      target: [promotionRates.sellerKind, promotionRates.sellerId, promotionRates.itemKind, promotionRates.itemId],
      set: { rateBp: input.rate_bp, updatedAt: new Date() },
    });
  invalidate('config:');
  return null;
}

export async function adminPromotionSettings(): Promise<ApiOutput<'/admin/promotion/settings'>> {
  const l = await promotionLimits();
  return { min_bp: l.minBp, max_bp: l.maxBp, window_days: l.windowDays };
}

/** Saves the operator's limits and window (audited in the same transaction). */
export async function saveAdminPromotionSettings(
  ctx: { staff: StaffUser; c: ApiContext },
  input: { min_bp: number; max_bp: number; window_days: number },
): Promise<null> {
  if (input.min_bp > input.max_bp) throw refuse(PROMOTION_TEXTS.limitsOrder);
  const before = await adminPromotionSettings();
  const values: [string, string][] = [
    [PROMOTION_CONFIG.minBp, String(input.min_bp)],
    [PROMOTION_CONFIG.maxBp, String(input.max_bp)],
    [PROMOTION_CONFIG.windowDays, String(input.window_days)],
  ];
  await db().transaction(async (tx) => {
    for (const [key, value] of values)
      await tx
        .insert(config)
        .values({ key, value, title: '' })
        .onConflictDoUpdate({ target: config.key, set: { value, updatedAt: new Date() } });
    await audit(tx, ctx, { action: 'config.update', target: 'config', targetId: 'promotion', before, after: input, note: '分销设置' });
  });
  invalidate('config:');
  return null;
}
