import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { LiveNotice } from '~/lib/api/contract/live-notices';
import { escapeHtml } from '~/lib/rules/admin-content';
import { LIVE_LIMITS, LIVE_TEXTS } from '~/lib/rules/live';
import { db } from '../../db';
import { coaches, liveBookings, liveNotices, liveRooms, messages, shops } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { invalidatePages } from '../../edge/page-cache';
import { forbidden, notFound, refuse } from '../../http/errors';
import { normaliseStoredPath } from '../../providers/storage';
import { sendMessage } from '../notice/notice.service';
import { ownRoom, type RoomRow } from './room-owner';
import { countedRow, pageOf, pageWindow, rowsAndCount, type Page } from '../catalogue/listing';

/**
 * 直播预告: an anchor schedules a broadcast, members book it, and when the room goes
 * live within `noticeWindowS` of the time the notice turns `started` and each booker gets one
 * site message (notified_at guards against a second start event notifying twice).
 */

type NoticeInput = { title: string; cover: string; intro: string; start_at: string };

function checkTime(startAt: string): Date {
  const at = new Date(startAt);
  const ahead = (at.getTime() - Date.now()) / 1000;
  if (!(ahead >= LIVE_LIMITS.noticeMinAheadS && ahead <= LIVE_LIMITS.noticeMaxAheadS)) throw refuse(LIVE_TEXTS.noticeTime);
  return at;
}

function coverOf(cover: string, room: RoomRow): string {
  if (!cover) return room.cover;
  const path = normaliseStoredPath(cover);
  if (path === null) throw refuse('封面图片地址不正确');
  return path || room.cover;
}

/** The caller's room, as the anchor kind the endpoint is for (/coach/… or /shop/…). */
async function roomAs(user: SessionUser, kind: 'coach' | 'shop'): Promise<RoomRow> {
  const { room, anchor } = await ownRoom(user);
  if (anchor.kind !== kind) throw forbidden(LIVE_TEXTS.notAnchor);
  return room;
}

async function noticePage(
  where: SQL | undefined,
  viewer: number | null,
  page: number,
  limit: number,
  order: SQL[],
): Promise<Page<LiveNotice>> {
  // Bounded like the catalogue lists: the first LIST_MAX_ROWS, a capped count, none for a short page.
  const { offset, take } = pageWindow(page, limit);
  const [rows, counted] = await rowsAndCount(
    db()
      .select({
        n: liveNotices,
        kind: liveRooms.ownerKind,
        ownerId: liveRooms.ownerId,
        coachName: coaches.name,
        coachAvatar: coaches.avatar,
        shopName: shops.name,
        shopLogo: shops.logo,
      })
      .from(liveNotices)
      .innerJoin(liveRooms, eq(liveRooms.id, liveNotices.roomId))
      .leftJoin(coaches, and(eq(liveRooms.ownerKind, 'coach'), eq(coaches.id, liveRooms.ownerId)))
      .leftJoin(shops, and(eq(liveRooms.ownerKind, 'shop'), eq(shops.id, liveRooms.ownerId)))
      .where(where)
      .orderBy(...order)
      .limit(take)
      .offset(offset),
    (cap) =>
      db()
        .select(countedRow())
        .from(liveNotices)
        .innerJoin(liveRooms, eq(liveRooms.id, liveNotices.roomId))
        .where(where)
        .limit(cap)
        .as('rows'),
    { offset, take },
  );
  const mine = new Set<number>();
  if (viewer && rows.length) {
    const b = await db()
      .select({ id: liveBookings.noticeId })
      .from(liveBookings)
      .where(
        and(
          eq(liveBookings.userId, viewer),
          inArray(
            liveBookings.noticeId,
            rows.map((r) => r.n.id),
          ),
        ),
      );
    for (const x of b) mine.add(x.id);
  }
  return pageOf(
    rows.map((r) => ({
      id: r.n.id,
      room_id: r.n.roomId,
      title: r.n.title,
      cover: r.n.cover,
      intro: r.n.intro,
      start_at: r.n.startAt.toISOString(),
      status: r.n.status as LiveNotice['status'],
      bookings: r.n.bookings,
      booked: mine.has(r.n.id) ? 1 : 0,
      anchor: {
        kind: r.kind as 'coach' | 'shop',
        id: r.ownerId,
        nick: (r.kind === 'coach' ? r.coachName : r.shopName) ?? '',
        avatar: (r.kind === 'coach' ? r.coachAvatar : r.shopLogo) ?? '',
      },
    })),
    counted,
    page,
    limit,
  );
}

