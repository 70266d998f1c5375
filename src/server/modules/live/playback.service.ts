import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { LiveLog, Playback, PlaybackCard } from '~/lib/api/contract/live-playback';
import type { LiveStatus } from '~/lib/rules/live';
import { LIVE_LIMITS, LIVE_TEXTS } from '~/lib/rules/live';
import { db } from '../../db';
import { coaches, liveGiftSends, liveRooms, liveSessions, shops } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { invalidatePages } from '../../edge/page-cache';
import { notFound, refuse } from '../../http/errors';
import { countedRow, likeOf, pageOf, pageWindow, rowsAndCount } from '../catalogue/listing';
import { publicNotices } from './notices.service';
import { ownRoom, roomOfOwner } from './room-owner';

/**
 * Playbacks: a broadcast whose recording is ready, not deleted by its anchor. Pinned
 * ones (liveBatchTop) list first. Banned rooms' playbacks are hidden with the room.
 */

type Page<T> = { list: T[]; total: number; page: number; limit: number };

const playable = and(eq(liveSessions.recordStatus, 'ready'), isNull(liveSessions.deletedAt), sql`${liveRooms.status} <> 'banned'`);

const cardCols = {
  s: liveSessions,
  kind: liveRooms.ownerKind,
  ownerId: liveRooms.ownerId,
  coachName: coaches.name,
  coachAvatar: coaches.avatar,
  shopName: shops.name,
  shopLogo: shops.logo,
};
type CardRow = {
  s: typeof liveSessions.$inferSelect;
  kind: string;
  ownerId: number;
  coachName: string | null;
  coachAvatar: string | null;
  shopName: string | null;
  shopLogo: string | null;
};

function card(r: CardRow): PlaybackCard {
  return {
    id: r.s.id,
    room_id: r.s.roomId,
    title: r.s.title,
    cover: r.s.poster || r.s.cover,
    duration_s: r.s.durationS,
    started_at: (r.s.startedAt ?? r.s.createdAt).toISOString(),
    pinned: r.s.pinnedAt ? 1 : 0,
    anchor: {
      kind: r.kind as 'coach' | 'shop',
      id: r.ownerId,
      nick: (r.kind === 'coach' ? r.coachName : r.shopName) ?? '',
      avatar: (r.kind === 'coach' ? r.coachAvatar : r.shopLogo) ?? '',
    },
  };
}

function joined() {
  return db()
    .select(cardCols)
    .from(liveSessions)
    .innerJoin(liveRooms, eq(liveRooms.id, liveSessions.roomId))
    .leftJoin(coaches, and(eq(liveRooms.ownerKind, 'coach'), eq(coaches.id, liveRooms.ownerId)))
    .leftJoin(shops, and(eq(liveRooms.ownerKind, 'shop'), eq(shops.id, liveRooms.ownerId)));
}

export async function playbackPage(p: {
  room_id?: number | undefined;
  type?: 0 | 1 | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
}): Promise<Page<PlaybackCard>> {
  const conds: (SQL | undefined)[] = [playable];
  if (p.room_id) conds.push(eq(liveSessions.roomId, p.room_id));
  if (p.type !== undefined) conds.push(eq(liveRooms.ownerKind, p.type === 0 ? 'coach' : 'shop'));
  if (p.q) conds.push(sql`${liveSessions.title} ilike ${likeOf(p.q)}`);
  const where = and(...conds);
  // Bounded like the catalogue lists: the first LIST_MAX_ROWS, a capped count, none for a short page.
  const { offset, take } = pageWindow(p.page, p.limit);
  const [rows, counted] = await rowsAndCount(
    joined()
      .where(where)
      .orderBy(sql`${liveSessions.pinnedAt} is null`, desc(liveSessions.pinnedAt), desc(liveSessions.startedAt), desc(liveSessions.id))
      .limit(take)
      .offset(offset),
    (cap) =>
      db()
        .select(countedRow())
        .from(liveSessions)
        .innerJoin(liveRooms, eq(liveRooms.id, liveSessions.roomId))
        .where(where)
        .limit(cap)
        .as('rows'),
    { offset, take },
  );
  return pageOf(rows.map(card), counted, p.page, p.limit);
}

export async function playback(id: number): Promise<Playback> {
  const [r] = await joined().where(and(eq(liveSessions.id, id), playable));
  if (!r) throw notFound(LIVE_TEXTS.playbackMissing);
  const url = r.s.recordUrl;
  const format = url.endsWith('.m3u8') ? 'hls' : url.endsWith('.flv') ? 'flv' : 'mp4';
  return { ...card(r), url, format };
}

/** Marks the anchor's own playbacks deleted (they stay in the history as 'deleted'). */
export async function deletePlaybacks(user: SessionUser, ids: number[]): Promise<{ deleted: number }> {
  const { room } = await ownRoom(user);
  const gone = await db()
    .update(liveSessions)
    .set({ deletedAt: new Date(), pinnedAt: null })
    .where(
      and(
        eq(liveSessions.roomId, room.id),
        inArray(liveSessions.id, ids),
        isNull(liveSessions.deletedAt),
        isNotNull(liveSessions.startedAt),
      ),
    )
    .returning({ id: liveSessions.id });
  if (gone.length === 0) throw notFound(LIVE_TEXTS.playbackMissing);
  // Kept guest copies of the playback lists must not go on showing it.
  invalidatePages();
  return { deleted: gone.length };
}

