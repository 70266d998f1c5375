import { randomInt } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { db } from '../../db';
import { addresses, classes, courseAccess, courses, goods, orderItems, orders, skus, users } from '../../db/schema';
import { notFound, refuse, tooMany } from '../../http/errors';
import { invalidate } from '../../cache';
import { verifyPassword } from '../../security/password';
import { FailureLimiter, minutesText } from '../../security/limiter';
import { changeCoins, coinsFor } from './wallet.service';

/** Unpaid orders close by themselves after this long (stock, seats back). */
export const ORDER_TTL_MIN = 30;

export const ORDER_TEXTS = {
  stock: (title: string) => `「${title}」库存不足`,
  offShelf: '商品已下架或不存在',
  oneShop: '一个订单只能包含同一店铺的商品',
  address: '请选择收货地址',
  seats: '名额已满',
  owned: '你已购买过该课程',
  free: '免费课程无需购买',
  state: '订单状态已变化，请刷新后重试',
  payPwUnset: '请先设置支付密码',
  payPwWrong: '支付密码错误',
  payPwLocked: (m: string) => `支付密码错误次数过多，请 ${m}后再试`,
} as const;

/** Five wrong pay passwords in 15 minutes lock coin payments for 15 minutes. */
export const payGuard = new FailureLimiter('pay_pw', 5, 900, 900);

