import { SESSION_TOUCH_MIN } from '~/lib/rules/sessions';
import { errorFields, log } from '../../log';
import { onSessionsForgotten, resolveSession, type SessionFilter } from '../auth/session.service';

/**
 * Ties each logged-in /im socket to the login session it presented. Every revocation forgets its
 * sessions (auth/session.service.ts `forgetSessions`, here and on the other instances through the
 * bus); a forget makes the sockets of that user or session look their token up again with the
 * API's own resolver, and a socket whose token no longer resolves to its user is ended at once.
 * A forget that only follows a profile edit finds the session alive and leaves the socket alone.
 * Sockets also look again every SESSION_TOUCH_MIN minutes: that covers a session's expiry and a
 * bus message lost while Redis reconnected, and keeps a chatting device's last-active time current.
 */
export interface WatchedSocket {
  userId: number;
  sessionId: number;
  token: string;
  ip: string;
  /** When its session was last found alive (ms). */
  checkedAt: number;
  /** Closes the socket because its session ended. */
  end(): void;
}

export interface SessionWatch {
  /** Bumped by every forget: a login that read its session before a forget checks again. */
  epoch(): number;
  add(s: WatchedSocket): void;
  remove(s: WatchedSocket): void;
  /** Looks these sockets' sessions up again (one lookup per token) and ends those that are gone. */
  recheck(list: WatchedSocket[]): Promise<void>;
  /** Rechecks the sockets last found alive before `now` − SESSION_TOUCH_MIN minutes. */
  sweep(now?: number): Promise<void>;
  close(): void;
}

const SWEEP_MS = SESSION_TOUCH_MIN * 60_000;
const LOOKUPS_AT_ONCE = 50;

export function createSessionWatch(): SessionWatch {
  const live = new Set<WatchedSocket>();
  /** The same sockets by user and by session: a forget names one or the other. */
  const byUser = new Map<number, Set<WatchedSocket>>();
  const bySession = new Map<number, Set<WatchedSocket>>();
  let epoch = 0;

  const index = <K>(map: Map<K, Set<WatchedSocket>>, key: K, s: WatchedSocket, on: boolean) => {
    let set = map.get(key);
    if (on) map.set(key, (set ??= new Set()).add(s));
    else if (set?.delete(s) && set.size === 0) map.delete(key);
  };
  const add = (s: WatchedSocket) => {
    live.add(s);
    index(byUser, s.userId, s, true);
    index(bySession, s.sessionId, s, true);
  };
  const remove = (s: WatchedSocket) => {
    live.delete(s);
    index(byUser, s.userId, s, false);
    index(bySession, s.sessionId, s, false);
  };

  async function recheck(list: WatchedSocket[]): Promise<void> {
    const byToken = new Map<string, WatchedSocket[]>();
    for (const s of list) byToken.set(s.token, [...(byToken.get(s.token) ?? []), s]);
    const all = [...byToken];
    // A sweep after a mass reconnect may hold thousands: a bounded number of lookups at a time.
    for (let i = 0; i < all.length; i += LOOKUPS_AT_ONCE) await Promise.all(all.slice(i, i + LOOKUPS_AT_ONCE).map(check));
  }

  /** One token's lookup decides for every socket that presented it (a session's tabs). */
  async function check([token, socks]: [string, WatchedSocket[]]): Promise<void> {
    let user;
    try {
      user = await resolveSession(token, socks[0]?.ip ?? '');
    } catch (err) {
      // The database is unreachable: keep the sockets; the next forget or sweep decides.
      log.warn('im session recheck failed', errorFields(err));
      return;
    }
    const now = Date.now();
    for (const s of socks) {
      if (!live.has(s)) continue;
      if (user && user.id === s.userId) {
        s.checkedAt = now;
        continue;
      }
      remove(s);
      s.end();
    }
  }

  const stop = onSessionsForgotten((f: SessionFilter) => {
    epoch++;
    const hit = new Set([
      ...(f.userId !== undefined ? (byUser.get(f.userId) ?? []) : []),
      ...(f.sessionId !== undefined ? (bySession.get(f.sessionId) ?? []) : []),
    ]);
    if (hit.size) void recheck([...hit]);
  });

  const sweep = (now = Date.now()) => recheck([...live].filter((s) => now - s.checkedAt >= SWEEP_MS));
  const timer = setInterval(() => void sweep(), Math.min(60_000, SWEEP_MS));
  timer.unref();

  return {
    epoch: () => epoch,
    add,
    remove,
    recheck,
    sweep,
    close: () => {
      stop();
      clearInterval(timer);
      live.clear();
      byUser.clear();
      bySession.clear();
    },
  };
}
