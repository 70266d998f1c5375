import { eq } from 'drizzle-orm';
import { db } from '../../db';
import { users } from '../../db/schema';
import { env } from '../../env';
import { publicNameOf } from '../../db/public-name';
import { errorFields, log } from '../../log';
import { imBackend } from './index';
import './backend-tim';

/**
 * Keeps a user's Tencent IM account in step with ours (IM_PROVIDER=tim only; our own IM server
 * reads users directly): on register, login, nick/avatar edits and a coach's or shop's name
 * change. The nick pushed is the user's public name (`publicNameOf`). Never awaited by the
 * request — a Tencent failure is logged and login goes on; the next login retries it.
 */
const pending = new Set<Promise<void>>();
/** What this process last pushed per user: a login with nothing changed costs Tencent no call. */
const synced = new Map<number, string>();
const SYNCED_MAX = 50_000;

export function syncChatAccount(user: { id: number }): void {
  if (env().IM_PROVIDER !== 'tim') return;
  const job = push(user.id)
    .catch((err: unknown) => log.warn('chat account sync failed', { userId: user.id, ...errorFields(err) }))
    .finally(() => pending.delete(job));
  pending.add(job);
}

async function push(userId: number): Promise<void> {
  const [u] = await db()
    .select({ nick: publicNameOf(users), avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) return;
  const stamp = `${u.nick}\n${u.avatar}`;
  if (synced.get(userId) === stamp) return;
  await imBackend().syncAccount({ userID: String(userId), nick: u.nick, avatar: u.avatar });
  if (synced.size >= SYNCED_MAX) synced.clear();
  synced.set(userId, stamp);
}

/**
 * Every login of the user has ended (password change or reset, a disabled account). Tencent
 * verifies UserSigs itself, so its kick voids the ones issued before (a stolen cookie's among
 * them); our /im server needs nothing, its sockets follow their sessions. Awaited, so a fresh
 * UserSig for this device is signed only after Tencent has answered; a failure is logged and the
 * revocation stands.
 */
export async function endChatLogins(userId: number): Promise<void> {
  if (env().IM_PROVIDER !== 'tim') return;
  try {
    await imBackend().endLogins(String(userId));
  } catch (err) {
    log.error('chat logins not ended', { userId, ...errorFields(err) });
  }
}

/** Tests start from a clean slate. */
export function resetChatSync(): void {
  synced.clear();
}

/** Resolves when every sync started so far has finished (tests; graceful shutdown). */
export async function chatSyncIdle(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
