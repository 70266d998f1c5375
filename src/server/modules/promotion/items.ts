import { and, eq } from 'drizzle-orm';
import type { RateKind, ShareKind } from '~/lib/rules/promotion';
import { db, type TxOrDb } from '../../db';
import { classes, courses, goods, promotionRates } from '../../db/schema';
import { clampRate, type Limits } from './limits';

/** Who sells something: a coach or a shop (the account that a sale's income goes to). */
export interface Seller {
  kind: 'coach' | 'shop';
  id: number;
}

export interface ShareItem {
  kind: ShareKind;
  id: number;
  title: string;
  cover: string;
  price: number;
  seller: Seller;
}

/** A course, class or goods on sale, with its seller (a course of a coach is the coach's, else its shop's). */
export async function itemOnSale(kind: ShareKind, id: number, tx: TxOrDb = db()): Promise<ShareItem | null> {
  if (kind === 'course') {
    const [c] = await tx
      .select({ title: courses.title, cover: courses.cover, price: courses.price, coachId: courses.coachId, shopId: courses.shopId })
      .from(courses)
      .where(and(eq(courses.id, id), eq(courses.status, 1)))
      .limit(1);
    const seller: Seller | null = c?.coachId ? { kind: 'coach', id: c.coachId } : c?.shopId ? { kind: 'shop', id: c.shopId } : null;
    return c && seller ? { kind, id, title: c.title, cover: c.cover, price: c.price, seller } : null;
  }
  if (kind === 'class') {
    const [k] = await tx
      .select({ title: classes.title, cover: classes.cover, price: classes.price, coachId: classes.coachId })
      .from(classes)
      .where(and(eq(classes.id, id), eq(classes.status, 1)))
      .limit(1);
    return k ? { kind, id, title: k.title, cover: k.cover, price: k.price, seller: { kind: 'coach', id: k.coachId } } : null;
  }
  const [g] = await tx
    .select({ title: goods.title, images: goods.images, price: goods.price, shopId: goods.shopId })
    .from(goods)
    .where(and(eq(goods.id, id), eq(goods.status, 1)))
    .limit(1);
  return g ? { kind, id, title: g.title, cover: g.images[0] ?? '', price: g.price, seller: { kind: 'shop', id: g.shopId } } : null;
}

/** The rate a seller pays on an item now: the item's own, else the seller's default, inside the limits; 0 = none. */
export async function rateFor(tx: TxOrDb, seller: Seller, kind: ShareKind, itemId: number, limits: Limits): Promise<number> {
  const rows = await tx
    .select({ itemKind: promotionRates.itemKind, itemId: promotionRates.itemId, bp: promotionRates.rateBp })
    .from(promotionRates)
    .where(and(eq(promotionRates.sellerKind, seller.kind), eq(promotionRates.sellerId, seller.id)));
  const own = rows.find((r) => r.itemKind === kind && r.itemId === itemId);
  const all = rows.find((r) => r.itemKind === ('all' satisfies RateKind) && r.itemId === 0);
  return clampRate(own?.bp ?? all?.bp ?? 0, limits);
}
