import { PgBoss } from 'pg-boss';
import { database } from './db';
import { vacuumCatalogue } from './db/maintenance';
import { env } from './env';
import { log, errorFields } from './log';
import { closeExpiredOrders } from './modules/commerce/order.service';
import { advanceOrders } from './modules/commerce/order-lifecycle.service';
import { failDueGroups } from './modules/groupbuy/fail.service';
import { createApi } from './app';
import { RECONCILE_EVERY_MS, reconcileLive } from './modules/live/reconcile.service';
import { searchIndexTick } from './modules/search/index.service';
import { remindExpiring } from './modules/vip/remind.job';
import { expirePoints } from './modules/points/history.service';
import { countedJob } from './metrics';
import { flushViews } from './views';
// Cross-module reactions (order paid, order completed) must be subscribed before anything can emit.
import './hooks';

/** How often counted page views are written (src/server/views.ts). */
const VIEW_FLUSH_MS = 10_000;
/** How often PGlite's catalogue tables are vacuumed and analysed (PostgreSQL has autovacuum). */
const PGLITE_VACUUM_MS = 30 * 60_000;
const SEARCH_DRAIN_MS = 2_000;

/**
 * Work that must happen once per tick across all instances: closing unpaid orders past their
 * time, moving long-shipped / long-received orders along and completing course/class orders past
 * their refund window (settling the seller's income). Each run is also safe to repeat (every state
 * change is a conditional update), so a lost or doubled tick costs nothing but time.
 */
export const SHARED_JOBS: readonly { name: string; run: () => Promise<number> }[] = [
  { name: 'orders-close', run: closeExpiredOrders },
  { name: 'orders-advance', run: advanceOrders },
  { name: 'vip-remind', run: () => remindExpiring() },
  // Points earned in year N expire at the end of year N + K; a rerun finds each year recorded (modules/points).
  { name: 'points-expire', run: () => expirePoints() },
  // 拼团 groups past their deadline fail and every paid member is refunded (modules/groupbuy).
  { name: 'groupbuy-fail', run: () => failDueGroups(deliverToApi) },
];

let jobApi: ReturnType<typeof createApi> | null = null;
/** A gateway's refund notice reaches the same API handler a real gateway's request would (the sandbox posts it). */
function deliverToApi(req: Request): Promise<Response> {
  jobApi ??= createApi();
  return Promise.resolve(jobApi.fetch(req));
}

/** A shared job with its tick. */
export interface SharedJob {
  name: string;
  everyS: number;
  run: () => Promise<number>;
}

/** The shared jobs at the configured tick (JOBS_TICK_S). */
const sharedJobs = (): SharedJob[] => SHARED_JOBS.map((j) => ({ ...j, everyS: env().JOBS_TICK_S }));

async function runShared(job: SharedJob): Promise<void> {
  try {
    const n = await countedJob(job.name, job.run);
    if (n) log.info('job done', { job: job.name, count: n });
  } catch (err) {
    log.warn('job failed', { job: job.name, ...errorFields(err) });
    throw err;
  }
}

/**
 * The shared jobs through pg-boss (PostgreSQL): every instance offers a job per tick with a
 * singleton key throttled to the tick's length, so the queue holds one job per tick however many
 * instances offer it, and one instance (SKIP LOCKED) runs it.
 */
export class SharedJobQueue {
  private readonly boss: PgBoss;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    connectionString: string,
    private readonly jobs: readonly SharedJob[],
    schema = 'pgboss',
  ) {
    this.boss = new PgBoss({ connectionString, schema, max: 2, schedule: false });
    this.boss.on('error', (err: Error) => log.warn('job queue', { error: err.message }));
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const job of this.jobs) {
      await this.boss.createQueue(job.name, { retryLimit: 0, expireInSeconds: Math.max(60, job.everyS * 5) });
      await this.boss.work(job.name, { pollingIntervalSeconds: 2 }, () => runShared(job));
      const offer = () => void this.offer(job.name);
      offer();
      const t = setInterval(offer, job.everyS * 1000);
      t.unref();
      this.timers.push(t);
    }
  }

  /** Offers this tick's job; null when another instance already did (the throttle). */
  async offer(name: string): Promise<string | null> {
    const everyS = this.jobs.find((j) => j.name === name)?.everyS ?? 60;
    return this.boss.send(name, {}, { singletonKey: name, singletonSeconds: everyS }).catch((err: Error) => {
      log.warn('offering a job failed', { job: name, error: err.message });
      return null;
    });
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.boss.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
  }
}

let started = false;
let queue: SharedJobQueue | null = null;
const timers: NodeJS.Timeout[] = [];

/**
 * Background work of a running server, started on the first request or by server.mjs (never at
 * import, which also happens during the build). The shared jobs go through the PostgreSQL job
 * queue when DATABASE_URL is set (several instances), else run on this process's timers. Counted
 * page views are flushed by every instance (they are counted in its memory), live rooms are
 * reconciled with the ingest, and PGlite is vacuumed.
 */
export function startJobs(): void {
  if (started) return;
  started = true;
  const url = env().DATABASE_URL;
  if (url && database().kind === 'postgres') {
    const q = new SharedJobQueue(url, sharedJobs());
    queue = q;
    q.start().catch((err: unknown) => log.error('job queue did not start', errorFields(err)));
  } else {
    for (const job of sharedJobs()) {
      const tick = () => void runShared(job).catch(() => {});
      timers.push(setInterval(tick, job.everyS * 1000));
      tick();
    }
  }
  timers.push(
    setInterval(
      () => void countedJob('views-flush', flushViews).catch((err) => log.warn('writing views failed', errorFields(err))),
      VIEW_FLUSH_MS,
    ),
  );
  // Live rooms against the ingest (a crash loses a stream's end): on every instance, as only the
  // instance running the embedded ingest can ask it. startup() runs the first round.
  timers.push(
    setInterval(
      () => void countedJob('live-reconcile', reconcileLive).catch((err) => log.warn('live reconciliation failed', errorFields(err))),
      RECONCILE_EVERY_MS,
    ),
  );
  // The site search's index follows writes (modules/search): every instance offers to drain its
  // queue, one drains at a time; a search drains what is left before it answers.
  const drain = () => void countedJob('search-index', searchIndexTick).catch(() => {});
  timers.push(setInterval(drain, SEARCH_DRAIN_MS));
  drain();
  if (database().kind === 'pglite') {
    const vacuum = () =>
      void countedJob('pglite-vacuum', vacuumCatalogue).catch((err) => log.warn('vacuuming the catalogue failed', errorFields(err)));
    timers.push(setInterval(vacuum, PGLITE_VACUUM_MS));
  }
  for (const t of timers) t.unref();
  // For server.mjs to call before it closes the database, so a stop loses no counted views.
  Reflect.set(globalThis, Symbol.for('gongfu.flushViews'), flushViews);
}

/** Stops the timers and the job queue (graceful shutdown; a job in progress finishes first). */
export async function stopJobs(): Promise<void> {
  for (const t of timers.splice(0)) clearInterval(t);
  const q = queue;
  queue = null;
  started = false;
  await q?.stop();
}
