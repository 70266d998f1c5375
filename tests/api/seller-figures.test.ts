import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { SOLD_STATUSES } from '~/lib/rules/order-status';
import { classes, courses, follows, goods, orderItems, orders, sellerAccounts, sellerLedger, skus } from '~/server/db/schema';
import { DEMO_PAY_PASSWORD } from '~/server/seed/commerce';
import { anchorView } from '~/server/profiles/anchor-view';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * Every figure a seller or a buyer sees comes from real rows: the seed makes up no sales, views or
 * taken seats; the owner's homepage, the public homepage and the seller finance count the same rows.
 */

let t: TestApi;
let member: string;
let coach: string;
let shop: string;

beforeAll(async () => {
  t = await startApi();
  [member, coach, shop] = await Promise.all([t.login(DEMO.member), t.login(DEMO.coach), t.login(DEMO.mechant)]);
});
afterAll(() => t.stop());

const sold = inArray(orders.status, [...SOLD_STATUSES]);

/** Units of paid orders not given back, per seller. */
async function soldBy(where: { coachId?: number; shopId?: number }) {
  const [r] = await t.db
    .select({ n: sql<number>`coalesce(sum(${orderItems.num}), 0)::int` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(where.coachId ? eq(orders.coachId, where.coachId) : eq(orders.shopId, where.shopId ?? 0), sold));
  return r!.n;
}

/** The seller's account columns equal the sums of its ledger rows. */
async function financeMatchesLedger(token: string, owner: { kind: 'coach' | 'shop'; id: number }) {
  const finance = (await t.post('/seller/finance', {}, token)).body.data;
  const [sums] = await t.db
    .select({
      pending: sql<number>`coalesce(sum(${sellerLedger.pendingDelta}), 0)::int`,
      balance: sql<number>`coalesce(sum(${sellerLedger.balanceDelta}), 0)::int`,
      frozen: sql<number>`coalesce(sum(${sellerLedger.frozenDelta}), 0)::int`,
      withdrawn: sql<number>`coalesce(sum(${sellerLedger.withdrawnDelta}), 0)::int`,
    })
    .from(sellerLedger)
    .innerJoin(sellerAccounts, eq(sellerAccounts.id, sellerLedger.accountId))
    .where(and(eq(sellerAccounts.ownerKind, owner.kind), eq(sellerAccounts.ownerId, owner.id)));
  expect(finance).toMatchObject(sums!);
  return finance as { pending: number; balance: number };
}

describe('the seed', () => {
  it('writes no sales, views or taken seats that no order or visit caused', async () => {
    const courseSales = await t.db.execute(sql`
      select c.id from courses c
      where c.sales <> (select count(*) from order_items i join orders o on o.id = i.order_id
                        where i.course_id = c.id and o.status in ('paid', 'shipped', 'received', 'completed', 'refunding'))
         or c.views <> 0`);
    expect(courseSales.rows).toEqual([]);
    const goodsSales = await t.db.execute(sql`
      select g.id from goods g
      where g.sales <> (select coalesce(sum(i.num), 0) from order_items i join orders o on o.id = i.order_id
                        where i.goods_id = g.id and o.status in ('paid', 'shipped', 'received', 'completed', 'refunding'))`);
    expect(goodsSales.rows).toEqual([]);
    const seats = await t.db.execute(sql`
      select k.id from classes k
      where k.enrolled <> (select count(*) from order_items i join orders o on o.id = i.order_id
                           where i.class_id = k.id and o.status not in ('cancelled', 'closed', 'refunded'))`);
    expect(seats.rows).toEqual([]);
    // Fans are the follow rows.
    const fans = await t.db.execute(sql`
      select c.id from coaches c where c.fans_count <> (select count(*) from follows f where f.target_type = 'coach' and f.target_id = c.id)
      union all
      select s.id from shops s where s.fans_count <> (select count(*) from follows f where f.target_type = 'shop' and f.target_id = s.id)`);
    expect(fans.rows).toEqual([]);
  });
});

describe('a coach’s figures', () => {
  it('agree between the owner’s homepage, the public homepage, the rows and the finance, before and after a sale', async () => {
    const home = async () => (await t.post('/seller/homeInfo', {}, coach)).body.data;
    const h = await home();
    const coachId: number = h.id;
    const pub = (await t.post('/coach/public/info', { coach_id: coachId })).body.data;
    const view = (await anchorView('coach', coachId))!;
    const [onSaleCourses] = await t.db
      .select({ n: count() })
      .from(courses)
      .where(and(eq(courses.coachId, coachId), eq(courses.status, 1)));
    const [onSaleClasses] = await t.db
      .select({ n: count() })
      .from(classes)
      .where(and(eq(classes.coachId, coachId), eq(classes.status, 1)));
    const [fans] = await t.db
      .select({ n: count() })
      .from(follows)
      .where(and(eq(follows.targetType, 'coach'), eq(follows.targetId, coachId)));
    // Sales as the rows say (the seed's free 考评 booking is one of the coach's orders).
    const soldBefore = await soldBy({ coachId });
    expect(h.stats).toMatchObject({ courses: onSaleCourses!.n, classes: onSaleClasses!.n, fans: fans!.n, sales: soldBefore, views: 0 });
    expect(pub).toMatchObject({ course_count: onSaleCourses!.n, class_count: onSaleClasses!.n, fans_count: fans!.n });
    expect(view.counts).toMatchObject({ courses: onSaleCourses!.n, classes: onSaleClasses!.n });
    await financeMatchesLedger(coach, { kind: 'coach', id: coachId });

    // The member buys one of the coach's courses with coins.
    const [course] = await t.db
      .select()
      .from(courses)
      .where(and(eq(courses.coachId, coachId), eq(courses.status, 1), gt(courses.price, 0)))
      .orderBy(asc(courses.id))
      .limit(1);
    const o = (await t.post('/order/createCourse', { course_id: course!.id }, member)).body.data;
    expect((await t.post('/order/payCoins', { id: o.id, pay_password: DEMO_PAY_PASSWORD }, member)).body.code).toBe(200);

    const after = await home();
    expect(after.stats.sales).toBe(await soldBy({ coachId }));
    expect(after.stats.sales).toBe(soldBefore + 1);
    const [c] = await t.db.select({ sales: courses.sales }).from(courses).where(eq(courses.id, course!.id));
    expect(c!.sales).toBe(1);
    const money = await financeMatchesLedger(coach, { kind: 'coach', id: coachId });
    expect(money.pending).toBeGreaterThan(0);
  });
});

describe('a shop’s figures', () => {
  it('count the goods on sale on both homepages, and the units sold', async () => {
    const h = (await t.post('/seller/homeInfo', {}, shop)).body.data;
    const shopId: number = h.id;
    const pub = (await t.post('/shop/public/info', { shop_id: shopId })).body.data;
    const view = (await anchorView('mechant', shopId))!;
    const [onSale] = await t.db
      .select({ n: count() })
      .from(goods)
      .where(and(eq(goods.shopId, shopId), eq(goods.status, 1)));
    // The public page's 商品 count is the shop's own goods on sale — not its agency picks.
    expect(view.agentGoods.length).toBeGreaterThan(0);
    expect(h.stats.goods).toBe(onSale!.n);
    expect(pub.goods_count).toBe(onSale!.n);
    expect(view.counts.goods).toBe(onSale!.n);
    expect(h.stats.sales).toBe(0);

    // Taking one off sale changes all three alike.
    const [first] = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.shopId, shopId), eq(goods.status, 1)))
      .orderBy(asc(goods.id))
      .limit(1);
    expect((await t.post('/shop/goodsStatus', { id: first!.id, status: 0 }, shop)).body.code).toBe(200);
    expect((await t.post('/seller/homeInfo', {}, shop)).body.data.stats.goods).toBe(onSale!.n - 1);
    expect((await t.post('/shop/public/info', { shop_id: shopId })).body.data.goods_count).toBe(onSale!.n - 1);
    expect((await t.post('/shop/goodsStatus', { id: first!.id, status: 1 }, shop)).body.code).toBe(200);

    // Two units bought and paid count as 销量 2, in the goods' counter and the owner's figure.
    const address = (
      await t.post(
        '/member/addressSave',
        { name: '王五', phone: '13912345678', province: '广东省', city: '佛山市', district: '禅城区', detail: '祖庙路 21 号' },
        member,
      )
    ).body.data.id;
    const [sku] = await t.db
      .select({ id: skus.id, goodsId: skus.goodsId })
      .from(skus)
      .innerJoin(goods, eq(goods.id, skus.goodsId))
      .where(and(eq(goods.shopId, shopId), eq(goods.status, 1), gt(skus.stock, 2)))
      .orderBy(asc(skus.id))
      .limit(1);
    const o = await t.post('/order/createGoods', { items: [{ sku_id: sku!.id, num: 2 }], address_id: address }, member);
    expect(o.body.code).toBe(200);
    expect((await t.post('/order/payCoins', { id: o.body.data.id, pay_password: DEMO_PAY_PASSWORD }, member)).body.code).toBe(200);
    const after = (await t.post('/seller/homeInfo', {}, shop)).body.data;
    expect(after.stats.sales).toBe(await soldBy({ shopId }));
    expect(after.stats.sales).toBe(2);
    const [g] = await t.db.select({ sales: goods.sales }).from(goods).where(eq(goods.id, sku!.goodsId));
    expect(g!.sales).toBe(2);
    await financeMatchesLedger(shop, { kind: 'shop', id: shopId });
  });
});

