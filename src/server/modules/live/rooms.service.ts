import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnchorRoom, LiveRoom, LiveRoomCard, ShelfItem } from '~/lib/api/contract/live';
import { LIVE_EVENT, LIVE_LIMITS, LIVE_TEXTS, type LiveStatus } from '~/lib/rules/live';
import { db } from '../../db';
import { env } from '../../env';
import {
  agentCourses,
  agentGoods,
  coaches,
  courses,
  follows,
  goods,
  liveBookings,
  liveNotices,
  liveRooms,
  liveSessions,
  shops,
} from '../../db/schema';
import { normaliseStoredPath } from '../../providers/storage';
import { roomAudience, roomAudiences } from '../im/audience';
import { roomEvent } from '../im/rooms';
import type { SessionUser } from '../../http/context';
import { notFound, refuse } from '../../http/errors';
import { ingestProblemNow, liveMedia, runningIngest, type PushInfo } from '../../providers/live';
import { endBroadcast, newSession } from './broadcast';
import { anchorOf, callerAnchor, ownRoom, withChat, type Anchor, type RoomRow } from './room-owner';
import { liveStats } from './playback.service';
import { confirmLive } from './reconcile.service';
import { likeOf } from '../catalogue/listing';
import { hasFfmpeg } from '../../providers/ffmpeg';
import { BROWSER_PUSH_PATH } from '../../providers/live/browser-push';

type ShelfRef = RoomRow['shelf'][number];

/** The shelf's items that are still on sale, in the anchor's order, with their buy links. */
export async function shelfItems(refs: readonly ShelfRef[]): Promise<ShelfItem[]> {
  const goodsIds = refs.filter((r) => r.type === 'goods').map((r) => r.id);
  const courseIds = refs.filter((r) => r.type === 'course').map((r) => r.id);
  const [g, c] = await Promise.all([
    goodsIds.length
      ? db()
          .select({ id: goods.id, title: goods.title, images: goods.images, price: goods.price })
          .from(goods)
          .where(and(inArray(goods.id, goodsIds), eq(goods.status, 1)))
      : [],
    courseIds.length
      ? db()
          .select({ id: courses.id, title: courses.title, cover: courses.cover, price: courses.price })
          .from(courses)
          .where(and(inArray(courses.id, courseIds), eq(courses.status, 1)))
      : [],
  ]);
  const byKey = new Map<string, ShelfItem>();
  for (const x of g)
    byKey.set(`goods:${x.id}`, {
      type: 'goods',
      id: x.id,
      title: x.title,
      cover: x.images[0] ?? '',
      price: x.price,
      link: `/shop/goodsDetail?id=${x.id}`,
    });
  for (const x of c)
    byKey.set(`course:${x.id}`, {
      type: 'course',
      id: x.id,
      title: x.title,
      cover: x.cover,
      price: x.price,
      link: `/train/courseDetail?id=${x.id}`,
    });
  return refs.flatMap((r) => byKey.get(`${r.type}:${r.id}`) ?? []);
}

/** Goods and courses an anchor may put on the shelf: their own and what they agent, on sale. */
export async function shelfOptions(user: SessionUser): Promise<{ list: ShelfItem[] }> {
  const anchor = await callerAnchor(user);
  const own = anchor.kind === 'coach' ? eq(courses.coachId, anchor.id) : eq(courses.shopId, anchor.id);
  const [ownGoods, agGoods, ownCourses, agCourses] = await Promise.all([
    anchor.kind === 'shop'
      ? db()
          .select({ id: goods.id })
          .from(goods)
          .where(and(eq(goods.shopId, anchor.id), eq(goods.status, 1)))
          .limit(200)
      : [],
    db()
      .select({ id: agentGoods.goodsId })
      .from(agentGoods)
      .where(and(eq(agentGoods.agentType, anchor.kind), eq(agentGoods.agentId, anchor.id)))
      .limit(200),
    db()
      .select({ id: courses.id })
      .from(courses)
      .where(and(own, eq(courses.status, 1)))
      .limit(200),
    db()
      .select({ id: agentCourses.courseId })
      .from(agentCourses)
      .where(and(eq(agentCourses.agentType, anchor.kind), eq(agentCourses.agentId, anchor.id)))
      .limit(200),
  ]);
  const refs: ShelfRef[] = [
    ...[...new Set([...ownGoods, ...agGoods].map((x) => x.id))].map((id) => ({ type: 'goods' as const, id })),
    ...[...new Set([...ownCourses, ...agCourses].map((x) => x.id))].map((id) => ({ type: 'course' as const, id })),
  ];
  return { list: await shelfItems(refs) };
}

