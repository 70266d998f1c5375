import { and, asc, count, desc, eq, gte, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { ProviderInfo, ProviderOrder, ProviderOrderDetail, ProviderOverview, TeamCourse } from '~/lib/api/contract/provider';
import { ORDER_KINDS, ORDER_STATUSES, SOLD_STATUSES, statusText, type OrderKind, type OrderStatus } from '~/lib/rules/order-status';
import { PROVIDER_TEXTS } from '~/lib/rules/provider';
import { db } from '../../db';
import {
  coaches,
  courses,
  orderItems,
  orders,
  providerTeam,
  sellerAccounts,
  sellerLedger,
  sellerWithdrawals,
  serviceProviders,
  users,
} from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { notFound, refuse } from '../../http/errors';
import { normaliseStoredPath } from '../../providers/storage';
import { sellerAccountId } from '../../ledger/seller-money';
import { providerIdOf } from '../catalogue/owner';
import { ledgerEntryView, withdrawalView } from '../seller/payout.service';
import { teamCoachIds } from './team.service';

/**
 * The provider area's reads and the profile. Everything is scoped by the provider
 * from the session (`providerIdOf`); an order or ledger row outside it answers 404.
 */

async function providerOf(user: SessionUser) {
  const id = await providerIdOf(user);
  const [p] = await db().select().from(serviceProviders).where(eq(serviceProviders.id, id)).limit(1);
  if (!p) throw new Error(`provider ${id} vanished`);
  const account = await sellerAccountId(db(), { kind: 'provider', id, userId: user.id });
  return { p, account };
}

const infoView = (p: typeof serviceProviders.$inferSelect): ProviderInfo => ({
  id: p.id,
  name: p.name,
  logo: p.logo,
  contact: p.contact,
  phone: p.phone,
  city: p.city,
  intro: p.intro,
  commission_bp: p.commissionBp,
});

/** Midnight (China time) of the first day of this month. */
export function monthStart(now = new Date()): Date {
  const china = new Date(now.getTime() + 8 * 3_600_000);
  return new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), 1) - 8 * 3_600_000);
}

export async function overview(user: SessionUser, now = new Date()): Promise<ProviderOverview> {
  const { p, account } = await providerOf(user);
  const from = monthStart(now);
  const coachIds = await teamCoachIds(p.id);
  const [[invited], [sales], [commission], [acc]] = await Promise.all([
    db()
      .select({ n: count() })
      .from(providerTeam)
      .where(and(eq(providerTeam.providerId, p.id), eq(providerTeam.status, 'invited'))),
    coachIds.length
      ? db()
          .select({ n: count(), sum: sql<number>`coalesce(sum(${orders.payAmount}), 0)::int` })
          .from(orders)
          .where(
            and(
              inArray(orders.coachId, coachIds),
              inArray(orders.kind, ['course', 'class']),
              inArray(orders.status, [...SOLD_STATUSES]),
              gte(orders.paidAt, from),
            ),
          )
      : Promise.resolve([{ n: 0, sum: 0 }]),
    db()
      .select({ sum: sql<number>`coalesce(sum(${sellerLedger.pendingDelta} + ${sellerLedger.balanceDelta}), 0)::int` })
      .from(sellerLedger)
      .where(
        and(eq(sellerLedger.accountId, account), inArray(sellerLedger.reason, ['commission', 'refund']), gte(sellerLedger.createdAt, from)),
      ),
    db().select().from(sellerAccounts).where(eq(sellerAccounts.id, account)).limit(1),
  ]);
  return {
    provider: infoView(p),
    team_size: coachIds.length,
    invited: invited?.n ?? 0,
    month_orders: Number(sales?.n ?? 0),
    month_sales: Number(sales?.sum ?? 0),
    month_commission: Number(commission?.sum ?? 0),
    balance: acc?.balance ?? 0,
    pending: acc?.pending ?? 0,
    frozen: acc?.frozen ?? 0,
    withdrawn: acc?.withdrawn ?? 0,
  };
}