describe('the repair migration', () => {
  it('sets made-up counters to what the order rows say, and takes the seed’s head start off the views', async () => {
    const [k] = await t.db.select().from(classes).orderBy(asc(classes.id)).limit(1);
    // A shop's course: nothing bought in this file.
    const [c] = await t.db.select().from(courses).where(isNotNull(courses.shopId)).orderBy(asc(courses.id)).limit(1);
    await t.db.update(classes).set({ enrolled: 7 }).where(eq(classes.id, k!.id));
    await t.db
      .update(courses)
      .set({ sales: 248, views: c!.views + 1587 })
      .where(eq(courses.id, c!.id));
    const file = readFileSync('src/server/db/migrations/0027_public_names_and_counts.sql', 'utf8');
    for (const statement of file.split('--> statement-breakpoint').slice(2)) await t.db.execute(sql.raw(statement));

    const [k2] = await t.db.select().from(classes).where(eq(classes.id, k!.id));
    expect(k2!.enrolled).toBe(0);
    const [c2] = await t.db.select().from(courses).where(eq(courses.id, c!.id));
    expect(c2!.sales).toBe(0);
    const n = Number(/\/seed\/course-(\d+)\.svg$/.exec(c!.cover)![1]);
    expect(c2!.views).toBe(Math.max(c!.views + 1587 - (((n - 1) * 131) % 3000) - 200, 0));
  });
});
