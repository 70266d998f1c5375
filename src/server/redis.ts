import { Redis } from 'ioredis';
import { env } from './env';
import { log } from './log';

/**
 * Redis when REDIS_URL is set (several instances): one command connection per process, shared by
 * the chat (rate limits, fan-out publisher), the cache bus and readiness; subscribers get their own
 * connection (a subscribed connection can run no other command). Null without REDIS_URL.
 */
let client: Redis | null = null;
let clientUrl = '';

export function sharedRedis(): Redis | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  if (!client || clientUrl !== url) {
    client = new Redis(url, { maxRetriesPerRequest: 2 });
    client.on('error', (err: Error) => log.warn('redis', { error: err.message }));
    clientUrl = url;
  }
  return client;
}

/** A connection of its own for SUBSCRIBE (retries forever: a subscriber must come back). */
export function redisSubscriber(purpose: string): Redis {
  const url = env().REDIS_URL;
  if (!url) throw new Error('REDIS_URL is not set');
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  sub.on('error', (err: Error) => log.warn(`redis subscriber (${purpose})`, { error: err.message }));
  return sub;
}

export async function closeSharedRedis(): Promise<void> {
  const c = client;
  client = null;
  await c?.quit().catch(() => {});
}
