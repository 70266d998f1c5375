import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { db } from '../../db';
import { liveRooms, liveSessions } from '../../db/schema';
import { env } from '../../env';
import { log } from '../../log';
import { ingestName, runningIngest } from '../../providers/live';
import { nginxPublishing } from '../../providers/live/nginx';
import { nginxRecordingsOf, takeNginxRecording } from '../../providers/live/nginx-records';
import { finishRecording } from '../../providers/live/vod';
import { uploadsDir } from '../../providers/storage';
import { announce, endBroadcast, liveStreamHandlers } from './broadcast';

/**
 * Rooms against the ingest: a room is `live` because an ingest said its stream started,
 * and turns `idle` when it says the stream ended. A crash (kill -9 of this server, of nginx's hook
 * target, of an instance) loses that end, and the room would stay 直播中 with nothing to play. So
 * each instance asks, at start and every RECONCILE_EVERY_MS (jobs.ts), the ingest that holds each
 * live room (`live_rooms.ingest`) whether the stream still exists:
 * - its own embedded ingest (`local:<host>:<port>`): node-media-server's publishers in this process;
 * - another instance's embedded ingest: that instance confirms its streams every round
 *   (`ingest_seen_at`); after LEASE_MS without a word the instance is gone, and so are its streams;
 * - nginx-rtmp: its stat page (LIVE_NGINX_STAT_URL);
 * - Tencent: only its callbacks (a describe call needs an API key pair we do not hold).
 * A stream that is gone ends its broadcast as a normal end does (session closed, viewers told,
 * lists refreshed) and its recording is finished from what was written, or marked failed.
 */

export const RECONCILE_EVERY_MS = 30_000;
/** How long an embedded ingest's rooms stay live without its confirmation. */
const LEASE_MS = 3 * RECONCILE_EVERY_MS;
/** nginx asks on_publish before its stat lists the stream: a broadcast this young is not judged by the stat. */
const NGINX_GRACE_MS = 15_000;
/** A recording file starts after its broadcast's start; one from well before belongs to an older broadcast. */
const RECORD_SLACK_MS = 60_000;

type Verdict = 'alive' | 'gone' | 'unknown';

interface LiveRow {
  id: number;
  stream: string;
  ingest: string;
  seenAt: Date | null;
  sessionId: number | null;
  startedAt: Date | null;
}

/** Whether this process's embedded ingest is the one that holds the room's stream. */
function heldHere(ingest: string): boolean {
  if (!runningIngest()) return false;
  // '' = a room that went live before rooms recorded their ingest: the configured backend's.
  return ingest === ingestName() || (ingest === '' && env().LIVE_MEDIA === 'local');
}

function judge(row: LiveRow, now: number, nginx: Set<string> | null): Verdict {
  const ingest = row.ingest || (env().LIVE_MEDIA === 'nginx' ? 'nginx' : row.ingest);
  if (heldHere(ingest)) return runningIngest()?.publishing(row.stream) ? 'alive' : 'gone';
  if (ingest.startsWith('local:')) {
    const seen = (row.seenAt ?? row.startedAt)?.getTime() ?? 0;
    return seen < now - LEASE_MS ? 'gone' : 'unknown';
  }
  if (ingest === 'nginx' && nginx) {
    if (nginx.has(row.stream)) return 'alive';
    return (row.startedAt?.getTime() ?? 0) < now - NGINX_GRACE_MS ? 'gone' : 'unknown';
  }
  return 'unknown';
}

/** The live rooms with their broadcast's start. */
async function liveRows(where = eq(liveRooms.status, 'live')): Promise<LiveRow[]> {
  return db()
    .select({
      id: liveRooms.id,
      stream: liveRooms.stream,
      ingest: liveRooms.ingest,
      seenAt: liveRooms.ingestSeenAt,
      sessionId: liveRooms.sessionId,
      startedAt: liveSessions.startedAt,
    })
    .from(liveRooms)
    .leftJoin(liveSessions, eq(liveSessions.id, liveRooms.sessionId))
    .where(where);
}

