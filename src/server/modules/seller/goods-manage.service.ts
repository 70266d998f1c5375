import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { GoodsSaveInput, ManageGoods, ManageGoodsItem } from '~/lib/api/contract/seller-shop';
import { SELLER_TEXTS as S } from '~/lib/rules/seller-shop';
import type { Bit } from '~/lib/api/fields';
import { db, type Tx } from '../../db';
import { one } from '../../db/rows';
import { agentOffers, goods, goodsCategories, orderItems, orders, shopCancelApplications, skus } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { sanitizeRichText } from '../../security/sanitize';
import { likeOf, type Page } from '../catalogue/listing';
import { shopIdOf } from '../catalogue/owner';
import { publicChanged, storedImage } from './settings.service';
import { refuseIfHeld } from '../admin-content/catalogue.admin';

/**
 * A shop's goods as its owner manages them (/mechant/homepage/goods).
 *
 * Stock: `skus.stock` is the AVAILABLE stock — an order takes its quantity when it is placed
 * (inventory.ts `takeStock`) and gives it back if it closes unpaid or is cancelled. So what the
 * owner edits is the available stock, and what unpaid or paid-but-unshipped orders hold (`held`)
 * is already outside it and shown beside it: no edit can take stock away from an order, and the
 * column's check keeps it ≥ 0. An edit is a conditional UPDATE on the stock the form loaded
 * (`stock_was`): if an order took some meanwhile, the save is refused and the form reloads, so an
 * edit never silently overwrites an order's decrement.
 */

/** Orders that still need their SKU row (a SKU they name cannot be deleted). */
const OPEN = ['unpaid', 'paid', 'shipped', 'refunding'] as const;

/** What unpaid and paid-but-unshipped orders hold (their stock was taken when they were placed). */
const heldOf = (where: string) =>
  sql.raw(`coalesce((select sum(oi.num) from order_items oi inner join orders o on o.id = oi.order_id
    where ${where} and o.status in ('unpaid', 'paid')), 0)::int`);
const heldOfGoods = sql<number>`${heldOf('oi.goods_id = "goods"."id"')}`;
const heldOfSku = sql<number>`${heldOf('oi.sku_id = "skus"."id"')}`;

