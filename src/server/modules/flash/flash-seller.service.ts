import { and, desc, eq, gt, lt, ne, or, count, type SQL } from 'drizzle-orm';
import { db, type TxOrDb } from '../../db';
import { courses, flashSales, goods, skus } from '../../db/schema';
import { forbidden, notFound, refuse } from '../../http/errors';
import { sellerOf, type SellerIds } from '../catalogue/owner';
import { invalidatePages } from '../../edge/page-cache';
import { FLASH_LIMITS, FLASH_TEXTS, type FlashKind } from '~/lib/rules/flash';
import type { FlashOption, SellerFlash } from '~/lib/api/contract/flash';
import { cardOf, paidUnits, salesWithItems } from './flash-read';

const DAY = 86_400_000;

async function sellerIds(userId: number): Promise<SellerIds> {
  const seller = await sellerOf(userId);
  if (!seller.coachId && !seller.shopId) throw forbidden('只有教练或店主可以设置秒杀');
  return seller;
}

/** The seller's sales: a coach's (their courses) and a shop's (its goods and courses). */
const ownedBy = (seller: SellerIds): SQL | undefined =>
  or(seller.coachId ? eq(flashSales.coachId, seller.coachId) : undefined, seller.shopId ? eq(flashSales.shopId, seller.shopId) : undefined);

const ownsCourse = (seller: SellerIds) =>
  or(seller.coachId ? eq(courses.coachId, seller.coachId) : undefined, seller.shopId ? eq(courses.shopId, seller.shopId) : undefined);

/** /seller/flash/list: newest first, with units paid and what may still be done. */
export async function sellerFlashList(userId: number, page: number, limit: number) {
  const seller = await sellerIds(userId);
  const where = ownedBy(seller);
  const [rows, [total]] = await Promise.all([
    salesWithItems(where)
      .orderBy(desc(flashSales.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(flashSales).where(where),
  ]);
  const paid = await paidUnits(rows.map((r) => r.s.id));
  const now = new Date();
  const list: SellerFlash[] = rows.map((r) => {
    const card = cardOf(r, now);
    return {
      ...card,
      paid: paid.get(r.s.id) ?? 0,
      can_edit: card.phase === 'upcoming' ? 1 : 0,
      can_cancel: card.phase === 'upcoming' || card.phase === 'running' ? 1 : 0,
    };
  });
  return { list, total: total?.n ?? 0, page, limit };
}

/** /seller/flash/options: the seller's paid courses on sale and their shop's SKUs on sale. */
export async function flashOptions(userId: number): Promise<{ list: FlashOption[] }> {
  const seller = await sellerIds(userId);
  const [cs, ks] = await Promise.all([
    db()
      .select({ id: courses.id, title: courses.title, price: courses.price })
      .from(courses)
      .where(and(ownsCourse(seller), eq(courses.status, 1), gt(courses.price, 0)))
      .orderBy(desc(courses.id))
      .limit(200),
    seller.shopId
      ? db()
          .select({ id: skus.id, title: goods.title, specs: skus.specs, price: skus.price, stock: skus.stock })
          .from(skus)
          .innerJoin(goods, eq(goods.id, skus.goodsId))
          .where(and(eq(goods.shopId, seller.shopId), eq(goods.status, 1), gt(skus.price, 1)))
          .orderBy(desc(goods.id), skus.id)
          .limit(300)
      : Promise.resolve([]),
  ]);
  return {
    list: [
      ...cs.map((c) => ({ kind: 'course' as const, item_id: c.id, title: c.title, specs: '', price: c.price, stock: -1 })),
      ...ks.map((k) => ({
        kind: 'goods' as const,
        item_id: k.id,
        title: k.title,
        specs: k.specs.join(' / '),
        price: k.price,
        stock: k.stock,
      })),
    ],
  };
}

interface SaveInput {
  id?: number | undefined;
  kind: FlashKind;
  item_id: number;
  price: number;
  stock: number;
  per_member: number;
  starts_at: string;
  ends_at: string;
}

/** The item, locked for this transaction (so two overlapping sales cannot both be saved), and its owner. */
async function lockItem(tx: TxOrDb, seller: SellerIds, kind: FlashKind, itemId: number) {
  if (kind === 'course') {
    const [c] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.id, itemId), ownsCourse(seller)))
      .for('update')
      .limit(1);
    if (!c) throw refuse(FLASH_TEXTS.notYours);
    if (c.status !== 1) throw refuse(FLASH_TEXTS.offShelf);
    if (c.price <= 0) throw refuse(FLASH_TEXTS.freeCourse);
    return { coachId: c.coachId, shopId: c.shopId, courseId: c.id, goodsId: null, skuId: null, listPrice: c.price, stockCap: Infinity };
  }
  if (!seller.shopId) throw refuse(FLASH_TEXTS.notYours);
  const [k] = await tx
    .select({ sku: skus, g: goods })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(and(eq(skus.id, itemId), eq(goods.shopId, seller.shopId)))
    .for('update', { of: skus })
    .limit(1);
  if (!k) throw refuse(FLASH_TEXTS.notYours);
  if (k.g.status !== 1) throw refuse(FLASH_TEXTS.offShelf);
  return {
    coachId: null,
    shopId: k.g.shopId,
    courseId: null,
    goodsId: k.g.id,
    skuId: k.sku.id,
    listPrice: k.sku.price,
    stockCap: k.sku.stock,
  };
}

