import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { LIVE_EVENT } from '~/lib/rules/live';
import { db, type Tx } from '../../db';
import { liveRooms, liveSessions } from '../../db/schema';
import { invalidatePages } from '../../edge/page-cache';
import { env } from '../../env';
import { ingestName, type StreamHandlers } from '../../providers/live';
import { roomEvent } from '../im/rooms';
import { startNoticeOf } from './notices.service';

/** A broadcast's life: its session, going on air and ending, and what the ingest reports (stream events). */

export async function newSession(tx: Tx, v: { roomId: number; title: string; cover: string }): Promise<number> {
  const [s] = await tx.insert(liveSessions).values(v).returning({ id: liveSessions.id });
  if (!s) throw new Error('live session insert returned nothing');
  return s.id;
}

/**
 * live → idle (guarded, so the ingest's end event and /live/stop may both arrive): the session gets
 * its end and duration. A broadcast prepared but never on air is dropped. With `onlySession`, only
 * that broadcast is ended (the reconciliation must not end one that started since it looked).
 * True when a broadcast on air was ended here.
 */
export async function endBroadcast(roomId: number, onlySession?: number): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [room] = await tx.select().from(liveRooms).where(eq(liveRooms.id, roomId)).for('update');
    if (!room?.sessionId) return false;
    if (onlySession !== undefined && room.sessionId !== onlySession) return false;
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
      .set({ sessionId: null, status: room.status === 'live' ? 'idle' : room.status, ingest: '', ingestSeenAt: null, updatedAt: now })
      .where(eq(liveRooms.id, roomId));
    return room.status === 'live';
  });
}

/**
 * Tells the room's watchers the new state (players start or stop at once instead of at the next
 * poll); going live also starts the notice it fulfils and reminds its bookers.
 */
export async function announce(stream: string, status: 'live' | 'idle'): Promise<void> {
  const [room] = await db().select().from(liveRooms).where(eq(liveRooms.stream, stream));
  if (!room) return;
  // The kept guest copies of the live lists would show the old state until their TTL.
  invalidatePages();
  if (room.imGroupId) await roomEvent(room.imGroupId, room.userId, { type: LIVE_EVENT.status, status, title: room.title });
  if (status === 'live') await startNoticeOf(room);
}

/** What the ingest calls (registered at startup): a signed publish asks, an ended one reports. */
export const liveStreamHandlers: StreamHandlers = {
  async started(stream) {
    return db()
      .transaction(async (tx) => {
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
        const now = new Date();
        await tx
          .update(liveRooms)
          .set({ status: 'live', sessionId, ingest: ingestName(), ingestSeenAt: now, updatedAt: now })
          .where(eq(liveRooms.id, room.id));
        return true;
      })
      .then(async (ok) => {
        if (ok) await announce(stream, 'live');
        return ok;
      });
  },
  async ended(stream) {
    const [room] = await db().select({ id: liveRooms.id, status: liveRooms.status }).from(liveRooms).where(eq(liveRooms.stream, stream));
    if (room?.status === 'live' && (await endBroadcast(room.id))) await announce(stream, 'idle');
  },
  async recorded(stream, rec) {
    const [room] = await db().select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.stream, stream));
    if (!room) return;
    // The latest broadcast still waiting for its recording (started at or before the file's start).
    const conds = [eq(liveSessions.roomId, room.id), eq(liveSessions.recordStatus, 'recording')];
    if (rec.startedAt)
      conds.push(sql`${liveSessions.startedAt} <= ${new Date(rec.startedAt.getTime() + 60_000).toISOString()}::timestamptz`);
    const [s] = await db()
      .select({ id: liveSessions.id })
      .from(liveSessions)
      .where(and(...conds))
      .orderBy(desc(liveSessions.id))
      .limit(1);
    if (!s) return;
    const done = await db()
      .update(liveSessions)
      .set({
        recordStatus: rec.url ? 'ready' : 'failed',
        recordUrl: rec.url,
        poster: rec.poster,
        ...(rec.durationS > 0 ? { durationS: Math.round(rec.durationS) } : {}),
      })
      .where(and(eq(liveSessions.id, s.id), eq(liveSessions.recordStatus, 'recording')))
      .returning({ id: liveSessions.id });
    // A new playback: the kept guest copies of the playback lists and the anchor's page would miss it until their TTL.
    if (done.length > 0 && rec.url) invalidatePages();
  },
};
