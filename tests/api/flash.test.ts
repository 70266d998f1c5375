import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  addresses,
  coaches,
  courses,
  flashBuyers,
  flashSales,
  goods,
  orderItems,
  orders,
  promotionOrders,
  sellerAccounts,
  sellerLedger,
  sessions,
  shops,
  skus,
  users,
} from '~/server/db/schema';
import { changeCoins } from '~/server/ledger/coins';
import { closeExpiredOrders } from '~/server/modules/commerce/order.service';
import { DEMO_PAY_PASSWORD } from '~/server/seed/commerce';
import { newToken, tokenHash } from '~/server/security/tokens';
import { hashPassword } from '~/server/security/password';
import { FLASH_PAY_MIN, FLASH_TEXTS } from '~/lib/rules/flash';
import { SHARE_COOKIE, commissionOf } from '~/lib/rules/promotion';
import { DEMO, startApi, type TestApi } from '../helpers/api';

const OTHER_SHOP = '13800000203';
const MIN = 60_000;

let t: TestApi;
let coach: string;
let owner: string;
let shopId: number;
let coachId: number;
let made = 0;

beforeAll(async () => {
  t = await startApi();
  coach = await t.login(DEMO.coach);
  owner = await t.login(DEMO.mechant);
  shopId = (await t.db.select().from(shops).innerJoin(users, eq(users.id, shops.userId)).where(eq(users.phone, DEMO.mechant)))[0]!.shops.id;
  coachId = (await t.db.select().from(coaches).innerJoin(users, eq(users.id, coaches.userId)).where(eq(users.phone, DEMO.coach)))[0]!
    .coaches.id;
});
afterAll(() => t.stop());

interface Buyer {
  id: number;
  token: string;
  address: number;
}

/** `n` fresh members, each with a session, an address, a pay password and `coins` fen of 功夫币. */
async function buyers(n: number, coins = 0): Promise<Buyer[]> {
  const pay = await hashPassword(DEMO_PAY_PASSWORD);
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: n }, () => ({ phone: `166${String(made++).padStart(8, '0')}`, nickName: '秒杀测试', payPasswordHash: pay })),
    )
    .returning({ id: users.id });
  const tokens = rows.map(() => newToken());
  await t.db
    .insert(sessions)
    .values(rows.map((u, i) => ({ userId: u.id, tokenHash: tokenHash(tokens[i]!), expiresAt: new Date(Date.now() + 86_400_000) })));
  const addr = await t.db
    .insert(addresses)
    .values(
      rows.map((u) => ({
        userId: u.id,
        name: '张三',
        phone: '13912345678',
        province: '北京市',
        city: '市辖区',
        district: '海淀区',
        detail: '中关村大街1号',
        isDefault: true,
      })),
    )
    .returning({ id: addresses.id, userId: addresses.userId });
  if (coins) for (const u of rows) await t.db.transaction((tx) => changeCoins(tx, u.id, coins, 'grant', { type: 'test', id: 0 }));
  return rows.map((u, i) => ({ id: u.id, token: tokens[i]!, address: addr.find((a) => a.userId === u.id)!.id }));
}

let skusTaken = 0;
/** The next SKU of the demo shop, priced and stocked for one experiment. */
async function sku(price = 10_000, stock = 100) {
  const [row] = await t.db
    .select({ s: skus })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(and(eq(goods.shopId, shopId), eq(goods.status, 1)))
    .orderBy(asc(skus.id))
    .limit(1)
    .offset(skusTaken++);
  await t.db.update(skus).set({ price, stock }).where(eq(skus.id, row!.s.id));
  return row!.s.id;
}

const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

/** A running goods sale of the demo shop. */
async function goodsSale(o: { stock: number; per_member?: number; price?: number; skuPrice?: number }) {
  const skuId = await sku(o.skuPrice ?? 10_000, 100);
  const r = await t.post(
    '/seller/flash/save',
    {
      kind: 'goods',
      item_id: skuId,
      price: o.price ?? 990,
      stock: o.stock,
      per_member: o.per_member ?? 1,
      starts_at: iso(-MIN),
      ends_at: iso(60 * MIN),
    },
    owner,
  );
  expect(r.body.msg).toBe('已保存');
  return { id: r.body.data.id, skuId };
}

