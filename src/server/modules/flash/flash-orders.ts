import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { db, type TxOrDb } from '../../db';
import { flashBuyers, flashSales, orderItems, orders } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { createCourseOrder, createGoodsOrder } from '../commerce/order.service';
import { registerOrderKind, type CampaignOffer } from '../commerce/order-kinds';
import { FLASH_PAY_MIN, FLASH_TEXTS, flashPhase } from '~/lib/rules/flash';
import type { CreatedOrder } from '~/lib/api/contract/checkout';

/*
 * Buying at a 秒杀 price is a normal course or goods order placed by commerce's order code with a
 * campaign offer (commerce/order-kinds.ts): the flash price, FLASH_PAY_MIN minutes to pay, and
 * `take`, which in the order's transaction (after the SKU stock) first counts the member's units
 * against the limit (one upsert on flash_buyers, conditional on the limit), then takes the flash
 * stock (`sold + n <= stock`, only while the sale runs). Either refusal rolls the whole order back.
 * Rows are always locked in that order — SKU, buyer, sale — here and when giving back, so a release
 * and a purchase never deadlock on PostgreSQL.
 */

type Sale = typeof flashSales.$inferSelect;

/** Counts `num` more units for the member; false when that would pass the sale's limit. */
async function takeForMember(tx: TxOrDb, s: Sale, userId: number, num: number): Promise<boolean> {
  const rows = await tx
    .insert(flashBuyers)
    .values({ flashSaleId: s.id, userId, taken: num })
    .onConflictDoUpdate({
      target: [flashBuyers.flashSaleId, flashBuyers.userId],
      set: { taken: sql`${flashBuyers.taken} + excluded.taken` },
      setWhere: sql`${flashBuyers.taken} + excluded.taken <= ${s.perMember}`,
    })
    .returning({ taken: flashBuyers.taken });
  return rows.length > 0;
}

/** Takes `num` of the flash stock while the sale is active and running; false when not. */
async function takeFlashStock(tx: TxOrDb, saleId: number, num: number): Promise<boolean> {
  const now = new Date();
  const rows = await tx
    .update(flashSales)
    .set({ sold: sql`${flashSales.sold} + ${num}` })
    .where(
      and(
        eq(flashSales.id, saleId),
        eq(flashSales.status, 'active'),
        lte(flashSales.startsAt, now),
        gt(flashSales.endsAt, now),
        sql`${flashSales.sold} + ${num} <= ${flashSales.stock}`,
      ),
    )
    .returning({ id: flashSales.id });
  return rows.length > 0;
}

/** Why a sale cannot be bought now, or null. */
function closedReason(s: Sale, now = new Date()): string | null {
  const phase = flashPhase(s.status, s.startsAt, s.endsAt, now);
  if (phase === 'cancelled') return FLASH_TEXTS.cancelled;
  if (phase === 'upcoming') return FLASH_TEXTS.notStarted;
  if (phase === 'ended') return FLASH_TEXTS.ended;
  return s.sold >= s.stock ? FLASH_TEXTS.soldOut : null;
}

function offerFor(s: Sale): CampaignOffer {
  return {
    price: s.price,
    ttlMin: FLASH_PAY_MIN,
    item: { flashSaleId: s.id },
    async take(tx, userId, num) {
      if (!(await takeForMember(tx, s, userId, num))) throw refuse(FLASH_TEXTS.limit(s.perMember));
      if (await takeFlashStock(tx, s.id, num)) return;
      // Someone else took the last unit, or the sale closed meanwhile: say which.
      const [now] = await tx.select().from(flashSales).where(eq(flashSales.id, s.id)).limit(1);
      throw refuse((now && closedReason(now)) ?? FLASH_TEXTS.soldOut);
    },
  };
}

/**
 * /flash/buy: a course or goods order at the flash price (see the header). `visitor` is the
 * browser's 分销 cookie: commerce's order.created carries it, so a share link earns on what was paid.
 */
export async function buyFlash(
  userId: number,
  input: { flash_id: number; num: number; address_id?: number | undefined; remark: string },
  visitor: string | null = null,
): Promise<CreatedOrder> {
  const [s] = await db().select().from(flashSales).where(eq(flashSales.id, input.flash_id)).limit(1);
  if (!s) throw notFound(FLASH_TEXTS.notFound);
  const why = closedReason(s);
  if (why) throw refuse(why);
  if (input.num > s.perMember) throw refuse(FLASH_TEXTS.limit(s.perMember));
  if (s.kind === 'course' && s.courseId) {
    if (input.num !== 1) throw refuse(FLASH_TEXTS.courseOne);
    return createCourseOrder(userId, s.courseId, undefined, undefined, visitor, offerFor(s));
  }
  if (!s.skuId) throw new Error(`flash sale ${s.id} has no item`);
  if (!input.address_id) throw refuse(FLASH_TEXTS.address);
  return createGoodsOrder(
    userId,
    { items: [{ sku_id: s.skuId, num: input.num }], address_id: input.address_id, remark: input.remark },
    visitor,
    offerFor(s),
  );
}

/** Gives back what an order item took from its sale: the member's count, then the flash stock. */
async function giveBack(tx: TxOrDb, userId: number, item: typeof orderItems.$inferSelect): Promise<void> {
  const saleId = item.flashSaleId;
  if (!saleId) return;
  await tx
    .update(flashBuyers)
    .set({ taken: sql`greatest(${flashBuyers.taken} - ${item.num}, 0)` })
    .where(and(eq(flashBuyers.flashSaleId, saleId), eq(flashBuyers.userId, userId)));
  await tx
    .update(flashSales)
    .set({ sold: sql`greatest(${flashSales.sold} - ${item.num}, 0)` })
    .where(eq(flashSales.id, saleId));
}

/**
 * Wires 秒杀 items into commerce's order code (src/server/hooks.ts). Commerce calls `released` and
 * `refunded` in the transaction that moved the order out of unpaid or into refunded, guarded by the
 * order's status, so each unit comes back exactly once. A placed order stays payable after the
 * sale ends or is cancelled: its unit is held for it.
 */
export function registerFlashOrders(): void {
  registerOrderKind('flash', {
    blocked: () => Promise.resolve(null),
    paid: () => Promise.resolve(),
    async released(tx, item) {
      const [o] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, item.orderId)).limit(1);
      if (o) await giveBack(tx, o.userId, item);
    },
    async refunded(tx, o, item) {
      await giveBack(tx, o.userId, item);
    },
  });
}
