import { env } from '../../env';
import { log } from '../../log';
import { onTopicLeave, subscribersOf } from './hub';
import { imRedis } from './redis';

/**
 * Who is watching a live room, over every instance. Each instance knows the sockets it
 * holds (the room topic's subscribers); with REDIS_URL it also writes them into one sorted set per
 * room (member = user id, score = until when the entry holds), refreshed every REFRESH_MS while the
 * socket stays, removed when the user's last socket here leaves. An instance that dies leaves
 * entries that lapse after TTL_MS. Without Redis the local sockets are the whole audience.
 */
const TTL_MS = 45_000;
const REFRESH_MS = 15_000;
const ROOM = 'room:';

const keyOf = (groupID: string) => `${env().IM_REDIS_PREFIX}aud:${groupID}`;
const localIds = (groupID: string) => [...new Set([...subscribersOf(`${ROOM}${groupID}`)].map((c) => c.userId))];

let refresher: NodeJS.Timeout | null = null;
const watched = new Set<string>();

function warn(err: unknown): void {
  log.warn('live audience (redis)', { error: err instanceof Error ? err.message : String(err) });
}

/** Records that `userId` watches `groupID` from this instance (after the socket subscribed). */
export async function noteWatching(groupID: string, userId: number): Promise<void> {
  const redis = imRedis();
  if (!redis) return;
  watched.add(groupID);
  refresher ??= setInterval(() => void refresh(), REFRESH_MS);
  refresher.unref();
  await redis
    .multi()
    .zadd(keyOf(groupID), Date.now() + TTL_MS, String(userId))
    .pexpire(keyOf(groupID), TTL_MS * 2)
    .exec()
    .catch(warn);
}

/** Every room watched here: this instance's watchers are still there. */
async function refresh(): Promise<void> {
  const redis = imRedis();
  if (!redis) return;
  const until = Date.now() + TTL_MS;
  const batch = redis.multi();
  for (const groupID of [...watched]) {
    const ids = localIds(groupID);
    if (!ids.length) {
      watched.delete(groupID);
      continue;
    }
    batch.zadd(keyOf(groupID), ...ids.flatMap((id) => [until, String(id)]));
    batch.pexpire(keyOf(groupID), TTL_MS * 2);
  }
  await batch.exec().catch(warn);
}

// A socket left a room (quit, kicked, closed): drop the user unless another socket of theirs here still watches.
// Another instance holding the same user re-adds them on its next refresh.
onTopicLeave((topic, userId) => {
  if (!topic.startsWith(ROOM)) return;
  const groupID = topic.slice(ROOM.length);
  if (localIds(groupID).includes(userId)) return;
  imRedis()?.zrem(keyOf(groupID), String(userId)).catch(warn);
});

/** The distinct users watching `groupID` now, on every instance. */
export async function roomViewerIds(groupID: string): Promise<number[]> {
  const redis = imRedis();
  if (!redis) return localIds(groupID);
  try {
    const ids = await redis.zrangebyscore(keyOf(groupID), Date.now(), '+inf');
    return [...new Set([...ids.map(Number), ...localIds(groupID)])];
  } catch (err) {
    warn(err);
    return localIds(groupID);
  }
}

/** How many watch each room now, on every instance (one round trip for a whole list). */
export async function roomAudiences(groupIDs: string[]): Promise<Map<string, number>> {
  const out = new Map(groupIDs.map((g) => [g, localIds(g).length]));
  const redis = imRedis();
  if (!redis || !groupIDs.length) return out;
  const now = Date.now();
  const batch = redis.multi();
  for (const g of groupIDs) batch.zcount(keyOf(g), now, '+inf');
  const answers = await batch.exec().catch((err: unknown) => (warn(err), null));
  groupIDs.forEach((g, i) => {
    const n = Number(answers?.[i]?.[1] ?? 0);
    out.set(g, Math.max(n, out.get(g) ?? 0));
  });
  return out;
}

export async function roomAudience(groupID: string): Promise<number> {
  return (await roomAudiences([groupID])).get(groupID) ?? 0;
}

/** Stops the refresher (the IM server closing). */
export function stopAudience(): void {
  if (refresher) clearInterval(refresher);
  refresher = null;
  watched.clear();
}
