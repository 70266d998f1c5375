import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of this instance, served on /metrics behind METRICS_TOKEN. One
 * registry per process, kept on globalThis: the Astro bundle and tsx scripts may both load this
 * module. Gauges read their value when scraped (`gaugeSource`), so nothing here ticks on its own.
 */
interface Metrics {
  registry: Registry;
  http: Histogram<'method' | 'route' | 'status'>;
  jobRuns: Counter<'job'>;
  jobFailures: Counter<'job'>;
  cacheLookups: Counter<'cache' | 'result'>;
  slowQueries: Counter;
  gauges: Map<string, Gauge>;
}

const KEY = Symbol.for('gongfu.metrics');

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    http: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP answers by route (a route pattern, "static" for built files) and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'job_runs_total',
      help: 'Background job runs on this instance',
      labelNames: ['job'],
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: 'job_failures_total',
      help: 'Background job runs that threw',
      labelNames: ['job'],
      registers: [registry],
    }),
    cacheLookups: new Counter({
      name: 'cache_lookups_total',
      help: 'Lookups in the in-process caches (data: catalogue/config; page: rendered guest HTML)',
      labelNames: ['cache', 'result'],
      registers: [registry],
    }),
    slowQueries: new Counter({ name: 'db_slow_queries_total', help: 'Database queries slower than 200 ms', registers: [registry] }),
    gauges: new Map(),
  };
}

export function metrics(): Metrics {
  const g = globalThis as typeof globalThis & { [KEY]?: Metrics };
  return (g[KEY] ??= create());
}

/** A gauge whose value is read from `read` at each scrape (pool sizes, open sockets, live viewers). */
export function gaugeSource(name: string, help: string, read: () => number | Promise<number>): void {
  const m = metrics();
  if (m.gauges.has(name)) return;
  const gauge = new Gauge({
    name,
    help,
    registers: [m.registry],
    async collect() {
      this.set(await read());
    },
  });
  m.gauges.set(name, gauge);
}

export function countCache(cache: 'data' | 'page', hit: boolean): void {
  metrics().cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
}

/** Runs one background job, counting the run and a failure (the error goes on to the caller). */
export async function countedJob<T>(job: string, run: () => Promise<T>): Promise<T> {
  const m = metrics();
  m.jobRuns.inc({ job });
  try {
    return await run();
  } catch (err) {
    m.jobFailures.inc({ job });
    throw err;
  }
}
