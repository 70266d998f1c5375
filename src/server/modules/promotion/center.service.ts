import { and, count, desc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import type { ApiOutput } from '~/lib/api/types';
import {
  PROMOTION_STATUS_TEXT,
  PROMOTION_TEXTS,
  SHARE_KINDS,
  shareLink,
  type PromotionStatus,
  type ShareKind,
} from '~/lib/rules/promotion';
import { db } from '../../db';
import { classes, courses, goods, orderItems, orders, promotionClicks, promotionOrders, sellerAccounts, users } from '../../db/schema';
import { codeOf } from './share.service';
import { promotionLimits } from './limits';

/**
 * 推广中心 (/my/promotion): what the member's links brought — clicks by item, orders and their
 * commission, the commission account. Every query filters by the caller's id.
 */

/** Orders that never became a sale: their commission will never come. */
const DEAD = ['unpaid', 'closed', 'cancelled'];

/** A buyer's name as a sharer sees it: first character and a mask. */
const maskNick = (nick: string): string => {
  const chars = Array.from(nick.trim());
  return chars.length === 0 ? '用户' : `${chars[0]}***`;
};

/** How a commission row reads now: its own status, an unpaid order's, or lapsed with the order. */
function statusOf(p: { status: string }, orderStatus: string): PromotionStatus {
  if (p.status === 'pending') return orderStatus === 'unpaid' ? 'unpaid' : DEAD.includes(orderStatus) ? 'cancelled' : 'pending';
  return p.status === 'settled' || p.status === 'reversed' ? p.status : 'cancelled';
}

export async function promotionSummary(userId: number): Promise<ApiOutput<'/member/promotion/summary'>> {
  const [code, limits, [clicks], [money], [acc]] = await Promise.all([
    codeOf(userId),
    promotionLimits(),
    db().select({ n: count() }).from(promotionClicks).where(eq(promotionClicks.sharerId, userId)),
    db()
      .select({
        orders: sql<number>`count(*) filter (where ${orders.status} not in ('unpaid', 'closed', 'cancelled'))::int`,
        pending: sql<number>`coalesce(sum(${promotionOrders.commission}) filter (where ${promotionOrders.status} = 'pending' and ${orders.status} not in ('unpaid', 'closed', 'cancelled')), 0)::int`,
        settled: sql<number>`coalesce(sum(${promotionOrders.settled} - ${promotionOrders.reversed}), 0)::int`,
        reversed: sql<number>`coalesce(sum(${promotionOrders.reversed}), 0)::int`,
      })
      .from(promotionOrders)
      .innerJoin(orders, eq(orders.id, promotionOrders.orderId))
      .where(eq(promotionOrders.sharerId, userId)),
    db()
      .select()
      .from(sellerAccounts)
      .where(and(eq(sellerAccounts.ownerKind, 'member'), eq(sellerAccounts.ownerId, userId)))
      .limit(1),
  ]);
  return {
    code,
    clicks: clicks?.n ?? 0,
    orders: Number(money?.orders ?? 0),
    pending: Number(money?.pending ?? 0),
    settled: Number(money?.settled ?? 0),
    reversed: Number(money?.reversed ?? 0),
    balance: acc?.balance ?? 0,
    frozen: acc?.frozen ?? 0,
    withdrawn: acc?.withdrawn ?? 0,
    window_days: limits.windowDays,
    rule: PROMOTION_TEXTS.rule(limits.windowDays),
  };
}

/** Titles of shared items, kind by kind (an item since deleted reads as such). */
async function titlesOf(keys: { kind: ShareKind; id: number }[]): Promise<Map<string, string>> {
  const ids = (kind: ShareKind) => keys.filter((k) => k.kind === kind).map((k) => k.id);
  const [c, k, g] = await Promise.all([
    ids('course').length
      ? db()
          .select({ id: courses.id, title: courses.title })
          .from(courses)
          .where(inArray(courses.id, ids('course')))
      : [],
    ids('class').length
      ? db()
          .select({ id: classes.id, title: classes.title })
          .from(classes)
          .where(inArray(classes.id, ids('class')))
      : [],
    ids('goods').length
      ? db()
          .select({ id: goods.id, title: goods.title })
          .from(goods)
          .where(inArray(goods.id, ids('goods')))
      : [],
  ]);
  return new Map([
    ...c.map((r) => [`course:${r.id}`, r.title] as const),
    ...k.map((r) => [`class:${r.id}`, r.title] as const),
    ...g.map((r) => [`goods:${r.id}`, r.title] as const),
  ]);
}

const kindOf = (k: string): ShareKind => {
  const kind = SHARE_KINDS.find((x) => x === k);
  if (!kind) throw new Error(`promotion click of unknown kind ${k}`);
  return kind;
};

export async function promotionItems(userId: number, page: number, limit: number): Promise<ApiOutput<'/member/promotion/links'>> {
  const where = eq(promotionClicks.sharerId, userId);
  const [rows, [total], code] = await Promise.all([
    db()
      .select({ kind: promotionClicks.itemKind, id: promotionClicks.itemId, clicks: count(), last: max(promotionClicks.createdAt) })
      .from(promotionClicks)
      .where(where)
      .groupBy(promotionClicks.itemKind, promotionClicks.itemId)
      .orderBy(desc(max(promotionClicks.createdAt)), desc(promotionClicks.itemId))
      .limit(limit)
      .offset((page - 1) * limit),
    db()
      .select({ n: sql<number>`count(distinct (${promotionClicks.itemKind}, ${promotionClicks.itemId}))::int` })
      .from(promotionClicks)
      .where(where),
    codeOf(userId),
  ]);
  const titles = await titlesOf(rows.map((r) => ({ kind: kindOf(r.kind), id: r.id })));
  return {
    list: rows.map((r) => ({
      kind: kindOf(r.kind),
      item_id: r.id,
      title: titles.get(`${r.kind}:${r.id}`) ?? '已删除的商品',
      url: shareLink(kindOf(r.kind), r.id, code),
      clicks: r.clicks,
      last_at: (r.last ?? new Date(0)).toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page,
    limit,
  };
}

export async function promotionOrderPage(userId: number, page: number, limit: number): Promise<ApiOutput<'/member/promotion/orders'>> {
  // Orders that closed unpaid are left out: nothing was bought through the link.
  const where = and(eq(promotionOrders.sharerId, userId), notInArray(orders.status, ['closed', 'cancelled']));
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        p: promotionOrders,
        no: orders.orderNo,
        status: orders.status,
        pay: orders.payAmount,
        nick: users.nickName,
        createdAt: orders.createdAt,
      })
      .from(promotionOrders)
      .innerJoin(orders, eq(orders.id, promotionOrders.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(promotionOrders.orderId))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(promotionOrders).innerJoin(orders, eq(orders.id, promotionOrders.orderId)).where(where),
  ]);
  const firstTitles = rows.length
    ? await db()
        .select({
          orderId: orderItems.orderId,
          title: orderItems.title,
          n: sql<number>`count(*) over (partition by ${orderItems.orderId})::int`,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((r) => r.p.orderId),
          ),
        )
        .orderBy(orderItems.id)
    : [];
  return {
    list: rows.map((r) => {
      const items = firstTitles.filter((t) => t.orderId === r.p.orderId);
      const status = statusOf(r.p, r.status);
      return {
        order_no: r.no,
        title: items.length > 1 ? `${items[0]?.title ?? ''} 等 ${items.length} 件` : (items[0]?.title ?? ''),
        buyer: maskNick(r.nick),
        pay_amount: r.pay,
        commission: r.p.status === 'settled' || r.p.status === 'reversed' ? r.p.settled : r.p.commission,
        reversed: r.p.reversed,
        status,
        status_text: PROMOTION_STATUS_TEXT[status],
        created_at: r.createdAt.toISOString(),
      };
    }),
    total: total?.n ?? 0,
    page,
    limit,
  };
}
