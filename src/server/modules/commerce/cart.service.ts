import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { db, type TxOrDb } from '../../db';
import { cartItems, goods, shops, skus } from '../../db/schema';
import type { ApiOutput } from '~/lib/api/types';
import type { CartGroup, CartLine } from '~/lib/api/contract/cart';
import { MAX_CART_LINES, MAX_LINE_NUM } from '~/lib/rules/cart';
import { notFound, refuse } from '../../http/errors';

export { MAX_CART_LINES, MAX_LINE_NUM };

/**
 * The member's cart grouped by shop. Lines whose goods went off shelf, whose SKU sold out or
 * has fewer left than the line asks are marked (`stale`, `reason`) so the page can show them and
 * refuse to check them out; nothing is removed behind the member's back.
 */
export async function cartList(userId: number): Promise<ApiOutput<'/cart/list'>> {
  const rows = await db()
    .select({ line: cartItems, sku: skus, g: goods, shop: { id: shops.id, name: shops.name, logo: shops.logo } })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(goods, eq(goods.id, cartItems.goodsId))
    .innerJoin(shops, eq(shops.id, goods.shopId))
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.id));
  const groups = new Map<number, CartGroup>();
  for (const r of rows) {
    const g = groups.get(r.shop.id) ?? { shop_id: r.shop.id, shop_name: r.shop.name, shop_logo: r.shop.logo, items: [] };
    g.items.push(lineView(r));
    groups.set(r.shop.id, g);
  }
  return { groups: [...groups.values()], count: rows.length };
}

function lineView(r: { line: typeof cartItems.$inferSelect; sku: typeof skus.$inferSelect; g: typeof goods.$inferSelect }): CartLine {
  const reason = r.g.status !== 1 ? '已下架' : r.sku.stock <= 0 ? '已售罄' : r.sku.stock < r.line.num ? `库存仅剩 ${r.sku.stock} 件` : '';
  return {
    id: r.line.id,
    goods_id: r.g.id,
    sku_id: r.sku.id,
    title: r.g.title,
    cover: r.g.images[0] ?? '',
    specs: r.sku.specs.join(' / '),
    price: r.sku.price,
    num: r.line.num,
    stock: r.sku.stock,
    stale: reason ? 1 : 0,
    reason,
  };
}

/** Adds a SKU (or more of it); the line never asks for more than the stock or 99. */
export async function cartAdd(userId: number, skuId: number, num: number): Promise<ApiOutput<'/cart/add'>> {
  const [row] = await db()
    .select({ sku: skus, g: goods })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(eq(skus.id, skuId))
    .limit(1);
  if (!row || row.g.status !== 1) throw refuse('商品已下架或不存在');
  if (row.sku.stock <= 0) throw refuse('该规格已售罄');
  return db().transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.skuId, skuId)))
      .limit(1);
    const want = (existing?.num ?? 0) + num;
    if (want > row.sku.stock) throw refuse(`库存不足，最多还能加 ${Math.max(0, row.sku.stock - (existing?.num ?? 0))} 件`);
    if (want > MAX_LINE_NUM) throw refuse(`单件商品最多购买 ${MAX_LINE_NUM} 件`);
    if (existing) {
      await tx.update(cartItems).set({ num: want }).where(eq(cartItems.id, existing.id));
    } else {
      const [n] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
      if ((n?.n ?? 0) >= MAX_CART_LINES) throw refuse(`购物车最多放 ${MAX_CART_LINES} 种商品`);
      await tx.insert(cartItems).values({ userId, goodsId: row.g.id, skuId, num });
    }
    const [total] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
    return { count: total?.n ?? 0 };
  });
}

/** Sets a line's quantity (1 … stock, at most 99). */
export async function cartSetNum(userId: number, id: number, num: number): Promise<ApiOutput<'/cart/update'>> {
  const [row] = await db()
    .select({ line: cartItems, stock: skus.stock })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .limit(1);
  if (!row) throw notFound('购物车中没有该商品');
  if (num > row.stock) throw refuse(row.stock > 0 ? `库存仅剩 ${row.stock} 件` : '该规格已售罄');
  await db().update(cartItems).set({ num }).where(eq(cartItems.id, id));
  return { id, num };
}

/** Removes lines of the member's cart (others' ids are ignored). */
export async function cartRemove(userId: number, ids: number[]): Promise<number> {
  const gone = await db()
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)))
    .returning({ id: cartItems.id });
  return gone.length;
}

/** Lines of the member's cart by id, as order items (checkout from the cart). */
export async function cartLines(userId: number, ids: number[]) {
  const rows = await db()
    .select({ sku_id: cartItems.skuId, num: cartItems.num })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)));
  if (rows.length !== new Set(ids).size) throw refuse('购物车已变化，请刷新后重试');
  return rows;
}

/** Removes the cart lines an order bought (inside the order's transaction). */
export async function clearBought(tx: TxOrDb, userId: number, skuIds: number[]) {
  if (skuIds.length) await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.skuId, skuIds)));
}

/** Number of lines, for the header badge. */
export async function cartCount(userId: number): Promise<number> {
  const [r] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return r?.n ?? 0;
}