export async function providerInfo(user: SessionUser): Promise<ProviderInfo> {
  return infoView((await providerOf(user)).p);
}

export async function saveProviderInfo(
  user: SessionUser,
  input: { name: string; contact: string; phone: string; city: string; intro: string; logo: string },
): Promise<ProviderInfo> {
  const id = await providerIdOf(user);
  const logo = normaliseStoredPath(input.logo);
  if (logo === null) throw refuse(PROVIDER_TEXTS.badImage);
  const [p] = await db()
    .update(serviceProviders)
    .set({ ...input, logo, updatedAt: new Date() })
    .where(and(eq(serviceProviders.id, id), eq(serviceProviders.userId, user.id)))
    .returning();
  if (!p) throw notFound('服务商不存在');
  return infoView(p);
}

export async function teamCourses(user: SessionUser, q: { page: number; limit: number }) {
  const id = await providerIdOf(user);
  const coachIds = await teamCoachIds(id);
  if (!coachIds.length) return { list: [] as TeamCourse[], total: 0, page: q.page, limit: q.limit };
  const where = inArray(courses.coachId, coachIds);
  const [rows, [total]] = await Promise.all([
    db()
      .select({ c: courses, coach: coaches.name })
      .from(courses)
      .innerJoin(coaches, eq(coaches.id, courses.coachId))
      .where(where)
      .orderBy(desc(courses.status), desc(courses.sales), desc(courses.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(courses).where(where),
  ]);
  return {
    list: rows.map(({ c, coach }): TeamCourse => ({
      id: c.id,
      title: c.title,
      cover: c.cover,
      coach_name: coach,
      price: c.price,
      sales: c.sales,
      lessons: c.lessonCount,
      on_sale: c.status === 1,
    })),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

// ---------------------------------------------------------------------------------------------
// Orders of the team: course and class orders of the coaches now in the team, and any order that
// credited this provider (a coach removed since keeps their past orders here).

const ledgerOf = (account: number, reason: string) =>
  sql`(select l.pending_delta from seller_ledger l where l.account_id = ${account} and l.ref_type = 'order' and l.ref_id = "orders"."id" and l.reason = ${reason} limit 1)`;
const hasLedger = (account: number, reason: string) =>
  sql<boolean>`exists (select 1 from seller_ledger l where l.account_id = ${account} and l.ref_type = 'order' and l.ref_id = "orders"."id" and l.reason = ${reason})`;

const orderColumns = (account: number) => ({
  o: orders,
  buyer: users.nickName,
  coach: coaches.name,
  title: sql<string>`coalesce((select i.title from order_items i where i.order_id = "orders"."id" order by i.id limit 1), '')`,
  cover: sql<string>`coalesce((select i.cover from order_items i where i.order_id = "orders"."id" order by i.id limit 1), '')`,
  commission: sql<number>`coalesce(${ledgerOf(account, 'commission')}, 0)::int`,
  settled: hasLedger(account, 'settle'),
  refunded: hasLedger(account, 'refund'),
});

type OrderRow = {
  o: typeof orders.$inferSelect;
  buyer: string | null;
  coach: string | null;
  title: string;
  cover: string;
  commission: number;
  settled: boolean;
  refunded: boolean;
};

const kindOf = (k: string): OrderKind => ORDER_KINDS.find((x) => x === k) ?? 'course';
const orderStatusOf = (s: string): OrderStatus => ORDER_STATUSES.find((x) => x === s) ?? 'closed';

function orderView(r: OrderRow): ProviderOrder {
  const kind = kindOf(r.o.kind);
  const status = orderStatusOf(r.o.status);
  const commission = Number(r.commission);
  return {
    id: r.o.id,
    order_no: r.o.orderNo,
    kind,
    title: r.title,
    cover: r.cover,
    coach_name: r.coach ?? '',
    buyer: r.buyer ?? '',
    pay_amount: r.o.payAmount,
    status,
    status_text: statusText(kind, status),
    commission,
    commission_state: commission <= 0 ? 'none' : r.refunded ? 'refunded' : r.settled ? 'settled' : 'pending',
    created_at: r.o.createdAt.toISOString(),
    paid_at: r.o.paidAt?.toISOString() ?? null,
  };
}

async function teamOrderWhere(providerId: number, account: number, kind: 'all' | 'course' | 'class'): Promise<SQL | undefined> {
  const coachIds = await teamCoachIds(providerId);
  const credited = sql`exists (select 1 from seller_ledger l where l.account_id = ${account} and l.ref_type = 'order' and l.ref_id = "orders"."id")`;
  return and(
    kind === 'all' ? inArray(orders.kind, ['course', 'class']) : eq(orders.kind, kind),
    notInArray(orders.status, ['unpaid', 'cancelled', 'closed']),
    coachIds.length ? or(inArray(orders.coachId, coachIds), credited) : credited,
  );
}

export async function teamOrders(user: SessionUser, q: { page: number; limit: number; kind: 'all' | 'course' | 'class' }) {
  const { p, account } = await providerOf(user);
  const where = await teamOrderWhere(p.id, account, q.kind);
  const [rows, [total]] = await Promise.all([
    db()
      .select(orderColumns(account))
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(coaches, eq(coaches.id, orders.coachId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db().select({ n: count() }).from(orders).where(where),
  ]);
  return { list: rows.map(orderView), total: total?.n ?? 0, page: q.page, limit: q.limit };
}

async function orderRow(account: number, where: SQL | undefined): Promise<OrderRow | undefined> {
  const [r] = await db()
    .select(orderColumns(account))
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(coaches, eq(coaches.id, orders.coachId))
    .where(where)
    .limit(1);
  return r;
}

export async function teamOrderDetail(user: SessionUser, id: number): Promise<ProviderOrderDetail> {
  const { p, account } = await providerOf(user);
  const r = await orderRow(account, and(eq(orders.id, id), await teamOrderWhere(p.id, account, 'all')));
  if (!r) throw notFound(PROVIDER_TEXTS.orderNotFound);
  const [items, ledger] = await Promise.all([
    db()
      .select({ title: orderItems.title, cover: orderItems.cover, price: orderItems.price, num: orderItems.num })
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.id)),
    db()
      .select()
      .from(sellerLedger)
      .where(and(eq(sellerLedger.accountId, account), eq(sellerLedger.refType, 'order'), eq(sellerLedger.refId, id)))
      .orderBy(asc(sellerLedger.id)),
  ]);
  return { ...orderView(r), items, commission_bp: p.commissionBp, ledger: ledger.map((l) => ledgerEntryView(l, 'provider')) };
}

/** /api/provider/ledgerDetail: one row of the provider's own ledger, with the order or withdrawal behind it. */
export async function ledgerDetail(user: SessionUser, id: number) {
  const { account } = await providerOf(user);
  const [l] = await db()
    .select()
    .from(sellerLedger)
    .where(and(eq(sellerLedger.id, id), eq(sellerLedger.accountId, account)))
    .limit(1);
  if (!l) throw notFound(PROVIDER_TEXTS.ledgerNotFound);
  const order = l.refType === 'order' ? await orderRow(account, eq(orders.id, l.refId)) : undefined;
  const [w] =
    l.refType === 'withdrawal'
      ? await db()
          .select()
          .from(sellerWithdrawals)
          .where(and(eq(sellerWithdrawals.id, l.refId), eq(sellerWithdrawals.accountId, account)))
          .limit(1)
      : [];
  return { entry: ledgerEntryView(l, 'provider'), order: order ? orderView(order) : null, withdrawal: w ? withdrawalView(w) : null };
}
