import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { db } from '../db';
import { attemptGuards, rateLimits } from '../db/schema';

/**
 * A call budget kept in the database (every instance and restart sees the same count): each call
 * takes a point, `points` per `windowS`; a caller over budget waits for the window (chat search).
 */
export class CallLimiter {
  private limiter: RateLimiterDrizzle | undefined;
  private client: unknown;

  constructor(
    private readonly prefix: string,
    private readonly points: number,
    private readonly windowS: number,
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
        blockDuration: this.windowS,
        clearExpiredByTimeout: false,
      });
    }
    return this.limiter;
  }

  /** Takes one call for `key`; answers the seconds to wait when over budget (0 = go ahead). */
  async take(key: string): Promise<number> {
    const res = await this.rl.consume(key).catch((r: unknown) => {
      if (r instanceof RateLimiterRes) return r;
      throw r;
    });
    return res.consumedPoints > this.points ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
  }
}

/** What one guarded check came to. `blocked` = seconds of a block (the key's, or the one this failure caused). */
export type AttemptResult = { ok: true } | { ok: false; blocked: number; busy: boolean };

/** How long a reservation of an instance that died mid-check holds its slot. */
const LEASE_S = 30;
/** How long a check waits for a free slot while the others in flight finish. */
const MAX_WAIT_MS = 10_000;

/**
 * Wrong secrets (passwords, pay passwords, console logins): `points` WRONG answers within
 * `windowS` block the key for `blockS`. Only wrong answers count; a right one resets the count.
 *
 * A check first reserves a slot in one atomic upsert that succeeds only while failures + checks
 * in flight < points, so a burst of guesses is never checked more than `points` times before the
 * block. A check that finds the slots taken by checks still in flight (one member paying several
 * orders at once) waits for them to finish instead of being refused, then goes ahead unless they
 * were wrong enough to block. Waiters on this instance are woken at once; others poll.
 */
export class AttemptGuard {
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(
    private readonly prefix: string,
    private readonly points: number,
    private readonly windowS: number,
    private readonly blockS: number,
  ) {}

  private k(key: string): string {
    return `${this.prefix}:${key}`;
  }

  /** Seconds until `key` may try again; 0 when it is not blocked. */
  async blockedFor(key: string): Promise<number> {
    const [row] = await db()
      .select({ s: sql<number>`ceil(extract(epoch from (${attemptGuards.blockedUntil} - now())))::int` })
      .from(attemptGuards)
      .where(eq(attemptGuards.key, this.k(key)));
    return Math.max(0, row?.s ?? 0);
  }

  /**
   * Runs `check` (answers whether the secret was right) as one guarded attempt for `key`. A check
   * that throws gives its slot back without counting.
   */
  async attempt(key: string, check: () => Promise<boolean>): Promise<AttemptResult> {
    const started = Date.now();
    for (let delay = 20; ; delay = Math.min(delay * 2, 200)) {
      const slot = await this.reserve(key);
      if (slot === 'reserved') break;
      if (slot > 0) return { ok: false, blocked: slot, busy: false };
      if (Date.now() - started > MAX_WAIT_MS) return { ok: false, blocked: 0, busy: true };
      await this.waitForSlot(key, delay);
    }
    let right: boolean;
    try {
      right = await check();
    } catch (err) {
      await this.settle(key, null);
      throw err;
    }
    if (right) {
      await this.settle(key, true);
      return { ok: true };
    }
    return { ok: false, blocked: await this.settle(key, false), busy: false };
  }

  /** Counts one wrong answer that was not reserved (the per-address count of logins); answers the block's seconds. */
  async fail(key: string): Promise<number> {
    await this.ensureRow(key);
    return this.countFailure(key, sql`${attemptGuards.pending}`);
  }