const sale = async (id: number) => (await t.db.select().from(flashSales).where(eq(flashSales.id, id)))[0]!;
const skuStock = async (id: number) => (await t.db.select().from(skus).where(eq(skus.id, id)))[0]!.stock;
const buy = (b: Buyer, flashId: number, num = 1) => t.post('/flash/buy', { flash_id: flashId, num, address_id: b.address }, b.token);

/** Every seller account and every member wallet equals the sum of its ledger rows. */
async function ledgersMatch(members: Buyer[]) {
  for (const a of await t.db.select().from(sellerAccounts)) {
    const [s] = await t.db
      .select({
        p: sql<number>`coalesce(sum(${sellerLedger.pendingDelta}),0)::int`,
        b: sql<number>`coalesce(sum(${sellerLedger.balanceDelta}),0)::int`,
      })
      .from(sellerLedger)
      .where(eq(sellerLedger.accountId, a.id));
    expect({ p: s!.p, b: s!.b }).toEqual({ p: a.pending, b: a.balance });
  }
  for (const m of members) {
    const w = await t.wallet(m.id);
    expect(w.ledgerSum).toBe(w.coins);
  }
}

describe('seller side', () => {
  it('creates, validates, edits before the start and cancels only its own sales', async () => {
    const course = (
      await t.db
        .select()
        .from(courses)
        .where(and(eq(courses.coachId, coachId), eq(courses.status, 1), sql`${courses.price} > 100`))
        .orderBy(asc(courses.id))
    )[0]!;
    const base = {
      kind: 'course',
      item_id: course.id,
      stock: 20,
      per_member: 3,
      starts_at: iso(60 * MIN),
      ends_at: iso(120 * MIN),
    } as const;
    expect((await t.post('/seller/flash/save', { ...base, price: course.price }, coach)).body.msg).toBe(FLASH_TEXTS.priceAbove);
    expect((await t.post('/seller/flash/save', { ...base, price: 100, ends_at: base.starts_at }, coach)).body.msg).toBe(FLASH_TEXTS.span);
    // A shop owner cannot put the coach's course on sale.
    expect((await t.post('/seller/flash/save', { ...base, price: 100 }, owner)).body.msg).toBe(FLASH_TEXTS.notYours);
    const made = await t.post('/seller/flash/save', { ...base, price: 100 }, coach);
    expect(made.body.code).toBe(200);
    const id = made.body.data.id;
    expect((await sale(id)).perMember).toBe(1); // a course is bought once per member
    expect((await t.post('/seller/flash/save', { ...base, price: 90, starts_at: iso(90 * MIN) }, coach)).body.msg).toBe(
      FLASH_TEXTS.overlap,
    );
    expect((await t.post('/seller/flash/save', { ...base, id, price: 90 }, coach)).body.code).toBe(200);
    expect((await sale(id)).price).toBe(90);
    const list = (await t.post('/seller/flash/list', { page: 1, limit: 10 }, coach)).body.data;
    expect(list.list.find((s) => s.id === id)).toMatchObject({
      price: 90,
      list_price: course.price,
      phase: 'upcoming',
      can_edit: 1,
      can_cancel: 1,
    });
    // Not yet started: buyers are told so.
    const [b] = await buyers(1);
    expect((await buy(b!, id)).body.msg).toBe(FLASH_TEXTS.notStarted);
    // Another seller's sale is "not found"; the owner cancels once.
    const other = await t.login(OTHER_SHOP);
    expect((await t.post('/seller/flash/cancel', { id }, other)).body.code).toBe(404);
    expect((await t.post('/seller/flash/save', { ...base, id, price: 80 }, owner)).body.msg).toBe(FLASH_TEXTS.notYours);
    expect((await t.post('/seller/flash/cancel', { id }, coach)).body.msg).toBe('已取消');
    expect((await t.post('/seller/flash/cancel', { id }, coach)).body.msg).toBe(FLASH_TEXTS.cancelState);
    expect((await buy(b!, id)).body.msg).toBe(FLASH_TEXTS.cancelled);
  });

  it('refuses a flash stock above what the SKU holds, and edits of a running sale', async () => {
    const skuId = await sku(10_000, 3);
    const base = { kind: 'goods', item_id: skuId, price: 500, per_member: 1, starts_at: iso(-MIN), ends_at: iso(MIN * 30) } as const;
    expect((await t.post('/seller/flash/save', { ...base, stock: 4 }, owner)).body.msg).toBe(FLASH_TEXTS.stockTooBig(3));
    const id = (await t.post('/seller/flash/save', { ...base, stock: 3 }, owner)).body.data.id;
    expect((await t.post('/seller/flash/save', { ...base, id, stock: 2 }, owner)).body.msg).toBe(FLASH_TEXTS.started);
  });
});