/** /api/shop/goodsManage: every goods item of the caller's shop, on sale or not, with stock. */
export async function goodsManage(
  userId: number,
  opts: { status: 'all' | 'on' | 'off'; q: string; page: number; limit: number },
): Promise<Page<ManageGoodsItem>> {
  const shopId = await shopIdOf(userId);
  const where = and(
    eq(goods.shopId, shopId),
    opts.status === 'on' ? eq(goods.status, 1) : opts.status === 'off' ? eq(goods.status, 0) : undefined,
    opts.q ? ilike(goods.title, likeOf(opts.q)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: goods.id,
        title: goods.title,
        images: goods.images,
        price: goods.price,
        sales: goods.sales,
        status: goods.status,
        createdAt: goods.createdAt,
        category: goodsCategories.name,
        stock: sql<number>`coalesce((select sum(k.stock) from skus k where k.goods_id = "goods"."id"), 0)::int`,
        skuCount: sql<number>`(select count(*) from skus k where k.goods_id = "goods"."id")::int`,
        held: heldOfGoods,
        rate: sql<number>`coalesce(${agentOffers.rateBp}, 0)::int`,
      })
      .from(goods)
      .innerJoin(goodsCategories, eq(goodsCategories.id, goods.categoryId))
      .leftJoin(agentOffers, and(eq(agentOffers.kind, 'goods'), eq(agentOffers.itemId, goods.id)))
      .where(where)
      .orderBy(desc(goods.createdAt), desc(goods.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db().select({ n: count() }).from(goods).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      cover: r.images[0] ?? '',
      price: r.price,
      sales: r.sales,
      status: (r.status === 1 ? 1 : 0) as Bit,
      category: r.category,
      stock: r.stock,
      held: r.held,
      sku_count: r.skuCount,
      agent_rate_bp: r.rate,
      created_at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: opts.page,
    limit: opts.limit,
  };
}

/** One goods item of the caller's shop for the edit form (another shop's is "not found"). */
export async function goodsManageInfo(userId: number, id: number, tx: Tx | ReturnType<typeof db> = db()): Promise<ManageGoods> {
  const shopId = await shopIdOf(userId);
  const [g] = await tx
    .select({ g: goods, rate: agentOffers.rateBp })
    .from(goods)
    .leftJoin(agentOffers, and(eq(agentOffers.kind, 'goods'), eq(agentOffers.itemId, goods.id)))
    .where(and(eq(goods.id, id), eq(goods.shopId, shopId)));
  if (!g) throw notFound(S.goodsNotFound);
  const skuRows = await tx
    .select({
      id: skus.id,
      specs: skus.specs,
      price: skus.price,
      stock: skus.stock,
      vip_price: sql<number>`coalesce(${skus.vipPrice}, 0)::int`,
      held: heldOfSku,
    })
    .from(skus)
    .where(eq(skus.goodsId, id))
    .orderBy(asc(skus.id));
  return {
    id: g.g.id,
    title: g.g.title,
    images: g.g.images,
    category_id: g.g.categoryId,
    spec_names: g.g.specNames,
    skus: skuRows,
    detail: g.g.detail,
    status: (g.g.status === 1 ? 1 : 0) as Bit,
    agent_rate_bp: g.rate ?? 0,
  };
}

type SaveInput = Omit<GoodsSaveInput, 'category_id' | 'skus' | 'agent_rate_bp' | 'id'> & {
  id?: number | undefined;
  category_id: number;
  agent_rate_bp: number;
  skus: {
    id?: number | undefined;
    specs: string[];
    price: number;
    stock: number;
    stock_was?: number | undefined;
    vip_price?: number | undefined;
  }[];
};

/**
 * /api/shop/goodsSave: creates (off sale) or edits a goods item of the caller's shop, its SKUs and
 * its agency offer in one transaction. Existing SKUs are matched by id (a foreign id is "not
 * found"); a SKU left out is deleted unless an open order still names it; stock changes are
 * guarded by `stock_was` (see the module comment).
 */
export async function goodsSave(userId: number, input: SaveInput): Promise<ManageGoods> {
  const shopId = await shopIdOf(userId);
  const [cat] = await db().select({ id: goodsCategories.id }).from(goodsCategories).where(eq(goodsCategories.id, input.category_id));
  if (!cat) throw refuse(S.goodsCategory);
  const images = input.images.map((p) => storedImage(p, S.goodsImages)).filter(Boolean);
  if (!images.length) throw refuse(S.goodsImages);
  const detail = sanitizeRichText(input.detail);
  const price = Math.min(...input.skus.map((s) => s.price));
  const fields = {
    title: input.title,
    images,
    categoryId: input.category_id,
    specNames: input.spec_names,
    detail,
    price,
  };
  const id = await db().transaction(async (tx) => {
    let goodsId: number;
    if (input.id) {
      const [row] = await tx
        .update(goods)
        .set(fields)
        .where(and(eq(goods.id, input.id), eq(goods.shopId, shopId)))
        .returning({ id: goods.id });
      if (!row) throw notFound(S.goodsNotFound);
      goodsId = row.id;
    } else {
      const rows = await tx
        .insert(goods)
        .values({ ...fields, shopId, status: 0 })
        .returning({ id: goods.id });
      goodsId = one(rows, 'inserted goods').id;
    }
    await saveSkus(tx, goodsId, input.skus);
    await saveOffer(tx, 'goods', goodsId, { type: 'shop', id: shopId }, input.agent_rate_bp);
    return goodsId;
  });
  publicChanged();
  return goodsManageInfo(userId, id);
}

/** A SKU's 会员价 as stored: null when not set (0) — the contract already refused one at or above the price. */
const vipPriceOf = (s: { price: number; vip_price?: number | undefined }) => (s.vip_price && s.vip_price < s.price ? s.vip_price : null);

async function saveSkus(tx: Tx, goodsId: number, wanted: SaveInput['skus']): Promise<void> {
  const existing = await tx.select({ id: skus.id }).from(skus).where(eq(skus.goodsId, goodsId)).for('update');
  const have = new Set(existing.map((s) => s.id));
  const keep = wanted.flatMap((s) => (s.id ? [s.id] : []));
  if (keep.some((id) => !have.has(id))) throw notFound('规格不存在');
  const drop = [...have].filter((id) => !keep.includes(id));
  if (drop.length) {
    const [inUse] = await tx
      .select({ n: count() })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(inArray(orderItems.skuId, drop), inArray(orders.status, [...OPEN])));
    if (inUse?.n) throw refuse(S.skuInUse);
    await tx.delete(skus).where(and(eq(skus.goodsId, goodsId), inArray(skus.id, drop)));
  }
  for (const s of wanted) {
    if (!s.id) continue;
    if (s.stock_was === undefined) throw refuse(S.stockChanged);
    const done = await tx
      .update(skus)
      .set({ specs: s.specs, price: s.price, stock: s.stock, vipPrice: vipPriceOf(s) })
      .where(and(eq(skus.id, s.id), eq(skus.goodsId, goodsId), eq(skus.stock, s.stock_was)))
      .returning({ id: skus.id });
    if (!done.length) throw refuse(S.stockChanged);
  }
  const fresh = wanted.filter((s) => !s.id);
  if (fresh.length)
    await tx.insert(skus).values(fresh.map((s) => ({ goodsId, specs: s.specs, price: s.price, stock: s.stock, vipPrice: vipPriceOf(s) })));
  // Spec values must stay unique per goods item after the edit as well.
  const after = await tx.select({ specs: skus.specs }).from(skus).where(eq(skus.goodsId, goodsId));
  const keys = after.map((r) => JSON.stringify(r.specs));
  if (new Set(keys).size !== keys.length) throw refuse(S.skuDuplicate);
}