async function oneNotice(id: number, viewer: number | null): Promise<LiveNotice> {
  const page = await noticePage(eq(liveNotices.id, id), viewer, 1, 1, [asc(liveNotices.id)]);
  const n = page.list[0];
  if (!n) throw notFound(LIVE_TEXTS.noticeMissing);
  return n;
}

export async function addNotice(user: SessionUser, kind: 'coach' | 'shop', p: NoticeInput): Promise<LiveNotice> {
  const room = await roomAs(user, kind);
  const startAt = checkTime(p.start_at);
  const id = await db().transaction(async (tx) => {
    // The room row lock serialises concurrent adds, so the cap holds.
    await tx.select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.id, room.id)).for('update');
    const [n] = await tx
      .select({ n: count() })
      .from(liveNotices)
      .where(and(eq(liveNotices.roomId, room.id), eq(liveNotices.status, 'waiting'), gt(liveNotices.startAt, new Date())));
    if ((n?.n ?? 0) >= LIVE_LIMITS.noticesMax) throw refuse(LIVE_TEXTS.noticeFull);
    const [row] = await tx
      .insert(liveNotices)
      .values({ roomId: room.id, title: p.title, cover: coverOf(p.cover, room), intro: p.intro, startAt })
      .returning({ id: liveNotices.id });
    if (!row) throw new Error('notice insert returned nothing');
    return row.id;
  });
  // The live lists show 直播预告: their kept guest copies must not miss the change until their TTL.
  invalidatePages();
  return oneNotice(id, user.id);
}

export async function editNotice(user: SessionUser, kind: 'coach' | 'shop', p: NoticeInput & { id: number }): Promise<LiveNotice> {
  const room = await roomAs(user, kind);
  const startAt = checkTime(p.start_at);
  const [n] = await db()
    .update(liveNotices)
    .set({ title: p.title, cover: coverOf(p.cover, room), intro: p.intro, startAt, updatedAt: new Date() })
    .where(and(eq(liveNotices.id, p.id), eq(liveNotices.roomId, room.id), eq(liveNotices.status, 'waiting')))
    .returning({ id: liveNotices.id });
  if (!n) {
    const [exists] = await db()
      .select({ id: liveNotices.id })
      .from(liveNotices)
      .where(and(eq(liveNotices.id, p.id), eq(liveNotices.roomId, room.id)));
    throw exists ? refuse(LIVE_TEXTS.noticeDone) : notFound(LIVE_TEXTS.noticeMissing);
  }
  invalidatePages();
  return oneNotice(n.id, user.id);
}

/** Cancels a waiting notice (bookers are told) or removes a finished one from the anchor's list. */
export async function deleteNotice(user: SessionUser, kind: 'coach' | 'shop', id: number): Promise<null> {
  const room = await roomAs(user, kind);
  await db().transaction(async (tx) => {
    const [n] = await tx
      .select()
      .from(liveNotices)
      .where(and(eq(liveNotices.id, id), eq(liveNotices.roomId, room.id)))
      .for('update');
    if (!n) throw notFound(LIVE_TEXTS.noticeMissing);
    if (n.status === 'waiting') {
      const bookers = await tx.select({ userId: liveBookings.userId }).from(liveBookings).where(eq(liveBookings.noticeId, id));
      for (const b of bookers) {
        await sendMessage(
          {
            userId: b.userId,
            kind: 'notice',
            title: '直播预告已取消',
            content: `你预约的直播「${n.title}」已取消`,
            link: `/live/room/${room.id}`,
          },
          tx,
        );
      }
    }
    await tx.delete(liveNotices).where(eq(liveNotices.id, id));
  });
  invalidatePages();
  return null;
}

export async function myNotices(user: SessionUser, page: number, limit: number): Promise<Page<LiveNotice>> {
  const { room } = await ownRoom(user);
  return noticePage(eq(liveNotices.roomId, room.id), user.id, page, limit, [
    sql`${liveNotices.status} = 'waiting' desc`,
    desc(liveNotices.startAt),
  ]);
}

/** Upcoming notices (/live/prev): waiting, not yet past the start window, soonest first; banned rooms hidden. */
export async function publicNotices(
  p: { room_id?: number | undefined; page: number; limit: number },
  viewer: number | null,
): Promise<Page<LiveNotice>> {
  const where = and(
    eq(liveNotices.status, 'waiting'),
    sql`${liveNotices.startAt} > now() - make_interval(secs => ${LIVE_LIMITS.noticeWindowS})`,
    sql`${liveRooms.status} <> 'banned'`,
    p.room_id ? eq(liveNotices.roomId, p.room_id) : undefined,
  );
  return noticePage(where, viewer, p.page, p.limit, [asc(liveNotices.startAt), asc(liveNotices.id)]);
}

