import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { LiveRoom } from '~/lib/api/contract/live';
import { LIVE_TEXTS, type LiveStatus } from '~/lib/rules/live';
import { db } from '../../db';
import { coaches, liveRooms, shops } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { createLiveRoom } from '../im/rooms';

/** Whose a room is and the caller's own room (made on first use): what every part of live starts from. */

export type RoomRow = typeof liveRooms.$inferSelect;
export type Anchor = LiveRoom['anchor'];

const newStream = () => `r${randomBytes(8).toString('hex')}`;

/** The anchor behind a room: the coach or shop record's public face. */
export async function anchorOf(kind: 'coach' | 'shop', id: number): Promise<Anchor> {
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
export async function callerAnchor(user: SessionUser): Promise<Anchor> {
  const kind = user.identity === 2 ? 'coach' : user.identity === 1 ? 'shop' : null;
  if (!kind) throw forbidden(LIVE_TEXTS.notAnchor);
  const table = kind === 'coach' ? coaches : shops;
  const [row] = await db().select({ id: table.id }).from(table).where(eq(table.userId, user.id)).limit(1);
  if (!row) throw forbidden(LIVE_TEXTS.notAnchor);
  return anchorOf(kind, row.id);
}

/** The caller's room, made on first use. */
export async function ownRoom(user: SessionUser): Promise<{ room: RoomRow; anchor: Anchor }> {
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
  return withChat(room);
}

/** The room's chat group (AVChatRoom), made on first need with a name derived from the room id. */
export async function withChat(room: RoomRow): Promise<RoomRow> {
  if (room.imGroupId) return room;
  const groupID = await createLiveRoom(room.userId, { name: room.title, groupID: `@GF#live${room.id}` });
  await db()
    .update(liveRooms)
    .set({ imGroupId: groupID })
    .where(and(eq(liveRooms.id, room.id), isNull(liveRooms.imGroupId)));
  return { ...room, imGroupId: groupID };
}

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
