import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { GoodsDetail, GoodsItem, GoodsSort, ShopCard } from '~/lib/api/contract/catalogue-shop';
import type { IdName } from '~/lib/api/contract/catalogue-training';
import { db } from '../../db';
import { agentGoods, coaches, goods, goodsCategories, shops, skus } from '../../db/schema';
import { cached } from '../../cache';
import { notFound } from '../../http/errors';
import { likeOf, type Page } from './training.service';

export type { GoodsItem, GoodsSort };

/** Goods categories in display order. */
export function categoryList(): Promise<IdName[]> {
  return cached('catalogue:categories', 60_000, () =>
    db().select({ id: goodsCategories.id, name: goodsCategories.name }).from(goodsCategories).orderBy(asc(goodsCategories.sort)),
  );
}

function goodsItem(g: typeof goods.$inferSelect, shopName: string): GoodsItem {
  return {
    id: g.id,
    title: g.title,
    cover: g.images[0] ?? '',
    price: g.price,
    sales: g.sales,
    shop: { id: g.shopId, name: shopName },
    category_id: g.categoryId,
  };
}

/** Goods lists (/api/goods/list, search, shop pages): category, shop, price range, sort, paging. */
async function loadGoodsPage(opts: {
  categoryId?: number | undefined;
  shopId?: number | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  q?: string | undefined;
  sort?: GoodsSort | undefined;
  page: number;
  limit: number;
}): Promise<Page<GoodsItem>> {
  const where = and(
    eq(goods.status, 1),
    opts.categoryId ? eq(goods.categoryId, opts.categoryId) : undefined,
    opts.shopId ? eq(goods.shopId, opts.shopId) : undefined,
    opts.minPrice !== undefined ? gte(goods.price, opts.minPrice) : undefined,
    opts.maxPrice !== undefined ? lte(goods.price, opts.maxPrice) : undefined,
    opts.q ? ilike(goods.title, likeOf(opts.q)) : undefined,
  );
  const order: SQL[] =
    opts.sort === 'hot'
      ? [desc(goods.sales), desc(goods.id)]
      : opts.sort === 'price_asc'
        ? [asc(goods.price), desc(goods.id)]
        : opts.sort === 'price_desc'
          ? [desc(goods.price), desc(goods.id)]
          : [desc(goods.createdAt), desc(goods.id)];
  const [rows, [total]] = await Promise.all([
    db()
      .select({ g: goods, shopName: shops.name })
      .from(goods)
      .innerJoin(shops, eq(shops.id, goods.shopId))
      .where(where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db().select({ n: count() }).from(goods).where(where),
  ]);
  return { list: rows.map((r) => goodsItem(r.g, r.shopName)), total: total?.n ?? 0, page: opts.page, limit: opts.limit };
}

/** /api/goods/detail: gallery, specs, every SKU with price and stock, and the shop card. */
export async function goodsDetail(id: number): Promise<GoodsDetail> {
  const [r] = await db()
    .select({ g: goods, s: shops, category: goodsCategories.name })
    .from(goods)
    .innerJoin(shops, eq(shops.id, goods.shopId))
    .innerJoin(goodsCategories, eq(goodsCategories.id, goods.categoryId))
    .where(and(eq(goods.id, id), eq(goods.status, 1)))
    .limit(1);
  if (!r) throw notFound('商品不存在或已下架');
  const skuRows = await db().select().from(skus).where(eq(skus.goodsId, id)).orderBy(asc(skus.id));
  return {
    ...goodsItem(r.g, r.s.name),
    images: r.g.images,
    detail: r.g.detail,
    category: r.category,
    spec_names: r.g.specNames,
    skus: skuRows.map((s) => ({ id: s.id, specs: s.specs, price: s.price, stock: s.stock })),
    stock: skuRows.reduce((n, s) => n + s.stock, 0),
    shop_card: shopCard(r.s),
  };
}

export function shopCard(s: typeof shops.$inferSelect): ShopCard {
  return {
    id: s.id,
    uid: s.userId,
    nick_name: s.name,
    head: s.logo,
    cover: s.cover,
    intro: s.intro,
    city: s.city,
    fans_count: s.fansCount,
  };
}

/** Shop lists (mall home, search). */
async function loadShopPage(opts: { q?: string | undefined; page: number; limit: number }): Promise<Page<ShopCard>> {
  const where = and(eq(shops.status, 1), opts.q ? or(ilike(shops.name, likeOf(opts.q)), ilike(shops.intro, likeOf(opts.q))) : undefined);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(shops)
      .where(where)
      .orderBy(desc(shops.fansCount), asc(shops.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db().select({ n: count() }).from(shops).where(where),
  ]);
  return { list: rows.map(shopCard), total: total?.n ?? 0, page: opts.page, limit: opts.limit };
}

/** /api/public/businessAgentGoods: what a coach or shop re-sells. */
export async function agentGoodsPage(type: 'coach' | 'shop', agentId: number, page: number, limit: number): Promise<Page<GoodsItem>> {
  const exists =
    type === 'coach'
      ? await db().select({ id: coaches.id }).from(coaches).where(eq(coaches.id, agentId)).limit(1)
      : await db().select({ id: shops.id }).from(shops).where(eq(shops.id, agentId)).limit(1);
  if (!exists.length) throw notFound(type === 'coach' ? '教练不存在' : '店铺不存在');
  const where = and(eq(agentGoods.agentType, type), eq(agentGoods.agentId, agentId), eq(goods.status, 1));
  const [rows, [total]] = await Promise.all([
    db()
      .select({ g: goods, shopName: shops.name })
      .from(agentGoods)
      .innerJoin(goods, eq(goods.id, agentGoods.goodsId))
      .innerJoin(shops, eq(shops.id, goods.shopId))
      .where(where)
      .orderBy(desc(agentGoods.createdAt), desc(agentGoods.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(agentGoods).innerJoin(goods, eq(goods.id, agentGoods.goodsId)).where(where),
  ]);
  return { list: rows.map((r) => goodsItem(r.g, r.shopName)), total: total?.n ?? 0, page, limit };
}

const TTL = 30_000;

/** Cached like the training lists (see coursePage). */
export function goodsPage(opts: Parameters<typeof loadGoodsPage>[0]) {
  return opts.q ? loadGoodsPage(opts) : cached(`catalogue:goods:${JSON.stringify(opts)}`, TTL, () => loadGoodsPage(opts));
}
export function shopPage(opts: Parameters<typeof loadShopPage>[0]) {
  return opts.q ? loadShopPage(opts) : cached(`catalogue:shop:${JSON.stringify(opts)}`, TTL, () => loadShopPage(opts));
}
