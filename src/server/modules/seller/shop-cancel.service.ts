import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ApiOutput } from '~/lib/api/types';
import type { CancelApplication, CancelStatus } from '~/lib/api/contract/shop-cancel';
import {
  CANCEL_APPLICATION_STATES,
  CANCEL_APPLICATION_TEXT,
  SHOP_CANCEL_STATUS_TEXT,
  SHOP_CANCEL_TEXTS,
  ShopCancelStatus,
  UNFINISHED_ORDER_STATES,
  cancelConditionError,
  type CancelConditions,
} from '~/lib/rules/shop-cancel';
import { Identity } from '~/lib/rules/roles';
import { db, type TxOrDb } from '../../db';
import { courses, goods, orders, sellerAccounts, shopCancelApplications, shops, users } from '../../db/schema';
import { refuse } from '../../http/errors';
import { invalidate } from '../../cache';
import { invalidatePages } from '../../edge/page-cache';
import { forgetSessions } from '../auth/session.service';
import { syncChatAccount } from '../../providers/im/account-sync';
import { shopIdOf } from '../catalogue/owner';

/**
 * Shop cancellation (SPEC §2; seller README), owned here whole: the owner applies when nothing is
 * left to settle; while the application is pending the shop's goods and courses are off sale
 * (exactly those that were on sale are recorded and put back if it is withdrawn or refused). The
 * operator's decisions are `approveShopCancel` / `refuseShopCancel`, called by the console side
 * (shop-cancel.console.ts, mounted by modules/operations). Every change runs under a lock on the
 * shop row.
 */

type Row = typeof shopCancelApplications.$inferSelect;

/** Work the operator console does inside a decision's transaction (audit row, notice to the owner). */
export type ShopCancelHook = (tx: TxOrDb, a: Row) => Promise<void>;

function applicationView(a: Row): CancelApplication {
  const status = CANCEL_APPLICATION_STATES.find((s) => s === a.status);
  if (!status) throw new Error(`shop cancel application ${a.id} has unknown status ${a.status}`);
  return {
    id: a.id,
    reason: a.reason,
    status,
    status_text: CANCEL_APPLICATION_TEXT[status],
    refuse_reason: a.refuseReason,
    off_goods: a.offGoods.length,
    off_courses: a.offCourses.length,
    created_at: a.createdAt.toISOString(),
    decided_at: a.decidedAt?.toISOString() ?? null,
  };
}

function statusOf(latest: Row | undefined): CancelStatus {
  const status =
    latest?.status === 'pending'
      ? ShopCancelStatus.PENDING
      : latest?.status === 'approved'
        ? ShopCancelStatus.CANCELLED
        : ShopCancelStatus.NORMAL;
  return { status, status_text: SHOP_CANCEL_STATUS_TEXT[status], application: latest ? applicationView(latest) : null };
}

async function latestApplication(tx: TxOrDb, shopId: number): Promise<Row | undefined> {
  const [a] = await tx
    .select({ a: shopCancelApplications, shopStatus: shops.status })
    .from(shopCancelApplications)
    .innerJoin(shops, eq(shops.id, shopCancelApplications.shopId))
    .where(eq(shopCancelApplications.shopId, shopId))
    .orderBy(desc(shopCancelApplications.id))
    .limit(1);
  // A cancelled shop whose owner has applied and settled again is open (status 1): the old
  // approval no longer describes it.
  if (a?.a.status === 'approved' && a.shopStatus === 1) return undefined;
  return a?.a;
}

async function lockShop(tx: TxOrDb, shopId: number): Promise<void> {
  await tx.execute(sql`select id from shops where id = ${shopId} for update`);
}

/** What stands between the shop and cancelling: unfinished orders and money in its account. */
export async function cancelConditions(tx: TxOrDb, shopId: number): Promise<CancelConditions> {
  const [[o], [acc]] = await Promise.all([
    tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.shopId, shopId), inArray(orders.status, [...UNFINISHED_ORDER_STATES]))),
    tx
      .select({ balance: sellerAccounts.balance, pending: sellerAccounts.pending, frozen: sellerAccounts.frozen })
      .from(sellerAccounts)
      .where(and(eq(sellerAccounts.ownerKind, 'shop'), eq(sellerAccounts.ownerId, shopId)))
      .limit(1),
  ]);
  return { unfinished_orders: o?.n ?? 0, balance: acc?.balance ?? 0, pending: acc?.pending ?? 0, frozen: acc?.frozen ?? 0 };
}

/** Catalogue lists and kept pages show the shop's goods and courses with their new status. */
function catalogueChanged(): void {
  invalidate('catalogue:');
  invalidatePages();
}

/** Puts back on sale what the application took off (only what is still off and still the shop's). */
async function restoreOnSale(tx: TxOrDb, a: Row): Promise<void> {
  if (a.offGoods.length) {
    await tx
      .update(goods)
      .set({ status: 1 })
      .where(and(eq(goods.shopId, a.shopId), inArray(goods.id, a.offGoods), eq(goods.status, 0)));
  }
  if (a.offCourses.length) {
    await tx
      .update(courses)
      .set({ status: 1 })
      .where(and(eq(courses.shopId, a.shopId), inArray(courses.id, a.offCourses), eq(courses.status, 0)));
  }
}

/**
 * `/api/shop/applyCancelStatus`: 1 trading normally (no application, or the last one refused or
 * withdrawn), 2 an application is pending, 3 cancelled. A user without a shop is 1.
 */
export async function applyCancelStatus(userId: number): Promise<CancelStatus> {
  const [shop] = await db().select({ id: shops.id }).from(shops).where(eq(shops.userId, userId)).limit(1);
  if (!shop) return statusOf(undefined);
  return statusOf(await latestApplication(db(), shop.id));
}

