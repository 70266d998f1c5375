import { randomInt } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { db, type TxOrDb } from '../../db';
import { env } from '../../env';
import { addresses, classes, courses, goods, orderItems, orders, shops, skus } from '../../db/schema';
import { ownsCourse } from '../catalogue/course-access';
import { isActiveMember } from '../catalogue/membership';
import { returnSeat, returnStock, takeSeat, takeStock } from '../catalogue/inventory';
import { lockItem, refuseDuplicate } from './order-holding';
import { ORDER_TEXTS } from './order-texts';
import { notFound, refuse } from '../../http/errors';
import type { CreatedOrder, GoodsLine, GoodsPreview, ItemPreview } from '~/lib/api/contract/checkout';
import type { ApiOutput } from '~/lib/api/types';
import { one } from '../../db/rows';
import { invalidate } from '../../cache';
import { holdCoupon, releaseCoupons, usableCoupons, type CouponContext } from './coupon.service';
import { orderAgent } from './order-agent';
import { clearBought } from './cart.service';
import { groupHandlerFor, handlerFor, type CampaignOffer } from './order-kinds';
import { emit } from '../../events';

export const orderNo = () =>
  `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${Date.now().toString().slice(-8)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
/** Unpaid orders close by themselves after ORDER_TTL_MIN (stock, seats, coupon back). */
export const expiry = (offer?: CampaignOffer) => new Date(Date.now() + (offer?.ttlMin ?? env().ORDER_TTL_MIN) * 60_000);

/** Goods orders under this many fen pay a flat freight; at or above it shipping is free. */
export const FREE_FREIGHT_FROM = 9900;
export const FREIGHT = 1000;
export const freightFor = (itemsTotal: number) => (itemsTotal >= FREE_FREIGHT_FROM ? 0 : FREIGHT);

/** What the member pays: the one formula behind every preview and every order. */
export const payAmountOf = (itemsTotal: number, freight: number, discount: number) => itemsTotal + freight - discount;

/**
 * Loads the SKUs of a goods checkout and checks they are on sale and of one shop. Each line's price is
 * what this member pays now: a campaign's price (秒杀) when the order is placed with one, else the SKU's
 * 会员价 for an active VIP, else its price — the preview and the order are priced by this one function.
 */
async function goodsLines(userId: number, items: GoodsLine[], offer?: CampaignOffer) {
  const rows = await db()
    .select({ sku: skus, g: goods, shopName: shops.name })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .innerJoin(shops, eq(shops.id, goods.shopId))
    .where(
      inArray(
        skus.id,
        items.map((i) => i.sku_id),
      ),
    );
  if (new Set(items.map((i) => i.sku_id)).size !== items.length) throw refuse('商品重复，请刷新后重试');
  if (rows.length !== items.length || rows.some((r) => r.g.status !== 1)) throw refuse(ORDER_TEXTS.offShelf);
  const first = one(rows, 'sku');
  if (rows.some((r) => r.g.shopId !== first.g.shopId)) throw refuse(ORDER_TEXTS.oneShop);
  const lines = items.map((it) => {
    const r = rows.find((x) => x.sku.id === it.sku_id);
    if (!r) throw refuse(ORDER_TEXTS.offShelf);
    return { sku_id: it.sku_id, num: it.num, r };
  });
  const member = !offer && rows.some((r) => r.sku.vipPrice !== null) && (await isActiveMember(userId));
  const priced = lines.map((l) => {
    if (offer) return { ...l, price: offer.price, memberPrice: false };
    const vip = member && l.r.sku.vipPrice !== null && l.r.sku.vipPrice < l.r.sku.price;
    return { ...l, price: vip && l.r.sku.vipPrice !== null ? l.r.sku.vipPrice : l.r.sku.price, memberPrice: vip };
  });
  const itemsTotal = priced.reduce((n, l) => n + l.price * l.num, 0);
  return { lines: priced, itemsTotal, shopId: first.g.shopId, shopName: first.shopName };
}

/** The coupons that fit, the one chosen (asked for, else the best; 0 = none) and what it takes off. */
async function pricing(userId: number, ctx: CouponContext, couponId: number | undefined, freight: number) {
  const coupons = ctx.amount > 0 ? await usableCoupons(userId, ctx) : [];
  const chosen = couponId === undefined ? coupons[0] : coupons.find((c) => c.id === couponId);
  const discount = chosen?.amount ?? 0;
  return {
    items_total: ctx.amount,
    coupons,
    coupon_id: chosen?.id ?? 0,
    discount,
    pay_amount: payAmountOf(ctx.amount, freight, discount),
  };
}

/**
 * What /order/goodsOrder shows before the member commits: lines as priced now, stock warnings,
 * freight, the coupons that fit and the total with the chosen (or best) coupon.
 */
export async function previewGoodsOrder(
  userId: number,
  input: { items: GoodsLine[]; coupon_id?: number | undefined },
): Promise<GoodsPreview> {
  const { lines, itemsTotal, shopId, shopName } = await goodsLines(userId, input.items);
  const freight = freightFor(itemsTotal);
  return {
    shop: { id: shopId, name: shopName },
    items: lines.map((l) => ({
      goods_id: l.r.g.id,
      sku_id: l.r.sku.id,
      title: l.r.g.title,
      cover: l.r.g.images[0] ?? '',
      specs: l.r.sku.specs.join(' / '),
      price: l.price,
      num: l.num,
      stock: l.r.sku.stock,
      short: l.r.sku.stock < l.num ? 1 : 0,
      member_price: l.memberPrice ? 1 : 0,
    })),
    lines: lines.map((l) => ({ sku_id: l.sku_id, num: l.num })),
    freight,
    free_freight_from: FREE_FREIGHT_FROM,
    ...(await pricing(userId, { kind: 'goods', shopId, amount: itemsTotal }, input.coupon_id, freight)),
  };
}

/**
 * Course and class confirm pages: the item, the coupons that fit, the chosen one (asked for, else
 * the best) and what is to pay. One already awaiting payment is refused with its order id.
 */
export async function previewOneItem(userId: number, kind: 'course' | 'class', id: number, couponId?: number): Promise<ItemPreview> {
  if (kind === 'course') {
    const c = await sellableCourse(userId, id);
    await refuseDuplicate(db(), userId, 'course', id);
    return {
      kind,
      item: { id: c.id, title: c.title, cover: c.cover, price: c.price, level: `${c.level}` },
      ...(await pricing(userId, { kind, shopId: null, courseId: c.id, amount: c.price }, couponId, 0)),
    };
  }
  const k = await enrollableClass(id);
  await refuseDuplicate(db(), userId, 'class', id);
  return {
    kind,
    item: {
      id: k.id,
      title: k.title,
      cover: k.cover,
      price: k.price,
      schedule: k.schedule,
      venue: `${k.city} ${k.venue}`,
      seats_left: Math.max(0, k.capacity - k.enrolled),
      starts_at: k.startsAt.toISOString(),
    },
    ...(await pricing(userId, { kind, shopId: null, amount: k.price }, couponId, 0)),
  };
}

/**
 * A goods order for SKUs of one shop. Stock is taken with conditional updates in the same
 * transaction, so concurrent checkouts can never oversell; a refusal rolls everything back
 * (stock, coupon and cart alike). With a campaign `offer` (one line, no coupon) the line is priced
 * and marked by it, and its own stock is taken after the SKU's.
 */
export async function createGoodsOrder(
  userId: number,
  input: {
    items: GoodsLine[];
    address_id: number;
    remark: string;
    coupon_id?: number | undefined;
    from_cart?: boolean | undefined;
    /** `coach:12` / `shop:7` when the buyer came from an agent's homepage. */
    agent?: string | undefined;
  },
  /** The browser's 分销 attribution cookie (see the order.created event). */
  visitor: string | null = null,
  offer?: CampaignOffer,
): Promise<CreatedOrder> {
  const [addr] = await db()
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, input.address_id), eq(addresses.userId, userId)))
    .limit(1);
  if (!addr) throw refuse(ORDER_TEXTS.address);
  const { lines, itemsTotal, shopId } = await goodsLines(userId, input.items, offer);
  if (offer && (lines.length !== 1 || input.coupon_id)) throw new Error('a campaign order is one line without a coupon');
  const freight = freightFor(itemsTotal);

  const order = await db().transaction(async (tx) => {
    for (const l of lines) {
      if (!(await takeStock(tx, l.sku_id, l.num))) throw refuse(ORDER_TEXTS.stock(l.r.g.title));
      await offer?.take(tx, userId, l.num);
    }
    const agent = await orderAgent(
      tx,
      'goods',
      lines.map((l) => l.r.g.id),
      input.agent,
    );
    const o = one(
      await tx
        .insert(orders)
        .values({
          orderNo: orderNo(),
          userId,
          kind: 'goods',
          shopId,
          ...agent,
          itemsTotal,
          freight,
          payAmount: payAmountOf(itemsTotal, freight, 0),
          address: {
            name: addr.name,
            phone: addr.phone,
            province: addr.province,
            city: addr.city,
            district: addr.district,
            detail: addr.detail,
          },
          remark: input.remark,
          expiresAt: expiry(offer),
        })
        .returning(),
      'order',
    );
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: o.id,
        goodsId: l.r.g.id,
        skuId: l.r.sku.id,
        title: l.r.g.title,
        specs: l.r.sku.specs.join(' / '),
        cover: l.r.g.images[0] ?? '',
        price: l.price,
        num: l.num,
        ...offer?.item,
      })),
    );
    const final = input.coupon_id ? await applyCoupon(tx, userId, input.coupon_id, o, { kind: 'goods', shopId, amount: itemsTotal }) : o;
    if (input.from_cart)
      await clearBought(
        tx,
        userId,
        lines.map((l) => l.sku_id),
      );
    await emit('order.created', { tx, order: final, visitor });
    return final;
  });
  invalidate('catalogue:');
  return { id: order.id, order_no: order.orderNo, pay_amount: order.payAmount };
}

/** Holds the coupon for the order and lowers its amount (inside the order's transaction). */
async function applyCoupon(tx: TxOrDb, userId: number, couponId: number, o: typeof orders.$inferSelect, ctx: CouponContext) {
  const off = await holdCoupon(tx, userId, couponId, o.id, ctx);
  return one(
    await tx
      .update(orders)
      .set({ couponId, discount: off, payAmount: payAmountOf(o.itemsTotal, o.freight, off) })
      .where(eq(orders.id, o.id))
      .returning(),
    'order',
  );
}

async function sellableCourse(userId: number, courseId: number) {
  const [c] = await db()
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.status, 1)))
    .limit(1);
  if (!c) throw notFound('课程不存在或已下架');
  if (c.price <= 0) throw refuse(ORDER_TEXTS.free);
  if (await ownsCourse(userId, courseId)) throw refuse(ORDER_TEXTS.owned);
  return c;
}

async function enrollableClass(classId: number) {
  const [k] = await db()
    .select()
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.status, 1)))
    .limit(1);
  if (!k) throw notFound('班级不存在或已下架');
  // The coach's enrolment deadline, else enrolment is open until the class starts.
  if (k.enrolEndsAt && k.enrolEndsAt.getTime() < Date.now()) throw refuse('该班级已截止报名');
  return k;
}

/**
 * A course order (paid courses the member neither owns nor has an unpaid order for), with an
 * optional coupon. The duplicate check runs under a per-member lock inside the transaction, so two
 * simultaneous checkouts cannot both create an order. A campaign `offer` (no coupon, no agent)
 * prices and marks it and takes its own stock in the same transaction.
 */
export async function createCourseOrder(
  userId: number,
  courseId: number,
  couponId?: number,
  agentParam?: string,
  visitor: string | null = null,
  offer?: CampaignOffer,
): Promise<CreatedOrder> {
  const c = await sellableCourse(userId, courseId);
  if (offer && (couponId || agentParam)) throw new Error('a campaign order takes no coupon or agent');
  const price = offer?.price ?? c.price;
  const o = await db().transaction(async (tx) => {
    await lockItem(tx, userId, 'course', courseId);
    await refuseDuplicate(tx, userId, 'course', courseId);
    await offer?.take(tx, userId, 1);
    const agent = await orderAgent(tx, 'course', [courseId], agentParam);
    const created = one(
      await tx
        .insert(orders)
        .values({
          orderNo: orderNo(),
          userId,
          kind: 'course',
          coachId: c.coachId,
          shopId: c.shopId,
          ...agent,
          itemsTotal: price,
          payAmount: price,
          expiresAt: expiry(offer),
        })
        .returning(),
      'order',
    );
    await tx.insert(orderItems).values({ orderId: created.id, courseId, title: c.title, cover: c.cover, price, num: 1, ...offer?.item });
    const final = couponId
      ? await applyCoupon(tx, userId, couponId, created, { kind: 'course', shopId: null, courseId, amount: c.price })
      : created;
    await emit('order.created', { tx, order: final, visitor });
    return final;
  });
  return { id: o.id, order_no: o.orderNo, pay_amount: o.payAmount };
}

/**
 * A class order takes a seat at once (conditional on capacity); cancelling or closing returns it.
 * A free class is enrolled (paid) at once.
 */
export async function createClassOrder(
  userId: number,
  classId: number,
  couponId?: number,
  visitor: string | null = null,
): Promise<ApiOutput<'/order/createClass'>> {
  const k = await enrollableClass(classId);
  const free = k.price <= 0;
  const o = await db().transaction(async (tx) => {
    await lockItem(tx, userId, 'class', classId);
    await refuseDuplicate(tx, userId, 'class', classId);
    if (!(await takeSeat(tx, classId))) throw refuse(ORDER_TEXTS.seats);
    const now = new Date();
    const created = one(
      await tx
        .insert(orders)
        .values({
          orderNo: orderNo(),
          userId,
          kind: 'class',
          coachId: k.coachId,
          itemsTotal: k.price,
          payAmount: k.price,
          expiresAt: expiry(),
          ...(free ? { status: 'paid', payMethod: 'free', paidAt: now } : {}),
        })
        .returning(),
      'order',
    );
    await tx
      .insert(orderItems)
      .values({ orderId: created.id, classId, title: k.title, specs: k.schedule, cover: k.cover, price: k.price, num: 1 });
    const final =
      couponId && !free ? await applyCoupon(tx, userId, couponId, created, { kind: 'class', shopId: null, amount: k.price }) : created;
    await emit('order.created', { tx, order: final, visitor });
    return final;
  });
  invalidate('catalogue:');
  return { id: o.id, order_no: o.orderNo, pay_amount: o.payAmount, status: free ? 'paid' : 'unpaid' };
}

/** Gives back what an unpaid order held: SKU stock, the class seat or another kind's (a 考评 seat). */
export async function release(tx: TxOrDb, orderId: number) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  for (const it of items) {
    if (it.skuId) await returnStock(tx, it.skuId, it.num);
    if (it.classId) await returnSeat(tx, it.classId);
    await handlerFor(it)?.released(tx, it);
  }
  // A group order's slot goes back to its group (拼团).
  const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (o) await groupHandlerFor(o)?.released(tx, o);
}

/** What a 拼团 order is for: a course or class as loaded by its group, sold at the group's price. */
export interface GroupLine {
  kind: 'course' | 'class';
  itemId: number;
  title: string;
  cover: string;
  specs: string;
  coachId: number | null;
  shopId: number | null;
  price: number;
  groupId: number;
}

/**
 * A 拼团 order (modules/groupbuy), inside the caller's transaction, which has already taken the
 * group's slot: the same duplicate guards as any course or class order (per-member lock, owned or
 * awaiting payment refused), a class seat taken at once (conditional on capacity), no coupon (the
 * group price is the discount), and the order on hold until the group forms. Like any order it
 * emits order.created with the browser's 分销 cookie (`visitor`).
 */
export async function insertGroupOrder(
  tx: TxOrDb,
  userId: number,
  line: GroupLine,
  visitor: string | null = null,
): Promise<typeof orders.$inferSelect> {
  await lockItem(tx, userId, line.kind, line.itemId);
  await refuseDuplicate(tx, userId, line.kind, line.itemId);
  if (line.kind === 'class' && !(await takeSeat(tx, line.itemId))) throw refuse(ORDER_TEXTS.seats);
  const o = one(
    await tx
      .insert(orders)
      .values({
        orderNo: orderNo(),
        userId,
        kind: line.kind,
        coachId: line.coachId,
        shopId: line.kind === 'course' ? line.shopId : null,
        itemsTotal: line.price,
        payAmount: line.price,
        expiresAt: expiry(),
        groupId: line.groupId,
        onHold: true,
      })
      .returning(),
    'order',
  );
  await tx.insert(orderItems).values({
    orderId: o.id,
    ...(line.kind === 'course' ? { courseId: line.itemId } : { classId: line.itemId }),
    title: line.title,
    specs: line.specs,
    cover: line.cover,
    price: line.price,
    num: 1,
  });
  await emit('order.created', { tx, order: o, visitor });
  return o;
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
    await releaseCoupons(tx, [o.id]);
  });
  invalidate('catalogue:');
}

/** Closes every unpaid order past its time and releases what it held; returns how many. */
export async function closeExpiredOrders(now = new Date()): Promise<number> {
  const due = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), lt(orders.expiresAt, now)))
    .limit(200);
  let closed = 0;
  for (const d of due) if (await closeUnpaidOrder(d.id, now)) closed++;
  if (closed) invalidate('catalogue:');
  return closed;
}

/**
 * Closes one unpaid order and releases what it held (guarded: only from unpaid, so a payment or
 * another closer that got there first leaves nothing to do). Also used when a 拼团 group fails.
 */
export async function closeUnpaidOrder(orderId: number, now = new Date()): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [o] = await tx
      .update(orders)
      .set({ status: 'closed', updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
      .returning({ id: orders.id });
    if (!o) return false;
    await release(tx, o.id);
    await releaseCoupons(tx, [o.id]);
    return true;
  });
}