  /** 'reserved', or the seconds of the key's block, or 0 when every slot is taken by a check in flight. */
  private async reserve(key: string): Promise<'reserved' | number> {
    const g = attemptGuards;
    const live = (until: Column, n: Column) => sql`(case when ${until} > now() then ${n} else 0 end)`;
    const [row] = await db()
      .insert(g)
      .values({
        key: this.k(key),
        failures: 0,
        windowUntil: sql`now() + make_interval(secs => ${this.windowS})`,
        pending: 1,
        pendingUntil: sql`now() + make_interval(secs => ${LEASE_S})`,
      })
      .onConflictDoUpdate({
        target: g.key,
        set: {
          failures: live(g.windowUntil, g.failures),
          windowUntil: sql`(case when ${g.windowUntil} > now() then ${g.windowUntil} else now() + make_interval(secs => ${this.windowS}) end)`,
          pending: sql`${live(g.pendingUntil, g.pending)} + 1`,
          pendingUntil: sql`now() + make_interval(secs => ${LEASE_S})`,
        },
        setWhere: sql`(${g.blockedUntil} is null or ${g.blockedUntil} <= now())
          and ${live(g.windowUntil, g.failures)} + ${live(g.pendingUntil, g.pending)} < ${this.points}`,
      })
      .returning({ key: g.key });
    if (row) return 'reserved';
    return this.blockedFor(key);
  }

  /** Ends a reserved check: right (failures reset), wrong (counted; answers the block's seconds) or abandoned. */
  private async settle(key: string, right: boolean | null): Promise<number> {
    const g = attemptGuards;
    const released = sql`greatest(${g.pending} - 1, 0)`;
    try {
      if (right === false) return await this.countFailure(key, released);
      await db()
        .update(g)
        .set(right ? { pending: released, failures: 0 } : { pending: released })
        .where(eq(g.key, this.k(key)));
      // Nothing left to remember after a right answer with none in flight: the row goes (one statement, so a
      // reservation racing it either kept it or makes a new one).
      if (right) {
        await db()
          .delete(g)
          .where(
            and(
              eq(g.key, this.k(key)),
              eq(g.pending, 0),
              eq(g.failures, 0),
              sql`(${g.blockedUntil} is null or ${g.blockedUntil} <= now())`,
            ),
          );
      }
      return 0;
    } finally {
      this.wake(key);
    }
  }

  /**
   * failures + 1 (a fresh window when the last one is over), `pending` as given. The failure that
   * reaches the limit blocks the key and starts the count afresh for when the block is over.
   * Answers the seconds the key is blocked for (0 = not blocked).
   */
  private async countFailure(key: string, pending: SQL): Promise<number> {
    const g = attemptGuards;
    const failures = sql`(case when ${g.windowUntil} > now() then ${g.failures} else 0 end) + 1`;
    const reached = sql`${failures} >= ${this.points}`;
    const [row] = await db()
      .update(g)
      .set({
        pending,
        failures: sql`(case when ${reached} then 0 else ${failures} end)`,
        windowUntil: sql`(case when ${g.windowUntil} > now() then ${g.windowUntil} else now() + make_interval(secs => ${this.windowS}) end)`,
        blockedUntil: sql`(case when ${reached} then now() + make_interval(secs => ${this.blockS}) else ${g.blockedUntil} end)`,
      })
      .where(eq(g.key, this.k(key)))
      .returning({ s: sql<number>`coalesce(ceil(extract(epoch from (${g.blockedUntil} - now())))::int, 0)` });
    return Math.max(0, row?.s ?? 0);
  }

  private async ensureRow(key: string): Promise<void> {
    await db()
      .insert(attemptGuards)
      .values({
        key: this.k(key),
        failures: 0,
        windowUntil: sql`now() + make_interval(secs => ${this.windowS})`,
        pending: 0,
        pendingUntil: sql`now()`,
      })
      .onConflictDoNothing();
  }

  /** Resolves when a check of `key` on this instance ends, or after `ms` (one on another instance may have). */
  private waitForSlot(key: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      let set = this.waiters.get(key);
      if (!set) this.waiters.set(key, (set = new Set()));
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (!set.size && this.waiters.get(key) === set) this.waiters.delete(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }

  private wake(key: string): void {
    for (const w of [...(this.waiters.get(key) ?? [])]) w();
  }
}

/** "N 分钟" (rounded up) for messages about a block. */
export const minutesText = (seconds: number) => `${Math.max(1, Math.ceil(seconds / 60))} 分钟`;

/** When a check waited too long for the others in flight (rare: many at once). */
export const BUSY_TEXT = '操作过于频繁，请稍后再试';
