import { and, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SellerListOrder } from '~/lib/api/contract/seller-orders';
import type { ApiOutput } from '~/lib/api/types';
import { PAY_METHOD_TEXT, statusText, type OrderKind, type OrderStatus, type PayMethod } from '~/lib/rules/order-status';
import { SELLER_ORDER_LIMITS, SELLER_TAB_STATUSES, type SellerOrderKind, type SellerOrderTab } from '~/lib/rules/seller-orders';
import type { SellerArea } from '~/lib/rules/seller-nav';
import { db } from '../../db';
import { orderItems, orderRefunds, orders, sellerAccounts, sellerLedger, users } from '../../db/schema';
import { sellerNames, sellerOrderView } from '../commerce/order-lifecycle.service';
import { likeOf } from '../catalogue/listing';
import { coachIdOf, shopIdOf } from '../catalogue/owner';
import type { SessionUser } from '../../http/context';
import { incomeChart } from './payout.service';

/** The coach or shop the caller manages in an area (403 when they have none there). */
export async function areaOwner(userId: number, area: SellerArea): Promise<{ kind: 'coach' | 'shop'; id: number }> {
  return area === 'coach' ? { kind: 'coach', id: await coachIdOf(userId) } : { kind: 'shop', id: await shopIdOf(userId) };
}

/** Orders the owner sold, or sold as an agent for someone else. */
function ownedBy(owner: { kind: 'coach' | 'shop'; id: number }): SQL | undefined {
  const own = owner.kind === 'coach' ? eq(orders.coachId, owner.id) : eq(orders.shopId, owner.id);
  return or(own, and(eq(orders.agentKind, owner.kind), eq(orders.agentId, owner.id)));
}

function filters(owner: { kind: 'coach' | 'shop'; id: number }, kind: SellerOrderKind, tab: SellerOrderTab, key: string) {
  const k = key.trim();
  return and(
    ownedBy(owner),
    kind === 'all' ? undefined : eq(orders.kind, kind),
    tab === 'all' ? undefined : inArray(orders.status, SELLER_TAB_STATUSES[tab]),
    k
      ? or(
          ilike(orders.orderNo, `${likeOf(k).slice(1)}`),
          ilike(users.nickName, likeOf(k)),
          /^\d{3,11}$/.test(k) ? ilike(users.phone, likeOf(k)) : undefined,
        )
      : undefined,
  );
}

/** What the owner's account got from each order (sale or commission credits). */
async function incomeByOrder(owner: { kind: 'coach' | 'shop'; id: number }, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, number>();
  const rows = await db()
    .select({ orderId: sellerLedger.refId, amount: sellerLedger.pendingDelta })
    .from(sellerLedger)
    .innerJoin(sellerAccounts, eq(sellerAccounts.id, sellerLedger.accountId))
    .where(
      and(
        eq(sellerAccounts.ownerKind, owner.kind),
        eq(sellerAccounts.ownerId, owner.id),
        eq(sellerLedger.refType, 'order'),
        inArray(sellerLedger.reason, ['sale', 'commission']),
        inArray(sellerLedger.refId, orderIds),
      ),
    );
  return new Map(rows.map((r) => [r.orderId, r.amount]));
}

/**
 * /seller/orders: the orders of the caller's coach or shop (and those sold through them as an
 * agent, read-only), newest first, by kind and tab, searchable by order number (prefix) or the
 * buyer's nickname or phone.
 */
export async function sellerOrderList(
  userId: number,
  input: { area: SellerArea; kind: SellerOrderKind; tab: SellerOrderTab; key: string; page: number; limit: number },
): Promise<ApiOutput<'/seller/orders'>> {
  const owner = await areaOwner(userId, input.area);
  const where = filters(owner, input.kind, input.tab, input.key);
  const [rows, [total]] = await Promise.all([
    db()
      .select({ o: orders, nick: users.nickName, phone: users.phone })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db().select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  const ids = rows.map((r) => r.o.id);
  const [items, refunds, income, seller] = await Promise.all([
    ids.length ? db().select().from(orderItems).where(inArray(orderItems.orderId, ids)) : [],
    ids.length ? db().select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids)) : [],
    incomeByOrder(owner, ids),
    sellerNames(rows.map((r) => r.o)),
  ]);
  const list = rows.map(({ o, nick, phone }): SellerListOrder => {
    const agent = o.agentKind === owner.kind && o.agentId === owner.id && !isSeller(o, owner);
    const view = sellerOrderView(
      o,
      items.filter((i) => i.orderId === o.id),
      seller(o),
      { nick_name: nick, phone },
      refunds.find((r) => r.orderId === o.id),
    );
    const got = income.get(o.id) ?? 0;
    // An agent only looks: the owner ships and decides refunds.
    return agent
      ? { ...view, address: null, can_ship: 0, can_decide: 0, agent: 1, agent_income: got, income: got }
      : { ...view, agent: 0, agent_income: 0, income: got };
  });
  return { list, total: total?.n ?? 0, page: input.page, limit: input.limit };
}

function isSeller(o: typeof orders.$inferSelect, owner: { kind: 'coach' | 'shop'; id: number }): boolean {
  return owner.kind === 'coach' ? o.coachId === owner.id : o.shopId === owner.id;
}

