import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Gift, GiftEvent, GiftLog } from '~/lib/api/contract/live-gifts';
import { LIVE_EVENT, LIVE_LIMITS, LIVE_TEXTS } from '~/lib/rules/live';
import { db } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { liveGiftSends, liveGifts, liveRooms, liveSessions, users } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { notFound, refuse } from '../../http/errors';
import { checkPayPassword } from '../commerce/coin-pay.service';
import { changeCoins, walletBalance } from '../../ledger/coins';
import { roomEvent } from '../im/rooms';
import { moveSellerMoney, sellerAccountId } from '../../ledger/seller-money';
import { configValues } from '../site/site.service';
import { confirmLive } from './reconcile.service';

/**
 * Gifts. One send is one transaction: the send row (unique per sender and request
 * key, so a retry finds it instead of paying again), the sender's coins (coin_ledger 'gift', refused
 * below zero), the anchor's share into their seller balance (seller_ledger 'gift'), and the
 * broadcast's gift total. The room hears of it after the commit.
 */

const giftOf = (g: typeof liveGifts.$inferSelect): Gift => ({
  id: g.id,
  name: g.name,
  icon: g.icon,
  animation: g.animation,
  coins: g.coins,
});

export async function giftList(): Promise<{ list: Gift[] }> {
  const rows = await db()
    .select()
    .from(liveGifts)
    .where(eq(liveGifts.enabled, true))
    .orderBy(asc(liveGifts.sort), asc(liveGifts.coins), asc(liveGifts.id));
  return { list: rows.map(giftOf) };
}

/** The platform's share in basis points: the console's config key, else the default. */
async function platformBp(): Promise<number> {
  const { live_gift_platform_bp: v } = await configValues(['live_gift_platform_bp']);
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) && n >= 0 && n <= 10_000 ? n : LIVE_LIMITS.giftPlatformBp;
}

async function eventOf(sendId: number): Promise<GiftEvent> {
  const [r] = await db()
    .select({ s: liveGiftSends, g: liveGifts, nick: publicNameOf(users), avatar: users.avatar })
    .from(liveGiftSends)
    .innerJoin(liveGifts, eq(liveGifts.id, liveGiftSends.giftId))
    .innerJoin(users, eq(users.id, liveGiftSends.senderId))
    .where(eq(liveGiftSends.id, sendId));
  if (!r) throw notFound(LIVE_TEXTS.giftMissing);
  return {
    send_id: r.s.id,
    room_id: r.s.roomId,
    gift: giftOf(r.g),
    num: r.s.num,
    coins: r.s.coins,
    from: { user_id: r.s.senderId, nick: r.nick, avatar: r.avatar },
    at: r.s.createdAt.toISOString(),
  };
}

async function earlierSend(userId: number, key: string): Promise<number | null> {
  const [s] = await db()
    .select({ id: liveGiftSends.id })
    .from(liveGiftSends)
    .where(and(eq(liveGiftSends.senderId, userId), eq(liveGiftSends.idemKey, key)));
  return s?.id ?? null;
}

