import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { coinLedger, messages, referrals, users } from '~/server/db/schema';
import { inviteCodeOf } from '~/lib/rules/referral';
import { settleDueItemOrders } from '~/server/modules/commerce/order-lifecycle.service';
import { setConfig } from '~/server/modules/site/site.service';
import { invalidate } from '~/server/cache';
import { insertCourseOrder } from '../helpers/orders';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let seq = 0;
/** A phone no other registration in this file uses (SPEC §9 format). */
const freshPhone = () => `159${String(Date.now() % 1e5).padStart(5, '0')}${String(seq++).padStart(3, '0')}`;

/** 推荐好友: the code kept through registration, the friend list, the reward once. */

let t: TestApi;
let member: string;
let memberId: number;

beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
  memberId = (await t.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
});
afterAll(() => t.stop());

async function registerWith(inviter: string | undefined) {
  const phone = freshPhone();
  await t.sendCode(phone, 'register');
  const yzm = await t.lastCode(phone);
  const res = await t.post('/register', { phone, yzm, password: 'abc12345', passwords: 'abc12345', inviter });
  expect(res.body.code).toBe(200);
  return { id: res.body.data.user_id as number, token: res.body.data.token as string };
}

/** A paid course order of `userId` whose refund window has passed (settles to completed on the next run). */
const duePaidOrder = (userId: number) => insertCourseOrder(t, userId, { status: 'paid', paidDaysAgo: 30 });

describe('invitation', () => {
  it('answers the code, link and rule, and records a friend who registers with it', async () => {
    const info = (await t.post('/member/inviteInfo', {}, member)).body.data;
    expect(info).toMatchObject({ code: inviteCodeOf(memberId), reward_coins: 50, invited: 0, rewarded: 0, coins_earned: 0 });
    expect(info.link).toMatch(new RegExp(`/account/regmember\\?inviter=${info.code}$`));
    expect(info.rule).toContain('50 功夫币');
    const friend = await registerWith(info.code);
    const list = (await t.post('/member/inviteList', {}, member)).body.data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ user_id: friend.id, via: 'phone', rewarded: 0, coins: 0 });
    expect((await t.post('/member/inviteList', {})).body.code).toBe(101);
  });

  it('ignores codes that name nobody, a disabled inviter, and loops, without failing registration', async () => {
    const a = await registerWith('ZZZZZZZZ');
    const b = await registerWith('not-a-code!');
    expect(await t.db.select().from(referrals).where(eq(referrals.inviteeId, a.id))).toHaveLength(0);
    expect(await t.db.select().from(referrals).where(eq(referrals.inviteeId, b.id))).toHaveLength(0);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, a.id));
    const c = await registerWith(inviteCodeOf(a.id));
    expect(await t.db.select().from(referrals).where(eq(referrals.inviteeId, c.id))).toHaveLength(0);
    // A row that would close a loop (b invited by c while c was invited by b) is refused by the service.
    const d = await registerWith(inviteCodeOf(b.id));
    const { recordReferral } = await import('~/server/modules/referral/referral.service');
    const looped = await t.db.transaction((tx) => recordReferral(tx, b.id, inviteCodeOf(d.id), 'phone'));
    expect(looped).toBe(false);
    // A member counts once: a second code for the same member changes nothing.
    const again = await t.db.transaction((tx) => recordReferral(tx, d.id, inviteCodeOf(memberId), 'phone'));
    expect(again).toBe(false);
  });
});

describe('the reward', () => {
  it('pays the inviter once through the ledger when the friend’s first orders complete together', async () => {
    const inviter = await registerWith(undefined);
    const friend = await registerWith(inviteCodeOf(inviter.id));
    const before = await t.wallet(inviter.id);
    await Promise.all([duePaidOrder(friend.id), duePaidOrder(friend.id), duePaidOrder(friend.id)]);
    // Two settling runs at once (two instances of the job): each order completes once, the reward once.
    const done = await Promise.all([settleDueItemOrders(), settleDueItemOrders()]);
    expect(done[0] + done[1]).toBeGreaterThanOrEqual(3);
    const after = await t.wallet(inviter.id);
    expect(after.coins - before.coins).toBe(50);
    expect(after.ledgerSum).toBe(after.coins);
    const lines = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, inviter.id), eq(coinLedger.reason, 'reward')));
    expect(lines).toHaveLength(1);
    const [r] = await t.db.select().from(referrals).where(eq(referrals.inviteeId, friend.id));
    expect(r).toMatchObject({ coins: 50 });
    expect(r!.rewardedAt).not.toBeNull();
    const told = await t.db.select().from(messages).where(eq(messages.userId, inviter.id));
    expect(told.filter((m) => m.title === '邀请奖励到账')).toHaveLength(1);
    const list = (await t.post('/member/inviteList', {}, inviter.token)).body.data.list;
    expect(list[0]).toMatchObject({ user_id: friend.id, rewarded: 1, coins: 50 });
    // A later completed order pays nothing more.
    await duePaidOrder(friend.id);
    await settleDueItemOrders();
    expect((await t.wallet(inviter.id)).coins).toBe(after.coins);
  });

  it('takes the amount from config, and 0 turns it off (the friend still counts once)', async () => {
    await setConfig({ invite_reward_coins: '0' });
    invalidate();
    const inviter = await registerWith(undefined);
    const friend = await registerWith(inviteCodeOf(inviter.id));
    await duePaidOrder(friend.id);
    await settleDueItemOrders();
    expect((await t.wallet(inviter.id)).coins).toBe(0);
    expect((await t.post('/member/inviteInfo', {}, inviter.token)).body.data).toMatchObject({ reward_coins: 0, invited: 1, rewarded: 1 });
    await setConfig({ invite_reward_coins: '50' });
    invalidate();
  });
});