const KIND_TEXT: Record<OrderKind, string> = { goods: '商品', course: '课程', class: '班级', grading: '考评', vip: '会员' };

/** One CSV field: quoted when needed, and a leading =+-@ defused so spreadsheets do not run it. */
export function csvField(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
/** Beijing time as `YYYY-MM-DD HH:mm:ss`. */
const bj = (d: Date | null) => (d ? new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') : '');

/**
 * /seller/orders/export: a month's orders (placed in that month, Beijing time) as CSV text with a
 * UTF-8 BOM, so Excel shows the Chinese. At most SELLER_ORDER_LIMITS.exportRows rows.
 */
export async function exportSellerOrders(
  userId: number,
  input: { area: SellerArea; kind: SellerOrderKind; month: string },
): Promise<ApiOutput<'/seller/orders/export'>> {
  const owner = await areaOwner(userId, input.area);
  const [y, m] = input.month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 1, 1) - 8 * 3600_000);
  const to = new Date(Date.UTC(y, m, 1) - 8 * 3600_000);
  const max = SELLER_ORDER_LIMITS.exportRows;
  const rows = await db()
    .select({ o: orders, nick: users.nickName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(filters(owner, input.kind, 'all', ''), gte(orders.createdAt, from), lt(orders.createdAt, to)))
    .orderBy(desc(orders.id))
    .limit(max + 1);
  const shown = rows.slice(0, max);
  const ids = shown.map((r) => r.o.id);
  const [items, income] = await Promise.all([
    ids.length ? db().select().from(orderItems).where(inArray(orderItems.orderId, ids)) : [],
    incomeByOrder(owner, ids),
  ]);
  const head = [
    '订单号',
    '类型',
    '状态',
    '下单时间',
    '支付时间',
    '支付方式',
    '买家',
    '商品/课程',
    '数量',
    '商品金额',
    '运费',
    '优惠',
    '实付',
    '本人所得',
    '收货人',
    '收货电话',
    '收货地址',
    '快递公司',
    '快递单号',
    '退款原因',
    '代理订单',
  ];
  const lines = shown.map(({ o, nick }) => {
    const its = items.filter((i) => i.orderId === o.id);
    const a = isSeller(o, owner) ? o.address : null;
    return [
      o.orderNo,
      KIND_TEXT[o.kind as OrderKind] ?? o.kind,
      statusText(o.kind as OrderKind, o.status as OrderStatus),
      bj(o.createdAt),
      bj(o.paidAt),
      PAY_METHOD_TEXT[o.payMethod as PayMethod] ?? o.payMethod,
      nick,
      its.map((i) => (i.specs ? `${i.title}（${i.specs}）` : i.title)).join('；'),
      its.reduce((n, i) => n + i.num, 0),
      yuan(o.itemsTotal),
      yuan(o.freight),
      yuan(o.discount),
      yuan(o.payAmount),
      yuan(income.get(o.id) ?? 0),
      a?.['name'] ?? '',
      a?.['phone'] ?? '',
      a ? `${a['province'] ?? ''}${a['city'] ?? ''}${a['district'] ?? ''}${a['detail'] ?? ''}` : '',
      o.expressCompany,
      o.expressNo,
      o.refundReason,
      isSeller(o, owner) ? '' : '是',
    ]
      .map(csvField)
      .join(',');
  });
  const csv = `\uFEFF${[head.join(','), ...lines].join('\r\n')}\r\n`;
  const kindName = input.kind === 'all' ? '全部' : KIND_TEXT[input.kind];
  return {
    filename: `${input.area === 'coach' ? '教练' : '店铺'}${kindName}订单-${input.month}.csv`,
    rows: shown.length,
    truncated: rows.length > max ? 1 : 0,
    csv,
  };
}

/**
 * A seller's day on the phone (/m/my/seller): orders paid today and their total (own sales, not
 * agent ones), today's income as the income chart counts it, and the goods orders waiting to ship.
 */
export async function sellerToday(user: SessionUser, area: SellerArea, now = new Date()): Promise<ApiOutput<'/seller/today'>> {
  const owner = await areaOwner(user.id, area);
  const own = owner.kind === 'coach' ? eq(orders.coachId, owner.id) : eq(orders.shopId, owner.id);
  const date = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const start = new Date(`${date}T00:00:00+08:00`);
  const [[paid], [ship], chart] = await Promise.all([
    db()
      .select({ n: count(), sales: sql<number>`coalesce(sum(${orders.payAmount}), 0)::int` })
      .from(orders)
      .where(and(own, isNotNull(orders.paidAt), gte(orders.paidAt, start))),
    db()
      .select({ n: count() })
      .from(orders)
      .where(and(own, eq(orders.kind, 'goods'), inArray(orders.status, SELLER_TAB_STATUSES.paid))),
    incomeChart(user, 'seller', now),
  ]);
  const day = chart.days.find((d) => d.date === date);
  return {
    date,
    orders: paid?.n ?? 0,
    sales: Number(paid?.sales ?? 0),
    income: day?.income ?? 0,
    refund: day?.refund ?? 0,
    to_ship: ship?.n ?? 0,
  };
}
