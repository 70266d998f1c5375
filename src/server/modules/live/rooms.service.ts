import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnchorRoom, LiveRoom, LiveRoomCard } from '~/lib/api/contract/live';
import { LIVE_LIMITS, LIVE_TEXTS, type LiveStatus } from '~/lib/rules/live';
import { db, type Tx } from '../../db';
import { env } from '../../env';
import { coaches, liveRooms, liveSessions, shops } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { forbidden, notFound, refuse } from '../../http/errors';
import { liveMedia, type PushInfo, type StreamHandlers } from '../../providers/live';

type RoomRow = typeof liveRooms.$inferSelect;
type Anchor = LiveRoom['anchor'];

const newStream = () => `r${randomBytes(8).toString('hex')}`;

/** The anchor behind a room: the coach or shop record's public face. */
async function anchorOf(kind: 'coach' | 'shop', id: number): Promise<Anchor> {
  if (kind === 'coach') {
    const [c] = await db()
      .select({ uid: coaches.userId, nick: coaches.name, avatar: coaches.avatar })
      .from(coaches)
      .where(eq(coaches.id, id));
    if (!c) throw notFound(LIVE_TEXTS.roomMissing);
    return { kind, id, ...c };
  }
  const [s] = await db().select({ uid: shops.userId, nick: shops.name, avatar: shops.logo }).from(shops).where(eq(shops.id, id));
  if (!s) throw notFound(LIVE_TEXTS.roomMissing);
  return { kind, id, ...s };
}

/**
 * Who the caller broadcasts as: a coach (identity 2) as the coach, a shop owner (identity 1) as
 * the shop — never an id from the request.
 */
async function callerAnchor(user: SessionUser): Promise<Anchor> {
  const kind = user.identity === 2 ? 'coach' : user.identity === 1 ? 'shop' : null;
  if (!kind) throw forbidden(LIVE_TEXTS.notAnchor);
  const table = kind === 'coach' ? coaches : shops;
  const [row] = await db().select({ id: table.id }).from(table).where(eq(table.userId, user.id)).limit(1);
  if (!row) throw forbidden(LIVE_TEXTS.notAnchor);
  return anchorOf(kind, row.id);
}

/** The caller's room, made on first use. */
async function ownRoom(user: SessionUser): Promise<{ room: RoomRow; anchor: Anchor }> {
  const anchor = await callerAnchor(user);
  return { room: await ensureRoom(anchor, user.id), anchor };
}

/** An anchor's room, made when missing (a concurrent first call finds the row the other made). */
export async function ensureRoom(anchor: Pick<Anchor, 'kind' | 'id' | 'nick' | 'avatar'>, userId: number): Promise<RoomRow> {
  const where = and(eq(liveRooms.ownerKind, anchor.kind), eq(liveRooms.ownerId, anchor.id));
  let [room] = await db().select().from(liveRooms).where(where);
  if (!room) {
    await db()
      .insert(liveRooms)
      .values({
        ownerKind: anchor.kind,
        ownerId: anchor.id,
        userId,
        title: LIVE_TEXTS.defaultTitle(anchor.nick),
        cover: anchor.avatar,
        stream: newStream(),
      })
      .onConflictDoNothing();
    [room] = await db().select().from(liveRooms).where(where);
  }
  if (!room) throw new Error('live room could not be created');
  return room;
}

async function startedAt(room: RoomRow): Promise<string | null> {
  if (room.status !== 'live' || !room.sessionId) return null;
  const [s] = await db().select({ at: liveSessions.startedAt }).from(liveSessions).where(eq(liveSessions.id, room.sessionId));
  return s?.at?.toISOString() ?? null;
}

async function view(room: RoomRow, anchor: Anchor): Promise<LiveRoom> {
  return {
    id: room.id,
    title: room.title,
    cover: room.cover,
    status: room.status as LiveStatus,
    ban_reason: room.banReason,
    anchor,
    play: room.status === 'live' ? liveMedia().playInfo(room.stream) : null,
    started_at: await startedAt(room),
  };
}

export async function anchorRoom(user: SessionUser): Promise<AnchorRoom> {
  const { room, anchor } = await ownRoom(user);
  return { ...(await view(room, anchor)), session_id: room.sessionId };
}

export async function publicRoom(id: number): Promise<LiveRoom> {
  const [room] = await db().select().from(liveRooms).where(eq(liveRooms.id, id));
  if (!room) throw notFound(LIVE_TEXTS.roomMissing);
  return view(room, await anchorOf(room.ownerKind as 'coach' | 'shop', room.ownerId));
}

