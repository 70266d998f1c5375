import { and, asc, desc, eq, getTableColumns, gte, lte } from 'drizzle-orm';
import type { GoodsDetail, GoodsItem, GoodsSort, ShopCard } from '~/lib/api/contract/catalogue-shop';
import type { IdName } from '~/lib/api/contract/catalogue-training';
import { db } from '../../db';
import { agentGoods, agentOffers, coaches, goods, goodsCategories, shops, skus } from '../../db/schema';
import { cached } from '../../cache';
import { notFound } from '../../http/errors';
import { rowsAndCount, countedRow, listOrder, onPage, pageOf, pageWindow, searchMatch, withoutTokens, type Page } from './listing';
import { planSearch, recheck, searchHits, searchTotal, walkComplete } from './search';

export type { GoodsItem, GoodsSort };

/** Goods categories in display order. */
export function categoryList(): Promise<IdName[]> {
  return cached('catalogue:categories', 60_000, () =>
    db().select({ id: goodsCategories.id, name: goodsCategories.name }).from(goodsCategories).orderBy(asc(goodsCategories.sort)),
  );
}

export const goodsCols = withoutTokens(getTableColumns(goods));
export const shopCols = withoutTokens(getTableColumns(shops));
type GoodsRow = Omit<typeof goods.$inferSelect, 'searchTokens'>;
type ShopRow = Omit<typeof shops.$inferSelect, 'searchTokens'>;

export function goodsItem(g: GoodsRow, shopName: string): GoodsItem {
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

/**
 * A search in list order (newest first) read from the postings of its rarest token (search.ts);
 * null when the GIN index must answer instead.
 */
async function searchGoodsPage(q: string, page: number, limit: number): Promise<Page<GoodsItem> | null> {
  const { offset, take } = pageWindow(page, limit);
  const plan = await planSearch('goods', q);
  if (!plan) return pageOf([], { total: 0, capped: false }, page, limit);
  const hit = searchHits('goods', plan, [eq(goods.status, 1), recheck(q, [goods.title])], { offset, take });
  const rows = await db()
    .select({ g: goodsCols, shopName: shops.name, rank: hit.rank })
    .from(hit)
    .innerJoin(goods, eq(goods.id, hit.id))
    .innerJoin(shops, eq(shops.id, goods.shopId))
    .orderBy(desc(hit.createdAt), desc(hit.id));
  const shown = { offset, take, rows: rows.length, lastRank: rows.at(-1)?.rank ?? 0 };
  if (!walkComplete(plan, shown)) return null;
  return pageOf(
    rows.map((r) => goodsItem(r.g, r.shopName)),
    searchTotal(plan, shown),
    page,
    limit,
  );
}

type GoodsQuery = {
  categoryId?: number | undefined;
  shopId?: number | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  q?: string | undefined;
  sort?: GoodsSort | undefined;
  page: number;
  limit: number;
};

/** Goods lists (/api/goods/list, search, shop pages): category, shop, price range, sort, paging. */
async function loadGoodsPage(opts: GoodsQuery): Promise<Page<GoodsItem>> {
  const plain = !opts.categoryId && !opts.shopId && opts.minPrice === undefined && opts.maxPrice === undefined;
  if (opts.q && plain && (opts.sort ?? 'new') === 'new') {
    const found = await searchGoodsPage(opts.q, opts.page, opts.limit);
    if (found) return found;
  }
  return loadGoodsList(opts);
}

/** The general query: any filters and sort, a search through the GIN index on `search_tokens`. */
async function loadGoodsList(opts: GoodsQuery): Promise<Page<GoodsItem>> {
  const where = and(
    eq(goods.status, 1),
    opts.categoryId ? eq(goods.categoryId, opts.categoryId) : undefined,
    opts.shopId ? eq(goods.shopId, opts.shopId) : undefined,
    opts.minPrice !== undefined ? gte(goods.price, opts.minPrice) : undefined,
    opts.maxPrice !== undefined ? lte(goods.price, opts.maxPrice) : undefined,
    opts.q ? searchMatch(goods.searchTokens, opts.q, [goods.title]) : undefined,
  );
  const order = listOrder(goods, opts.sort);
  const { offset, take } = pageWindow(opts.page, opts.limit);
  const pageWhere = onPage(goods, goods.id, where, order, offset, take);
  const [rows, counted] = await rowsAndCount(
    db()
      .select({ g: goodsCols, shopName: shops.name })
      .from(goods)
      .innerJoin(shops, eq(shops.id, goods.shopId))
      .where(pageWhere)
      .orderBy(...order)
      .limit(take),
    (cap) => db().select(countedRow()).from(goods).where(where).limit(cap).as('rows'),
    { offset, take },
  );
  return pageOf(
    rows.map((r) => goodsItem(r.g, r.shopName)),
    counted,
    opts.page,
    opts.limit,
  );
}

/** /api/goods/detail: gallery, specs, every SKU with price and stock, and the shop card. */
export async function goodsDetail(id: number): Promise<GoodsDetail> {
  const [r] = await db()
    .select({ g: goodsCols, s: shopCols, category: goodsCategories.name })
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
    skus: skuRows.map((s) => ({ id: s.id, specs: s.specs, price: s.price, vip_price: s.vipPrice ?? 0, stock: s.stock })),
    stock: skuRows.reduce((n, s) => n + s.stock, 0),
    shop_card: shopCard(r.s),
  };
}