export async function sendGift(
  user: SessionUser,
  p: { room_id: number; gift_id: number; num: number; key: string; pay_password?: string | undefined },
): Promise<{ event: GiftEvent; balance: number }> {
  // A retry of a send that went through answers the first send, whatever changed since.
  const before = await earlierSend(user.id, p.key);
  if (before) return { event: await eventOf(before), balance: await walletBalance(user.id) };

  const [gift] = await db()
    .select()
    .from(liveGifts)
    .where(and(eq(liveGifts.id, p.gift_id), eq(liveGifts.enabled, true)));
  if (!gift) throw notFound(LIVE_TEXTS.giftMissing);
  const [room] = await db().select().from(liveRooms).where(eq(liveRooms.id, p.room_id));
  if (!room) throw notFound(LIVE_TEXTS.roomMissing);
  if (room.userId === user.id) throw refuse(LIVE_TEXTS.giftSelf);
  // The database's word and, where this instance can ask, the ingest's: a room left 直播中 by a
  // crash has no stream, and is ended here instead of taking coins.
  if (room.status !== 'live' || !room.sessionId || !(await confirmLive(room.id))) throw refuse(LIVE_TEXTS.giftNotLive);
  const sessionId = room.sessionId;
  const coins = gift.coins * p.num;
  if (coins > LIVE_LIMITS.giftPayPasswordAbove) {
    await checkPayPassword(user.id, p.pay_password ?? '', LIVE_TEXTS.giftPayPassword(LIVE_LIMITS.giftPayPasswordAbove));
  }
  const bp = await platformBp();
  const platformFen = Math.round((coins * 100 * bp) / 10_000);
  const anchorFen = coins * 100 - platformFen;

  const sent = await db().transaction(async (tx) => {
    // The guard: the broadcast is still the room's and on air, read under a share lock, so an end
    // (which locks the room for update) waits for this send or this send sees it and pays nothing.
    const [onAir] = await tx
      .select({ id: liveRooms.id })
      .from(liveRooms)
      .where(and(eq(liveRooms.id, room.id), eq(liveRooms.status, 'live'), eq(liveRooms.sessionId, sessionId)))
      .for('share');
    if (!onAir) throw refuse(LIVE_TEXTS.giftNotLive);
    const [s] = await tx
      .insert(liveGiftSends)
      .values({
        roomId: room.id,
        sessionId,
        giftId: gift.id,
        senderId: user.id,
        anchorUserId: room.userId,
        num: p.num,
        coins,
        anchorFen,
        platformFen,
        idemKey: p.key,
      })
      .onConflictDoNothing()
      .returning({ id: liveGiftSends.id });
    // The same key racing in: the other request pays; this one answers with its send.
    if (!s) return { id: null, balance: 0 };
    const balance = await changeCoins(tx, user.id, -coins, 'gift', { type: 'live_gift', id: s.id, note: `送出 ${gift.name}×${p.num}` });
    const account = await sellerAccountId(tx, { kind: room.ownerKind as 'coach' | 'shop', id: room.ownerId, userId: room.userId });
    await moveSellerMoney(tx, account, { balance: anchorFen }, 'gift', { type: 'live_gift', id: s.id, note: `${gift.name}×${p.num}` });
    await tx
      .update(liveSessions)
      .set({ giftCoins: sql`${liveSessions.giftCoins} + ${coins}` })
      .where(eq(liveSessions.id, sessionId));
    return { id: s.id, balance };
  });
  if (sent.id === null) {
    const id = await earlierSend(user.id, p.key);
    if (!id) throw refuse('请求处理中，请稍后重试');
    return { event: await eventOf(id), balance: await walletBalance(user.id) };
  }
  const event = await eventOf(sent.id);
  if (room.imGroupId) await roomEvent(room.imGroupId, user.id, { type: LIVE_EVENT.gift, ...event });
  return { event, balance: sent.balance };
}

/** 打赏流水: gifts the member sent, or (for an anchor) received, with the sums over all of them. */
export async function giftLogs(
  userId: number,
  p: { dir: 'sent' | 'received'; page: number; limit: number },
): Promise<{ list: GiftLog[]; total: number; page: number; limit: number; sum_coins: number; sum_income_fen: number }> {
  const sent = p.dir === 'sent';
  const where = sent ? eq(liveGiftSends.senderId, userId) : eq(liveGiftSends.anchorUserId, userId);
  const peerId = sent ? liveGiftSends.anchorUserId : liveGiftSends.senderId;
  const [rows, [sum]] = await Promise.all([
    db()
      .select({ s: liveGiftSends, name: liveGifts.name, icon: liveGifts.icon, peerNick: publicNameOf(users), peerAvatar: users.avatar })
      .from(liveGiftSends)
      .innerJoin(liveGifts, eq(liveGifts.id, liveGiftSends.giftId))
      .innerJoin(users, eq(users.id, peerId))
      .where(where)
      .orderBy(desc(liveGiftSends.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db()
      .select({
        n: count(),
        coins: sql<number>`coalesce(sum(${liveGiftSends.coins}), 0)::int`,
        fen: sql<number>`coalesce(sum(${liveGiftSends.anchorFen}), 0)::int`,
      })
      .from(liveGiftSends)
      .where(where),
  ]);
  return {
    total: sum?.n ?? 0,
    page: p.page,
    limit: p.limit,
    sum_coins: Number(sum?.coins ?? 0),
    sum_income_fen: sent ? 0 : Number(sum?.fen ?? 0),
    list: rows.map((r) => ({
      id: r.s.id,
      room_id: r.s.roomId,
      gift_name: r.name,
      gift_icon: r.icon,
      num: r.s.num,
      coins: r.s.coins,
      income_fen: sent ? 0 : r.s.anchorFen,
      peer: { user_id: sent ? r.s.anchorUserId : r.s.senderId, nick: r.peerNick, avatar: r.peerAvatar },
      created_at: r.s.createdAt.toISOString(),
    })),
  };
}