describe('buying under concurrency', () => {
  it('60 buyers at a stock of 5 leave exactly 5 orders at the flash price, never below zero', async () => {
    const { id, skuId } = await goodsSale({ stock: 5 });
    const crowd = await buyers(60);
    const answers = await Promise.all(crowd.map((b) => buy(b, id)));
    const ok = answers.filter((a) => a.body.code === 200);
    expect(ok).toHaveLength(5);
    expect(answers.filter((a) => a.body.code !== 200).every((a) => a.body.msg === FLASH_TEXTS.soldOut)).toBe(true);
    const s = await sale(id);
    expect(s.sold).toBe(5);
    expect(s.stock - s.sold).toBe(0);
    expect(await skuStock(skuId)).toBe(95);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.flashSaleId, id));
    expect(items).toHaveLength(5);
    expect(items.every((i) => i.price === 990 && i.num === 1)).toBe(true);
    const o = (await t.db.select().from(orders).where(eq(orders.id, ok[0]!.body.data.id)))[0]!;
    // The flash price plus freight under the free-shipping line; 5 minutes to pay.
    expect(o.itemsTotal).toBe(990);
    expect(Math.round((o.expiresAt.getTime() - o.createdAt.getTime()) / MIN)).toBe(FLASH_PAY_MIN);
    // Sixty transactions queue on one sale row: a loaded 2-core box needs more than the default 30 s.
  }, 90_000);

  it('a member double-clicking never passes the per-member limit', async () => {
    const { id } = await goodsSale({ stock: 20, per_member: 2 });
    const [b] = await buyers(1);
    const answers = await Promise.all(Array.from({ length: 8 }, () => buy(b!, id)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code !== 200).every((a) => a.body.msg === FLASH_TEXTS.limit(2))).toBe(true);
    expect((await sale(id)).sold).toBe(2);
    expect((await buy(b!, id, 3)).body.msg).toBe(FLASH_TEXTS.limit(2));
    const [row] = await t.db
      .select()
      .from(flashBuyers)
      .where(and(eq(flashBuyers.flashSaleId, id), eq(flashBuyers.userId, b!.id)));
    expect(row!.taken).toBe(2);
  });

  it('a course at a flash price is one order per member, however fast the clicks', async () => {
    const course = (
      await t.db
        .select()
        .from(courses)
        .where(and(eq(courses.coachId, coachId), eq(courses.status, 1), sql`${courses.price} > 100`))
        .orderBy(asc(courses.id))
        .offset(1)
    )[0]!;
    const id = (
      await t.post(
        '/seller/flash/save',
        { kind: 'course', item_id: course.id, price: 100, stock: 10, starts_at: iso(-MIN), ends_at: iso(60 * MIN) },
        coach,
      )
    ).body.data.id;
    const [b] = await buyers(1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(b!, id)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect((await sale(id)).sold).toBe(1);
  });
});

