/**
 * The data half of the 秒杀 bench (scripts/bench/flash.mjs runs it after `npm run migrate`, before the
 * server starts; PGlite allows one process per data directory): N bench members, each with a login
 * session and a default address, and one running goods flash sale of the demo shop with STOCK units
 * (its SKU stocked well above that), created through the seller's own service. Prints one JSON line
 * {flash_id, sku_id, stock, buyers: [{id, token, address_id}]}.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { closeDatabase, database } from '../../src/server/db';
import { addresses, flashBuyers, flashSales, goods, orderItems, sessions, shops, skus, users } from '../../src/server/db/schema';
import { saveFlash } from '../../src/server/modules/flash/flash-seller.service';
import { newToken, tokenHash } from '../../src/server/security/tokens';

const N = Number(process.env['BENCH_BUYERS'] ?? 1000);
const STOCK = Number(process.env['BENCH_STOCK'] ?? 50);
const VERIFY = Number(process.env['BENCH_VERIFY'] ?? 0);
const db = database().db;
try {
  if (VERIFY) await verify(VERIFY);
  else await setup();
} finally {
  await closeDatabase();
}

/**
 * With BENCH_VERIFY=<flash id>, after the run: what the database holds — orders and units bought at
 * that sale, the sale's sold counter, its SKU's stock and the largest count one member holds.
 */
async function verify(flashId: number) {
  const [sale] = await db.select().from(flashSales).where(eq(flashSales.id, flashId));
  const [o] = await db
    .select({
      orders: sql<number>`count(distinct ${orderItems.orderId})::int`,
      units: sql<number>`coalesce(sum(${orderItems.num}), 0)::int`,
    })
    .from(orderItems)
    .where(eq(orderItems.flashSaleId, flashId));
  const [b] = await db
    .select({ max: sql<number>`coalesce(max(${flashBuyers.taken}), 0)::int`, members: sql<number>`count(*)::int` })
    .from(flashBuyers)
    .where(and(eq(flashBuyers.flashSaleId, flashId), sql`${flashBuyers.taken} > 0`));
  const [k] = sale?.skuId ? await db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, sale.skuId)) : [];
  process.stdout.write(
    `${JSON.stringify({ orders: o?.orders ?? 0, units: o?.units ?? 0, sold: sale?.sold ?? -1, stock: sale?.stock ?? -1, sku_stock: k?.stock ?? -1, buyers: b?.members ?? 0, max_per_member: b?.max ?? 0 })}\n`,
  );
}

async function setup() {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.phone, '13800000003')).limit(1);
  const [shop] = owner ? await db.select({ id: shops.id }).from(shops).where(eq(shops.userId, owner.id)).limit(1) : [];
  if (!owner || !shop) throw new Error('the demo shop is missing: run the seed first');
  // The shop's first SKU on sale that the seed's own flash sale does not use (that one takes the last).
  const [sku] = await db
    .select({ id: skus.id, price: skus.price })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(and(eq(goods.shopId, shop.id), eq(goods.status, 1)))
    .orderBy(skus.id)
    .limit(1);
  const [last] = await db
    .select({ id: skus.id })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(eq(goods.shopId, shop.id))
    .orderBy(desc(skus.id))
    .limit(1);
  if (!sku || sku.id === last?.id) throw new Error('the demo shop needs two SKUs');
  await db
    .update(skus)
    .set({ stock: N * 2, price: Math.max(sku.price, 10_000) })
    .where(eq(skus.id, sku.id));

  const made = await db
    .insert(users)
    .values(Array.from({ length: N }, (_, i) => ({ phone: `178${String(i).padStart(8, '0')}`, nickName: `秒杀压测${i}` })))
    .returning({ id: users.id });
  const tokens = made.map(() => newToken());
  const addressIds: number[] = [];
  for (let i = 0; i < N; i += 500) {
    const part = made.slice(i, i + 500);
    await db
      .insert(sessions)
      .values(
        part.map((u, j) => ({ userId: u.id, tokenHash: tokenHash(tokens[i + j] ?? ''), expiresAt: new Date(Date.now() + 86_400_000) })),
      );
    const rows = await db
      .insert(addresses)
      .values(
        part.map((u) => ({
          userId: u.id,
          name: '压测',
          phone: '13912345678',
          province: '北京市',
          city: '市辖区',
          district: '海淀区',
          detail: '中关村大街1号',
          isDefault: true,
        })),
      )
      .returning({ id: addresses.id });
    addressIds.push(...rows.map((r) => r.id));
  }
  const sale = await saveFlash(owner.id, {
    kind: 'goods',
    item_id: sku.id,
    price: 990,
    stock: STOCK,
    per_member: 1,
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    ends_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  process.stdout.write(
    `${JSON.stringify({
      flash_id: sale.id,
      sku_id: sku.id,
      stock: STOCK,
      buyers: made.map((u, i) => ({ id: u.id, token: tokens[i], address_id: addressIds[i] })),
    })}\n`,
  );
}
