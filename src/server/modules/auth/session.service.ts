import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { db, type Db } from '../../db';
import { sessions, users } from '../../db/schema';
import { env } from '../../env';
import { newToken, tokenHash } from '../../security/tokens';
import type { SessionUser } from '../../http/context';
import { broadcast, onRemote } from '../../bus';

/** Starts a session for `userId`; returns the bearer token (only its hash is stored). */
export async function createSession(userId: number, meta: { source: string; ip: string; userAgent: string }): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + env().SESSION_TTL_DAYS * 86_400_000);
  await db()
    .insert(sessions)
    .values({
      userId,
      tokenHash: tokenHash(token),
      source: meta.source,
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 300),
      expiresAt,
    });
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
 * changes and profile edits forget the user here at once and on the other instances through the
 * bus (Redis); the TTL bounds what another instance may believe if a broadcast is missed.
 */
const SESSION_TTL_MS = 5_000;
const recent = new LRUCache<string, SessionUser>({ max: 10_000, ttl: SESSION_TTL_MS });

/** The active user behind a token, or null when it is unknown, expired, revoked or disabled. */
export async function resolveSession(token: string): Promise<SessionUser | null> {
  if (!token || token.length > 128) return null;
  const hash = tokenHash(token);
  const known = recent.get(hash);
  if (known) return known;
  const d = db();
  let query = sessionQueries.get(d);
  if (!query) {
    query = prepareSessionQuery(d);
    sessionQueries.set(d, query);
  }
  const [row] = await query.execute({ hash });
  if (!row || row.status !== 1) return null;
  const { status: _status, ...user } = row;
  recent.set(hash, user);
  return user;
}

/** Forgets every remembered session of a user (after a change to the account or its sessions), on every instance. */
export function forgetSessions(filter: { userId?: number; sessionId?: number }): void {
  forgetHere(filter);
  broadcast({ kind: 'sessions', userId: filter.userId, sessionId: filter.sessionId });
}
onRemote('sessions', (e) => forgetHere(e));

function forgetHere(filter: { userId?: number | undefined; sessionId?: number | undefined }): void {
  for (const [hash, u] of recent.entries()) {
    if ((filter.userId !== undefined && u.id === filter.userId) || (filter.sessionId !== undefined && u.sessionId === filter.sessionId)) {
      recent.delete(hash);
    }
  }
}

/** Ends one session (logout). */
export async function revokeSession(sessionId: number): Promise<void> {
  forgetSessions({ sessionId });
  await db()
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, optionally keeping the current one (password changes). */
export async function revokeUserSessions(userId: number, exceptSessionId?: number): Promise<void> {
  forgetSessions({ userId });
  await db()
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    );
}