/** Pins (status 1) or unpins (0) the anchor's own playbacks; at most `pinnedMax` stay pinned. */
export async function pinPlaybacks(user: SessionUser, ids: number[], status: 0 | 1): Promise<{ changed: number }> {
  const { room } = await ownRoom(user);
  const result = await db().transaction(async (tx) => {
    await tx.select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.id, room.id)).for('update');
    const mine = and(
      eq(liveSessions.roomId, room.id),
      inArray(liveSessions.id, ids),
      isNull(liveSessions.deletedAt),
      eq(liveSessions.recordStatus, 'ready'),
    );
    const changed = await tx
      .update(liveSessions)
      .set({ pinnedAt: status ? new Date() : null })
      .where(and(mine, status ? isNull(liveSessions.pinnedAt) : isNotNull(liveSessions.pinnedAt)))
      .returning({ id: liveSessions.id });
    if (status) {
      const [n] = await tx
        .select({ n: count() })
        .from(liveSessions)
        .where(and(eq(liveSessions.roomId, room.id), isNotNull(liveSessions.pinnedAt), isNull(liveSessions.deletedAt)));
      if ((n?.n ?? 0) > LIVE_LIMITS.pinnedMax) throw refuse(LIVE_TEXTS.pinnedFull);
    }
    if (changed.length === 0) {
      const [any] = await tx.select({ n: count() }).from(liveSessions).where(mine);
      if (!any?.n) throw notFound(LIVE_TEXTS.playbackMissing);
    }
    return { changed: changed.length };
  });
  // Pinned playbacks list first: the kept guest copies would keep the old order until their TTL.
  if (result.changed > 0) invalidatePages();
  return result;
}

/** The anchor's broadcasts, newest first, with what each earned (the anchor's share of gifts). */
export async function liveLogs(user: SessionUser, page: number, limit: number): Promise<Page<LiveLog>> {
  const { room } = await ownRoom(user);
  const where = and(eq(liveSessions.roomId, room.id), isNotNull(liveSessions.startedAt));
  const income = sql<number>`coalesce((select sum(g.anchor_fen) from live_gift_sends g where g.session_id = "live_sessions"."id"), 0)::int`;
  const [rows, [total]] = await Promise.all([
    db()
      .select({ s: liveSessions, income })
      .from(liveSessions)
      .where(where)
      .orderBy(desc(liveSessions.startedAt), desc(liveSessions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(liveSessions).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    page,
    limit,
    list: rows.map(({ s, income: fen }) => ({
      id: s.id,
      title: s.title,
      started_at: (s.startedAt ?? s.createdAt).toISOString(),
      ended_at: s.endedAt?.toISOString() ?? null,
      duration_s: s.durationS,
      peak_viewers: s.peakViewers,
      likes: s.likes,
      gift_coins: s.giftCoins,
      income_fen: Number(fen),
      playback: s.deletedAt ? 'deleted' : (s.recordStatus as LiveLog['playback']),
      pinned: s.pinnedAt ? 1 : 0,
    })),
  };
}

/** Totals for the anchor's live overview (liveIndexInfo). */
export async function liveStats(roomId: number, anchorUserId: number) {
  const [[s], [g], [p], [b]] = await Promise.all([
    db()
      .select({
        n: count(),
        d: sql<number>`coalesce(sum(${liveSessions.durationS}), 0)::int`,
        coins: sql<number>`coalesce(sum(${liveSessions.giftCoins}), 0)::int`,
      })
      .from(liveSessions)
      .where(and(eq(liveSessions.roomId, roomId), isNotNull(liveSessions.startedAt))),
    db()
      .select({ fen: sql<number>`coalesce(sum(${liveGiftSends.anchorFen}), 0)::int` })
      .from(liveGiftSends)
      .where(eq(liveGiftSends.anchorUserId, anchorUserId)),
    db()
      .select({ n: count() })
      .from(liveSessions)
      .where(and(eq(liveSessions.roomId, roomId), eq(liveSessions.recordStatus, 'ready'), isNull(liveSessions.deletedAt))),
    db()
      .execute<{ n: number }>(
        sql`select coalesce(sum(bookings), 0)::int as n from live_notices where room_id = ${roomId} and status = 'waiting'`,
      )
      .then((r) => r.rows),
  ]);
  return {
    sessions: s?.n ?? 0,
    duration_s: Number(s?.d ?? 0),
    gift_coins: Number(s?.coins ?? 0),
    income_fen: Number(g?.fen ?? 0),
    playbacks: p?.n ?? 0,
    bookings: Number(b?.n ?? 0),
  };
}

/** The 直播 part of a coach's or shop's homepage. */
export async function homepageLive(kind: 'coach' | 'shop', ownerId: number, viewer: number | null) {
  const room = await roomOfOwner(kind, ownerId);
  if (!room || room.status === 'banned')
    return { room: room && { ...room, status: room.status as LiveStatus }, notices: [], playbacks: [] };
  const [notices, playbacks] = await Promise.all([
    publicNotices({ room_id: room.id, page: 1, limit: 3 }, viewer),
    playbackPage({ room_id: room.id, page: 1, limit: 4 }),
  ]);
  return {
    room,
    notices: notices.list.map((n) => ({ id: n.id, title: n.title, start_at: n.start_at, bookings: n.bookings, booked: n.booked })),
    playbacks: playbacks.list,
  };
}