/** The waiting notice closest ahead (or just overdue, within the window), with the viewer's booking. */
async function nextNotice(roomId: number, viewer: number | null): Promise<LiveRoom['next_notice']> {
  const [n] = await db()
    .select({ id: liveNotices.id, title: liveNotices.title, startAt: liveNotices.startAt, bookings: liveNotices.bookings })
    .from(liveNotices)
    .where(
      and(
        eq(liveNotices.roomId, roomId),
        eq(liveNotices.status, 'waiting'),
        sql`${liveNotices.startAt} > now() - make_interval(secs => ${LIVE_LIMITS.noticeWindowS})`,
      ),
    )
    .orderBy(liveNotices.startAt)
    .limit(1);
  if (!n) return null;
  let booked: 0 | 1 = 0;
  if (viewer) {
    const [b] = await db()
      .select({ one: sql`1` })
      .from(liveBookings)
      .where(and(eq(liveBookings.noticeId, n.id), eq(liveBookings.userId, viewer)));
    booked = b ? 1 : 0;
  }
  return { id: n.id, title: n.title, start_at: n.startAt.toISOString(), bookings: n.bookings, booked };
}

async function isFollowing(viewer: number | null, anchor: Anchor): Promise<0 | 1> {
  if (!viewer) return 0;
  const [f] = await db()
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.userId, viewer), eq(follows.targetType, anchor.kind), eq(follows.targetId, anchor.id)));
  return f ? 1 : 0;
}

/** The broadcast on air: when it started, its likes and gift coins. */
async function onAir(room: RoomRow): Promise<{ startedAt: string | null; likes: number; giftCoins: number }> {
  if (room.status !== 'live' || !room.sessionId) return { startedAt: null, likes: 0, giftCoins: 0 };
  const [s] = await db()
    .select({ at: liveSessions.startedAt, likes: liveSessions.likes, gifts: liveSessions.giftCoins })
    .from(liveSessions)
    .where(eq(liveSessions.id, room.sessionId));
  return { startedAt: s?.at?.toISOString() ?? null, likes: s?.likes ?? 0, giftCoins: s?.gifts ?? 0 };
}

async function view(room: RoomRow, anchor: Anchor, viewer: number | null): Promise<LiveRoom & { gift_coins: number }> {
  const [air, shelf, notice, followed] = await Promise.all([
    onAir(room),
    shelfItems(room.shelf),
    nextNotice(room.id, viewer),
    isFollowing(viewer, anchor),
  ]);
  return {
    id: room.id,
    title: room.title,
    cover: room.cover,
    category: room.category,
    status: room.status as LiveStatus,
    ban_reason: room.banReason,
    anchor,
    play: room.status === 'live' ? liveMedia().playInfo(room.stream) : null,
    started_at: air.startedAt,
    group_id: room.status === 'banned' ? null : room.imGroupId,
    viewers: room.imGroupId ? await roomAudience(room.imGroupId) : 0,
    likes: air.likes,
    gift_coins: air.giftCoins,
    shelf,
    next_notice: notice,
    is_follow: followed,
  };
}

export async function anchorRoom(user: SessionUser): Promise<AnchorRoom> {
  const { room, anchor } = await ownRoom(user);
  return { ...(await view(room, anchor, user.id)), session_id: room.sessionId, shelf_refs: room.shelf };
}

