import { env } from '../env';
import { enablePageCache, servePage } from './page-cache';
import { createStaticFiles } from './static-files';
import { upgradeRouter } from './upgrades';

const EDGE = Symbol.for('gongfu.edge');

/** What server.mjs runs before the app: built files, then kept pages. */
export interface Edge {
  /** Turns the page cache on (only the production server serves from it) and returns the handlers. */
  open(clientDir: string): {
    serveStatic: ReturnType<typeof createStaticFiles>;
    servePage: typeof servePage;
  };
  /** The server's one 'upgrade' listener: /im and /live/push take theirs, anything else is refused at once. */
  upgrades: typeof upgradeRouter;
}

/** Hands the Node-level fast path to server.mjs, which cannot import the bundle's modules by name. */
export function exposeEdge(): void {
  const edge: Edge = {
    open(clientDir) {
      const e = env();
      enablePageCache({ maxBytes: e.PAGE_CACHE_MB * 1024 * 1024, ttlMs: e.PAGE_CACHE_TTL_S * 1000 });
      return { serveStatic: createStaticFiles(clientDir), servePage };
    },
    upgrades: upgradeRouter,
  };
  Reflect.set(globalThis, EDGE, edge);
}