export function shopCard(s: ShopRow): ShopCard {
  return {
    id: s.id,
    uid: s.userId,
    nick_name: s.name,
    head: s.logo,
    cover: s.cover,
    intro: s.intro,
    city: s.city,
    fans_count: s.fansCount,
    labels: s.labels,
  };
}

/** Shop lists (mall home, search). */
async function loadShopPage(opts: { q?: string | undefined; page: number; limit: number }): Promise<Page<ShopCard>> {
  const where = and(eq(shops.status, 1), opts.q ? searchMatch(shops.searchTokens, opts.q, [shops.name, shops.intro]) : undefined);
  const { offset, take } = pageWindow(opts.page, opts.limit);
  const [rows, counted] = await rowsAndCount(
    db().select(shopCols).from(shops).where(where).orderBy(desc(shops.fansCount), asc(shops.id)).limit(take).offset(offset),
    (cap) => db().select(countedRow()).from(shops).where(where).limit(cap).as('rows'),
    { offset, take },
  );
  return pageOf(rows.map(shopCard), counted, opts.page, opts.limit);
}

/**
 * 404 unless the coach or shop exists: the public agent lists answer for a profile (their routes
 * ask first; the homepage has just loaded it).
 */
export async function assertAgent(type: 'coach' | 'shop', agentId: number): Promise<void> {
  const table = type === 'coach' ? coaches : shops;
  const [row] = await db().select({ id: table.id }).from(table).where(eq(table.id, agentId)).limit(1);
  if (!row) throw notFound(type === 'coach' ? '教练不存在' : '店铺不存在');
}

/**
 * /api/public/businessAgentGoods: what a coach or shop re-sells — picks they show on their
 * homepage whose goods are on sale and whose agency offer is still open (seller/agency.service.ts).
 */
export async function agentGoodsPage(type: 'coach' | 'shop', agentId: number, page: number, limit: number): Promise<Page<GoodsItem>> {
  const where = and(eq(agentGoods.agentType, type), eq(agentGoods.agentId, agentId), eq(agentGoods.shown, true), eq(goods.status, 1));
  const offered = and(eq(agentOffers.kind, 'goods'), eq(agentOffers.itemId, agentGoods.goodsId));
  const { offset, take } = pageWindow(page, limit);
  const [rows, counted] = await rowsAndCount(
    db()
      .select({ g: goodsCols, shopName: shops.name })
      .from(agentGoods)
      .innerJoin(goods, eq(goods.id, agentGoods.goodsId))
      .innerJoin(agentOffers, offered)
      .innerJoin(shops, eq(shops.id, goods.shopId))
      .where(where)
      .orderBy(desc(agentGoods.createdAt), desc(agentGoods.id))
      .limit(take)
      .offset(offset),
    (cap) =>
      db()
        .select(countedRow())
        .from(agentGoods)
        .innerJoin(goods, eq(goods.id, agentGoods.goodsId))
        .innerJoin(agentOffers, offered)
        .where(where)
        .limit(cap)
        .as('rows'),
    { offset, take },
  );
  return pageOf(
    rows.map((r) => goodsItem(r.g, r.shopName)),
    counted,
    page,
    limit,
  );
}

const TTL = 30_000;

/** Cached like the training lists (see coursePage). */
export function goodsPage(opts: GoodsQuery) {
  return opts.q ? loadGoodsPage(opts) : cached(`catalogue:goods:${JSON.stringify(opts)}`, TTL, () => loadGoodsPage(opts));
}
export function shopPage(opts: Parameters<typeof loadShopPage>[0]) {
  return opts.q ? loadShopPage(opts) : cached(`catalogue:shop:${JSON.stringify(opts)}`, TTL, () => loadShopPage(opts));
}