async function newSession(tx: Tx, v: { roomId: number; title: string; cover: string }): Promise<number> {
  const [s] = await tx.insert(liveSessions).values(v).returning({ id: liveSessions.id });
  if (!s) throw new Error('live session insert returned nothing');
  return s.id;
}

/**
 * Prepares a broadcast and hands out a signed push URL. The room turns `live` only when the stream
 * really starts. Calling it again (a second tab, a retry) reuses the prepared or running broadcast.
 */
export async function startLive(user: SessionUser, title?: string): Promise<{ room_id: number; session_id: number; push: PushInfo }> {
  const { room } = await ownRoom(user);
  if (room.status === 'banned') throw refuse(LIVE_TEXTS.banned(room.banReason));
  const sessionId = await db().transaction(async (tx) => {
    const [locked] = await tx.select().from(liveRooms).where(eq(liveRooms.id, room.id)).for('update');
    if (!locked) throw notFound(LIVE_TEXTS.roomMissing);
    if (locked.status === 'banned') throw refuse(LIVE_TEXTS.banned(locked.banReason));
    const t = title ?? locked.title;
    if (title && title !== locked.title) await tx.update(liveRooms).set({ title, updatedAt: new Date() }).where(eq(liveRooms.id, room.id));
    if (locked.sessionId) {
      // Not yet on air: the new title goes to the prepared broadcast too.
      if (locked.status === 'idle') await tx.update(liveSessions).set({ title: t }).where(eq(liveSessions.id, locked.sessionId));
      return locked.sessionId;
    }
    const id = await newSession(tx, { roomId: room.id, title: t, cover: locked.cover });
    await tx.update(liveRooms).set({ sessionId: id, updatedAt: new Date() }).where(eq(liveRooms.id, room.id));
    return id;
  });
  return { room_id: room.id, session_id: sessionId, push: liveMedia().pushInfo(room.stream, LIVE_LIMITS.pushTtlS) };
}

/** Ends the broadcast: drops the publisher and closes the session. Safe to repeat. */
export async function stopLive(user: SessionUser): Promise<{ status: LiveStatus }> {
  const { room } = await ownRoom(user);
  await liveMedia().kick(room.stream);
  await endBroadcast(room.id);
  const [after] = await db().select({ status: liveRooms.status }).from(liveRooms).where(eq(liveRooms.id, room.id));
  return { status: (after?.status ?? 'idle') as LiveStatus };
}

/**
 * live → idle (guarded, so the ingest's end event and /live/stop may both arrive): the session gets
 * its end and duration. A broadcast prepared but never on air is dropped.
 */
async function endBroadcast(roomId: number): Promise<void> {
  await db().transaction(async (tx) => {
    const [room] = await tx.select().from(liveRooms).where(eq(liveRooms.id, roomId)).for('update');
    if (!room?.sessionId) return;
    const now = new Date();
    await tx
      .update(liveSessions)
      .set({
        endedAt: now,
        durationS: sql`greatest(0, extract(epoch from (${now.toISOString()}::timestamptz - ${liveSessions.startedAt})))::int`,
      })
      .where(and(eq(liveSessions.id, room.sessionId), isNull(liveSessions.endedAt)));
    await tx.delete(liveSessions).where(and(eq(liveSessions.id, room.sessionId), isNull(liveSessions.startedAt)));
    await tx
      .update(liveRooms)
      .set({ sessionId: null, status: room.status === 'live' ? 'idle' : room.status, updatedAt: now })
      .where(eq(liveRooms.id, roomId));
  });
}

