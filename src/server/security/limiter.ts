import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { db } from '../db';
import { rateLimits } from '../db/schema';

/**
 * A failure counter kept in the database (so every app instance and restart sees the same count):
 * `points` failures within `windowS` block the key for `blockS`.
 */
export class FailureLimiter {
  private limiter: RateLimiterDrizzle | undefined;
  private client: unknown;

  constructor(
    private readonly prefix: string,
    private readonly points: number,
    private readonly windowS: number,
    private readonly blockS: number,
  ) {}

  private get rl(): RateLimiterDrizzle {
    // Rebuilt when the database handle changes (tests open one per file).
    const current = db();
    if (!this.limiter || this.client !== current) {
      this.client = current;
      this.limiter = new RateLimiterDrizzle({
        storeClient: current,
        schema: rateLimits,
        keyPrefix: this.prefix,
        points: this.points,
        duration: this.windowS,
        blockDuration: this.blockS,
        clearExpiredByTimeout: false,
      });
    }
    return this.limiter;
  }

  /** Seconds until `key` may try again; 0 when it is not blocked. */
  async blockedFor(key: string): Promise<number> {
    const res = await this.rl.get(key);
    if (!res || res.consumedPoints < this.points) return 0;
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }

  /**
   * Takes one attempt for `key` BEFORE the check it guards. The count is one atomic upsert, so a
   * burst of concurrent attempts cannot slip past the limit: the (points+1)-th and later get
   * `wait` > 0 and must not run the check at all. A success afterwards calls `reset`.
   */
  async reserve(key: string): Promise<Attempt> {
    const res = await this.rl.consume(key).catch((r: unknown) => {
      if (r instanceof RateLimiterRes) return r;
      throw r;
    });
    if (res.consumedPoints > this.points) return { wait: Math.max(1, Math.ceil(res.msBeforeNext / 1000)), last: false };
    return { wait: 0, last: res.consumedPoints >= this.points };
  }

  /** After a reserved attempt failed: blocks the key if it was the last one allowed; answers the block's seconds (0 = not blocked). */
  async failed(key: string, attempt: Attempt): Promise<number> {
    if (!attempt.last) return 0;
    await this.rl.block(key, this.blockS);
    return this.blockS;
  }

  /** Counts one failure; returns the seconds of the block it caused (0 = not blocked yet). */
  async fail(key: string): Promise<number> {
    const res = await this.rl.consume(key).catch((r: unknown) => {
      if (r instanceof RateLimiterRes) return r;
      throw r;
    });
    if (res.consumedPoints < this.points) return 0;
    await this.rl.block(key, this.blockS);
    return this.blockS;
  }

  /** Forgets the failures of `key` (after a success). */
  async reset(key: string): Promise<void> {
    await this.rl.delete(key);
  }
}

/** One reserved attempt: `wait` seconds when refused, else whether it is the last before a block. */
export interface Attempt {
  wait: number;
  last: boolean;
}

/** "N 分钟" (rounded up) for messages about a block. */
export const minutesText = (seconds: number) => `${Math.max(1, Math.ceil(seconds / 60))} 分钟`;
