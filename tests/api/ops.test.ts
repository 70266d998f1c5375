import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cached, invalidate } from '~/server/cache';
import { resetEnv } from '~/server/env';
import { registerHealth, setDraining } from '~/server/ops/health';
import { countedJob } from '~/server/metrics';
import { routeLabel } from '~/server/ops/routes';
import { closeSharedRedis } from '~/server/redis';
import { startApi, type TestApi } from '../helpers/api';

/**
 * Health, readiness and metrics as a balancer and Prometheus see them, on the same
 * routes src/fetch.ts mounts, against the test's real database.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApi;
const app = new Hono();
registerHealth(app);

beforeAll(async () => {
  t = await startApi({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.stop());

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe('health and readiness', () => {
  it('answers /healthz while the process runs, never cached', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('is ready when the database answers, and not once draining', async () => {
    // A balancer polls: on a loaded machine one ping may miss the 2 s bound while the file's database warms up.
    await expect.poll(async () => (await get('/readyz')).status, { timeout: 20_000 }).toBe(200);
    const ok = await get('/readyz');
    expect(await ok.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured' } });
    setDraining(true);
    try {
      const draining = await get('/readyz');
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: 'draining', checks: { database: 'ok' } });
    } finally {
      setDraining(false);
    }
  });

  it('is not ready when Redis is configured but unreachable', async () => {
    process.env['REDIS_URL'] = 'redis://127.0.0.1:1';
    resetEnv();
    try {
      const res = await get('/readyz');
      expect(res.status).toBe(503);
      const body = (await res.json()) as { status: string; checks: Record<string, string> };
      expect(body.status).toBe('not ready');
      expect(body.checks['database']).toBe('ok');
      expect(body.checks['redis']).toMatch(/^error: /);
    } finally {
      Reflect.deleteProperty(process.env, 'REDIS_URL');
      resetEnv();
      await closeSharedRedis();
    }
  });
});

describe('metrics', () => {
  it('exist only with the configured bearer token', async () => {
    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer wrong-token-wrong-token-000' })).status).toBe(401);
    const res = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(/^db_pool_connections \d+/m);
    expect(text).toMatch(/^im_sockets 0/m);
  });

  it('count job runs and failures, and cache hits and misses', async () => {
    await countedJob('ops-test', async () => 1);
    await expect(countedJob('ops-test', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    invalidate('ops-test:');
    for (let i = 0; i < 3; i++) await cached('ops-test:k', 60_000, async () => 1);
    const text = await (await get('/metrics', { authorization: `Bearer ${TOKEN}` })).text();
    expect(text).toMatch(/^job_runs_total\{job="ops-test"\} 2$/m);
    expect(text).toMatch(/^job_failures_total\{job="ops-test"\} 1$/m);
    const hits = Number(/^cache_lookups_total\{cache="data",result="hit"\} (\d+)$/m.exec(text)?.[1]);
    expect(hits).toBeGreaterThanOrEqual(2);
  });

  it('404 without a token configured: the endpoint does not exist', async () => {
    const saved = process.env['METRICS_TOKEN'];
    Reflect.deleteProperty(process.env, 'METRICS_TOKEN');
    resetEnv();
    try {
      expect((await get('/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    } finally {
      process.env['METRICS_TOKEN'] = saved;
      resetEnv();
    }
  });

  it('label routes from a bounded set, never from raw client paths', () => {
    expect(routeLabel('/api/goods/list', 200, 'app')).toBe('/api/goods/list');
    expect(routeLabel('/api/no/such/thing?x=1', 200, 'app')).toBe('/api/unknown');
    expect(routeLabel('/live/room/123?from=share', 200, 'app')).toBe('/live/room/:id');
    expect(routeLabel('/wp-login.php', 404, 'app')).toBe('not_found');
    expect(routeLabel('/_astro/app.Ab12.js', 200, 'static')).toBe('static');
    expect(routeLabel('/uploads/a/b.png', 200, 'app')).toBe('/uploads');
    expect(routeLabel('/%E4%BD%A0', 200, 'app')).toBe('other');
  });
});