export async function publicRoom(id: number, viewer: number | null): Promise<LiveRoom> {
  let [room] = await db().select().from(liveRooms).where(eq(liveRooms.id, id));
  if (!room) throw notFound(LIVE_TEXTS.roomMissing);
  if (room.status !== 'banned') room = await withChat(room);
  const { gift_coins: _hidden, ...v } = await view(room, await anchorOf(room.ownerKind as 'coach' | 'shop', room.ownerId), viewer);
  return v;
}

/** The room settings: title, cover, category and the shelf (only the anchor's own or agented items). */
export async function saveSettings(
  user: SessionUser,
  p: { title: string; cover: string; category: string; shelf: ShelfRef[] },
): Promise<AnchorRoom> {
  const { room } = await ownRoom(user);
  const cover = p.cover ? normaliseStoredPath(p.cover) : '';
  if (cover === null) throw refuse('封面图片地址不正确');
  const seen = new Set<string>();
  const shelf = p.shelf.filter((r) => !seen.has(`${r.type}:${r.id}`) && seen.add(`${r.type}:${r.id}`));
  const allowed = new Set((await shelfOptions(user)).list.map((x) => `${x.type}:${x.id}`));
  if (shelf.some((r) => !allowed.has(`${r.type}:${r.id}`))) throw refuse(LIVE_TEXTS.shelfNotYours);
  await db()
    .update(liveRooms)
    .set({ title: p.title, cover: cover || room.cover, category: p.category, shelf, updatedAt: new Date() })
    .where(eq(liveRooms.id, room.id));
  if (room.status === 'live' && room.imGroupId) {
    await roomEvent(room.imGroupId, user.id, { type: LIVE_EVENT.status, status: 'live', title: p.title, shelf: true });
  }
  return anchorRoom(user);
}

/** Likes on the broadcast on air (a burst of taps arrives as one count); told to the room. */
export async function likeRoom(userId: number, roomId: number, n: number): Promise<{ likes: number }> {
  const [room] = await db().select().from(liveRooms).where(eq(liveRooms.id, roomId));
  if (!room) throw notFound(LIVE_TEXTS.roomMissing);
  if (room.status !== 'live' || !room.sessionId || !(await confirmLive(room.id))) throw refuse(LIVE_TEXTS.likeNotLive);
  // Only a broadcast on air counts likes (one that ended since the room was read is refused).
  const [s] = await db()
    .update(liveSessions)
    .set({ likes: sql`${liveSessions.likes} + ${n}` })
    .where(and(eq(liveSessions.id, room.sessionId), isNotNull(liveSessions.startedAt), isNull(liveSessions.endedAt)))
    .returning({ likes: liveSessions.likes });
  if (!s) throw refuse(LIVE_TEXTS.likeNotLive);
  const likes = s.likes;
  if (room.imGroupId) await roomEvent(room.imGroupId, userId, { type: LIVE_EVENT.like, count: n, likes });
  return { likes };
}

/**
 * Prepares a broadcast and hands out a signed push URL. The room turns `live` only when the stream
 * really starts. Calling it again (a second tab, a retry) reuses the prepared or running broadcast.
 */
