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

export function createSessionWatch(): SessionWatch {
  const live = new Set<WatchedSocket>();
  let epoch = 0;

  async function recheck(list: WatchedSocket[]): Promise<void> {
    const byToken = new Map<string, WatchedSocket[]>();
    for (const s of list) byToken.set(s.token, [...(byToken.get(s.token) ?? []), s]);
    await Promise.all(
      [...byToken].map(async ([token, socks]) => {
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
          live.delete(s);
          s.end();
        }
      }),
    );
  }

  const stop = onSessionsForgotten((f: SessionFilter) => {
    epoch++;
    const hit = [...live].filter(
      (s) => (f.userId !== undefined && s.userId === f.userId) || (f.sessionId !== undefined && s.sessionId === f.sessionId),
    );
    if (hit.length) void recheck(hit);
  });

  const sweep = (now = Date.now()) => recheck([...live].filter((s) => now - s.checkedAt >= SWEEP_MS));
  const timer = setInterval(() => void sweep(), Math.min(60_000, SWEEP_MS));
  timer.unref();

  return {
    epoch: () => epoch,
    add: (s) => {
      live.add(s);
    },
    remove: (s) => {
      live.delete(s);
    },
    recheck,
    sweep,
    close: () => {
      stop();
      clearInterval(timer);
      live.clear();
    },
  };
}
