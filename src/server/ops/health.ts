import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { database } from '../db';
import { env } from '../env';
import { sharedRedis } from '../redis';
import { hubStats } from '../modules/im/hub';
import { gaugeSource, metrics } from '../metrics';

/**
 * Liveness, readiness and metrics for load balancers and Prometheus:
 * - `GET /healthz`: the process answers (200 while it runs, even while draining).
 * - `GET /readyz`: the database and Redis (when configured) answer within 2 s and the instance is
 *   not shutting down; 503 otherwise, so a balancer stops sending it traffic.
 * - `GET /metrics`: Prometheus text, only with `Authorization: Bearer <METRICS_TOKEN>`; without a
 *   configured token it does not exist (404).
 */
const CHECK_TIMEOUT_MS = 2000;
let draining = false;

/** server.mjs sets this on SIGTERM: readiness fails from then on. */
export function setDraining(on: boolean): void {
  draining = on;
}

const within = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms).unref())]);

async function check(run: () => Promise<unknown>): Promise<string> {
  try {
    await within(run(), CHECK_TIMEOUT_MS);
    return 'ok';
  } catch (err) {
    return `error: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`;
  }
}

export async function readiness(): Promise<{ ready: boolean; status: string; checks: Record<string, string> }> {
  const redis = sharedRedis();
  const [dbState, redisState] = await Promise.all([
    check(() => database().db.execute(sql`select 1`)),
    redis ? check(() => redis.ping()) : Promise.resolve('not configured'),
  ]);
  const checks = { database: dbState, redis: redisState };
  const healthy = dbState === 'ok' && (redisState === 'ok' || redisState === 'not configured');
  const ready = healthy && !draining;
  return { ready, status: draining ? 'draining' : healthy ? 'ready' : 'not ready', checks };
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/** What /metrics reads at each scrape besides the counters the code increments. */
function registerGauges(): void {
  const pool = () => database().poolStats?.() ?? { total: 0, idle: 0, waiting: 0 };
  gaugeSource('db_pool_connections', 'Database pool connections (PostgreSQL or the PGlite worker)', () => pool().total);
  gaugeSource('db_pool_idle', 'Idle database pool connections', () => pool().idle);
  gaugeSource('db_pool_waiting', 'Queries waiting for a database connection', () => pool().waiting);
  gaugeSource('im_sockets', 'Open chat WebSockets (/im) on this instance', () => hubStats().sockets);
  gaugeSource('live_rooms_watched', 'Live rooms with at least one viewer on this instance', () => hubStats().rooms);
  gaugeSource('live_viewers', 'Sockets watching a live room on this instance', () => hubStats().viewers);
}

export function registerHealth(app: Hono): void {
  registerGauges();
  const noStore = { 'Cache-Control': 'no-store' };
  app.get('/healthz', (c) => c.json({ status: 'ok', uptime_s: Math.round(process.uptime()) }, 200, noStore));
  app.get('/readyz', async (c) => {
    const r = await readiness();
    return c.json({ status: r.status, checks: r.checks }, r.ready ? 200 : 503, noStore);
  });
  app.get('/metrics', async (c) => {
    const token = env().METRICS_TOKEN;
    if (!token) return c.text('Not Found', 404, noStore);
    if (!tokenMatches(c.req.header('authorization'), token))
      return c.text('Unauthorized', 401, { ...noStore, 'WWW-Authenticate': 'Bearer realm="metrics"' });
    const { registry } = metrics();
    return c.text(await registry.metrics(), 200, { ...noStore, 'Content-Type': registry.contentType });
  });
}
