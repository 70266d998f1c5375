import { and, count, desc, eq, isNull, sql, sum } from 'drizzle-orm';
import { escapeHtml } from '~/lib/rules/admin-content';
import { INVITE_REWARD_DEFAULT, REFERRAL_TEXTS, inviteCodeOf, inviteLink, userIdOfInvite } from '~/lib/rules/referral';
import { db, type TxOrDb } from '../../db';
import { config, referrals, users } from '../../db/schema';
import { env } from '../../env';
import { log } from '../../log';
import { changeCoins } from '../../ledger/coins';
import { sendMessage } from '../notice/notice.service';
import { configValues } from '../site/site.service';

/**
 * 推荐好友. A new member's invitation code is recorded in the transaction that
 * creates them; the reward is paid in the transaction that completes their first order.
 */

const coinsOf = (v: string | undefined) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) && n >= 0 && n <= 100_000 ? n : INVITE_REWARD_DEFAULT;
};

/** The coins an inviter gets per friend (config `invite_reward_coins`; 0 turns the reward off). */
export async function rewardCoins(): Promise<number> {
  return coinsOf((await configValues(['invite_reward_coins'])).invite_reward_coins);
}

/**
 * Records who invited a member who was just created (inside that transaction). A code that names
 * nobody, a disabled account, the member themself, or someone the member invited (a loop) is
 * ignored: registration never fails because of an invitation.
 */
export async function recordReferral(
  tx: TxOrDb,
  inviteeId: number,
  code: string | undefined,
  via: 'phone' | 'wx' | 'qq',
): Promise<boolean> {
  const inviterId = userIdOfInvite(code);
  if (!inviterId || inviterId === inviteeId) return false;
  const [inviter] = await tx.select({ status: users.status }).from(users).where(eq(users.id, inviterId));
  if (!inviter || inviter.status !== 1) return false;
  const [loop] = await tx
    .select({ id: referrals.inviteeId })
    .from(referrals)
    .where(and(eq(referrals.inviteeId, inviterId), eq(referrals.inviterId, inviteeId)));
  if (loop) return false;
  const made = await tx
    .insert(referrals)
    .values({ inviteeId, inviterId, via })
    .onConflictDoNothing()
    .returning({ id: referrals.inviteeId });
  if (made.length) log.info('referral recorded', { inviteeId, inviterId, via });
  return made.length > 0;
}

/**
 * Called in the transaction that completes an order: the buyer's inviter is rewarded once — the
 * guarded update of `rewarded_at` lets exactly one completion through, however many run at once.
 */
export async function rewardReferral(tx: TxOrDb, order: { id: number; userId: number }): Promise<number> {
  // Read through this transaction: the embedded database has one connection, which it holds.
  const [cfg] = await tx.select({ v: config.value }).from(config).where(eq(config.key, 'invite_reward_coins'));
  const coins = coinsOf(cfg?.v);
  const [r] = await tx
    .update(referrals)
    .set({ rewardedAt: new Date(), orderId: order.id, coins })
    .where(and(eq(referrals.inviteeId, order.userId), isNull(referrals.rewardedAt)))
    .returning();
  if (!r || coins <= 0) return 0;
  await changeCoins(tx, r.inviterId, coins, 'reward', { type: 'referral', id: r.inviteeId, note: REFERRAL_TEXTS.ledgerNote });
  const [friend] = await tx.select({ nick: users.nickName }).from(users).where(eq(users.id, r.inviteeId));
  await sendMessage(
    {
      userId: r.inviterId,
      kind: 'notice',
      title: REFERRAL_TEXTS.rewardTitle,
      content: `<p>${escapeHtml(REFERRAL_TEXTS.rewardNotice(friend?.nick ?? '', coins))}</p>`,
      link: '/my/order',
    },
    tx,
  );
  return coins;
}

/** /member/inviteInfo: the code, link, rule and totals. */
export async function inviteInfo(userId: number) {
  const coins = await rewardCoins();
  const [[all], [paid]] = await Promise.all([
    db().select({ n: count() }).from(referrals).where(eq(referrals.inviterId, userId)),
    db()
      .select({ n: count(), coins: sum(referrals.coins).mapWith(Number) })
      .from(referrals)
      .where(and(eq(referrals.inviterId, userId), sql`${referrals.rewardedAt} is not null`)),
  ]);
  return {
    code: inviteCodeOf(userId),
    link: inviteLink(env().SITE_URL, userId),
    reward_coins: coins,
    rule: REFERRAL_TEXTS.rule(coins),
    invited: all?.n ?? 0,
    rewarded: paid?.n ?? 0,
    coins_earned: paid?.coins ?? 0,
  };
}

/** /member/inviteList: the friends who registered through the member's code, newest first. */
export async function inviteList(userId: number, page: number, limit: number) {
  const where = eq(referrals.inviterId, userId);
  const [rows, [total]] = await Promise.all([
    db()
      .select({ r: referrals, nick: users.nickName, avatar: users.avatar })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.inviteeId))
      .where(where)
      .orderBy(desc(referrals.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(referrals).where(where),
  ]);
  return {
    list: rows.map(({ r, nick, avatar }) => ({
      user_id: r.inviteeId,
      nick,
      avatar,
      via: r.via as 'phone' | 'wx' | 'qq',
      registered_at: r.createdAt.toISOString(),
      rewarded: r.rewardedAt ? 1 : (0 as 0 | 1),
      coins: r.coins,
      rewarded_at: r.rewardedAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}
