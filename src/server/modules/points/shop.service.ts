import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PointsItem, Redemption } from '~/lib/api/contract/points';
import { POINTS_TEXTS, type PointsItemKind, type RedemptionStatus } from '~/lib/rules/points';
import { db, type TxOrDb } from '../../db';
import { one } from '../../db/rows';
import { addresses, couponTemplates, courses, goods, pointsItems, pointsRedemptions, skus, type RedemptionAddress } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { couponRuleText, issueCoupon } from '../commerce/coupon.service';
import { changePoints, lockAccount } from './ledger';

type Item = typeof pointsItems.$inferSelect;

/** What each item is (the coupon's rule with the course it names, the goods' title and specs), its picture and course. */
export async function itemDetails(
  tx: TxOrDb,
  items: Item[],
): Promise<Map<number, { detail: string; cover: string; courseId: number | null }>> {
  const tplIds = items.flatMap((i) => (i.couponTemplateId ? [i.couponTemplateId] : []));
  const skuIds = items.flatMap((i) => (i.skuId ? [i.skuId] : []));
  const [tpls, skuRows] = await Promise.all([
    tplIds.length
      ? tx
          .select({ t: couponTemplates, course: courses.title })
          .from(couponTemplates)
          .leftJoin(courses, eq(courses.id, couponTemplates.courseId))
          .where(inArray(couponTemplates.id, tplIds))
      : [],
    skuIds.length
      ? tx
          .select({ id: skus.id, specs: skus.specs, title: goods.title, images: goods.images })
          .from(skus)
          .innerJoin(goods, eq(goods.id, skus.goodsId))
          .where(inArray(skus.id, skuIds))
      : [],
  ]);
  const out = new Map<number, { detail: string; cover: string; courseId: number | null }>();
  for (const i of items) {
    const t = tpls.find((x) => x.t.id === i.couponTemplateId);
    const s = skuRows.find((x) => x.id === i.skuId);
    if (t) out.set(i.id, { detail: couponRuleText(t.t, t.course), cover: '', courseId: t.t.courseId });
    else if (s) out.set(i.id, { detail: [s.title, ...s.specs].filter(Boolean).join(' · '), cover: s.images[0] ?? '', courseId: null });
    else out.set(i.id, { detail: '', cover: '', courseId: null });
  }
  return out;
}

const kindOf = (k: string) => k as PointsItemKind;

/** /member/points/items: what is on sale and in stock, cheapest first, with the caller's own count. */
export async function shopItems(
  userId: number,
  page: number,
  limit: number,
): Promise<{ list: PointsItem[]; total: number; page: number; limit: number }> {
  const where = and(eq(pointsItems.status, 1), gt(pointsItems.stock, 0));
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(pointsItems)
      .where(where)
      .orderBy(pointsItems.points, desc(pointsItems.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(pointsItems).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [details, mine] = await Promise.all([
    itemDetails(db(), rows),
    ids.length
      ? db()
          .select({ item: pointsRedemptions.itemId, n: count() })
          .from(pointsRedemptions)
          .where(and(eq(pointsRedemptions.userId, userId), inArray(pointsRedemptions.itemId, ids)))
          .groupBy(pointsRedemptions.itemId)
      : [],
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: kindOf(r.kind),
      title: r.title,
      detail: details.get(r.id)?.detail ?? '',
      cover: details.get(r.id)?.cover ?? '',
      points: r.points,
      left: r.stock,
      per_member: r.perMember,
      mine: mine.find((m) => m.item === r.id)?.n ?? 0,
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

/**
 * 兑换. One transaction: the member's points account is locked first (their redemptions queue, so
 * the per-member limit holds), the item's stock is taken by a conditional update (concurrent
 * redemptions never exceed it), the coupon is issued or the goods wait for shipping with the
 * address as it is now, and the points leave through the ledger — refused when too few.
 */
export async function redeem(userId: number, itemId: number, addressId?: number) {
  return db().transaction(async (tx) => {
    const balance = await lockAccount(tx, userId);
    const [item] = await tx.select().from(pointsItems).where(eq(pointsItems.id, itemId));
    if (!item) throw notFound(POINTS_TEXTS.itemMissing);
    if (item.status !== 1) throw refuse(POINTS_TEXTS.offShelf);
    if (item.stock <= 0) throw refuse(POINTS_TEXTS.soldOut);
    let address: RedemptionAddress | null = null;
    if (item.kind === 'goods') {
      if (!addressId) throw refuse(POINTS_TEXTS.needAddress);
      const [a] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
      if (!a) throw notFound(POINTS_TEXTS.addressMissing);
      address = { name: a.name, phone: a.phone, province: a.province, city: a.city, district: a.district, detail: a.detail };
    }
    if (balance < item.points) throw refuse(POINTS_TEXTS.notEnough);
    const [had] = await tx
      .select({ n: count() })
      .from(pointsRedemptions)
      .where(and(eq(pointsRedemptions.userId, userId), eq(pointsRedemptions.itemId, item.id)));
    if ((had?.n ?? 0) >= item.perMember) throw refuse(POINTS_TEXTS.limit(item.perMember));
    const [took] = await tx
      .update(pointsItems)
      .set({ stock: sql`${pointsItems.stock} - 1`, redeemed: sql`${pointsItems.redeemed} + 1`, updatedAt: new Date() })
      .where(and(eq(pointsItems.id, item.id), eq(pointsItems.status, 1), gt(pointsItems.stock, 0)))
      .returning({ id: pointsItems.id });
    if (!took) throw refuse(POINTS_TEXTS.soldOut);
    let userCouponId: number | null = null;
    if (item.couponTemplateId) {
      const now = new Date();
      const [t] = await tx.select().from(couponTemplates).where(eq(couponTemplates.id, item.couponTemplateId));
      if (!t || t.status !== 1 || t.endsAt <= now) throw refuse(POINTS_TEXTS.couponEnded);
      userCouponId = (await issueCoupon(tx, userId, t, now)).id;
    }
    const status: RedemptionStatus = item.kind === 'goods' ? 'pending' : 'done';
    const r = one(
      await tx
        .insert(pointsRedemptions)
        .values({ userId, itemId: item.id, kind: item.kind, title: item.title, points: item.points, userCouponId, address, status })
        .returning({ id: pointsRedemptions.id }),
      'redemption',
    );
    const after = await changePoints(tx, userId, -item.points, 'redeem', { type: 'redemption', id: r.id, note: item.title });
    if (after === null) throw new Error(`redemption ${r.id} was already charged`);
    return { id: r.id, status, balance: after };
  });
}

export const addressText = (a: RedemptionAddress | null) =>
  a ? `${a.name} ${a.phone} ${a.province}${a.city}${a.district}${a.detail}` : '';

export function redemptionView(r: typeof pointsRedemptions.$inferSelect): Redemption {
  return {
    id: r.id,
    kind: kindOf(r.kind),
    title: r.title,
    points: r.points,
    status: r.status as RedemptionStatus,
    address: addressText(r.address),
    express_company: r.expressCompany,
    express_no: r.expressNo,
    created_at: r.createdAt.toISOString(),
  };
}

/** /member/points/redemptions: the member's own, newest first. */
export async function myRedemptions(userId: number, page: number, limit: number) {
  const where = eq(pointsRedemptions.userId, userId);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(pointsRedemptions)
      .where(where)
      .orderBy(desc(pointsRedemptions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(pointsRedemptions).where(where),
  ]);
  return { list: rows.map(redemptionView), total: total?.n ?? 0, page, limit };
}
