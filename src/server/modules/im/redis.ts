import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { IM_LIMITS } from '~/lib/chat/protocol';
import { env } from '../../env';

/**
 * Redis for the IM server when REDIS_URL is set: one command connection per instance (rate limits,
 * the fan-out's publisher). Without REDIS_URL everything stays in this process.
 */
let client: Redis | null = null;
let clientUrl = '';

export function imRedis(): Redis | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  if (!client || clientUrl !== url) {
    client = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    clientUrl = url;
  }
  return client;
}

export async function closeImRedis(): Promise<void> {
  const c = client;
  client = null;
  limiter = null;
  await c?.quit().catch(() => {});
}

let limiter: RateLimiterAbstract | null = null;
let limiterKey = '';

/** Per-user sends: IM_SEND_BURST within IM_LIMITS.sendWindowS, shared by every instance through Redis. */
function sendLimiter(): RateLimiterAbstract {
  const e = env();
  const key = `${e.REDIS_URL ?? ''}|${e.IM_SEND_BURST}`;
  if (!limiter || limiterKey !== key) {
    const redis = imRedis();
    const opts = { keyPrefix: `${e.IM_REDIS_PREFIX}send`, points: e.IM_SEND_BURST, duration: IM_LIMITS.sendWindowS };
    limiter = redis ? new RateLimiterRedis({ ...opts, storeClient: redis }) : new RateLimiterMemory(opts);
    limiterKey = key;
  }
  return limiter;
}

/** True when the user may send one more message now. */
export async function takeSend(userId: number): Promise<boolean> {
  try {
    await sendLimiter().consume(String(userId));
    return true;
  } catch (r) {
    if (r instanceof RateLimiterRes) return false;
    throw r;
  }
}
