import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { IM_LIMITS } from '~/lib/chat/protocol';
import { env } from '../../env';
import { closeSharedRedis, sharedRedis } from '../../redis';

/** Redis for the IM server when REDIS_URL is set: the process's shared command connection. */
export const imRedis = sharedRedis;

export async function closeImRedis(): Promise<void> {
  limiter = null;
  await closeSharedRedis();
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