const orderNo = () => `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${Date.now().toString().slice(-8)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
const expiry = () => new Date(Date.now() + ORDER_TTL_MIN * 60_000);

/**
 * A goods order for SKUs of one shop. Stock is taken with conditional updates in the same
 * transaction, so concurrent checkouts can never oversell; a refusal rolls everything back.
 */
export async function createGoodsOrder(userId: number, input: { items: { sku_id: number; num: number }[]; address_id: number; remark: string }) {
  const [addr] = await db()
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, input.address_id), eq(addresses.userId, userId)))
    .limit(1);
  if (!addr) throw refuse(ORDER_TEXTS.address);
  const rows = await db()
    .select({ sku: skus, g: goods })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(inArray(skus.id, input.items.map((i) => i.sku_id)));
  if (rows.length !== new Set(input.items.map((i) => i.sku_id)).size || rows.some((r) => r.g.status !== 1)) throw refuse(ORDER_TEXTS.offShelf);
  const shopIds = new Set(rows.map((r) => r.g.shopId));
  if (shopIds.size !== 1) throw refuse(ORDER_TEXTS.oneShop);

  const order = await db().transaction(async (tx) => {
    let total = 0;
    const lines: (typeof orderItems.$inferInsert)[] = [];
    for (const it of input.items) {
      const r = rows.find((x) => x.sku.id === it.sku_id)!;
      const [left] = await tx
        .update(skus)
        .set({ stock: sql`${skus.stock} - ${it.num}` })
        .where(and(eq(skus.id, it.sku_id), sql`${skus.stock} >= ${it.num}`))
        .returning({ stock: skus.stock });
      if (!left) throw refuse(ORDER_TEXTS.stock(r.g.title));
      total += r.sku.price * it.num;
      lines.push({ orderId: 0, goodsId: r.g.id, skuId: r.sku.id, title: r.g.title, specs: r.sku.specs.join(' / '), cover: r.g.images[0] ?? '', price: r.sku.price, num: it.num });
    }
    const [o] = await tx
      .insert(orders)
      .values({
        orderNo: orderNo(),
        userId,
        kind: 'goods',
        shopId: [...shopIds][0]!,
        itemsTotal: total,
        payAmount: total,
        address: { name: addr.name, phone: addr.phone, province: addr.province, city: addr.city, district: addr.district, detail: addr.detail },
        remark: input.remark,
        expiresAt: expiry(),
      })
      .returning();
    await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: o!.id })));
    return o!;
  });
  return { id: order.id, order_no: order.orderNo, pay_amount: order.payAmount };
}

/** A course order (paid courses the member does not own yet). */
export async function createCourseOrder(userId: number, courseId: number) {
  const [c] = await db().select().from(courses).where(and(eq(courses.id, courseId), eq(courses.status, 1))).limit(1);
  if (!c) throw notFound('课程不存在或已下架');
  if (c.price <= 0) throw refuse(ORDER_TEXTS.free);
  const [owned] = await db().select().from(courseAccess).where(and(eq(courseAccess.userId, userId), eq(courseAccess.courseId, courseId))).limit(1);
  if (owned) throw refuse(ORDER_TEXTS.owned);
  const [o] = await db().transaction(async (tx) => {
    const created = await tx
      .insert(orders)
      .values({ orderNo: orderNo(), userId, kind: 'course', coachId: c.coachId, shopId: c.shopId, itemsTotal: c.price, payAmount: c.price, expiresAt: expiry() })
      .returning();
    await tx.insert(orderItems).values({ orderId: created[0]!.id, courseId, title: c.title, cover: c.cover, price: c.price, num: 1 });
    return created;
  });
  return { id: o!.id, order_no: o!.orderNo, pay_amount: o!.payAmount };
}

/** A class order takes a seat at once (conditional on capacity); cancelling or closing returns it. */
export async function createClassOrder(userId: number, classId: number) {
  const [k] = await db().select().from(classes).where(and(eq(classes.id, classId), eq(classes.status, 1))).limit(1);
  if (!k) throw notFound('班级不存在或已下架');
  const o = await db().transaction(async (tx) => {
    const [seat] = await tx
      .update(classes)
      .set({ enrolled: sql`${classes.enrolled} + 1` })
      .where(and(eq(classes.id, classId), lt(classes.enrolled, classes.capacity)))
      .returning({ enrolled: classes.enrolled });
    if (!seat) throw refuse(ORDER_TEXTS.seats);
    const [created] = await tx
      .insert(orders)
      .values({ orderNo: orderNo(), userId, kind: 'class', coachId: k.coachId, itemsTotal: k.price, payAmount: k.price, expiresAt: expiry() })
      .returning();
    await tx.insert(orderItems).values({ orderId: created!.id, classId, title: k.title, specs: k.schedule, cover: k.cover, price: k.price, num: 1 });
    return created!;
  });
  invalidate('catalogue:');
  return { id: o.id, order_no: o.orderNo, pay_amount: o.payAmount };
}

/** Gives back what an unpaid order held: SKU stock or the class seat. */
async function release(tx: Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0], orderId: number) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  for (const it of items) {
    if (it.skuId) await tx.update(skus).set({ stock: sql`${skus.stock} + ${it.num}` }).where(eq(skus.id, it.skuId));
    if (it.classId) await tx.update(classes).set({ enrolled: sql`greatest(${classes.enrolled} - 1, 0)` }).where(eq(classes.id, it.classId));
  }
}

/** Cancels the member's unpaid order (guarded: only from unpaid). */
export async function cancelOrder(userId: number, orderId: number): Promise<void> {
  await db().transaction(async (tx) => {
    const [o] = await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'unpaid')))
      .returning({ id: orders.id });
    if (!o) throw refuse(ORDER_TEXTS.state);
    await release(tx, o.id);
  });
  invalidate('catalogue:');
}

/** Closes every unpaid order past its time and releases what it held; returns how many. */
export async function closeExpiredOrders(now = new Date()): Promise<number> {
  const due = await db().select({ id: orders.id }).from(orders).where(and(eq(orders.status, 'unpaid'), lt(orders.expiresAt, now))).limit(200);
  let closed = 0;
  for (const d of due) {
    await db().transaction(async (tx) => {
      const [o] = await tx.update(orders).set({ status: 'closed', updatedAt: now }).where(and(eq(orders.id, d.id), eq(orders.status, 'unpaid'))).returning({ id: orders.id });
      if (o) {
        await release(tx, o.id);
        closed++;
      }
    });
  }
  if (closed) invalidate('catalogue:');
  return closed;
}

/**
 * Pays an unpaid order with kung fu coins: the pay password first (attempts limited), then in one
 * transaction the status moves unpaid → paid (conditional, so a second payment finds nothing to
 * do) and the coins move through the ledger (conditional on the balance).
 */
export async function payWithCoins(userId: number, orderId: number, payPassword: string) {
  const wait = await payGuard.blockedFor(String(userId));
  if (wait) throw tooMany(ORDER_TEXTS.payPwLocked(minutesText(wait)));
  const [u] = await db().select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u?.hash) throw refuse(ORDER_TEXTS.payPwUnset);
  if (!(await verifyPassword(payPassword, u.hash))) {
    const blocked = await payGuard.fail(String(userId));
    throw blocked ? tooMany(ORDER_TEXTS.payPwLocked(minutesText(blocked))) : refuse(ORDER_TEXTS.payPwWrong);
  }
  await payGuard.reset(String(userId));
  const paid = await db().transaction(async (tx) => {
    const [o] = await tx
      .update(orders)
      .set({ status: 'paid', payMethod: 'coins', paidAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'unpaid'), gt(orders.expiresAt, new Date())))
      .returning();
    if (!o) throw refuse(ORDER_TEXTS.state);
    const balance = await changeCoins(tx, userId, -coinsFor(o.payAmount), 'pay', { type: 'order', id: o.id, note: `支付订单 ${o.orderNo}` });
    if (o.kind === 'course') {
      const [item] = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id)).limit(1);
      if (item?.courseId) await tx.insert(courseAccess).values({ userId, courseId: item.courseId, orderId: o.id }).onConflictDoNothing();
    }
    if (o.kind === 'goods') {
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id));
      for (const it of items) if (it.goodsId) await tx.update(goods).set({ sales: sql`${goods.sales} + ${it.num}` }).where(eq(goods.id, it.goodsId));
    }
    return { order_no: o.orderNo, status: 'paid', balance };
  });
  invalidate('catalogue:');
  return paid;
}

/** Whether the member has bought full access to a course. */
export async function ownsCourse(userId: number, courseId: number): Promise<boolean> {
  const [r] = await db().select({ c: courseAccess.courseId }).from(courseAccess).where(and(eq(courseAccess.userId, userId), eq(courseAccess.courseId, courseId))).limit(1);
  return Boolean(r);
}