describe('giving flash stock back', () => {
  it('an unpaid order releases its unit once after 5 minutes; cancelling releases too', async () => {
    const { id, skuId } = await goodsSale({ stock: 3 });
    const [a, b, c] = await buyers(3, 100_000);
    const oa = (await buy(a!, id)).body.data.id;
    const ob = (await buy(b!, id)).body.data.id;
    expect((await t.post('/order/payCoins', { id: ob, pay_password: DEMO_PAY_PASSWORD }, b!.token)).body.code).toBe(200);
    expect((await sale(id)).sold).toBe(2);
    // Before the 5 minutes are up nothing closes; after them A's order does, once.
    await closeExpiredOrders(new Date(Date.now() + (FLASH_PAY_MIN - 1) * MIN));
    expect((await sale(id)).sold).toBe(2);
    await closeExpiredOrders(new Date(Date.now() + (FLASH_PAY_MIN + 1) * MIN));
    await closeExpiredOrders(new Date(Date.now() + (FLASH_PAY_MIN + 2) * MIN));
    expect((await t.db.select().from(orders).where(eq(orders.id, oa)))[0]!.status).toBe('closed');
    expect((await sale(id)).sold).toBe(1);
    expect(await skuStock(skuId)).toBe(99);
    // A's limit came back with the unit: A may buy again, then cancel, which gives it back as well.
    const again = (await buy(a!, id)).body.data.id;
    expect((await sale(id)).sold).toBe(2);
    expect((await t.post('/order/cancel', { id: again }, a!.token)).body.code).toBe(200);
    expect((await t.post('/order/cancel', { id: again }, a!.token)).body.code).not.toBe(200);
    expect((await sale(id)).sold).toBe(1);
    expect((await buy(c!, id)).body.code).toBe(200);
    expect((await sale(id)).sold).toBe(2);
    await ledgersMatch([a!, b!, c!]);
  });

  it('pays with coins at the flash price; a refund gives the coins and the unit back', async () => {
    const { id } = await goodsSale({ stock: 2, price: 10_500, skuPrice: 20_000 });
    const [m] = await buyers(1, 50_000);
    const oid = (await buy(m!, id)).body.data.id;
    const before = (await t.wallet(m!.id)).coins;
    expect((await t.post('/order/payCoins', { id: oid, pay_password: DEMO_PAY_PASSWORD }, m!.token)).body.code).toBe(200);
    // ¥105 is above the free-shipping line: exactly the flash price is paid.
    expect((await t.wallet(m!.id)).coins).toBe(before - 105);
    expect((await t.post('/order/refund', { id: oid, reason: '拍错了规格' }, m!.token)).body.code).toBe(200);
    expect((await t.post('/seller/order/refundAgree', { id: oid }, owner)).body.code).toBe(200);
    expect((await t.db.select().from(orders).where(eq(orders.id, oid)))[0]!.status).toBe('refunded');
    expect((await t.wallet(m!.id)).coins).toBe(before);
    expect((await sale(id)).sold).toBe(0);
    await ledgersMatch([m!]);
  });
});

describe('分销', () => {
  it('a purchase through a share link earns the sharer commission on the flash price', async () => {
    const { id, skuId } = await goodsSale({ stock: 2, price: 10_500, skuPrice: 20_000 });
    const goodsId = (await t.db.select().from(skus).where(eq(skus.id, skuId)))[0]!.goodsId;
    expect((await t.post('/seller/promotion/rateSave', { kind: 'goods', item_id: goodsId, rate_bp: 1000 }, owner)).body.code).toBe(200);
    const [sharer, b] = await buyers(2);
    const code = (await t.post('/member/promotion/link', { kind: 'goods', id: goodsId }, sharer!.token)).body.data.code;
    const landed = await t.post('/public/promotion/click', { code, kind: 'goods', id: goodsId }, undefined, {
      'x-forwarded-for': '198.51.100.9',
    });
    const cookie = new RegExp(`${SHARE_COOKIE}=[^;]+`).exec(landed.headers.get('set-cookie') ?? '')![0];
    const o = await t.post('/flash/buy', { flash_id: id, num: 1, address_id: b!.address }, b!.token, { Cookie: cookie });
    expect(o.body.code).toBe(200);
    // ¥105 above the free-shipping line: the commission is on the ¥105 paid, not the ¥200 list price.
    const [p] = await t.db.select().from(promotionOrders).where(eq(promotionOrders.orderId, o.body.data.id));
    expect(p).toMatchObject({ sharerId: sharer!.id, commission: commissionOf(10_500, 1000), status: 'pending' });
  });
});

describe('buyers see it', () => {
  it('lists running sales and answers one, with both prices', async () => {
    const { id } = await goodsSale({ stock: 7, price: 880 });
    const list = (await t.post('/public/flash/list', { page: 1, limit: 50, kind: 'goods' })).body.data;
    const card = list.list.find((s) => s.id === id);
    expect(card).toMatchObject({ kind: 'goods', price: 880, list_price: 10_000, left: 7, phase: 'running' });
    expect((await t.post('/public/flash/detail', { id })).body.data.id).toBe(id);
    expect((await t.post('/public/flash/detail', { id: 999_999 })).body.code).toBe(404);
  });
});