/** Sets (rate > 0) or withdraws (0) the agency offer of an owner's item, in the caller's transaction. */
export async function saveOffer(
  tx: Tx,
  kind: 'goods' | 'course',
  itemId: number,
  owner: { type: 'coach' | 'shop'; id: number },
  rateBp: number,
): Promise<void> {
  if (rateBp > 0) {
    await tx
      .insert(agentOffers)
      .values({ kind, itemId, ownerType: owner.type, ownerId: owner.id, rateBp })
      .onConflictDoUpdate({
        target: [agentOffers.kind, agentOffers.itemId],
        set: { rateBp, ownerType: owner.type, ownerId: owner.id, updatedAt: new Date() },
      });
  } else {
    await tx.delete(agentOffers).where(and(eq(agentOffers.kind, kind), eq(agentOffers.itemId, itemId)));
  }
}

/** /api/shop/goodsStatus: on (1) or off (0) sale; repeating it changes nothing. */
export async function goodsStatus(userId: number, id: number, status: 0 | 1): Promise<{ id: number; status: Bit }> {
  const shopId = await shopIdOf(userId);
  // While a cancellation application is pending the shop sells nothing: putting goods
  // on sale is refused in the same statement, so it cannot slip in beside the application.
  const cancelPending = sql`exists (select 1 from ${shopCancelApplications} where ${shopCancelApplications.shopId} = ${shopId} and ${shopCancelApplications.status} = 'pending')`;
  if (status === 1) {
    // Goods the platform took down (or of a suspended shop) come back only from the console.
    const [mine] = await db()
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.id, id), eq(goods.shopId, shopId)))
      .limit(1);
    if (!mine) throw notFound(S.goodsNotFound);
    await refuseIfHeld('goods', id, shopId);
  }
  const [row] = await db()
    .update(goods)
    .set({ status })
    .where(and(eq(goods.id, id), eq(goods.shopId, shopId), status === 1 ? sql`not ${cancelPending}` : undefined))
    .returning({ id: goods.id, status: goods.status });
  if (!row) {
    const [mine] = await db()
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.id, id), eq(goods.shopId, shopId)))
      .limit(1);
    throw mine ? refuse(S.cancelPending) : notFound(S.goodsNotFound);
  }
  publicChanged();
  return { id: row.id, status: (row.status === 1 ? 1 : 0) as Bit };
}
