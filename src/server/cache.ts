import { LRUCache } from 'lru-cache';
import { broadcast, onRemote } from './bus';
import { countCache } from './metrics';

/**
 * A small in-process cache with a time to live, for read-mostly data (config, help, agreements,
 * catalogue lists). Writers call `invalidate(prefix)`, which other instances hear through the bus
 * (Redis) when there are several; the TTL bounds staleness if a broadcast is missed. Bounded by entry count and by size:
 * keys may carry a client's filters, and an unbounded map was a memory-exhaustion hole.
 */
const store = new LRUCache<string, { value: Promise<unknown> }>({ max: 1000, maxSize: 16 * 1024 * 1024 });

/** The cached value for `key`, loading it at most once per `ttlMs`. Failed loads are not kept. */
export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = store.get(key);
  countCache('data', hit !== undefined);
  if (hit) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { value }, { ttl: ttlMs, size: 1 });
  value.then(
    // Once the value is known, charge it by its JSON size (a fair proxy for its heap size); the
    // LRU re-measures only a new entry object.
    (v) => {
      if (store.peek(key)?.value === value) store.set(key, { value }, { size: jsonSize(v), noUpdateTTL: true });
    },
    () => {
      if (store.peek(key)?.value === value) store.delete(key);
    },
  );
  return value;
}

function jsonSize(v: unknown): number {
  try {
    return Math.max(1, JSON.stringify(v)?.length ?? 1);
  } catch {
    return 1024;
  }
}

/** Drops every entry whose key starts with `prefix` (all when empty), here and on every instance. */
export function invalidate(prefix = ''): void {
  forget(prefix);
  broadcast({ kind: 'cache', prefix });
}

function forget(prefix: string): void {
  if (!prefix) return store.clear();
  for (const key of [...store.keys()]) if (key.startsWith(prefix)) store.delete(key);
}
onRemote('cache', (e) => forget(e.prefix));

/** Entries held now (tests, metrics). */
export function cacheSize(): number {
  return store.size;
}
