import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { LIVE_EVENT, LIVE_TEXTS, type LiveStatus } from '~/lib/rules/live';
import { db } from '../../db';
import { coaches, liveGifts, liveRooms, liveSessions, shops } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { liveMedia } from '../../providers/live';
import { audit } from '../../console/audit';
import { published, storedImage, type Actor } from '../../console/shared';
import { likeOf } from '../catalogue/listing';
import { roomAudiences } from '../im/audience';
import { roomEvent } from '../im/rooms';
import { endBroadcast } from './broadcast';

/** The console's live oversight: take rooms down and restore them; the gift catalogue. */

export async function adminRooms(p: { status?: LiveStatus | undefined; q?: string | undefined; page: number; limit: number }) {
  const conds: SQL[] = [];
  if (p.status) conds.push(eq(liveRooms.status, p.status));
  if (p.q) {
    const like = likeOf(p.q);
    const q = or(ilike(liveRooms.title, like), ilike(coaches.name, like), ilike(shops.name, like));
    if (q) conds.push(q);
  }
  const where = conds.length ? and(...conds) : undefined;
  const base = () =>
    db()
      .select({
        r: liveRooms,
        coachName: coaches.name,
        coachAvatar: coaches.avatar,
        shopName: shops.name,
        shopLogo: shops.logo,
        startedAt: liveSessions.startedAt,
      })
      .from(liveRooms)
      .leftJoin(coaches, and(eq(liveRooms.ownerKind, 'coach'), eq(coaches.id, liveRooms.ownerId)))
      .leftJoin(shops, and(eq(liveRooms.ownerKind, 'shop'), eq(shops.id, liveRooms.ownerId)))
      .leftJoin(liveSessions, and(eq(liveRooms.status, 'live'), eq(liveSessions.id, liveRooms.sessionId)));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(sql`${liveRooms.status} = 'live' desc`, desc(liveRooms.updatedAt), desc(liveRooms.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db()
      .select({ n: count() })
      .from(liveRooms)
      .leftJoin(coaches, and(eq(liveRooms.ownerKind, 'coach'), eq(coaches.id, liveRooms.ownerId)))
      .leftJoin(shops, and(eq(liveRooms.ownerKind, 'shop'), eq(shops.id, liveRooms.ownerId)))
      .where(where),
  ]);
  const audience = await roomAudiences(rows.flatMap(({ r }) => (r.status === 'live' && r.imGroupId ? [r.imGroupId] : [])));
  return {
    total: total?.n ?? 0,
    page: p.page,
    limit: p.limit,
    list: rows.map(({ r, ...x }) => ({
      id: r.id,
      title: r.title,
      cover: r.cover,
      status: r.status as LiveStatus,
      category: r.category,
      anchor: {
        kind: r.ownerKind as 'coach' | 'shop',
        id: r.ownerId,
        nick: (r.ownerKind === 'coach' ? x.coachName : x.shopName) ?? '',
        avatar: (r.ownerKind === 'coach' ? x.coachAvatar : x.shopLogo) ?? '',
      },
      started_at: x.startedAt?.toISOString() ?? null,
      viewers: r.status === 'live' && r.imGroupId ? (audience.get(r.imGroupId) ?? 0) : 0,
      ban_reason: r.banReason,
      user_id: r.userId,
      updated_at: r.updatedAt.toISOString(),
    })),
  };
}

/** Takes a room down: banned (guarded), its push dropped, its broadcast ended, its watchers told. */
export async function banRoom(a: Actor, id: number, reason: string): Promise<null> {
  const room = await db().transaction(async (tx) => {
    const [before] = await tx.select().from(liveRooms).where(eq(liveRooms.id, id)).for('update');
    if (!before) throw notFound(LIVE_TEXTS.roomMissing);
    if (before.status === 'banned') throw refuse('直播间已是封禁状态');
    await tx.update(liveRooms).set({ status: 'banned', banReason: reason, updatedAt: new Date() }).where(eq(liveRooms.id, id));
    await audit(tx, a, {
      action: 'live_room.ban',
      target: 'live_rooms',
      targetId: id,
      before: { status: before.status },
      after: { status: 'banned' },
      note: reason,
    });
    return before;
  });
  await liveMedia().kick(room.stream);
  await endBroadcast(room.id);
  if (room.imGroupId) await roomEvent(room.imGroupId, room.userId, { type: LIVE_EVENT.status, status: 'banned', reason });
  published('live:');
  return null;
}

export async function unbanRoom(a: Actor, id: number): Promise<null> {
  await db().transaction(async (tx) => {
    const [r] = await tx
      .update(liveRooms)
      .set({ status: 'idle', banReason: '', updatedAt: new Date() })
      .where(and(eq(liveRooms.id, id), eq(liveRooms.status, 'banned')))
      .returning({ id: liveRooms.id });
    if (!r) throw refuse('直播间未被封禁');
    await audit(tx, a, {
      action: 'live_room.unban',
      target: 'live_rooms',
      targetId: id,
      before: { status: 'banned' },
      after: { status: 'idle' },
    });
  });
  published('live:');
  return null;
}

export async function adminGifts() {
  const sent = sql<number>`(select count(*) from live_gift_sends s where s.gift_id = "live_gifts"."id")::int`;
  const rows = await db()
    .select({ g: liveGifts, sent })
    .from(liveGifts)
    .orderBy(asc(liveGifts.sort), asc(liveGifts.coins), asc(liveGifts.id));
  return {
    list: rows.map(({ g, sent: n }) => ({
      id: g.id,
      name: g.name,
      icon: g.icon,
      animation: g.animation,
      coins: g.coins,
      sort: g.sort,
      enabled: g.enabled ? (1 as const) : (0 as const),
      sent: Number(n),
    })),
  };
}

export async function saveGift(
  a: Actor,
  p: { id?: number | undefined; name: string; icon: string; animation: string; coins: number; sort: number; enabled: 0 | 1 },
): Promise<{ id: number }> {
  const values = {
    name: p.name,
    icon: storedImage(p.icon, '礼物图标'),
    animation: storedImage(p.animation, '礼物动画'),
    coins: p.coins,
    sort: p.sort,
    enabled: p.enabled === 1,
  };
  return db().transaction(async (tx) => {
    if (p.id) {
      const [before] = await tx.select().from(liveGifts).where(eq(liveGifts.id, p.id)).for('update');
      if (!before) throw notFound(LIVE_TEXTS.giftMissing);
      await tx.update(liveGifts).set(values).where(eq(liveGifts.id, p.id));
      await audit(tx, a, { action: 'live_gift.update', target: 'live_gifts', targetId: p.id, before, after: values });
      return { id: p.id };
    }
    const [g] = await tx.insert(liveGifts).values(values).returning({ id: liveGifts.id });
    if (!g) throw new Error('gift insert returned nothing');
    await audit(tx, a, { action: 'live_gift.create', target: 'live_gifts', targetId: g.id, after: values });
    return g;
  });
}
