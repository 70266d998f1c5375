import { count, eq } from 'drizzle-orm';
import { db } from '../db/index';
import { couponTemplates, shops, users, wallets } from '../db/schema';
import { hashPassword } from '../security/password';
import { changeCoins } from '../ledger/coins';

/** The demo member's pay password (README) and starting coins, so checkout can be tried at once. */
export const DEMO_PAY_PASSWORD = '123456';
const DEMO_COINS = 2000;
const DAY = 86_400_000;

/**
 * Coupon templates for the 领券中心 (platform-wide and one per kind, plus a shop's own), and the
 * demo member's wallet: coins granted through the ledger like any other movement.
 */
export async function seedCommerce(): Promise<Record<string, number>> {
  let templates = 0;
  const [t] = await db().select({ n: count() }).from(couponTemplates);
  if (!t?.n) {
    const now = Date.now();
    const [firstShop] = await db().select({ id: shops.id, name: shops.name }).from(shops).orderBy(shops.id).limit(1);
    const rows: (typeof couponTemplates.$inferInsert)[] = [
      { title: '新人专享券', amount: 1000, threshold: 9900, scope: 'all', validDays: 30, total: 10_000 },
      { title: '课程满减券', amount: 3000, threshold: 19900, scope: 'course', validDays: 15, total: 5_000 },
      { title: '班级报名券', amount: 5000, threshold: 49900, scope: 'class', validDays: 30, total: 2_000 },
      { title: '商城满减券', amount: 2000, threshold: 19900, scope: 'goods', validDays: 15, total: 5_000 },
      { title: '商城小额券', amount: 500, threshold: 5000, scope: 'goods', validDays: 7, total: 20_000, perUser: 3 },
      ...(firstShop
        ? [
            {
              title: `${firstShop.name}店铺券`.slice(0, 32),
              amount: 1500,
              threshold: 12900,
              scope: 'shop',
              shopId: firstShop.id,
              validDays: 0,
              total: 1_000,
            },
          ]
        : []),
    ].map((r) => ({ ...r, startsAt: new Date(now - DAY), endsAt: new Date(now + 180 * DAY) }));
    templates = (await db().insert(couponTemplates).values(rows).returning({ id: couponTemplates.id })).length;
  }

  let granted = 0;
  const [member] = await db()
    .select({ id: users.id, pay: users.payPasswordHash })
    .from(users)
    .where(eq(users.phone, '13800000001'))
    .limit(1);
  if (member) {
    if (!member.pay)
      await db()
        .update(users)
        .set({ payPasswordHash: await hashPassword(DEMO_PAY_PASSWORD) })
        .where(eq(users.id, member.id));
    const [w] = await db().select().from(wallets).where(eq(wallets.userId, member.id)).limit(1);
    if (!w) {
      await db().transaction((tx) => changeCoins(tx, member.id, DEMO_COINS, 'grant', { type: 'seed', id: 0, note: '新会员体验金' }));
      granted = DEMO_COINS;
    }
  }
  return { coupon_templates: templates, demo_coins: granted };
}
