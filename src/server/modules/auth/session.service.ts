import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { DeviceSession } from '~/lib/api/contract/auth';
import { SESSION_TEXTS, SESSION_TOUCH_MIN } from '~/lib/rules/sessions';
import { db, type Db, type Tx } from '../../db';
import { sessions, users } from '../../db/schema';
import { env } from '../../env';
import { notFound } from '../../http/errors';
import { log } from '../../log';
import { newToken, tokenHash } from '../../security/tokens';
import type { SessionUser } from '../../http/context';
import { broadcast, onRemote } from '../../bus';
import { deviceOf, placeOf } from './device';
import { noticeIfNewDevice } from './new-device';

/** Who opens a session: the client kind (authSource), its address and User-Agent. */
export interface SessionMeta {
  source: string;
  ip: string;
  userAgent: string;
}

/** Inserts a session (only the token's hash is stored); answers its id and the bearer token. */
export async function insertSession(userId: number, meta: SessionMeta, tx: Db | Tx = db()): Promise<{ id: number; token: string }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + env().SESSION_TTL_DAYS * 86_400_000);
  const [row] = await tx
    .insert(sessions)
    .values({
      userId,
      tokenHash: tokenHash(token),
      source: meta.source,
      ip: meta.ip,
      lastIp: meta.ip,
      userAgent: meta.userAgent.slice(0, 300),
      expiresAt,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { id: row.id, token };
}

/** Starts a session for `userId` without a login notice (registration); answers the bearer token. */
export async function createSession(userId: number, meta: SessionMeta): Promise<string> {
  return (await insertSession(userId, meta)).token;
}

/**
 * A login (password, WeChat/QQ, a third-party first login that bound an existing phone): a new
 * session, and a notice when this device and place are new to the member. The notice never
 * fails the login.
 */
export async function startLoginSession(userId: number, meta: SessionMeta): Promise<string> {
  const { id, token } = await insertSession(userId, meta);
  await noticeIfNewDevice(userId, id, meta).catch((err: unknown) =>
    log.warn('new-device notice failed', { userId, error: err instanceof Error ? err.message : String(err) }),
  );
  return token;
}

/**
 * The session lookup every signed-in request makes, prepared once per database: PostgreSQL (and
 * PGlite) parse and plan it once per connection instead of once per request.
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
function prepareSessionQuery(d: Db) {
  return d
    .select({
      sessionId: sessions.id,
      id: users.id,
      phone: users.phone,
      nickName: users.nickName,
      avatar: users.avatar,
      identity: users.identity,
      serviceId: users.serviceId,
      status: users.status,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_by_token');
}

/**
 * Signed-in users recently resolved, by token hash, for a few seconds: most requests of a page view
 * come in a burst with the same token, and this spares each a database round trip. Logout, password
 * changes, revoked devices and profile edits forget the user here at once and on the other instances
 * through the bus (Redis); the TTL bounds what another instance may believe if a broadcast is missed.
 */
const SESSION_TTL_MS = 5_000;
const recent = new LRUCache<string, SessionUser>({ max: 10_000, ttl: SESSION_TTL_MS });
/** Bumped by every forget: a lookup that was in flight meanwhile must not put what it read back. */
let forgets = 0;

const TOUCH_MS = SESSION_TOUCH_MIN * 60_000;

/**
 * The active user behind a token, or null when it is unknown, expired, revoked or disabled. A
 * lookup that reaches the database also records the session as active (and from `ip`) when its
 * last record is older than SESSION_TOUCH_MIN minutes; a conditional update, so instances racing
 * write it once.
 */
export async function resolveSession(token: string, ip = ''): Promise<SessionUser | null> {
  if (!token || token.length > 128) return null;
  const hash = tokenHash(token);
  const known = recent.get(hash);
  if (known) return known;
  const epoch = forgets;
  const d = db();
  let query = sessionQueries.get(d);
  if (!query) {
    query = prepareSessionQuery(d);
    sessionQueries.set(d, query);
  }
  const [row] = await query.execute({ hash });
  if (!row || row.status !== 1) return null;
  const { status: _status, lastSeenAt, ...user } = row;
  if (Date.now() - lastSeenAt.getTime() >= TOUCH_MS) await touchSession(user.sessionId, ip);
  if (epoch === forgets) recent.set(hash, user);
  return user;
}

async function touchSession(sessionId: number, ip: string): Promise<void> {
  await db()
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, ...(ip ? { lastIp: ip.slice(0, 64) } : {}) })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.lastSeenAt} < now() - make_interval(mins => ${SESSION_TOUCH_MIN})`));
}

/** Which sessions a forget concerns: all of a user's, or one. */
export interface SessionFilter {
  userId?: number | undefined;
  sessionId?: number | undefined;
}

/** Forgets every remembered session of a user (after a change to the account or its sessions), on every instance. */
export function forgetSessions(filter: { userId?: number; sessionId?: number }): void {
  forgetHere(filter);
  broadcast({ kind: 'sessions', userId: filter.userId, sessionId: filter.sessionId });
}
onRemote('sessions', (e) => forgetHere(e));

/**
 * Told after every forget, here or heard from another instance, once the cache no longer holds
 * those sessions: holders of long-lived connections (the /im sockets) look their session up again.
 */
const forgetListeners = new Set<(filter: SessionFilter) => void>();
export function onSessionsForgotten(listener: (filter: SessionFilter) => void): () => void {
  forgetListeners.add(listener);
  return () => forgetListeners.delete(listener);
}

function forgetHere(filter: SessionFilter): void {
  forgets++;
  for (const [hash, u] of recent.entries()) {
    if ((filter.userId !== undefined && u.id === filter.userId) || (filter.sessionId !== undefined && u.sessionId === filter.sessionId)) {
      recent.delete(hash);
    }
  }
  for (const listener of forgetListeners) {
    try {
      listener(filter);
    } catch (err) {
      log.error('session forget listener failed', { error: err instanceof Error ? err.message : String(err) });
    }
  }
}

/** Ends one session (logout). Revoked first, forgotten after: a lookup in between reads it revoked. */
export async function revokeSession(sessionId: number): Promise<void> {
  await db()
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  forgetSessions({ sessionId });
}

/**
 * Marks every live session of a user revoked, optionally keeping one, inside `tx`; answers how
 * many. The caller forgets them (forgetSessions) once the transaction has committed.
 */
export async function revokeUserSessionsIn(tx: Db | Tx, userId: number, exceptSessionId?: number): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends every session of a user, optionally keeping the current one; answers how many ended. */
export async function revokeUserSessions(userId: number, exceptSessionId?: number): Promise<number> {
  const n = await revokeUserSessionsIn(db(), userId, exceptSessionId);
  forgetSessions({ userId });
  return n;
}

// ── 登录设备 (账号安全) ──────────────────────────────────────────────────────────────────────

/** The member's live sessions, this one first, then by last activity. */
export async function listDeviceSessions(userId: number, currentSessionId: number): Promise<{ list: DeviceSession[] }> {
  const rows = await db()
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      lastIp: sessions.lastIp,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(100);
  const list = rows.map((r): DeviceSession => {
    const device = deviceOf(r.userAgent);
    return {
      id: r.id,
      device: device.label,
      kind: device.kind,
      place: placeOf(r.lastIp || r.ip),
      created_at: r.createdAt.toISOString(),
      last_active_at: r.lastSeenAt.toISOString(),
      current: r.id === currentSessionId ? 1 : 0,
    };
  });
  list.sort((a, b) => b.current - a.current);
  return { list };
}

/** 退出该设备: ends one of the caller's own sessions (another member's id is not found). */
export async function revokeMySession(userId: number, sessionId: number): Promise<void> {
  const ended = await db()
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (!ended.length) throw notFound(SESSION_TEXTS.notFound);
  forgetSessions({ sessionId });
}

/** 退出其他设备: ends every session of the caller but this one; answers how many. */
export async function revokeOtherSessions(userId: number, currentSessionId: number): Promise<{ count: number }> {
  return { count: await revokeUserSessions(userId, currentSessionId) };
}