/** What the ingest calls (registered at startup): a signed publish asks, an ended one reports. */
export const liveStreamHandlers: StreamHandlers = {
  async started(stream) {
    return db().transaction(async (tx) => {
      const [room] = await tx.select().from(liveRooms).where(eq(liveRooms.stream, stream)).for('update');
      if (!room || room.status === 'banned') return false;
      if (room.status === 'live') return true;
      let sessionId = room.sessionId;
      if (!sessionId) {
        // A push with a still-valid URL after the last broadcast ended: a new broadcast.
        sessionId = await newSession(tx, { roomId: room.id, title: room.title, cover: room.cover });
      }
      await tx
        .update(liveSessions)
        .set({ startedAt: new Date(), recordStatus: env().LIVE_RECORD === 'auto' ? 'recording' : 'none' })
        .where(eq(liveSessions.id, sessionId));
      await tx.update(liveRooms).set({ status: 'live', sessionId, updatedAt: new Date() }).where(eq(liveRooms.id, room.id));
      return true;
    });
  },
  async ended(stream) {
    const [room] = await db().select({ id: liveRooms.id, status: liveRooms.status }).from(liveRooms).where(eq(liveRooms.stream, stream));
    if (room?.status === 'live') await endBroadcast(room.id);
  },
  async recorded(stream, rec) {
    const [room] = await db().select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.stream, stream));
    if (!room) return;
    // The latest broadcast still waiting for its recording (started at or before the file's start).
    const conds = [eq(liveSessions.roomId, room.id), eq(liveSessions.recordStatus, 'recording')];
    if (rec.startedAt) conds.push(sql`${liveSessions.startedAt} <= ${new Date(rec.startedAt.getTime() + 60_000).toISOString()}::timestamptz`);
    const [s] = await db()
      .select({ id: liveSessions.id })
      .from(liveSessions)
      .where(and(...conds))
      .orderBy(desc(liveSessions.id))
      .limit(1);
    if (!s) return;
    await db()
      .update(liveSessions)
      .set({
        recordStatus: rec.url ? 'ready' : 'failed',
        recordUrl: rec.url,
        poster: rec.poster,
        ...(rec.durationS > 0 ? { durationS: Math.round(rec.durationS) } : {}),
      })
      .where(and(eq(liveSessions.id, s.id), eq(liveSessions.recordStatus, 'recording')));
  },
};

/** A coach's or shop's room for their homepage's 直播 tab (null until they first open the console). */
export async function roomOfOwner(
  kind: 'coach' | 'shop',
  ownerId: number,
): Promise<{ id: number; title: string; cover: string; status: LiveStatus } | null> {
  const [r] = await db()
    .select({ id: liveRooms.id, title: liveRooms.title, cover: liveRooms.cover, status: liveRooms.status })
    .from(liveRooms)
    .where(and(eq(liveRooms.ownerKind, kind), eq(liveRooms.ownerId, ownerId)));
  return r ? { ...r, status: r.status as LiveStatus } : null;
}

/**
 * Rooms for the live lists: on air first (newest start first), then the others by last activity.
 * Banned rooms are never listed. `type` 0 = coaches, 1 = shops (the SPEC's live/coach, live/shop).
 */
export async function roomList(p: { type?: 0 | 1 | undefined; living: 0 | 1; page: number; limit: number }): Promise<{
  list: LiveRoomCard[];
  total: number;
  page: number;
  limit: number;
}> {
  const where: SQL[] = [ne(liveRooms.status, 'banned')];
  if (p.type !== undefined) where.push(eq(liveRooms.ownerKind, p.type === 0 ? 'coach' : 'shop'));
  if (p.living) where.push(eq(liveRooms.status, 'live'));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: liveRooms.id,
        title: liveRooms.title,
        cover: liveRooms.cover,
        status: liveRooms.status,
        kind: liveRooms.ownerKind,
        ownerId: liveRooms.ownerId,
        coachName: coaches.name,
        coachAvatar: coaches.avatar,
        shopName: shops.name,
        shopLogo: shops.logo,
        startedAt: liveSessions.startedAt,
      })
      .from(liveRooms)
      .leftJoin(coaches, and(eq(liveRooms.ownerKind, 'coach'), eq(coaches.id, liveRooms.ownerId)))
      .leftJoin(shops, and(eq(liveRooms.ownerKind, 'shop'), eq(shops.id, liveRooms.ownerId)))
      .leftJoin(liveSessions, and(eq(liveRooms.status, 'live'), eq(liveSessions.id, liveRooms.sessionId)))
      .where(cond)
      .orderBy(sql`${liveRooms.status} = 'live' desc`, desc(liveSessions.startedAt), desc(liveRooms.updatedAt), desc(liveRooms.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db().select({ n: count() }).from(liveRooms).where(cond),
  ]);
  return {
    total: total?.n ?? 0,
    page: p.page,
    limit: p.limit,
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      cover: r.cover,
      status: r.status as LiveStatus,
      anchor: {
        kind: r.kind as 'coach' | 'shop',
        id: r.ownerId,
        nick: (r.kind === 'coach' ? r.coachName : r.shopName) ?? '',
        avatar: (r.kind === 'coach' ? r.coachAvatar : r.shopLogo) ?? '',
      },
      started_at: r.startedAt?.toISOString() ?? null,
    })),
  };
}