/**
 * One round: ends every live room whose stream its ingest no longer has, and confirms the streams
 * this instance's ingest holds. Answers how many broadcasts it ended. Safe on every instance at
 * once: each end is the guarded `endBroadcast` of that very broadcast.
 */
export async function reconcileLive(now = new Date()): Promise<number> {
  const rows = await liveRows();
  if (!rows.length) return 0;
  const nginx = env().LIVE_MEDIA === 'nginx' ? await nginxPublishing() : null;
  const verdicts = rows.map((r) => ({ r, v: judge(r, now.getTime(), nginx) }));
  const confirmed = verdicts.filter(({ r, v }) => v === 'alive' && heldHere(r.ingest)).map(({ r }) => r.id);
  if (confirmed.length) {
    await db()
      .update(liveRooms)
      .set({ ingestSeenAt: now })
      .where(and(inArray(liveRooms.id, confirmed), eq(liveRooms.status, 'live')));
  }
  let ended = 0;
  for (const { r, v } of verdicts) if (v === 'gone' && (await endGone(r))) ended++;
  return ended;
}

/**
 * Whether a room the database says is live really has its stream, as far as this instance can
 * tell (its own embedded ingest; otherwise the last round's word). A room found without its stream
 * is ended on the spot. Gifts and likes ask this before taking anything.
 */
export async function confirmLive(roomId: number): Promise<boolean> {
  const [row] = await liveRows(and(eq(liveRooms.id, roomId), eq(liveRooms.status, 'live')));
  if (!row) return false;
  if (judge(row, Date.now(), null) !== 'gone') return true;
  await endGone(row);
  return false;
}

/** Ends a broadcast whose stream is gone, on the path of a normal end, then settles its recording. */
async function endGone(row: LiveRow): Promise<boolean> {
  if (!row.sessionId || !(await endBroadcast(row.id, row.sessionId))) return false;
  log.warn('live: a room was on air without a stream; its broadcast is ended', { room: row.id, stream: row.stream, ingest: row.ingest });
  await announce(row.stream, 'idle');
  await settleRecording(row, row.sessionId).catch((err: unknown) =>
    log.error('live: the recording of an ended broadcast could not be settled', { room: row.id, error: String(err) }),
  );
  return true;
}

/**
 * The recording of a broadcast that ended without its ingest saying so: what the embedded ingest
 * wrote before the crash (uploads/live/<stream>/<start ms>.flv) or what nginx left in its record
 * directory becomes the playback; without a file the broadcast has none (`failed`).
 */
async function settleRecording(row: LiveRow, sessionId: number): Promise<void> {
  const [s] = await db().select({ status: liveSessions.recordStatus }).from(liveSessions).where(eq(liveSessions.id, sessionId));
  if (s?.status !== 'recording') return;
  const ingest = row.ingest || ingestName();
  if (ingest === 'nginx') {
    for (const name of await nginxRecordingsOf(row.stream)) await takeNginxRecording(row.stream, name);
  } else if (ingest.startsWith('local:')) {
    // A recorder of this process still finishing reports the file itself.
    if (runningIngest()?.recording(row.stream)) return;
    const dir = join(uploadsDir(), 'live', row.stream);
    const from = (row.startedAt?.getTime() ?? 0) - RECORD_SLACK_MS;
    const starts = (await readdir(dir).catch(() => [] as string[]))
      .map((n) => Number(/^(\d{13})\.flv$/.exec(n)?.[1] ?? 0))
      .filter((ms) => ms >= from)
      .sort((a, b) => a - b);
    const last = starts.at(-1);
    if (last) {
      const rec = await finishRecording(join(dir, `${last}.flv`));
      await liveStreamHandlers.recorded(row.stream, { ...rec, startedAt: new Date(last) });
    }
  } else {
    return;
  }
  // Nothing (or nothing playable) came of it: the broadcast has no playback.
  await db()
    .update(liveSessions)
    .set({ recordStatus: 'failed' })
    .where(and(eq(liveSessions.id, sessionId), eq(liveSessions.recordStatus, 'recording')));
}
