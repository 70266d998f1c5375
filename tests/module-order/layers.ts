// The module order of the server, as data: the source of truth for tests/unit/module-order.test.ts and
// the "Module order" section of docs/ARCHITECTURE.md. Lowest layer first; a module imports its own
// layer's modules only when they are listed in `uses` (a DAG the checker also proves acyclic), and any
// module of a lower layer. A module that must react to another of its layer or above subscribes to an
// event of src/server/events.ts instead.

export const LAYERS = ['kernel', 'domain', 'actor', 'composition'] as const;
export type Layer = (typeof LAYERS)[number];

export interface ModuleEntry {
  name: string;
  layer: Layer;
  /** Folders (ending in '/') or files of the module, relative to the repository root. */
  paths: readonly string[];
  /** Same-layer modules this one may import (composition imports freely, cycles aside). */
  uses?: readonly string[];
}

const S = 'src/server/';
const M = 'src/server/modules/';

export const MODULES: readonly ModuleEntry[] = [
  // kernel: infrastructure every feature stands on; it knows no feature.
  { name: 'env', layer: 'kernel', paths: [`${S}env.ts`] },
  { name: 'log', layer: 'kernel', paths: [`${S}log.ts`], uses: ['env'] },
  { name: 'metrics', layer: 'kernel', paths: [`${S}metrics.ts`] },
  { name: 'redis', layer: 'kernel', paths: [`${S}redis.ts`], uses: ['env', 'log'] },
  { name: 'bus', layer: 'kernel', paths: [`${S}bus.ts`], uses: ['env', 'log', 'redis'] },
  { name: 'cache', layer: 'kernel', paths: [`${S}cache.ts`], uses: ['bus', 'metrics'] },
  { name: 'db', layer: 'kernel', paths: [`${S}db/`], uses: ['env', 'log', 'metrics'] },
  { name: 'events', layer: 'kernel', paths: [`${S}events.ts`], uses: ['db'] },
  { name: 'views', layer: 'kernel', paths: [`${S}views.ts`], uses: ['db', 'log'] },
  { name: 'http', layer: 'kernel', paths: [`${S}http/`], uses: ['env', 'log', 'db'] },
  { name: 'security', layer: 'kernel', paths: [`${S}security/`], uses: ['env', 'log', 'db', 'redis', 'http'] },
  { name: 'edge', layer: 'kernel', paths: [`${S}edge/`], uses: ['env', 'bus', 'metrics', 'views'] },
  { name: 'providers', layer: 'kernel', paths: [`${S}providers/`], uses: ['env', 'log', 'db', 'http', 'security'] },
  { name: 'ledger', layer: 'kernel', paths: [`${S}ledger/`], uses: ['db', 'http'] },
  { name: 'console', layer: 'kernel', paths: [`${S}console/`], uses: ['db', 'http', 'cache', 'edge', 'providers'] },
  { name: 'notice', layer: 'kernel', paths: [`${M}notice/`], uses: ['db', 'http', 'log', 'providers', 'security'] },

  // domains: one feature each; one imports another only when listed in `uses` (lower ones first).
  { name: 'auth', layer: 'domain', paths: [`${M}auth/`] },
  { name: 'verify', layer: 'domain', paths: [`${M}verify/`] },
  { name: 'content', layer: 'domain', paths: [`${M}content/`] },
  { name: 'site', layer: 'domain', paths: [`${M}site/`], uses: ['content'] },
  { name: 'report', layer: 'domain', paths: [`${M}report/`] },
  { name: 'search', layer: 'domain', paths: [`${M}search/`] },
  { name: 'catalogue', layer: 'domain', paths: [`${M}catalogue/`] },
  { name: 'upload', layer: 'domain', paths: [`${M}upload/`], uses: ['catalogue'] },
  { name: 'review', layer: 'domain', paths: [`${M}review/`], uses: ['site'] },
  { name: 'referral', layer: 'domain', paths: [`${M}referral/`], uses: ['site'] },
  { name: 'account', layer: 'domain', paths: [`${M}account/`], uses: ['auth', 'verify', 'referral'] },
  { name: 'oauth', layer: 'domain', paths: [`${M}oauth/`], uses: ['auth', 'verify', 'referral'] },
  { name: 'commerce', layer: 'domain', paths: [`${M}commerce/`], uses: ['catalogue', 'review'] },
  { name: 'groupbuy', layer: 'domain', paths: [`${M}groupbuy/`], uses: ['catalogue', 'commerce'] },
  { name: 'im', layer: 'domain', paths: [`${M}im/`], uses: ['auth', 'site', 'report'] },
  { name: 'live', layer: 'domain', paths: [`${M}live/`], uses: ['catalogue', 'commerce', 'im', 'site'] },
  { name: 'circle', layer: 'domain', paths: [`${M}circle/`], uses: ['catalogue', 'im', 'site', 'upload', 'report'] },
  { name: 'flash', layer: 'domain', paths: [`${M}flash/`], uses: ['catalogue', 'commerce'] },
  { name: 'learning', layer: 'domain', paths: [`${M}learning/`], uses: ['catalogue', 'commerce', 'upload', 'site', 'review'] },
  { name: 'vip', layer: 'domain', paths: [`${M}vip/`], uses: ['catalogue', 'commerce'] },
  { name: 'points', layer: 'domain', paths: [`${M}points/`], uses: ['catalogue', 'commerce'] },
  { name: 'promotion', layer: 'domain', paths: [`${M}promotion/`], uses: ['catalogue', 'commerce', 'site'] },

  // actor areas: what one kind of user does across domains.
  { name: 'admin', layer: 'actor', paths: [`${M}admin/`] },
  { name: 'admin-content', layer: 'actor', paths: [`${M}admin-content/`] },
  { name: 'seller', layer: 'actor', paths: [`${M}seller/`], uses: ['admin-content'] },
  { name: 'seller-content', layer: 'actor', paths: [`${M}seller-content/`], uses: ['admin-content'] },
  { name: 'provider', layer: 'actor', paths: [`${M}provider/`], uses: ['seller'] },
  { name: 'operations', layer: 'actor', paths: [`${M}operations/`], uses: ['admin-content', 'seller'] },
  { name: 'applications', layer: 'actor', paths: [`${M}applications/`], uses: ['seller'] },

  // composition: puts the rest together (routes, homepages, hooks, jobs, seed, start-up); nothing below imports it.
  { name: 'app', layer: 'composition', paths: [`${S}app.ts`] },
  { name: 'hooks', layer: 'composition', paths: [`${S}hooks.ts`] },
  { name: 'profiles', layer: 'composition', paths: [`${S}profiles/`] },
  { name: 'site-search', layer: 'composition', paths: [`${S}site-search/`] },
  { name: 'seed', layer: 'composition', paths: [`${S}seed/`] },
  { name: 'jobs', layer: 'composition', paths: [`${S}jobs.ts`] },
  { name: 'ops', layer: 'composition', paths: [`${S}ops/`] },
  { name: 'startup', layer: 'composition', paths: [`${S}startup.ts`, `${S}listen.ts`] },
];

/** Whole-tree rules outside the server's layers. */
export const AREA_RULES: readonly { from: string; to: string; fix: string }[] = [
  {
    from: 'src/lib/',
    to: 'src/server/',
    fix: 'src/lib is shared with the browser; move the shared piece into src/lib (the server may import src/lib)',
  },
  {
    from: 'src/islands/',
    to: 'src/server/',
    fix: 'islands run in the browser; take wire types from src/lib/api/contract and shared values from src/lib/rules',
  },
  { from: 'src/lib/', to: 'src/islands/', fix: 'src/lib sits below the islands; move the shared piece into src/lib' },
];
