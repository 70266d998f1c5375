import { env } from '../../env';
import { errorFields, log } from '../../log';
import { imBackend } from './index';
import './backend-tim';

/**
 * Keeps a user's Tencent IM account in step with ours (IM_PROVIDER=tim only; our own IM server
 * reads users directly): on register, login and nick/avatar edits. Never awaited by the request —
 * a Tencent failure is logged and login goes on; the next login retries it.
 */
const pending = new Set<Promise<void>>();
/** What this process last pushed per user: a login with nothing changed costs Tencent no call. */
const synced = new Map<number, string>();
const SYNCED_MAX = 50_000;

export function syncChatAccount(user: { id: number; nickName: string; avatar: string }): void {
  if (env().IM_PROVIDER !== 'tim') return;
  const stamp = `${user.nickName}\n${user.avatar}`;
  if (synced.get(user.id) === stamp) return;
  const job = imBackend()
    .syncAccount({ userID: String(user.id), nick: user.nickName, avatar: user.avatar })
    .then(() => {
      if (synced.size >= SYNCED_MAX) synced.clear();
      synced.set(user.id, stamp);
    })
    .catch((err: unknown) => log.warn('chat account sync failed', { userId: user.id, ...errorFields(err) }))
    .finally(() => pending.delete(job));
  pending.add(job);
}

/** Tests start from a clean slate. */
export function resetChatSync(): void {
  synced.clear();
}

/** Resolves when every sync started so far has finished (tests; graceful shutdown). */
export async function chatSyncIdle(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