/** Shown notices by id (as publicNotices shows them), in the order asked (the site search's ranking). */
export async function noticesByIds(ids: number[], viewer: number | null): Promise<LiveNotice[]> {
  if (!ids.length) return [];
  const where = and(
    eq(liveNotices.status, 'waiting'),
    sql`${liveNotices.startAt} > now() - make_interval(secs => ${LIVE_LIMITS.noticeWindowS})`,
    sql`${liveRooms.status} <> 'banned'`,
    inArray(liveNotices.id, ids),
  );
  const page = await noticePage(where, viewer, 1, ids.length, [asc(liveNotices.id)]);
  const byId = new Map(page.list.map((n) => [n.id, n]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Books (status 1) or unbooks (0) a waiting notice; repeating either changes nothing. */
export async function book(userId: number, id: number, status: 0 | 1): Promise<{ booked: 0 | 1; bookings: number }> {
  return db().transaction(async (tx) => {
    const [n] = await tx.select().from(liveNotices).where(eq(liveNotices.id, id)).for('update');
    if (!n) throw notFound(LIVE_TEXTS.noticeMissing);
    if (status === 1) {
      if (n.status !== 'waiting') throw refuse(LIVE_TEXTS.bookDone);
      const added = await tx
        .insert(liveBookings)
        .values({ noticeId: id, userId })
        .onConflictDoNothing()
        .returning({ u: liveBookings.userId });
      if (added.length)
        await tx
          .update(liveNotices)
          .set({ bookings: sql`${liveNotices.bookings} + 1` })
          .where(eq(liveNotices.id, id));
    } else {
      const gone = await tx
        .delete(liveBookings)
        .where(and(eq(liveBookings.noticeId, id), eq(liveBookings.userId, userId)))
        .returning({ u: liveBookings.userId });
      if (gone.length)
        await tx
          .update(liveNotices)
          .set({ bookings: sql`greatest(${liveNotices.bookings} - 1, 0)` })
          .where(eq(liveNotices.id, id));
    }
    const [after] = await tx.select({ bookings: liveNotices.bookings }).from(liveNotices).where(eq(liveNotices.id, id));
    return { booked: status, bookings: after?.bookings ?? 0 };
  });
}

/**
 * The room went live: the waiting notice nearest to now (within the window) starts, and each of its
 * bookers not yet told gets the reminder. Safe to call on every start event.
 */
export async function startNoticeOf(room: RoomRow): Promise<void> {
  const anchorName = await db()
    .select({ name: room.ownerKind === 'coach' ? coaches.name : shops.name })
    .from(room.ownerKind === 'coach' ? coaches : shops)
    .where(eq(room.ownerKind === 'coach' ? coaches.id : shops.id, room.ownerId))
    .then((r) => r[0]?.name ?? '');
  await db().transaction(async (tx) => {
    const [n] = await tx
      .update(liveNotices)
      .set({ status: 'started', updatedAt: new Date() })
      .where(
        and(
          eq(liveNotices.roomId, room.id),
          eq(liveNotices.status, 'waiting'),
          sql`abs(extract(epoch from (${liveNotices.startAt} - now()))) <= ${LIVE_LIMITS.noticeWindowS}`,
          sql`${liveNotices.id} = (select id from live_notices where room_id = ${room.id} and status = 'waiting' order by abs(extract(epoch from (start_at - now()))) limit 1)`,
        ),
      )
      .returning();
    if (!n) return;
    const told = await tx
      .update(liveBookings)
      .set({ notifiedAt: new Date() })
      .where(and(eq(liveBookings.noticeId, n.id), isNull(liveBookings.notifiedAt)))
      .returning({ userId: liveBookings.userId });
    // Plain text (nothing to sanitise), written in batches: a popular notice may have thousands of bookers.
    const content = escapeHtml(LIVE_TEXTS.reminder(anchorName, n.title));
    for (let i = 0; i < told.length; i += 500) {
      await tx
        .insert(messages)
        .values(
          told
            .slice(i, i + 500)
            .map((b) => ({ userId: b.userId, kind: 'notice', title: LIVE_TEXTS.reminderTitle, content, link: `/live/room/${room.id}` })),
        );
    }
  });
}