/** /seller/flash/save: a new sale, or an edit of one that has not started (guarded on both). */
export async function saveFlash(userId: number, input: SaveInput): Promise<{ id: number }> {
  const seller = await sellerIds(userId);
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  const now = Date.now();
  if (endsAt <= startsAt) throw refuse(FLASH_TEXTS.span);
  if (endsAt.getTime() <= now) throw refuse(FLASH_TEXTS.past);
  if (endsAt.getTime() - startsAt.getTime() > FLASH_LIMITS.spanMaxDays * DAY) throw refuse(FLASH_TEXTS.spanTooLong);
  if (startsAt.getTime() - now > FLASH_LIMITS.aheadMaxDays * DAY) throw refuse(FLASH_TEXTS.tooFar);

  const id = await db().transaction(async (tx) => {
    const item = await lockItem(tx, seller, input.kind, input.item_id);
    if (input.price >= item.listPrice) throw refuse(FLASH_TEXTS.priceAbove);
    if (input.stock > item.stockCap) throw refuse(FLASH_TEXTS.stockTooBig(item.stockCap));
    // A course is bought once per member whatever the limit says.
    const perMember = input.kind === 'course' ? 1 : input.per_member;
    const sameItem = item.courseId ? eq(flashSales.courseId, item.courseId) : eq(flashSales.skuId, item.skuId ?? 0);
    const [clash] = await tx
      .select({ id: flashSales.id })
      .from(flashSales)
      .where(
        and(
          sameItem,
          eq(flashSales.status, 'active'),
          lt(flashSales.startsAt, endsAt),
          gt(flashSales.endsAt, startsAt),
          input.id ? ne(flashSales.id, input.id) : undefined,
        ),
      )
      .limit(1);
    if (clash) throw refuse(FLASH_TEXTS.overlap);
    const values = {
      kind: input.kind,
      coachId: item.coachId,
      shopId: item.shopId,
      courseId: item.courseId,
      goodsId: item.goodsId,
      skuId: item.skuId,
      price: input.price,
      stock: input.stock,
      perMember,
      startsAt,
      endsAt,
    };
    if (!input.id) {
      const [row] = await tx.insert(flashSales).values(values).returning({ id: flashSales.id });
      if (!row) throw new Error('flash sale insert returned nothing');
      return row.id;
    }
    // Only an active sale of this seller that has not started (and so sold nothing) changes.
    const [row] = await tx
      .update(flashSales)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(flashSales.id, input.id), ownedBy(seller), eq(flashSales.status, 'active'), gt(flashSales.startsAt, new Date())))
      .returning({ id: flashSales.id });
    if (row) return row.id;
    await mustOwn(tx, seller, input.id);
    throw refuse(FLASH_TEXTS.started);
  });
  changed();
  return { id };
}

/**
 * The guarded cancel both the seller and the console use: only an active sale not yet over (and, for
 * a seller, their own: `owner`) stops selling; orders already placed stay payable. The row as it was
 * cancelled, or undefined when nothing matched (already over or cancelled, or not `owner`'s).
 */
export async function cancelActiveSale(tx: TxOrDb, id: number, owner?: SQL) {
  const [row] = await tx
    .update(flashSales)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(flashSales.id, id), owner, eq(flashSales.status, 'active'), gt(flashSales.endsAt, new Date())))
    .returning();
  if (row) changed();
  return row;
}

/** /seller/flash/cancel: the seller's own sale, through cancelActiveSale. */
export async function cancelFlash(userId: number, id: number): Promise<{ id: number }> {
  const seller = await sellerIds(userId);
  const row = await cancelActiveSale(db(), id, ownedBy(seller));
  if (!row) {
    await mustOwn(db(), seller, id);
    throw refuse(FLASH_TEXTS.cancelState);
  }
  return { id };
}

/** Another seller's sale answers "not found", never "wrong state". */
async function mustOwn(tx: TxOrDb, seller: SellerIds, id: number): Promise<void> {
  const [own] = await tx
    .select({ id: flashSales.id })
    .from(flashSales)
    .where(and(eq(flashSales.id, id), ownedBy(seller)))
    .limit(1);
  if (!own) throw notFound(FLASH_TEXTS.notFound);
}

/** Detail pages and the /flash list show sales from the cached HTML: drop it. */
function changed(): void {
  invalidatePages();
}
