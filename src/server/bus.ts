import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { env } from './env';
import { log } from './log';
import { redisSubscriber, sharedRedis } from './redis';

/**
 * Invalidation across instances: each in-process cache (catalogue and config data,
 * kept guest pages, recently resolved sessions) forgets locally at once and broadcasts here; with
 * REDIS_URL every other instance hears it on one pub/sub channel and forgets too. Without Redis
 * this is a no-op and the cache's TTL alone bounds what another instance may still hold.
 * Pub/sub is at-most-once: a message missed while an instance reconnects is covered by the TTLs.
 */
export type BusEvent =
  { kind: 'cache'; prefix: string } | { kind: 'pages' } | { kind: 'sessions'; userId?: number | undefined; sessionId?: number | undefined };

type Handler<K extends BusEvent['kind']> = (e: Extract<BusEvent, { kind: K }>) => void;

/** This instance: its id on the channel, what it does on a remote event, its subscriber. */
const state: { me: string; handlers: Map<string, (e: BusEvent) => void>; sub: Redis | null; channel: string } = {
  me: randomUUID(),
  handlers: new Map(),
  sub: null,
  channel: '',
};

/** Registers what this process does when another instance broadcasts `kind`. */
export function onRemote<K extends BusEvent['kind']>(kind: K, handler: Handler<K>): void {
  state.handlers.set(kind, handler as (e: BusEvent) => void);
}

/** Tells the other instances (the caller has already applied it here). */
export function broadcast(e: BusEvent): void {
  const redis = state.sub ? sharedRedis() : null;
  if (!redis) return;
  redis.publish(state.channel, JSON.stringify({ o: state.me, e })).catch((err: Error) => log.warn('bus publish', { error: err.message }));
}

/** Subscribes to the other instances' broadcasts (server start; tests). Resolves once subscribed. */
export async function startBus(): Promise<void> {
  if (state.sub || !env().REDIS_URL) return;
  state.channel = `${env().IM_REDIS_PREFIX}bus`;
  const sub = redisSubscriber('cache bus');
  state.sub = sub;
  sub.on('message', (_ch: string, text: string) => {
    try {
      const { o, e } = JSON.parse(text) as { o: string; e: BusEvent };
      if (o !== state.me) state.handlers.get(e.kind)?.(e);
    } catch (err) {
      log.warn('bus message', { error: err instanceof Error ? err.message : String(err) });
    }
  });
  await sub.subscribe(state.channel);
}

export async function stopBus(): Promise<void> {
  const sub = state.sub;
  state.sub = null;
  await sub?.quit().catch(() => {});
}
