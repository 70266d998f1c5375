import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, users } from '~/server/db/schema';
import { SHARED_JOBS, SharedJobQueue } from '~/server/jobs';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * Background jobs with several instances on PostgreSQL: every instance offers each tick
 * to the pg-boss queue, and one of them runs it. Only with TEST_DATABASE_URL (PGlite has one
 * process, and runs the jobs on its own timers).
 */
const url = process.env['TEST_DATABASE_URL'];
let t: TestApi;
const schemas: string[] = [];

beforeAll(async () => {
  if (url) t = await startApi();
});
afterAll(async () => {
  if (!url) return;
  for (const s of schemas) await t.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${s}" CASCADE`)).catch(() => {});
  await t.stop();
});

/** Two instances' queues on one fresh pg-boss schema. */
function twoInstances(jobs: ConstructorParameters<typeof SharedJobQueue>[1]) {
  const schema = `pgboss_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  schemas.push(schema);
  return [new SharedJobQueue(url ?? '', jobs, schema), new SharedJobQueue(url ?? '', jobs, schema)] as const;
}

/** The tick the tests use: pg-boss throttles offers per clock slot of this length (from the epoch). */
const TICK_S = 3600;
/** Waits out the end of the current slot when it is near, so no slot boundary falls inside a test. */
async function clearOfSlotEdge(needMs = 60_000): Promise<void> {
  const left = TICK_S * 1000 - (Date.now() % (TICK_S * 1000));
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 1000));
}

describe.skipIf(!url)('shared jobs through the PostgreSQL queue', () => {
  // A run at hh:59:30 (CI did) offered the second call into the next hour's slot.
  it('two instances starting together run a tick once, and offering it again adds nothing', { timeout: 120_000 }, async () => {
    let runs = 0;
    const [a, b] = twoInstances([
      {
        name: 'tick-test',
        everyS: TICK_S,
        run: async () => {
          runs += 1;
          return 1;
        },
      },
    ]);
    await clearOfSlotEdge();
    await Promise.all([a.start(), b.start()]);
    try {
      await vi.waitFor(() => expect(runs).toBe(1), { timeout: 15_000, interval: 100 });
      expect(await Promise.all([a.offer('tick-test'), b.offer('tick-test')])).toEqual([null, null]);
      await new Promise((r) => setTimeout(r, 3000));
      expect(runs).toBe(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('an unpaid order past its time is closed once, by one instance', { timeout: 120_000 }, async () => {
    const [member] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.member));
    const [order] = await t.db
      .insert(orders)
      .values({
        orderNo: `T${Date.now()}${Math.floor(Math.random() * 1e6)}`,
        userId: member!.id,
        kind: 'course',
        status: 'unpaid',
        itemsTotal: 100,
        payAmount: 100,
        expiresAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const runs: Record<string, number> = {};
    const counted = SHARED_JOBS.map((j) => ({
      ...j,
      everyS: TICK_S,
      run: async () => {
        runs[j.name] = (runs[j.name] ?? 0) + 1;
        return j.run();
      },
    }));
    const [a, b] = twoInstances(counted);
    await clearOfSlotEdge();
    await Promise.all([a.start(), b.start()]);
    try {
      await vi.waitFor(async () => expect((await t.db.select().from(orders).where(eq(orders.id, order!.id)))[0]?.status).toBe('closed'), {
        timeout: 15_000,
        interval: 200,
      });
      await vi.waitFor(() => expect(runs['orders-advance']).toBe(1), { timeout: 15_000, interval: 100 });
      await vi.waitFor(() => expect(runs['groupbuy-fail']).toBe(1), { timeout: 15_000, interval: 100 });
      await new Promise((r) => setTimeout(r, 3000));
      expect(runs).toEqual({ 'orders-close': 1, 'orders-advance': 1, 'groupbuy-fail': 1 });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
