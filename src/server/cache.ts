/**
 * A small in-process cache with a time to live, for read-mostly data (config, help, agreements).
 * Writers call `invalidate(prefix)`. Each app instance has its own copy; the TTL bounds staleness
 * when several instances share a database.
 */
const store = new Map<string, { expires: number; value: Promise<unknown> }>();

/** The cached value for `key`, loading it at most once per `ttlMs`. Failed loads are not kept. */
export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { expires: now + ttlMs, value });
  value.catch(() => store.delete(key));
  return value;
}

/** Drops every entry whose key starts with `prefix` (all when empty). */
export function invalidate(prefix = ''): void {
  for (const key of store.keys()) if (key.startsWith(prefix)) store.delete(key);
}