export async function startLive(user: SessionUser, title?: string): Promise<{ room_id: number; session_id: number; push: PushInfo }> {
  const { room } = await ownRoom(user);
  if (room.status === 'banned') throw refuse(LIVE_TEXTS.banned(room.banReason));
  // The embedded ingest could not listen: a push URL would lead nowhere.
  if (ingestProblemNow()) throw refuse(LIVE_TEXTS.pushUnavailable);
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
 * Rooms for the live lists: on air first (newest start first), then the others by last activity.
 * Banned rooms are never listed. `type` 0 = coaches, 1 = shops (the SPEC's live/coach, live/shop).
 */
export async function roomList(p: { type?: 0 | 1 | undefined; living: 0 | 1; page: number; limit: number; q?: string }): Promise<{
  list: LiveRoomCard[];
  total: number;
  page: number;
  limit: number;
}> {
  const where: SQL[] = [ne(liveRooms.status, 'banned')];
  if (p.type !== undefined) where.push(eq(liveRooms.ownerKind, p.type === 0 ? 'coach' : 'shop'));
  if (p.living) where.push(eq(liveRooms.status, 'live'));
  if (p.q) {
    const like = likeOf(p.q);
    const q = or(
      ilike(liveRooms.title, like),
      sql`exists (select 1 from coaches c where ${liveRooms.ownerKind} = 'coach' and c.id = ${liveRooms.ownerId} and c.name ilike ${like})`,
      sql`exists (select 1 from shops s where ${liveRooms.ownerKind} = 'shop' and s.id = ${liveRooms.ownerId} and s.name ilike ${like})`,
    );
    if (q) where.push(q);
  }
  const cond = and(...where);
  const [list, [total]] = await Promise.all([
    roomCards(cond, { limit: p.limit, offset: (p.page - 1) * p.limit }),
    db().select({ n: count() }).from(liveRooms).where(cond),
  ]);
  return { total: total?.n ?? 0, page: p.page, limit: p.limit, list };
}

/** Cards of the rooms `cond` selects, on air first (newest start first), then by last activity. */
async function roomCards(cond: SQL | undefined, page?: { limit: number; offset: number }): Promise<LiveRoomCard[]> {
  const q = db()
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
      category: liveRooms.category,
      groupId: liveRooms.imGroupId,
    })
    .from(liveRooms)
    .leftJoin(coaches, and(eq(liveRooms.ownerKind, 'coach'), eq(coaches.id, liveRooms.ownerId)))
    .leftJoin(shops, and(eq(liveRooms.ownerKind, 'shop'), eq(shops.id, liveRooms.ownerId)))
    .leftJoin(liveSessions, and(eq(liveRooms.status, 'live'), eq(liveSessions.id, liveRooms.sessionId)))
    .where(cond)
    .orderBy(sql`${liveRooms.status} = 'live' desc`, desc(liveSessions.startedAt), desc(liveRooms.updatedAt), desc(liveRooms.id));
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  const audience = await roomAudiences(rows.flatMap((r) => (r.status === 'live' && r.groupId ? [r.groupId] : [])));
  return rows.map((r) => ({
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
    category: r.category,
    viewers: r.status === 'live' && r.groupId ? (audience.get(r.groupId) ?? 0) : 0,
  }));
}

/** Cards of listed (not banned) rooms by id, in the order asked (the site search's ranking). */
export async function roomsByIds(ids: number[]): Promise<LiveRoomCard[]> {
  if (!ids.length) return [];
  const cards = await roomCards(and(ne(liveRooms.status, 'banned'), inArray(liveRooms.id, ids)));
  const byId = new Map(cards.map((c) => [c.id, c]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** liveIndexInfo: the anchor's room and totals (the live finance entry of the coach and shop areas). */
export async function liveIndex(user: SessionUser): Promise<{ room: AnchorRoom; stats: Awaited<ReturnType<typeof liveStats>> }> {
  const room = await anchorRoom(user);
  return { room, stats: await liveStats(room.id, user.id) };
}

/**
 * Whether this server can take a push from the browser: the embedded ingest runs in this process
 * and ffmpeg is here to encode. Otherwise the console shows OBS's settings only, and says why.
 */
export function pushCaps(): { browser_push: 0 | 1; reason: string; ws_path: string } {
  const ingest = runningIngest();
  const reason = ingestProblemNow()
    ? LIVE_TEXTS.pushUnavailable
    : env().LIVE_MEDIA !== 'local' || !ingest
      ? '当前服务器未运行内置推流服务，请使用 OBS 推流'
      : !hasFfmpeg()
        ? '服务器未安装 ffmpeg，暂不能在浏览器中开播，请使用 OBS 推流'
        : '';
  return { browser_push: reason ? 0 : 1, reason, ws_path: BROWSER_PUSH_PATH };
}