/** The page: status, the conditions as they stand now, and the last applications. */
export async function applyCancelInfo(userId: number): Promise<ApiOutput<'/shop/applyCancelInfo'>> {
  const shopId = await shopIdOf(userId);
  const [conditions, history] = await Promise.all([
    cancelConditions(db(), shopId),
    db()
      .select()
      .from(shopCancelApplications)
      .where(eq(shopCancelApplications.shopId, shopId))
      .orderBy(desc(shopCancelApplications.id))
      .limit(10),
  ]);
  const problem = cancelConditionError(conditions);
  return {
    ...statusOf(await latestApplication(db(), shopId)),
    conditions: { ...conditions, ok: !problem, problem: problem ?? '' },
    history: history.map(applicationView),
  };
}

const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** `/api/shop/applyCancel`: checks the conditions, takes the shop's goods and courses off sale, records the application. */
export async function applyCancel(userId: number, reason: string): Promise<CancelStatus> {
  const shopId = await shopIdOf(userId);
  try {
    const result = await db().transaction(async (tx) => {
      await lockShop(tx, shopId);
      const latest = await latestApplication(tx, shopId);
      if (latest?.status === 'pending') throw refuse(SHOP_CANCEL_TEXTS.alreadyPending);
      if (latest?.status === 'approved') throw refuse(SHOP_CANCEL_TEXTS.alreadyCancelled);
      const problem = cancelConditionError(await cancelConditions(tx, shopId));
      if (problem) throw refuse(problem);
      const offGoods = await tx
        .update(goods)
        .set({ status: 0 })
        .where(and(eq(goods.shopId, shopId), eq(goods.status, 1)))
        .returning({ id: goods.id });
      const offCourses = await tx
        .update(courses)
        .set({ status: 0 })
        .where(and(eq(courses.shopId, shopId), eq(courses.status, 1)))
        .returning({ id: courses.id });
      const [a] = await tx
        .insert(shopCancelApplications)
        .values({ shopId, userId, reason, offGoods: offGoods.map((g) => g.id), offCourses: offCourses.map((c) => c.id) })
        .returning();
      return statusOf(a);
    });
    catalogueChanged();
    return result;
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(SHOP_CANCEL_TEXTS.alreadyPending);
    throw err;
  }
}

/** The owner takes a pending application back: what it took off sale goes back on sale. */
export async function withdrawCancel(userId: number): Promise<CancelStatus> {
  const shopId = await shopIdOf(userId);
  const result = await db().transaction(async (tx) => {
    await lockShop(tx, shopId);
    const [a] = await tx
      .update(shopCancelApplications)
      .set({ status: 'withdrawn', decidedAt: new Date() })
      .where(and(eq(shopCancelApplications.shopId, shopId), eq(shopCancelApplications.status, 'pending')))
      .returning();
    if (!a) throw refuse(SHOP_CANCEL_TEXTS.nothingPending);
    await restoreOnSale(tx, a);
    return statusOf(a);
  });
  catalogueChanged();
  return result;
}

async function shopOfApplication(applicationId: number): Promise<number | null> {
  const [a] = await db()
    .select({ shopId: shopCancelApplications.shopId })
    .from(shopCancelApplications)
    .where(eq(shopCancelApplications.id, applicationId))
    .limit(1);
  return a?.shopId ?? null;
}

/**
 * Operator: approves a pending application. The conditions are checked again (an
 * order may have arrived meanwhile — refused with the reason, nothing changes); then the shop is
 * closed (status 0), its goods and courses stay off sale, and the owner is a member again
 * (identity 0, sessions re-read). False when the application is no longer pending.
 */
export async function approveShopCancel(applicationId: number, inTx?: ShopCancelHook): Promise<boolean> {
  const shopId = await shopOfApplication(applicationId);
  if (shopId === null) return false;
  const userId = await db().transaction(async (tx) => {
    await lockShop(tx, shopId);
    const problem = cancelConditionError(await cancelConditions(tx, shopId));
    const [a] = await tx
      .update(shopCancelApplications)
      .set({ status: 'approved', decidedAt: new Date() })
      .where(and(eq(shopCancelApplications.id, applicationId), eq(shopCancelApplications.status, 'pending')))
      .returning();
    if (!a) return null;
    if (problem) throw refuse(problem);
    await tx.update(shops).set({ status: 0 }).where(eq(shops.id, a.shopId));
    await tx
      .update(users)
      .set({ identity: Identity.MEMBER, updatedAt: new Date() })
      .where(and(eq(users.id, a.userId), eq(users.identity, Identity.MECHANT)));
    if (inTx) await inTx(tx, a);
    return a.userId;
  });
  if (userId === null) return false;
  forgetSessions({ userId });
  // Back to a member: chat shows the nickname again (Tencent IM keeps its own copy).
  syncChatAccount({ id: userId });
  catalogueChanged();
  return true;
}

/** Operator: refuses a pending application with a reason; the goods and courses go back on sale. */
export async function refuseShopCancel(applicationId: number, reason: string, inTx?: ShopCancelHook): Promise<boolean> {
  const why = reason.trim().slice(0, 200);
  if (!why) throw refuse('请填写驳回原因');
  const shopId = await shopOfApplication(applicationId);
  if (shopId === null) return false;
  const done = await db().transaction(async (tx) => {
    await lockShop(tx, shopId);
    const [a] = await tx
      .update(shopCancelApplications)
      .set({ status: 'refused', refuseReason: why, decidedAt: new Date() })
      .where(and(eq(shopCancelApplications.id, applicationId), eq(shopCancelApplications.status, 'pending')))
      .returning();
    if (!a) return false;
    await restoreOnSale(tx, a);
    if (inTx) await inTx(tx, a);
    return true;
  });
  if (done) catalogueChanged();
  return done;
}
