import { stopBus } from '../bus';
import { closeSharedRedis } from '../redis';
import { stopJobs } from '../jobs';
import { setDraining } from './health';
import { gaugeSource, metrics } from '../metrics';
import { routeLabel } from './routes';

const OPS = Symbol.for('gongfu.ops');

/** What server.mjs calls around every request and at shutdown (it cannot import the bundle's modules by name). */
export interface Ops {
  /** Records one answer in the HTTP latency histogram. */
  observe(method: string, url: string, status: number, seconds: number, kind: 'static' | 'app'): void;
  /** Readiness fails from now on (SIGTERM): the balancer stops sending new requests. */
  drain(): void;
  /** Stops this instance's background jobs and its Redis connections (after the requests finished). */
  close(): Promise<void>;
  /** Gauges server.mjs knows best (open HTTP requests). */
  gauge(name: string, help: string, read: () => number): void;
}

export function exposeOps(): void {
  const http = metrics().http;
  const ops: Ops = {
    observe(method, url, status, seconds, kind) {
      http.observe({ method, route: routeLabel(url, status, kind), status: String(status) }, seconds);
    },
    drain: () => setDraining(true),
    async close() {
      await stopJobs();
      await stopBus();
      await closeSharedRedis();
    },
    gauge: gaugeSource,
  };
  Reflect.set(globalThis, OPS, ops);
}
